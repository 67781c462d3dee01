import { codexTrust22 } from '../harness/hosts/codex.js';
import { defineLaneSuite } from './lane-suite.js';

defineLaneSuite(codexTrust22);
