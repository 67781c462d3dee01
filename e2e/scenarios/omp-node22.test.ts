import { omp22 } from '../harness/hosts/pi.js';
import { defineLaneSuite } from './lane-suite.js';

defineLaneSuite(omp22);
