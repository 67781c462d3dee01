import { codexTrust } from '../harness/hosts/codex.js';
import { defineLaneSuite } from './lane-suite.js';

defineLaneSuite(codexTrust);
