import { opencode2 } from '../harness/hosts/opencode.js';
import { defineLaneSuite } from './lane-suite.js';

defineLaneSuite(opencode2);
