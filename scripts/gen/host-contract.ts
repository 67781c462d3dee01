// Writes HOST-ADAPTER-CONTRACT.md from the capability records (adapters/*/capability.ts), the
// per-host notes (docs/hosts/<host>.md) and the last end-to-end matrix, so the document says
// exactly what the code declares and the suite proved. `--check` fails when it is stale.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hostCapabilities } from '../../adapters/hosts.js';
import { hostContractText } from './host-contract-text.js';

const root = process.cwd();
const out = path.join(root, 'HOST-ADAPTER-CONTRACT.md');
const text = hostContractText(hostCapabilities(), root);

if (process.argv.includes('--check')) {
  const current = existsSync(out) ? readFileSync(out, 'utf8') : '';
  if (current !== text) {
    console.error('HOST-ADAPTER-CONTRACT.md is stale: run npm run docs');
    process.exit(1);
  }
} else {
  writeFileSync(out, text);
  console.log('wrote HOST-ADAPTER-CONTRACT.md');
}
