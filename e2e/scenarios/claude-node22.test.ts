import { claude22 } from '../harness/hosts/claude.js';
import { defineLaneSuite } from './lane-suite.js';

defineLaneSuite(claude22);
