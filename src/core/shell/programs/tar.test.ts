// tar read by its parser family (parsers/tar.ts): the old-style first word takes the values of its
// letters from the next words in order, checked against the real tar.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_ROOT as ROOT, virtualContext } from '../../../../test/support/classify-context.js';
import { classifyShell } from '../classify-shell.js';

const sh = (cmd: string) => classifyShell(cmd, virtualContext({ 'a.tar': 'x', list: 'a.txt\n', 'out/.keep': '' }));

describe('tar', () => {
  it('old style: each letter that takes a value takes the next word, in order', () => {
    for (const cmd of ['tar xCf out a.tar', 'tar xfC a.tar out']) {
      const r = sh(cmd);
      expect(r.effects, cmd).toContainEqual({ kind: 'write', path: `${ROOT}/out` });
      expect(r.effects, cmd).not.toContainEqual({ kind: 'write', path: `${ROOT}/f` });
    }
    expect(sh('tar tvfb a.tar 20').mutability).toBe('read');
    expect(sh('tar cfT new.tar list').effects).toContainEqual({ kind: 'create', path: `${ROOT}/new.tar` });
  });

  it('options with an optional value take it only attached; TAPE names an archive: unproven', () => {
    expect(sh('tar --backup=numbered -xf a.tar -C out').mutability).toBe('write');
    expect(sh('tar --checkpoint=10 -tf a.tar').mutability).toBe('read');
    expect(sh('TAPE=out.tar tar t').mutability).toBe('unknown');
    expect(sh('tar --bogus -tf a.tar').mutability).toBe('unknown');
  });

  it.skipIf(spawnSync('tar', ['--version']).status !== 0)('agrees with the real tar on where `tar xCf DIR ARCHIVE` extracts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'remit-tar-'));
    try {
      writeFileSync(path.join(dir, 'member.txt'), 'm\n');
      spawnSync('tar', ['cf', 'a.tar', 'member.txt'], { cwd: dir });
      rmSync(path.join(dir, 'member.txt'));
      mkdirSync(path.join(dir, 'out'));
      expect(spawnSync('tar', ['xCf', 'out', 'a.tar'], { cwd: dir }).status).toBe(0);
      expect(existsSync(path.join(dir, 'out', 'member.txt'))).toBe(true);
      expect(existsSync(path.join(dir, 'f'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
