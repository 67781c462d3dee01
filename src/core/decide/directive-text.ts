import type { TaskContract } from '../../generated/types.js';

/**
 * Writes the directive that reproduces `contract` with `changes` applied. Directives replace
 * the whole contract, so the next step must restate every field the user already chose.
 */
export function directiveFor(contract: TaskContract, changes: Partial<TaskContract> = {}): string {
  const c = { ...contract, ...changes };
  const tokens: string[] = [];
  if (c.mode !== 'unconfirmed') tokens.push(c.mode);
  if (c.level !== 'guard' || c.mode === 'unconfirmed') tokens.push(c.level);
  if (c.files !== null) tokens.push(`files=${(c.filesAsTyped ?? []).join('|')}`);
  if (c.deps !== 'ask') tokens.push(`deps=${c.deps}`);
  if (c.hash !== 'deny') tokens.push(`hash=${c.hash}`);
  if (c.hostconfig !== 'deny') tokens.push(`hostconfig=${c.hostconfig}`);
  if (c.agents !== null) tokens.push(`agents=${c.agents}`);
  if (c.checks !== 'allow') tokens.push(`checks=${c.checks}`);
  return `$remit ${tokens.join(' ')}`.trimEnd();
}
