// The read-back answers (docs/DESIGN.md: audit, command line), shared by the in-chat inspection commands
// and the CLI so both give the same answer: views are data (the --json shapes), renderers
// turn them into text.
import path from 'node:path';
import { readdirSync, statSync } from 'node:fs';
import type { CliExplain, CliRuntime, CliStatus, ConfigReport, RuntimeEvent, SessionState, TaskContract } from '../../generated/types.js';
import { contractLine, controlStateOf, defaultContract } from '../contract/index.js';
import { findEvent, readLastRecords } from '../audit/read.js';
import { auditTail } from '../audit/last-state.js';
import { eventIdTime } from '../audit/event-id.js';
import { reservedUnits, unitsOf, unresolvedReasons } from '../ledger/ledger.js';
import { auditDir, auditFile, SESSION_KEY } from '../state/home.js';
import { listSessionKeys, readSession, type LoadedState } from '../state/store.js';
import type { Loaded } from '../config/user-config.js';

const RECENT = 5;

export function recoveryContract(lastArmed: boolean): TaskContract {
  return { ...defaultContract(), mode: 'review', level: lastArmed ? 'guard' : 'watch', source: 'recovery' };
}

export function configReport(user: Loaded<unknown>, repo: Loaded<unknown> | null): ConfigReport {
  const problems: string[] = [];
  if (user.problem) problems.push(user.problem);
  if (repo?.problem) problems.push(repo.problem);
  return { user: user.status, repo: repo?.status ?? 'absent', problems };
}

export function statusView(home: string, key: string | null, config: ConfigReport, loaded?: LoadedState): CliStatus {
  const state = key ? (loaded ?? readSession(home, key)) : ({ kind: 'absent' } as const);
  const recent = key
    ? readLastRecords(auditFile(home, key), RECENT).map((r) => {
        const row: CliStatus['recent'][number] = { id: r.id, at: r.at, kind: r.kind };
        if (r.action) row.tool = r.action.tool;
        if (r.decision) {
          row.outcome = r.decision.outcome;
          row.reasonCode = r.decision.reasonCode;
        }
        return row;
      })
    : [];
  // The same reading of the audit tail the hook makes (rule `damaged-state`): unreadable arms.
  const tail = key ? auditTail(auditFile(home, key)) : null;
  const audit = tail?.problem ? { auditUnreadable: tail.problem } : {};
  if (state.kind === 'damaged') {
    const c = recoveryContract(tail?.state === 'ARMED' || tail?.state === 'UNREADABLE');
    return {
      session: { key: key!, host: '?' },
      controlState: controlStateOf(c),
      recovery: true,
      damage: state.detail,
      contract: null,
      contractLine: `remit ${controlStateOf(c)} (recovery): the session state is damaged; run \`remit state repair\``,
      agents: { reserved: 0, cap: null },
      unresolved: ['state_unavailable'],
      directiveError: null,
      approvals: 0,
      config,
      recent,
      hostEffect: 'unobserved',
      ...audit,
    };
  }
  const s: SessionState | null = state.kind === 'ok' ? state.state : null;
  const contract = s?.contract ?? defaultContract();
  const reserved = s ? reservedUnits(s.ledger) : 0;
  const view: CliStatus = {
    session: null,
    controlState: controlStateOf(contract),
    recovery: false,
    contract,
    contractLine: contractLine(contract, reserved),
    agents: { reserved, cap: contract.agents, reservations: s ? s.ledger.reservations.map((r) => ({ id: r.id, units: unitsOf(r), scope: r.scope })) : [] },
    unresolved: s ? unresolvedReasons(s.ledger) : [],
    directiveError: s?.directiveError ? `${s.directiveError.code}: ${s.directiveError.message}` : null,
    approvals: s?.approvals.length ?? 0,
    config,
    recent,
    hostEffect: 'unobserved',
    ...audit,
  };
  if (s && key) {
    view.session = { key, host: s.host.name, lastUsedAt: s.lastUsedAt };
    if (s.host.version) view.session.hostVersion = s.host.version;
    if (s.projectRoot) view.session.projectRoot = s.projectRoot;
    const c = s.counters;
    view.counters = { checked: c.checked, allowed: c.allowed, reported: c.reported, asked: c.asked, denied: c.denied };
  }
  return view;
}

/** What an audit that cannot be read means for the session, in words. */
function auditUnreadableLine(v: CliStatus): string {
  const effect = v.controlState === 'ARMED'
    ? 'remit cannot record a check, so it refuses every action that could change something (GUARD_ERROR) until the audit is a readable file again'
    : 'checks go ahead but are not recorded';
  return `Audit: this session's audit cannot be read (${v.auditUnreadable}): its history cannot be shown or verified, and ${effect}. \`remit audit verify\` reports it broken.`;
}

function agentsLine(v: CliStatus): string {
  const { reserved, cap } = v.agents;
  return cap === null ? `agents=${reserved} reserved (no cap)` : `agents=${reserved}/${cap} reserved`;
}

export function renderStatus(v: CliStatus): string {
  const lines = ['remit status'];
  if (!v.session && !v.recovery) lines.push('No session recorded here yet: the defaults apply.');
  if (v.session) lines.push(`Session: ${v.session.host}${v.session.hostVersion ? ' ' + v.session.hostVersion : ''} ${v.session.key}${v.session.lastUsedAt ? `, last used ${v.session.lastUsedAt}` : ''}`);
  lines.push(`State: ${v.controlState}${v.contract ? ` / ${v.contract.mode}` : ''}${v.recovery ? ' (recovery)' : ''}`);
  lines.push(v.contractLine);
  if (v.contract) lines.push(`Authority: ${v.contract.source}`);
  lines.push(agentsLine(v) + (v.agents.reservations?.length ? ` [${v.agents.reservations.map((r) => `${r.id}:${r.units}`).join(' ')}]` : ''));
  if (v.damage) lines.push(`Damaged state: ${v.damage}. Run \`remit state repair\` in a terminal, or start a new session.`);
  if (v.auditUnreadable) lines.push(auditUnreadableLine(v));
  if (v.directiveError) lines.push(`Directive error pending: ${v.directiveError}`);
  if (v.unresolved.length) lines.push(`Unresolved delegation: ${v.unresolved.join(', ')} (needs proven completion, \`remit ledger release\` from a terminal, or a new session)`);
  if (v.approvals) lines.push(`One-time approvals waiting: ${v.approvals}`);
  if (v.counters) lines.push(`Checked ${v.counters.checked}: allowed ${v.counters.allowed}, reported ${v.counters.reported}, asked ${v.counters.asked}, denied ${v.counters.denied}`);
  for (const p of v.config.problems) lines.push(`Configuration: ${p}`);
  if (v.recent.length) {
    lines.push('Recent:');
    for (const r of v.recent) lines.push(`  ${r.id} ${r.kind}${r.tool ? ' ' + r.tool : ''}${r.outcome ? ` ${r.outcome} ${r.reasonCode}` : ''}`);
  }
  lines.push('Host effect: unobserved (remit sees what it answered, not what the host then did).');
  return lines.join('\n');
}

export function emptyRuntime(scope: CliRuntime['scope']): CliRuntime {
  return {
    scope, sessions: 0, damagedSessions: 0, checked: 0, allowed: 0, reported: 0, asked: 0, denied: 0, wouldAsk: 0, wouldDeny: 0, guardErrors: 0,
    reasons: {}, denials: {}, labels: { correct: 0, incorrect: 0, inconclusive: 0 }, hostEffect: 'unobserved',
  };
}

function addCounts(into: Record<string, number | undefined>, from: Record<string, number | undefined>): void {
  for (const [k, v] of Object.entries(from)) if (v) into[k] = (into[k] ?? 0) + v;
}

/** From the sessions' counters only: one small JSON file per session, never the audit lines. */
export function runtimeView(home: string, keys: string[] | 'all'): CliRuntime {
  const all = keys === 'all';
  const v = emptyRuntime(all ? 'all' : 'session');
  for (const key of all ? listSessionKeys(home) : keys) {
    const loaded = readSession(home, key);
    if (loaded.kind === 'absent') continue;
    v.sessions++;
    if (loaded.kind === 'damaged') {
      v.damagedSessions++;
      continue;
    }
    const c = loaded.state.counters;
    v.checked += c.checked;
    v.allowed += c.allowed;
    v.reported += c.reported;
    v.asked += c.asked;
    v.denied += c.denied;
    v.wouldAsk += c.wouldAsk ?? 0;
    v.wouldDeny += c.wouldDeny ?? 0;
    v.guardErrors += c.guardErrors;
    addCounts(v.reasons, c.reasons);
    addCounts(v.denials, c.denials);
    for (const label of Object.values(loaded.state.labels)) if (label) v.labels[label]++;
  }
  return v;
}

export function renderRuntime(v: CliRuntime): string {
  const lines = [`remit runtime (${v.scope === 'all' ? `all sessions: ${v.sessions}` : 'this session'}; host effect unobserved)`];
  lines.push(`Checked actions: ${v.checked}`);
  lines.push(`Allowed: ${v.allowed}  Reported: ${v.reported} (would ask ${v.wouldAsk}, would deny ${v.wouldDeny})  Asked: ${v.asked}  Denied: ${v.denied}`);
  if (v.guardErrors) lines.push(`Guard errors: ${v.guardErrors}`);
  const reasons = Object.entries(v.denials).sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0));
  if (reasons.length) lines.push(`Refusals by reason: ${reasons.map(([k, n]) => `${k}=${n}`).join(', ')}`);
  lines.push(`Labels: correct=${v.labels.correct}; incorrect=${v.labels.incorrect}; inconclusive=${v.labels.inconclusive}`);
  if (v.damagedSessions) lines.push(`Sessions with damaged state (not counted): ${v.damagedSessions}`);
  return lines.join('\n');
}

/** Audit files to search for an event: the preferred session's first, then newer files first, skipping files last written before the event. */
export function auditFilesFor(home: string, eventId: string, prefer: string | null): { key: string; file: string }[] {
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

export function locateEvent(home: string, eventId: string, prefer: string | null, onlyPreferred = false): { key: string; record: RuntimeEvent; related: RuntimeEvent[] } | null {
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
  let hostEffect: CliExplain['hostEffect'] = found.record.hostEffect ?? 'unobserved';
  for (const r of found.related) {
    if (r.kind === 'label' && r.label) label = r.label;
    if (r.kind === 'effect' && r.hostEffect) hostEffect = r.hostEffect;
  }
  return { eventId, session: found.key, record: found.record, label, hostEffect };
}

export function renderExplain(v: CliExplain): string {
  const r = v.record;
  const lines = [`remit explain ${v.eventId}`, `Recorded: ${r.at} (${r.kind}, session ${v.session}, seq ${r.seq})`];
  if (r.host) lines.push(`Host: ${r.host.name}${r.host.version ? ' ' + r.host.version : ''}`);
  if (r.state) lines.push(`State: ${r.state}${r.recovery ? ' (recovery)' : ''}`);
  if (r.action) {
    const a = r.action;
    const extras = [a.delegation !== undefined ? `delegation=${a.delegation}${a.unbounded ? ' (unbounded)' : ''}` : '', a.dependency ? 'dependency intent' : '', a.hash ? 'hash intent' : '', a.analysis ? `unproven: ${a.analysis}` : '']
      .filter(Boolean)
      .join(', ');
    lines.push(`Action: ${a.tool} (${a.mutability}), ${a.effects} file effect${a.effects === 1 ? '' : 's'}${extras ? `, ${extras}` : ''}`);
    lines.push(`Input digest: ${a.inputDigest}`);
  }
  if (r.decision) {
    const d = r.decision;
    lines.push(`Decision: ${d.outcome}${d.would ? ` (would ${d.would})` : ''} ${d.reasonCode}${d.family ? ` (${d.family})` : ''}${d.factIndex !== undefined ? `, decisive effect #${d.factIndex}` : ''}${d.channel ? `, sent as ${d.channel}` : ''}`);
  }
  if (r.error) lines.push(`Guard error: ${r.error}`);
  if (r.directiveCode) lines.push(`Directive error: ${r.directiveCode}`);
  if (r.contract) {
    const c = r.contract;
    lines.push(
      `Contract: mode=${c.mode} level=${c.level} files=${c.files === null ? 'unbounded' : `${c.files} glob${c.files === 1 ? '' : 's'}`} deps=${c.deps} hash=${c.hash} hostconfig=${c.hostconfig} agents=${c.agents ?? 'unlimited'} checks=${c.checks} (${c.source})`,
    );
  }
  if (r.lifecycle) lines.push(`Lifecycle: ${r.lifecycle.event}${r.lifecycle.lifecycle ? ' ' + r.lifecycle.lifecycle : ''}, ${r.lifecycle.applied ? `applied, freed ${r.lifecycle.freed ?? 0}` : 'no ledger change'}`);
  if (r.about) lines.push(`About: ${r.about}`);
  if (r.durationMs !== undefined) lines.push(`Took: ${r.durationMs.toFixed(2)} ms`);
  if (v.explanation) lines.push(`Explanation: ${v.explanation}`);
  lines.push(`Label: ${v.label ?? 'none'}`);
  lines.push(`Host effect: ${v.hostEffect}`);
  if (r.detail) lines.push('Detail (REMIT_AUDIT=detail):', JSON.stringify(r.detail.event, null, 2));
  return lines.join('\n');
}
