// The controller's side of the run-time watch on host configuration (src/core/watch): when a
// call is watched, and what is recorded and said when a watched call changed a host's hook or
// plugin configuration. The watch module loads only for a call whose effect is unproven or a
// session with a watch open, so a hook for a read never pays for it.
import path from 'node:path';
import type { ActionBeforeEvent, ControlEvent, Decision, SessionState, TaskContract } from '../../generated/types.js';
import { newEventId, isoTime } from '../audit/event-id.js';
import type { Found, Pending } from '../watch/host-config-watch.js';
import { hostOf, type Ctx } from './context.js';
import type { ControllerResult } from './result.js';

export type WatchModule = typeof import('../watch/host-config-watch.js');

export function loadWatch(): Promise<WatchModule> {
  return import('../watch/host-config-watch.js');
}

/**
 * Whether the call runs watched: an ARMED session lets a call whose effect is unproven run (or
 * asks the person about it). A refused call never runs; a proven one was checked path by path;
 * `hostconfig=allow` lets the agent change host configuration (`ask`: nobody was asked, so a
 * change is put back).
 */
export function watchesCall(d: Decision, ev: ActionBeforeEvent, contract: TaskContract): boolean {
  return d.controlState === 'ARMED' && ev.action.mutability === 'unknown' && d.outcome !== 'deny' && contract.hostconfig !== 'allow';
}

function shown(p: string, root: string | undefined): string {
  if (root && (p === root || p.startsWith(`${root}/`))) return path.relative(root, p) || '.';
  return p;
}

/** The effect record of a finding (counts only), under the id the kept copy is named by. */
export function recordFinding(ctx: Ctx, key: string, ev: ControlEvent, id: string, found: Found, about: Pending | undefined): void {
  ctx.append(key, {
    id,
    at: isoTime(ctx.deps.now()),
    kind: 'effect',
    host: hostOf(ev),
    ...(about ? { about: about.eventId } : {}),
    hostEffect: 'changed_host_config',
    hostConfig: {
      changed: found.changes.length,
      restored: found.restored.length,
      failed: found.failed.length,
      ...(found.tampered ? { tampered: true as const } : {}),
    },
  });
}

/** What the model and the person are told of a finding. */
export function findingResult(found: Found, s: SessionState | null): ControllerResult {
  const root = s?.projectRoot;
  const list = (ps: readonly string[]) =>
    ps
      .slice(0, 5)
      .map((p) => `\`${shown(p, root)}\``)
      .join(', ') + (ps.length > 5 ? ` and ${ps.length - 5} more` : '');
  if (found.tampered) {
    return {
      kind: 'context',
      text: "remit: while a command ran, remit's record of host configuration from before it was removed or rewritten, so remit cannot tell whether the command changed a host's hook or plugin configuration. Do not touch remit's files or host configuration; the person must check it.",
      userLine: "remit: its record of host configuration was removed or rewritten while a command ran — check your host's hook and plugin configuration",
    };
  }
  const changed = found.changes.map((c) => c.path);
  let text = `remit: a command changed a host's hook or plugin configuration (${list(changed)}), which no remit contract lets an agent change.`;
  if (found.restored.length) text += ` remit put back ${list(found.restored)} as it was before the command ran.`;
  if (found.failed.length) text += ` remit could not put back ${list(found.failed)}: the person must check it.`;
  text += ` The changed version is kept in ${found.keptIn}. Do not change host configuration; tell the person what you need instead.`;
  const userLine = found.failed.length
    ? `remit: a command changed host configuration; ${found.failed.length} path(s) could not be put back — see ${found.keptIn}`
    : `remit: a command changed host configuration; remit put back ${found.restored.length} path(s) (kept: ${found.keptIn})`;
  return { kind: 'context', text, userLine };
}

export function newFindingId(ctx: Ctx): string {
  return newEventId(ctx.deps.now());
}
