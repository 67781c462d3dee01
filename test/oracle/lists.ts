// The oracle's reviewed lists, all data beside this file:
// - known-divergences.txt: reads that the oracle saw change something, one per line with why; the
//   fixes that make them refused (or make them truly read) shrink it.
// - no-effect.txt: refused commands that change nothing in the sandbox, each with a reason from a
//   closed set, so "refused but harmless here" is a decision on record, never a blanket skip.
// - incidental.txt: paths a program writes on every run for itself (its own debug log), which are
//   reported but are not an effect of what the command asked for.
// State a program's first run makes whatever the command (gpg's ~/.gnupg) is in none of them: the
// fixture's HOME already holds it (oracle.ts, SEEDS, each with why). What a command fetches and
// keeps is never listed away: such a command is not a read.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';

const DIR = path.dirname(new URL(import.meta.url).pathname);

export class ListFormatError extends Error {}

function lines(name: string): { text: string; n: number }[] {
  return readFileSync(path.join(DIR, name), 'utf8')
    .split('\n')
    .map((text, i) => ({ text, n: i + 1 }))
    .filter((l) => l.text.trim() !== '' && !l.text.startsWith('#'));
}

/** `command<TAB># why`: the command verbatim (`\n` for a newline), as in the shell corpus. */
export function loadDivergences(): Map<string, string> {
  const out = new Map<string, string>();
  for (const { text, n } of lines('known-divergences.txt')) {
    const tab = text.lastIndexOf('\t# ');
    if (tab <= 0) throw new ListFormatError(`known-divergences.txt:${n}: expected command<TAB># why`);
    out.set(text.slice(0, tab).replace(/\\n/g, '\n'), text.slice(tab + 3).trim());
  }
  return out;
}

/**
 * Why a refused command changes nothing in the sandbox. Each is a property of the sandbox or of
 * the refusal, not of the command being harmless:
 * - network: it needs a network the sandbox has none of (a fetch, a push, a registry);
 * - absent: it needs a program, file, service, device or privilege the fixture does not have;
 * - intent: refused for what it reveals or asks, not for a change (a hash under hash=deny, a
 *   protected file read, a secret printed, a request to a remote service);
 * - interactive: it waits for a terminal or input and the time limit ends it;
 * - guarded: the program refuses by itself here (a dry run of a write the contract forbids,
 *   an option the installed version rejects);
 * - outside: it writes where the sandbox is read-only (the system, another user's files);
 * - deferred: it sets up a write that runs later (a function, an alias, a trap, a background job);
 * - case-fold: it names protected host configuration in another letter case, which a case-folding
 *   file system (macOS, Windows) opens as the protected file; the sandbox's is case-sensitive.
 */
export const NO_EFFECT_REASONS = ['network', 'absent', 'intent', 'interactive', 'guarded', 'outside', 'deferred', 'case-fold'] as const;
export type NoEffectReason = (typeof NO_EFFECT_REASONS)[number];

/** `command<TAB>reason<TAB># why`. */
export function loadNoEffect(): Map<string, { reason: NoEffectReason; why: string }> {
  const out = new Map<string, { reason: NoEffectReason; why: string }>();
  for (const { text, n } of lines('no-effect.txt')) {
    const m = /^(.*)\t([a-z-]+)\t# (.+)$/.exec(text);
    if (!m) throw new ListFormatError(`no-effect.txt:${n}: expected command<TAB>reason<TAB># why`);
    if (!(NO_EFFECT_REASONS as readonly string[]).includes(m[2]!)) throw new ListFormatError(`no-effect.txt:${n}: unknown reason ${m[2]}`);
    out.set(m[1]!.replace(/\\n/g, '\n'), { reason: m[2] as NoEffectReason, why: m[3]! });
  }
  return out;
}

/** `glob<TAB># why`, over change paths as the driver labels them (w/home/…, w/proj/…, tmp/…). */
export function loadIncidental(): { match(p: string): boolean; globs: string[] } {
  const globs: string[] = [];
  for (const { text, n } of lines('incidental.txt')) {
    const tab = text.indexOf('\t# ');
    if (tab <= 0) throw new ListFormatError(`incidental.txt:${n}: expected glob<TAB># why`);
    globs.push(text.slice(0, tab));
  }
  const isMatch = picomatch(globs, { dot: true });
  return { match: isMatch, globs };
}
