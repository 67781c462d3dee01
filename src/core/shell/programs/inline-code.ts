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

/**
 * What the code may write that its text does not spell: the files a glob it lists by may
 * match, and, when it reads the environment, every path-like value the command gives a
 * variable (`F=.claude/settings.json python3 -c "open(os.environ[k], 'w')"`).
 */
function mentionCodeInputs(w: ShellWalker, inv: Invocation, scan: CodeScan): void {
  for (const g of scan.globs) {
    const path = w.path(inv, { value: g, glob: false, tilde: g.startsWith('~/'), text: g });
    if (path) w.acc.mentionGlob(path);
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
