import { copilot } from '../harness/hosts/copilot.js';
import { defineLaneSuite } from './lane-suite.js';

defineLaneSuite(copilot);
