import { gemini22 } from '../harness/hosts/gemini.js';
import { defineLaneSuite } from './lane-suite.js';

defineLaneSuite(gemini22);
