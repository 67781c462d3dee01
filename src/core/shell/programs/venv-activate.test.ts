import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { venvActivateProven } from './venv-activate.js';

describe("a virtualenv's activate script is proven by what it does", () => {
  it('the script python3 -m venv writes here (when python3 can make one)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'remit-venv-'));
    try {
      const made = spawnSync('python3', ['-m', 'venv', '--without-pip', path.join(dir, 'v')], { timeout: 60_000 });
      if (made.status !== 0) return;
      expect(venvActivateProven(readFileSync(path.join(dir, 'v/bin/activate'), 'utf8'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sets the environment and defines deactivate: proven', () => {
    const text =
      'deactivate () {\n  unset VIRTUAL_ENV\n  hash -r 2> /dev/null\n}\nVIRTUAL_ENV=/p/.venv\nexport VIRTUAL_ENV\nPATH="$VIRTUAL_ENV/bin:$PATH"\nexport PATH\n';
    expect(venvActivateProven(text)).toBe(true);
  });

  it('anything else is not, whatever the file is called', () => {
    for (const text of [
      'export VIRTUAL_ENV=x\nrm -rf src\n',
      'VIRTUAL_ENV=$(rm -rf src)\n',
      'deactivate () { touch x; }\n',
      'export LD_PRELOAD=/tmp/x.so\n',
      'hash -p /tmp/x ls\n',
      'PS1=x; echo hi > log\n',
      'alias ls="rm -rf src"\n',
      'f () { :; }\n',
    ])
      expect(venvActivateProven(text), text).toBe(false);
  });
});
