import { describe, expect, it } from 'vitest';
import { applyHunks } from './apply-hunks.js';
import { parsePatch } from './parse-patch.js';
import type { PatchFile } from './patch-file.js';

function files(text: string, format: 'apply_patch' | 'v4a' | 'unified'): PatchFile[] {
  const r = parsePatch(text, format);
  if (!r.ok) throw new Error('expected ok');
  return r.files;
}

function targets(fs: PatchFile[]): string[] {
  return fs.flatMap((f) => (f.moveTo ? [`${f.op}:${f.path}->${f.moveTo}`] : [`${f.op}:${f.path}`]));
}

describe('apply_patch (Codex / OpenCode)', () => {
  const codexMulti = [
    '*** Begin Patch',
    '*** Add File: docs/notes.md',
    '+# Notes',
    '+',
    '+first line',
    '*** Update File: src/config.rs',
    '@@ impl Config',
    '-    pub progress: bool,',
    '+    pub stream_progress: bool,',
    '     pub diagnostics: bool,',
    '@@ fn default_interval()',
    '-    Duration::from_millis(500)',
    '+    Duration::from_millis(250)',
    '*** Delete File: src/legacy.rs',
    '*** Update File: crates/cli/src/main.rs',
    '*** Move to: crates/cli/src/bin/codex.rs',
    '@@ fn run()',
    '-    let args = Args::parse();',
    '+    let cli = Cli::parse();',
    '*** End Patch',
    '',
  ].join('\n');

  it('reads every target of a multi-file patch, moves included', () => {
    const fs = files(codexMulti, 'apply_patch');
    expect(targets(fs)).toEqual([
      'add:docs/notes.md',
      'update:src/config.rs',
      'delete:src/legacy.rs',
      'update:crates/cli/src/main.rs->crates/cli/src/bin/codex.rs',
    ]);
  });

  it('keeps added and removed lines, and hunks with their @@ header and both sides in order', () => {
    const [add, update] = files(codexMulti, 'apply_patch');
    expect(add!.added).toEqual(['# Notes', '', 'first line']);
    expect(update!.hunks).toHaveLength(2);
    expect(update!.hunks[0]).toEqual({
      header: 'impl Config',
      oldLines: ['    pub progress: bool,', '    pub diagnostics: bool,'],
      newLines: ['    pub stream_progress: bool,', '    pub diagnostics: bool,'],
    });
    expect(update!.hunks[1]).toEqual({
      header: 'fn default_interval()',
      oldLines: ['    Duration::from_millis(500)'],
      newLines: ['    Duration::from_millis(250)'],
    });
    expect(update!.removed).toEqual(['    pub progress: bool,', '    Duration::from_millis(500)']);
    expect(update!.added).toEqual(['    pub stream_progress: bool,', '    Duration::from_millis(250)']);
  });

  it('tolerates CRLF line ends', () => {
    expect(targets(files(codexMulti.replace(/\n/g, '\r\n'), 'apply_patch'))).toHaveLength(4);
    const [add] = files(codexMulti.replace(/\n/g, '\r\n'), 'apply_patch');
    expect(add!.added[0]).toBe('# Notes');
  });

  it('tolerates a missing End Patch and whitespace-padded markers', () => {
    const fs = files('  *** Begin Patch  \n*** Update File: a.ts\n@@\n-x\n+y\n', 'apply_patch');
    expect(targets(fs)).toEqual(['update:a.ts']);
    expect(targets(files('*** Begin Patch\n   *** Delete File: b.ts   \n*** End Patch', 'apply_patch'))).toEqual(['delete:b.ts']);
  });

  it('unwraps the heredoc Codex sometimes sends as the patch argument', () => {
    const wrapped = `<<'EOF'\n*** Begin Patch\n*** Add File: hello.txt\n+hi\n*** End Patch\nEOF\n`;
    expect(targets(files(wrapped, 'apply_patch'))).toEqual(['add:hello.txt']);
    const withCommand = `apply_patch <<"PATCH"\n*** Begin Patch\n*** Delete File: x\n*** End Patch\nPATCH`;
    expect(targets(files(withCommand, 'apply_patch'))).toEqual(['delete:x']);
  });

  it('reads an update whose first chunk has no @@ line and one ending at End of File', () => {
    const fs = files('*** Begin Patch\n*** Update File: f.py\n import foo\n+bar\n*** End of File\n*** End Patch', 'apply_patch');
    expect(fs[0]!.hunks[0]!.oldLines).toEqual(['import foo']);
    expect(fs[0]!.hunks[0]!.newLines).toEqual(['import foo', 'bar']);
  });

  it('keeps absolute paths as written', () => {
    expect(targets(files('*** Begin Patch\n*** Add File: /etc/hosts\n+x\n*** End Patch', 'apply_patch'))).toEqual(['add:/etc/hosts']);
  });

  it('a line inside an Add block that merely looks like a marker stays content', () => {
    const fs = files('*** Begin Patch\n*** Add File: a.md\n+*** Delete File: b.md\n*** End Patch', 'apply_patch');
    expect(targets(fs)).toEqual(['add:a.md']);
    expect(fs[0]!.added).toEqual(['*** Delete File: b.md']);
  });

  it.each([
    ['no Begin Patch', '*** Update File: a\n@@\n-x\n+y\n*** End Patch'],
    ['text before Begin Patch', 'here is the patch\n*** Begin Patch\n*** Delete File: a\n*** End Patch'],
    ['an unknown line in the header area', '*** Begin Patch\n*** Delete File: a\nrm -rf b\n*** Delete File: c\n*** End Patch'],
    ['an unknown marker', '*** Begin Patch\n*** Rename File: a -> b\n*** End Patch'],
    ['an empty update', '*** Begin Patch\n*** Update File: a.ts\n*** End Patch'],
    ['an empty path', '*** Begin Patch\n*** Add File:   \n+x\n*** End Patch'],
    ['text after End Patch', '*** Begin Patch\n*** Delete File: a\n*** End Patch\n*** Delete File: b'],
    ['a stray line inside an update', '*** Begin Patch\n*** Update File: a\n@@\n-x\nnot a diff line\n*** End Patch'],
    ['no files at all', '*** Begin Patch\n*** End Patch'],
    ['empty text', ''],
  ])('refuses %s', (_name, text) => {
    expect(parsePatch(text, 'apply_patch')).toEqual({ ok: false, reason: 'patch_unparsable' });
  });

  it('never throws on non-string input', () => {
    expect(parsePatch(undefined as unknown as string, 'apply_patch').ok).toBe(false);
  });
});

describe('V4A (Hermes)', () => {
  it('reads Add, Update, Delete and Move File', () => {
    const text = [
      '*** Begin Patch',
      '*** Update File: src/main.py',
      '@@ def greet @@',
      ' def greet():',
      '-    print("hello")',
      '+    print("hi")',
      '*** Add File: src/new.py',
      '+x = 1',
      '*** Delete File: src/old.py',
      '*** Move File: src/a.py -> lib/a.py',
      '*** End Patch',
    ].join('\n');
    const fs = files(text, 'v4a');
    expect(targets(fs)).toEqual(['update:src/main.py', 'add:src/new.py', 'delete:src/old.py', 'update:src/a.py->lib/a.py']);
    expect(fs[0]!.hunks[0]!.header).toBe('def greet');
    expect(fs[0]!.added).toEqual(['    print("hi")']);
    expect(fs[3]!.hunks).toEqual([]);
  });

  it('parses without Begin Patch and takes unprefixed lines as context, as Hermes does', () => {
    const fs = files('*** Update File: a.py\ndef f():\n-    return 1\n+    return 2\n', 'v4a');
    expect(fs[0]!.hunks[0]).toEqual({ oldLines: ['def f():', '    return 1'], newLines: ['def f():', '    return 2'] });
    expect(fs[0]!.removed).toEqual(['    return 1']);
  });

  it('accepts loose marker spacing and a Codex-style Move to line', () => {
    const fs = files('***Update  File:   x.py\n*** Move to: y.py\n@@\n-a\n+b\n', 'v4a');
    expect(targets(fs)).toEqual(['update:x.py->y.py']);
  });

  it('ignores everything after the first End Patch', () => {
    expect(targets(files('*** Begin Patch\n*** Delete File: a\n*** End Patch\n*** Delete File: b\n', 'v4a'))).toEqual(['delete:a']);
  });

  it.each([
    ['a Move File without a destination', '*** Begin Patch\n*** Move File: a.py\n*** End Patch'],
    ['an update with no hunks', '*** Begin Patch\n*** Update File: a.py\n*** End Patch'],
    ['an unknown *** marker', '*** Begin Patch\n*** Copy File: a -> b\n*** End Patch'],
    ['no operations', 'just some prose\n'],
  ])('refuses %s', (_n, text) => {
    expect(parsePatch(text, 'v4a').ok).toBe(false);
  });
});

describe('unified diff', () => {
  it('reads git renames, adds and deletes', () => {
    const text = [
      'diff --git a/src/old.ts b/src/new.ts',
      'similarity index 90%',
      'rename from src/old.ts',
      'rename to src/new.ts',
      'index 111..222 100644',
      '--- a/src/old.ts',
      '+++ b/src/new.ts',
      '@@ -1,2 +1,2 @@ export function f() {',
      ' a',
      '-b',
      '+c',
      'diff --git a/added.txt b/added.txt',
      'new file mode 100644',
      '--- /dev/null',
      '+++ b/added.txt',
      '@@ -0,0 +1 @@',
      '+hello',
      'diff --git a/gone.txt b/gone.txt',
      'deleted file mode 100644',
      '--- a/gone.txt',
      '+++ /dev/null',
      '@@ -1 +0,0 @@',
      '-bye',
    ].join('\n');
    const fs = files(text, 'unified');
    expect(targets(fs)).toEqual(['update:src/old.ts->src/new.ts', 'add:added.txt', 'delete:gone.txt']);
    expect(fs[0]!.hunks[0]!.header).toBe('export function f() {');
    expect(fs[1]!.added).toEqual(['hello']);
    expect(fs[2]!.removed).toEqual(['bye']);
  });

  it('reads a pure rename with no hunks', () => {
    const fs = files('diff --git a/x.md b/y.md\nsimilarity index 100%\nrename from x.md\nrename to y.md\n', 'unified');
    expect(targets(fs)).toEqual(['update:x.md->y.md']);
  });

  it('counts hunk lines, so a removed "--- x" line is not a file header', () => {
    // Both body lines start with "-": removals of "-- not/a/file" and "+++ also not", not a new file header.
    const text = ['--- a/doc.md', '+++ b/doc.md', '@@ -1,2 +0,0 @@', '--- not/a/file', '-+++ also not', ''].join('\n');
    const fs = files(text, 'unified');
    expect(targets(fs)).toEqual(['update:doc.md']);
    expect(fs[0]!.removed).toEqual(['-- not/a/file', '+++ also not']);
  });

  it('reads plain diff -u output with timestamps and several files', () => {
    const text = [
      '--- lib/a.c\t2024-01-01 10:00:00',
      '+++ lib/a.c\t2024-01-02 10:00:00',
      '@@ -1 +1 @@',
      '-x',
      '+y',
      '--- lib/b.c\t2024-01-01',
      '+++ lib/b.c\t2024-01-02',
      '@@ -3,0 +4 @@',
      '+z',
    ].join('\n');
    expect(targets(files(text, 'unified'))).toEqual(['update:lib/a.c', 'update:lib/b.c']);
  });

  it('unquotes git C-quoted paths', () => {
    const fs = files('--- "a/sp ace\\303\\244.txt"\n+++ "b/sp ace\\303\\244.txt"\n@@ -1 +1 @@\n-a\n+b\n', 'unified');
    expect(fs[0]!.path).toBe('sp aceä.txt');
  });

  it.each([
    ['a hunk shorter than its header says', '--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n-a\n+b\n'],
    ['a hunk with a foreign line', '--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-a\n?? what\n+b\n'],
    ['a hunk with no file header', '@@ -1 +1 @@\n-a\n+b\n'],
    ['prose only', 'This change makes things better.\n'],
  ])('refuses %s', (_n, text) => {
    expect(parsePatch(text, 'unified').ok).toBe(false);
  });
});

describe('size', () => {
  it('parses a 5 MB patch of each format', () => {
    const body = Array.from({ length: 120_000 }, (_, i) => `+line ${i} of generated content`).join('\n');
    expect(body.length).toBeGreaterThan(3_500_000);
    const ap = `*** Begin Patch\n*** Add File: big.txt\n${body}\n*** Update File: other.txt\n@@\n-a\n+b\n*** End Patch`;
    const r = parsePatch(ap, 'apply_patch');
    expect(r.ok && r.files.map((f) => f.path)).toEqual(['big.txt', 'other.txt']);
    expect(r.ok && r.files[0]!.added.length).toBe(120_000);
    const padded = `*** Begin Patch\n*** Add File: big.txt\n${body}\n${body.slice(0, 1_500_000)}\n*** End Patch`;
    expect(padded.length).toBeGreaterThan(5_000_000);
    expect(parsePatch(padded, 'apply_patch').ok).toBe(true);
    expect(parsePatch(`*** Begin Patch\n*** Add File: big.txt\n${body}\n*** End Patch`, 'v4a').ok).toBe(true);
    const lines = body.split('\n').length;
    expect(parsePatch(`--- /dev/null\n+++ b/big.txt\n@@ -0,0 +1,${lines} @@\n${body}\n`, 'unified').ok).toBe(true);
  });
});

describe('applyHunks', () => {
  it('replays hunks onto the old text, tolerating trailing whitespace', () => {
    const [f] = files('*** Begin Patch\n*** Update File: a\n@@\n a  \n-b\n+B\n@@\n-d\n+D\n*** End Patch', 'apply_patch');
    // Like Codex, the patch's own context text is what lands in the new file.
    expect(applyHunks('a\nb\nc\nd\n', f!.hunks)).toBe('a  \nB\nc\nD\n');
  });

  it('inserts a pure addition after its @@ section line', () => {
    const [f] = files('*** Begin Patch\n*** Update File: Cargo.toml\n@@ [dependencies]\n+rand = "0.8"\n*** End Patch', 'apply_patch');
    expect(applyHunks('[package]\nname = "x"\n\n[dependencies]\nserde = "1"\n', f!.hunks)).toBe(
      '[package]\nname = "x"\n\n[dependencies]\nrand = "0.8"\nserde = "1"\n',
    );
  });

  it('gives up when a hunk does not fit', () => {
    const [f] = files('*** Begin Patch\n*** Update File: a\n@@\n-zzz\n+y\n*** End Patch', 'apply_patch');
    expect(applyHunks('a\nb\n', f!.hunks)).toBeUndefined();
  });
});
