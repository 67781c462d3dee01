import { hermes } from '../harness/hosts/hermes.js';
import { defineLaneSuite } from './lane-suite.js';

defineLaneSuite(hermes);
