// Inline code an interpreter runs (`python -c`, `node -e`, `deno eval`, a heredoc): proven
// read-only where the closed-world prover can, else unproven with what its text shows — the
// hashing and other-code intents, the paths it names or folds (code-scan.ts), and whether it
// writes through a name it decodes at run time.
import { scanInlineCode, type CodeScan } from '../code-scan.js';
import type { Invocation, ShellWalker } from '../walker.js';
import { isPathLike } from '../words.js';
import type { InlineProof } from './inline-proof.js';

/** Inline code: proven read-only, or unproven with what its text shows. */
export function inlineCode(w: ShellWalker, inv: Invocation, code: string | null, prove?: (code: string) => InlineProof): void {
  if (code === null) return w.unknownCode(inv);
  const scan = scanInlineCode(code, inv.scope.env);
  if (scan.hash) w.acc.addHash('code', scan.hash);
  const proof = prove && !scan.hash ? prove(code) : undefined;
  if (proof?.ok) {
    // `open('src/a.ts', 'w')`: the file as named, from the folder the interpreter runs in.
    for (const f of proof.writes ?? []) w.effect(inv, 'write', { value: f, glob: false, tilde: false, text: f });
    if (!proof.writes?.length) w.acc.read();
    return;
  }
  unprovenCodeIntents(w, inv, scan);
  w.unproven(inv, 'interpreter_inline_code');
  w.mentionManifests(code, inv.scope.cwd);
  // The code itself is not a path; the strings inside it may be.
  w.mentionArgs(
    inv.args.filter((a) => a.value !== code),
    inv.scope.cwd,
  );
  for (const p of scan.paths) {
    const path = w.path(inv, { value: p, glob: false, tilde: p.startsWith('~/'), text: p });
    if (path) w.acc.mention(path);
  }
  mentionCodeInputs(w, inv, scan);
}

/** Most names a folder listing is read for; a larger folder is judged by its pattern. */
const MAX_LISTED = 64;

/**
 * What the code may write that its text does not spell: the files a glob it lists by may
 * match; what a folder it lists or walks holds now (a listing yields only names that exist),
 * or its pattern when the folder cannot be read or holds more; and, when it reads the
 * environment, every path-like value the command gives a variable
 * (`F=.claude/settings.json python3 -c "open(os.environ[k], 'w')"`).
 */
function mentionCodeInputs(w: ShellWalker, inv: Invocation, scan: CodeScan): void {
  for (const g of scan.globs) {
    const path = w.path(inv, { value: g, glob: false, tilde: g.startsWith('~/'), text: g });
    if (path) w.acc.mentionGlob(path);
  }
  for (const l of scan.lists) {
    const path = w.path(inv, { value: l, glob: false, tilde: l.startsWith('~/'), text: l });
    if (!path) continue;
    const deep = path.endsWith('/**');
    const dir = path.slice(0, deep ? -3 : -2);
    const found = /[*?[]/.test(dir) ? undefined : listed(w, dir, deep);
    if (found) for (const f of found) w.acc.mention(f);
    else w.acc.mentionGlob(path);
  }
  if (!scan.readsEnv) return;
  let n = 0;
  for (const [name, value] of inv.scope.env) {
    if (value === null || name === 'HOME' || value.includes('\0') || !isPathLike(value)) continue;
    const path = w.path(inv, { value, glob: false, tilde: false, text: value });
    if (path) w.acc.mention(path);
    if (++n >= 32) break;
  }
}

/**
 * Unproven code that names a hashing module hashes as far as `hash=` knows; code that starts
 * other programs or evaluates text may also install (docs/DESIGN.md#shell-classification).
 */
export function unprovenCodeIntents(w: ShellWalker, inv: Invocation, scan: CodeScan): void {
  if (scan.hashModule && !scan.hash) w.acc.addHash('code', scan.hashModule);
  if (scan.obscured) w.acc.hiddenPaths();
  if (scan.runsOtherCode) {
    // What it runs is not in its text: possible intents, which ask (rules dependency-policy, hash-policy).
    w.acc.addDependency('hidden', '(a command the code runs)');
    w.acc.addHash('hidden', inv.text);
  }
}

/** The paths in `dir` now (below it when `deep`), or undefined when it cannot be read or holds more than MAX_LISTED. */
function listed(w: ShellWalker, dir: string, deep: boolean): string[] | undefined {
  const out: string[] = [];
  const folders = [dir];
  for (let i = 0; i < folders.length; i++) {
    const names = w.listDir(folders[i]!);
    if (names === undefined) return undefined;
    for (const n of names) {
      const p = `${folders[i] === '/' ? '' : folders[i]}/${n}`;
      out.push(p);
      if (out.length > MAX_LISTED) return undefined;
      if (deep && w.isDirectory(p)) folders.push(p);
    }
  }
  return out;
}
