// Part of `npm run e2e:setup`: prepares the real Hermes Agent 0.16.0 for the Hermes lane, or
// records why it could not (the lane then reports "not run" with that reason). In order:
//   1. REMIT_E2E_HERMES names a prepared `hermes`: nothing to do.
//   2. REMIT_E2E_HERMES_SETUP names a setup script taking DEST (`setup.sh DEST` → DEST/bin/hermes):
//      run it with DEST = e2e/.work/hermes.
//   3. `pip install hermes-agent==0.16.0` into a venv e2e/.work/hermes-venv, when the package
//      index answers.
// Never fails the setup: the other lanes do not need Hermes.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const work = path.join(path.dirname(fileURLToPath(import.meta.url)), '.work');
const note = path.join(work, 'hermes.unavailable');
fs.mkdirSync(work, { recursive: true });
fs.rmSync(note, { force: true });

const say = (line) => process.stdout.write(`e2e:setup hermes: ${line}\n`);
const fail = (why) => {
  fs.writeFileSync(note, `${why}\n`);
  say(`not prepared: ${why}`);
};
const run = (file, args, timeout) => spawnSync(file, args, { encoding: 'utf8', timeout, stdio: ['ignore', 'pipe', 'pipe'] });
const last = (r) => `${r.error?.message ?? ''}${r.stderr ?? ''}`.trim().split('\n').slice(-1)[0] ?? '';

const named = process.env.REMIT_E2E_HERMES;
const setup = process.env.REMIT_E2E_HERMES_SETUP;
if (named) {
  if (fs.existsSync(named)) say(`using REMIT_E2E_HERMES=${named}`);
  else fail(`REMIT_E2E_HERMES names ${named}, which does not exist`);
} else if (setup) {
  const dest = path.join(work, 'hermes');
  const r = run(setup, [dest], 15 * 60_000);
  if (r.status === 0 && fs.existsSync(path.join(dest, 'bin', 'hermes'))) say(`prepared ${path.join(dest, 'bin', 'hermes')} with ${setup}`);
  else fail(`${setup} ${dest} exited ${r.status ?? r.signal}: ${last(r)}`);
} else {
  const venv = path.join(work, 'hermes-venv');
  const pip = path.join(venv, 'bin', 'pip');
  const made = fs.existsSync(pip) ? { status: 0 } : run('python3', ['-m', 'venv', venv], 120_000);
  if (made.status !== 0) fail(`python3 -m venv failed (${last(made)}); set REMIT_E2E_HERMES or REMIT_E2E_HERMES_SETUP`);
  else {
    const r = run(pip, ['install', '--disable-pip-version-check', '--retries', '0', '--timeout', '15', 'hermes-agent==0.16.0'], 15 * 60_000);
    if (r.status === 0 && fs.existsSync(path.join(venv, 'bin', 'hermes'))) say(`installed hermes-agent 0.16.0 into ${venv}`);
    else {
      fs.rmSync(venv, { recursive: true, force: true });
      fail(`pip install hermes-agent==0.16.0 failed (package index unreachable?): ${last(r)}; set REMIT_E2E_HERMES or REMIT_E2E_HERMES_SETUP`);
    }
  }
}
