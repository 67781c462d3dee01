import { describe, expect, it } from 'vitest';
import { parsePatch } from './parse-patch.js';
import { extractApplyPatchFromShell, extractApplyPatchInvocation } from './shell-heredoc.js';

const PATCH = '*** Begin Patch\n*** Update File: README.md\n@@\n-old\n+new\n*** End Patch';

describe('extractApplyPatchFromShell', () => {
  it('takes the body of an apply_patch heredoc', () => {
    const body = extractApplyPatchFromShell(`apply_patch <<'EOF'\n${PATCH}\nEOF\n`);
    expect(body).toBe(PATCH);
    const parsed = parsePatch(body!, 'apply_patch');
    expect(parsed.ok && parsed.files[0]!.path).toBe('README.md');
  });

  it('accepts unquoted and double-quoted delimiters, the applypatch alias and CRLF', () => {
    expect(extractApplyPatchFromShell(`applypatch <<PATCH\n${PATCH}\nPATCH`)).toBe(PATCH);
    expect(extractApplyPatchFromShell(`apply_patch <<"EOF"\r\n${PATCH.replace(/\n/g, '\r\n')}\r\nEOF\r\n`)).toBe(PATCH);
  });

  it('keeps the cd workdir Codex honours', () => {
    expect(extractApplyPatchInvocation(`cd packages/core && apply_patch <<'EOF'\n${PATCH}\nEOF`)).toEqual({
      patch: PATCH,
      workdir: 'packages/core',
    });
    expect(extractApplyPatchInvocation(`cd 'my dir' && apply_patch <<'EOF'\n${PATCH}\nEOF`)?.workdir).toBe('my dir');
  });

  it('takes a single-quoted patch argument', () => {
    expect(extractApplyPatchFromShell(`apply_patch '${PATCH}'`)).toBe(PATCH);
  });

  it('takes the rest as the body when the terminator is missing, as bash does', () => {
    expect(extractApplyPatchFromShell(`apply_patch <<'EOF'\n${PATCH}`)).toBe(PATCH);
  });

  it.each([
    ['another command', 'git apply fix.patch'],
    ['a statement after the heredoc', `apply_patch <<'EOF'\n${PATCH}\nEOF\nrm -rf build`],
    ['a command before apply_patch', `echo hi; apply_patch <<'EOF'\n${PATCH}\nEOF`],
    ['a double-quoted argument with expansion', 'apply_patch "$(cat fix.patch)"'],
    ['empty text', ''],
  ])('returns null for %s', (_n, cmd) => {
    expect(extractApplyPatchFromShell(cmd)).toBeNull();
  });
});
