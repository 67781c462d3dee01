import { copilotProject } from '../harness/hosts/copilot.js';
import { defineLaneSuite } from './lane-suite.js';

defineLaneSuite(copilotProject);
