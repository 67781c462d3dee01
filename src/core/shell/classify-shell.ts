// remit's shell classifier (docs/DESIGN.md: control event, rule table): one command string in, the action's
// mutability, file effects, intents and the first unproven reason out. Total: anything
// unexpected becomes `unknown` with a fixed reason, never an exception.
import type { ClassifyContext } from '../classify/context.js';
import { dispatch } from './dispatch.js';
import { MAX_SOURCE } from './parse.js';
import { load } from './program-modules.js';
import { unprovenClassification, type ShellClassification } from './result.js';
import { cloneScope, ShellWalker } from './walker.js';

export type { ShellClassification } from './result.js';

/**
 * Classifies a command the agent asked a shell tool to run. An empty or comment-only
 * command runs nothing and is a read.
 */
export function classifyShell(command: string, ctx: ClassifyContext, shell: 'bash' | 'powershell' = 'bash'): ShellClassification {
  if (typeof command !== 'string') return unprovenClassification('input_malformed', '');
  if (command.length > MAX_SOURCE) return unprovenClassification('too_complex', command.slice(0, 120));
  try {
    const w = new ShellWalker(ctx, dispatch);
    const scope = w.rootScope();
    if (shell === 'powershell') new (load.powershell().PowerShellRunner)(w, command).run(command, scope, 0);
    else {
      w.walkSource(command, scope, 0, command);
      // A host that keeps one shell between calls keeps the functions a command defines:
      // `ls() { rm -rf src; }` alone would run at the next call's `ls`. A function left
      // defined counts as called later: its body's effects (walked in a copy of the final
      // state) are this command's too.
      for (const [name, body] of scope.funcs) {
        const later = w.isolate(() => w.walk(body, cloneScope(scope), 1));
        w.acc.absorb(later, false, `${name}() left defined`);
      }
    }
    return w.acc.finish();
  } catch {
    // A classifier bug must not open a hole: the command is unproven.
    return unprovenClassification('shell_command_unproven', command.slice(0, 120));
  }
}
