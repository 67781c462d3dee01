// `explain`: one audited event read back (docs/DESIGN.md#audit), shared by `$remit explain` and
// the CLI. A decision is replayed: the rule table runs again over the facts its record kept
// (decision-readback.ts), so what it says decided, and the line that would authorise it, come
// from the same rules the hook ran.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CliExplain, RuntimeEvent } from '../../generated/types.js';
import { eventIdTime } from '../audit/event-id.js';
import { installAuditKey } from '../audit/chain.js';
import { findEvent, type EventLookup } from '../audit/read.js';
import { REASONS } from '../decide/reasons.js';
import { auditDir, auditFile, SESSION_KEY } from '../state/home.js';
import { readSession } from '../state/store.js';
import { contractThen, HOST_EFFECT_WORDS, hostEffectOf, readDecision } from './decision-readback.js';

/** Audit files to search for an event: the preferred session's first, then newer files first, skipping files last written before the event. */
function auditFilesFor(home: string, eventId: string, prefer: string | null): { key: string; file: string }[] {
  const out: { key: string; file: string }[] = [];
  if (prefer) out.push({ key: prefer, file: auditFile(home, prefer) });
  const at = eventIdTime(eventId);
  let names: string[] = [];
  try {
    names = readdirSync(auditDir(home));
  } catch {
    return out;
  }
  const rest: { key: string; file: string; mtime: number }[] = [];
  for (const n of names) {
    const key = n.replace(/\.jsonl$/, '');
    if (!n.endsWith('.jsonl') || !SESSION_KEY.test(key) || key === prefer) continue;
    const file = path.join(auditDir(home), n);
    let mtime = 0;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      continue;
    }
    if (at !== null && mtime + 1000 < at) continue;
    rest.push({ key, file, mtime });
  }
  rest.sort((a, b) => b.mtime - a.mtime);
  return out.concat(rest);
}

export function locateEvent(home: string, eventId: string, prefer: string | null, onlyPreferred = false): ({ key: string } & EventLookup) | null {
  const files = auditFilesFor(home, eventId, prefer);
  for (const { key, file } of onlyPreferred ? files.slice(0, 1) : files) {
    const found = findEvent(file, eventId);
    if (found) return { key, ...found };
  }
  return null;
}

export function explainView(home: string, eventId: string, prefer: string | null, onlyPreferred = false): CliExplain | null {
  const found = locateEvent(home, eventId, prefer, onlyPreferred);
  if (!found) return null;
  let label: CliExplain['label'] = null;
  for (const r of found.related) if (r.kind === 'label' && r.label) label = r.label;
  const view: CliExplain = { eventId, session: found.key, record: found.record, label, hostEffect: hostEffectOf(found.record, found.related) };
  if (found.supersededBy) view.supersededBy = found.supersededBy.id;
  const loaded = readSession(home, found.key, { sealKey: installAuditKey(home) });
  const state = loaded.kind === 'ok' ? loaded.state : null;
  if (state?.sessionId) view.sessionId = state.sessionId;
  const read = readDecision(found.record, contractThen(found.record, state?.contract ?? null, found.contractChangedAfter));
  if (read) Object.assign(view, read);
  return view;
}

function actionLine(a: NonNullable<RuntimeEvent['action']>): string {
  const extras = [
    a.delegation !== undefined ? `starts ${a.delegation} subagent${a.delegation === 1 ? '' : 's'}${a.unbounded ? ' (unbounded)' : ''}` : '',
    a.dependency ? 'adds a dependency' : '',
    a.hash ? 'computes a hash' : '',
    a.analysis ? `unproven: ${a.analysis}` : '',
  ].filter(Boolean);
  return `Action: ${a.tool} (${a.mutability}), ${a.effects} file effect${a.effects === 1 ? '' : 's'}${extras.length ? `; ${extras.join(', ')}` : ''}`;
}

const REPLAY_WORDS: Record<NonNullable<CliExplain['replay']>, string> = {
  same: 'the rules, run again over the recorded input, give the recorded verdict',
  differs: "today's rules decide otherwise over the recorded input",
  'not-recorded': 'not possible: the record was written before remit kept the input of its decisions',
};

/** The authorising lines, one a line, each with what it does. */
export function authoriseLines(a: NonNullable<CliExplain['authorise']>, indent = '  '): string[] {
  const out = a.lines.map((l) => `${indent}${l}   (${l.startsWith('$remit allow ') ? 'this one action, once' : 'a new contract'})`);
  if (!a.exact) out.push(`${indent}<…> stands for what the audit does not keep (paths, glob text); REMIT_AUDIT=detail keeps them.`);
  return out;
}

function decisionLines(v: CliExplain, d: NonNullable<RuntimeEvent['decision']>): string[] {
  const lines = [
    `Decision: ${d.outcome}${d.would ? ` (would ${d.would})` : ''} ${d.reasonCode}${d.family ? ` (${d.family})` : ''}, rule ${v.rule ?? REASONS[d.reasonCode].rule}${d.channel ? `, sent as ${d.channel}` : ''}`,
  ];
  if (v.fact) {
    const e = v.fact.effect;
    lines.push(`Decisive fact: ${e ? `file effect #${e.index}${e.kind ? ` (${e.kind})` : ''}` : v.fact.kind}: ${v.fact.reason}`);
  }
  lines.push(`Why: ${v.explanation ?? REASONS[d.reasonCode].meaning}`);
  if (v.replay) {
    const r = v.replayed;
    lines.push(
      `Replayed: ${REPLAY_WORDS[v.replay]}${v.replay === 'differs' && r ? ` (${r.outcome}${r.would ? `, would ${r.would}` : ''} ${r.reasonCode})` : ''}.`,
    );
  }
  if (v.authorise) lines.push('To authorise:', ...authoriseLines(v.authorise));
  else if (v.nextStep) lines.push(`Next step: ${v.nextStep}`);
  else if (d.outcome === 'deny' || d.outcome === 'ask' || d.would) lines.push('To authorise: no `$remit` line does; only the user, from a terminal.');
  return lines;
}

export function renderExplain(v: CliExplain): string {
  const r = v.record;
  const host = r.host ? `${r.host.name}${r.host.version ? ' ' + r.host.version : ''}` : 'unknown host';
  const lines = [
    `remit explain ${v.eventId}`,
    `Recorded: ${r.at} (${r.kind}, seq ${r.seq}) in ${host} session ${v.sessionId ?? '(id not kept)'}, remit key ${v.session}`,
  ];
  if (r.state) lines.push(`State: ${r.state}${r.recovery ? ' (recovery)' : ''}`);
  if (r.action) lines.push(actionLine(r.action));
  if (r.decision) lines.push(...decisionLines(v, r.decision));
  if (v.supersededBy)
    lines.push(
      `Superseded by ${v.supersededBy}: the session state after this record could not be written, so it never took effect; that record says what the host was told.`,
    );
  if (r.error)
    lines.push(`Guard error: ${r.error}${r.supersedes ? ` (after ${r.supersedes}, whose state could not be written; this record supersedes it)` : ''}`);
  if (r.directiveCode) lines.push(`Directive error: ${r.directiveCode}`);
  if (r.contract) {
    const c = r.contract;
    lines.push(
      `Contract: mode=${c.mode} level=${c.level} files=${c.files === null ? 'unbounded' : `${c.files} glob${c.files === 1 ? '' : 's'}`} deps=${c.deps} hash=${c.hash} hostconfig=${c.hostconfig} agents=${c.agents ?? 'unlimited'} checks=${c.checks} (${c.source})`,
    );
  }
  if (r.lifecycle)
    lines.push(
      `Lifecycle: ${r.lifecycle.event}${r.lifecycle.lifecycle ? ' ' + r.lifecycle.lifecycle : ''}, ${r.lifecycle.applied ? `applied, freed ${r.lifecycle.freed ?? 0}` : 'no ledger change'}`,
    );
  if (r.about) lines.push(`About: ${r.about}`);
  if (r.action) lines.push(`Input digest: ${r.action.inputDigest}`);
  if (r.durationMs !== undefined) lines.push(`Took: ${r.durationMs.toFixed(2)} ms`);
  lines.push(`Label: ${v.label ?? 'none'}`);
  if (r.kind === 'action') lines.push(`Host effect: ${HOST_EFFECT_WORDS[v.hostEffect]}`);
  if (r.detail) lines.push('Detail (REMIT_AUDIT=detail):', JSON.stringify(r.detail.event, null, 2));
  return lines.join('\n');
}
