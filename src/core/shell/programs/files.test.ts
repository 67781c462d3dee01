// patch read as GNU patch 2.7 reads it (its whole getopt_long table), checked against the real
// patch: what --dry-run still writes, and the options that take no value.
import { describe, expect, it } from 'vitest';
import { TEST_ROOT as ROOT, virtualContext } from '../../../../test/support/classify-context.js';
import { classifyShell } from '../classify-shell.js';

const sh = (cmd: string) => classifyShell(cmd, virtualContext({ 'f.txt': 'a\n', 'p.diff': '--- f.txt\n+++ f.txt\n@@ -1 +1 @@\n-a\n+b\n' }));

describe('patch', () => {
  it('--dry-run writes no target, but still creates the -o file', () => {
    expect(sh('patch --dry-run -i p.diff f.txt').mutability).toBe('read');
    expect(sh('patch --dry-run -r rej -i p.diff f.txt').mutability).toBe('read');
    expect(sh('patch --dry-run -o out.txt -i p.diff f.txt').effects).toContainEqual({ kind: 'write', path: `${ROOT}/out.txt` });
    expect(sh('patch --dry-run -o0').effects).toContainEqual({ kind: 'write', path: `${ROOT}/0` });
    expect(sh('patch --dry -o - -i p.diff f.txt').mutability).toBe('read');
  });

  it('--backup-if-mismatch takes no value, so -o takes the next word', () => {
    expect(sh('patch --backup-if-mismatch -o --dry-run -').effects).toContainEqual({ kind: 'write', path: `${ROOT}/--dry-run` });
    expect(sh('patch --backup-if-mismatch --dry-run -i p.diff f.txt').mutability).toBe('read');
  });

  it('an option outside the table, -g and a backup prefix with a folder are unproven', () => {
    expect(sh('patch --dry-run --bogus -i p.diff').mutability).toBe('unknown');
    expect(sh('patch -g1 -i p.diff f.txt').mutability).toBe('unknown');
    expect(sh('PATCH_GET=1 patch -i p.diff f.txt').mutability).not.toBe('read');
    expect(sh('patch -b -B ../elsewhere/ -i p.diff f.txt').mutability).not.toBe('read');
    expect(sh('patch -b -B ../elsewhere/ -i p.diff f.txt').analysis).toBe('write_path_missing');
  });

  it('-o - prints the result; a failed hunk goes to -.rej', () => {
    expect(sh('patch -o - -i p.diff f.txt').effects).toContainEqual({ kind: 'write', path: `${ROOT}/-.rej` });
    expect(sh('patch -o - -i p.diff f.txt').effects).not.toContainEqual({ kind: 'write', path: `${ROOT}/f.txt` });
  });
});
