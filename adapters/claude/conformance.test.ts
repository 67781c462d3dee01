import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeConformance } from '../../test/support/conformance-suite.js';
import { claudeAdapter } from './adapter.js';

describeConformance(claudeAdapter, path.join(path.dirname(fileURLToPath(import.meta.url)), 'conformance'), { nativeAsk: true });
