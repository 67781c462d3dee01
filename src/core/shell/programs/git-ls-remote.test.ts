// git ls-remote: a read only when git reaches the repository without running the ssh helper,
// checked against the real git with GIT_SSH_COMMAND pointing at a program that records its run.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { virtualContext } from '../../../../test/support/classify-context.js';
import { classifyShell } from '../classify-shell.js';

const m = (cmd: string) => classifyShell(cmd, virtualContext({ '.git/HEAD': 'ref: refs/heads/main\n', '.git/config': '[core]\n' })).mutability;

const OPERANDS = [
  'HEAD:README.md',
  ':(top)README.md',
  'host:repo',
  'C:/x',
  'ssh://host/x',
  'git+ssh://host/x',
  './a:b',
  'origin',
  '../other',
  'file:///tmp/none',
];

describe('git ls-remote', () => {
  it('an scp-style or ssh repository runs the ssh helper: not a read', () => {
    for (const r of ['HEAD:README.md', "':(top)README.md'", 'host:repo', 'ssh://host/x', '--heads host:x', '-- host:x'])
      expect(m(`git ls-remote ${r}`), r).toBe('unknown');
  });
  it('a remote name, a local path, an https URL or --get-url are reads', () => {
    for (const r of ['', 'origin', './a:b', '../other', 'https://example.invalid/x.git', '--get-url host:x', '--tags origin'])
      expect(m(`git ls-remote ${r}`), r).toBe('read');
  });
  it('--upload-pack, however abbreviated, runs the program it names', () => {
    for (const r of ['--upload-pack=x .', '--upl=x .', '--upload x .']) expect(m(`git ls-remote ${r}`), r).toBe('unknown');
    expect(m('git ls-remote --no-upload-pack .')).toBe('read');
  });

  it.skipIf(spawnSync('git', ['--version']).status !== 0)('agrees with the real git on which operands run ssh', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'remit-ls-remote-'));
    try {
      const log = path.join(dir, 'ssh.log');
      const ssh = path.join(dir, 'ssh');
      writeFileSync(ssh, `#!/bin/sh\necho ran >> '${log}'\nexit 1\n`);
      chmodSync(ssh, 0o755);
      spawnSync('git', ['init', '-q', path.join(dir, 'repo')]);
      for (const r of OPERANDS) {
        writeFileSync(log, '');
        spawnSync('git', ['ls-remote', r], { cwd: path.join(dir, 'repo'), env: { ...process.env, GIT_SSH_COMMAND: ssh }, timeout: 10_000 });
        const ran = readFileSync(log, 'utf8') !== '';
        expect(m(`git ls-remote '${r}'`) === 'read', r).toBe(!ran);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
