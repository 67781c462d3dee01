import { claude } from '../harness/hosts/claude.js';
import { defineLaneSuite } from './lane-suite.js';

defineLaneSuite(claude);
