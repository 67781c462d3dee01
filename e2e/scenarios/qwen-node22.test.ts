import { qwen22 } from '../harness/hosts/qwen.js';
import { defineLaneSuite } from './lane-suite.js';

defineLaneSuite(qwen22);
