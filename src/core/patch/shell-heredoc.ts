// Codex sometimes sends apply_patch as a shell command (`bash -lc "apply_patch <<'EOF' …"`;
// gpt-4.1 era, still accepted in 0.17x). Codex itself intercepts exactly two whole-script
// shapes: `apply_patch <<'EOF' … EOF` and `cd <dir> && apply_patch <<'EOF' … EOF`
// (codex-rs/apply-patch/src/invocation.rs). We recognise those, plus a single-quoted patch
// argument, and nothing else: any other shape is the shell classifier's to judge.
import { PatchLines } from './patch-file.js';

export interface ApplyPatchInvocation {
  /** The patch text (heredoc body or quoted argument). */
  patch: string;
  /** The `cd` target that precedes apply_patch, as written; relative to the call's cwd. */
  workdir?: string;
}

const CD_WORD = String.raw`(?:'([^']*)'|"([^"$\`\\]*)"|([^\s'"$\`\\;&|<>()]+))`;
const PREFIX = String.raw`^\s*(?:cd\s+${CD_WORD}\s*&&\s*)?(?:apply_patch|applypatch)`;
const HEREDOC_HEAD = new RegExp(`${PREFIX}\\s*<<(-?)\\s*(?:'([A-Za-z_][\\w.-]*)'|"([A-Za-z_][\\w.-]*)"|([A-Za-z_][\\w.-]*))\\s*$`);
const QUOTED_ARG = new RegExp(`${PREFIX}\\s+(?:'([^']*)'|"([^"$\`\\\\]*)")\\s*$`);

function workdirOf(m: RegExpExecArray): string | undefined {
  return m[1] ?? m[2] ?? m[3];
}

export function extractApplyPatchInvocation(command: string): ApplyPatchInvocation | null {
  if (typeof command !== 'string') return null;
  const lines = new PatchLines(command);
  let first = 0;
  while (first < lines.length && lines.at(first).trim() === '') first++;
  if (first >= lines.length) return null;
  const head = HEREDOC_HEAD.exec(lines.at(first));
  if (head) {
    const stripTabs = head[4] === '-';
    const delimiter = head[5] ?? head[6] ?? head[7]!;
    // `<<-` strips each body line's leading tabs; otherwise the body is the text between.
    const body: string[] | undefined = stripTabs ? [] : undefined;
    let i = first + 1;
    let end = lines.length;
    for (; i < lines.length; i++) {
      // Without `-`, a line is compared where it is: a megabyte of body is not cut into lines.
      const l = stripTabs ? lines.at(i).replace(/^\t+/, '') : undefined;
      if (l === undefined ? lines.is(i, delimiter) : l === delimiter) {
        end = i;
        i++;
        break;
      }
      if (l !== undefined) body?.push(l);
    }
    // Anything after the terminator is another statement: not the shape Codex intercepts.
    if (end < lines.length) for (; i < lines.length; i++) if (lines.at(i).trim() !== '') return null;
    const out: ApplyPatchInvocation = { patch: body ? body.join('\n') : lines.joined(first + 1, end) };
    const wd = workdirOf(head);
    if (wd !== undefined) out.workdir = wd;
    return out;
  }
  const quoted = QUOTED_ARG.exec(command.replace(/\r\n/g, '\n'));
  if (quoted) {
    const out: ApplyPatchInvocation = { patch: quoted[4] ?? quoted[5] ?? '' };
    const wd = workdirOf(quoted);
    if (wd !== undefined) out.workdir = wd;
    return out;
  }
  return null;
}

/** The patch text of a shell command that is an apply_patch heredoc, else null. */
export function extractApplyPatchFromShell(command: string): string | null {
  return extractApplyPatchInvocation(command)?.patch ?? null;
}
