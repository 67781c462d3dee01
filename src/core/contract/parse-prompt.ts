// One user prompt → what it does to the contract (docs/DESIGN.md#task-contract). Checked in this order:
// an inspection command (the whole prompt), a directive on the first line (which wins over
// any correction phrase further down), then a tightening correction; otherwise nothing.
import type { DirectiveError, TaskContract } from '../../generated/types.js';
import { acceptsCorrection, applyCorrection, findCorrectionPhrase } from './corrections.js';
import { parseDirectiveHead } from './directive.js';
import { parseInspection, type InspectionCommand } from './inspection.js';
import { locateDirective } from './locate.js';

export type { InspectionCommand } from './inspection.js';

export type PromptParse =
  | { kind: 'none' }
  | { kind: 'directive'; contract: TaskContract }
  | { kind: 'correction'; contract: TaskContract; phrase: string }
  | { kind: 'error'; error: DirectiveError }
  | { kind: 'inspection'; command: InspectionCommand };

export interface ParseContext {
  /** The project root `files=` globs resolve against (git top level of the cwd, else the cwd). */
  projectRoot: string;
  previous: TaskContract;
}

export function parsePrompt(text: string, ctx: ParseContext): PromptParse {
  // The core is total: a host that hands over something other than text has said nothing.
  if (typeof text !== 'string') return { kind: 'none' };
  const command = parseInspection(text);
  if (command) return { kind: 'inspection', command };
  const site = locateDirective(text);
  if (site) {
    const parsed = parseDirectiveHead(site.head, ctx.projectRoot);
    return 'code' in parsed ? { kind: 'error', error: parsed } : { kind: 'directive', contract: parsed };
  }
  if (!acceptsCorrection(ctx.previous)) return { kind: 'none' };
  const found = findCorrectionPhrase(text);
  const corrected = found ? applyCorrection(ctx.previous, found) : null;
  return corrected && found ? { kind: 'correction', contract: corrected, phrase: found.phrase } : { kind: 'none' };
}
