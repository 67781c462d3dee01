import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeConformance } from '../../test/support/conformance-suite.js';
import { codexAdapter } from './adapter.js';

describeConformance(codexAdapter, path.join(path.dirname(fileURLToPath(import.meta.url)), 'conformance'), { nativeAsk: false });
