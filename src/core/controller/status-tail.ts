// What `status` reads from the session's audit tail (never the whole log): the last decisions,
// each read back as `explain` reads it, and the record that last set the contract.
import type { CliStatus, RuntimeEvent, TaskContract } from '../../generated/types.js';
import { readLastRecords } from '../audit/read.js';
import { auditFile } from '../state/home.js';
import { changesContract, contractThen, hostEffectOf, readDecision } from './decision-readback.js';

/** Decisions shown. */
const RECENT = 5;
/** Records read back from the end for them, their after-facts and the last contract change. */
const TAIL = 200;

export type Recent = CliStatus['recent'][number];

function recentRow(r: RuntimeEvent, tail: readonly RuntimeEvent[], current: TaskContract | null, changedSince: boolean): Recent {
  const d = r.decision!;
  const row: Recent = { id: r.id, at: r.at, tool: r.action?.tool ?? '?', outcome: d.outcome, reasonCode: d.reasonCode, hostEffect: hostEffectOf(r, tail) };
  if (r.action) row.mutability = r.action.mutability;
  if (d.would) row.would = d.would;
  const read = readDecision(r, contractThen(r, current, changedSince));
  if (read) {
    row.rule = read.rule;
    if (read.explanation) row.explanation = read.explanation;
    if (read.authorise) row.authorise = read.authorise;
  }
  return row;
}

const SOURCE_WORDS: Record<TaskContract['source'], string> = {
  default: 'no directive yet: the defaults apply',
  directive: 'set by your directive',
  correction: 'tightened by your own words (a correction; loosening needs a new directive)',
  'project-default': 'set at session start by the default directive in your configuration',
  recovery: 'the recovery contract, after the session state was damaged',
};

export function contractChangeText(change: Omit<CliStatus['contractChange'], 'text'>): string {
  return `${SOURCE_WORDS[change.source]}${change.at ? ` at ${change.at}` : ''}${change.eventId ? ` (${change.eventId})` : ''}`;
}

export interface StatusTail {
  recent: Recent[];
  /** The newest record that set the contract, if the tail still holds it. */
  lastChange: RuntimeEvent | null;
  lastEvent: RuntimeEvent | null;
}

export function readStatusTail(home: string, key: string, current: TaskContract | null): StatusTail {
  const tail = readLastRecords(auditFile(home, key), TAIL);
  let lastChange: RuntimeEvent | null = null;
  const picked: { r: RuntimeEvent; changedSince: boolean }[] = [];
  // A record superseded by a later guard error never took effect (its state was not written):
  // the later record, met first going backwards, says what happened instead.
  const superseded = new Set<string>();
  for (let i = tail.length - 1; i >= 0; i--) {
    const r = tail[i]!;
    if (r.supersedes) superseded.add(r.supersedes);
    if (superseded.has(r.id)) continue;
    if (r.kind === 'action' && r.decision && picked.length < RECENT) picked.push({ r, changedSince: lastChange !== null });
    if (lastChange === null && changesContract(r)) lastChange = r;
    if (lastChange && picked.length >= RECENT) break;
  }
  return {
    recent: picked.reverse().map(({ r, changedSince }) => recentRow(r, tail, current, changedSince)),
    lastChange,
    lastEvent: tail.at(-1) ?? null,
  };
}
