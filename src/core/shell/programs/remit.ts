// remit's own CLI run by the agent: its mutating commands change remit's state, ledger or
// host hook configuration, which the decision table protects (rule `self-protection`).
import path from 'node:path';
import type { Handler, Invocation, ShellWalker } from '../walker.js';
import type { Arg } from '../words.js';

const MUTATING = new Set(['install', 'uninstall', 'ledger', 'state', 'prune', 'label', 'case', 'hook']);
const READING = new Set(['status', 'runtime', 'explain', 'doctor', 'check', 'replay', 'audit', 'help', '--help', '-h', '--version', '-v']);

function classifyRemitArgs(w: ShellWalker, inv: Invocation, args: readonly Arg[]): void {
  let sub: Arg | undefined;
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === '--home') {
      i++;
      continue;
    }
    if (v !== null && v.startsWith('--home=')) continue;
    if (v !== null && v.startsWith('-') && !READING.has(v)) continue;
    sub = args[i];
    break;
  }
  if (!sub) return w.acc.read();
  if (sub.value === null) {
    w.acc.remitMutation(inv.text);
    return w.unknown(inv, 'dynamic_word');
  }
  if (MUTATING.has(sub.value)) return w.acc.remitMutation(inv.text);
  if (READING.has(sub.value)) return w.acc.read();
  w.unknown(inv, 'shell_command_unproven');
}

export const remit: Handler = (w, inv) => classifyRemitArgs(w, inv, inv.args.slice(1));

/** `node …/remit.cjs <command>`: true when the script is remit's bundle (then classified). */
export function remitScript(w: ShellWalker, inv: Invocation, script: Arg, rest: readonly Arg[]): boolean {
  if (script.value === null) return false;
  const base = path.posix.basename(script.value.replace(/\\/g, '/'));
  // remit-main.cjs is the bundle remit.cjs loads: running it directly is the same command.
  if (base !== 'remit.cjs' && base !== 'remit-main.cjs' && base !== 'remit.js' && base !== 'remit.mjs') return false;
  classifyRemitArgs(w, inv, rest);
  return true;
}
