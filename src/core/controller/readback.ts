// The read-back answers (docs/DESIGN.md: audit, command line), shared by the in-chat inspection commands
// and the CLI so both give the same answer: views are data (the --json shapes), renderers
// turn them into text. `explain` is in explain-view.ts.
import type { CliRuntime, CliStatus, ConfigReport, SessionState, TaskContract } from '../../generated/types.js';
import { controlStateOf, defaultContract } from '../contract/defaults.js';
import { contractLine } from '../contract/echo.js';
import { armedByTail, auditTail } from '../audit/last-state.js';
import { reservedUnits, unitsOf, unresolvedReasons } from '../ledger/ledger.js';
import { auditFile } from '../state/home.js';
import { secretProblem } from '../state/secret.js';
import { listSessionKeys, readSession, type LoadedState } from '../state/store.js';
import { installAuditKey } from '../audit/chain.js';
import type { Loaded } from '../config/user-config.js';
import { HOST_EFFECT_WORDS } from './decision-readback.js';
import { authoriseLines } from './explain-view.js';
import { contractChangeText, readStatusTail } from './status-tail.js';

export function recoveryContract(lastArmed: boolean): TaskContract {
  return { ...defaultContract(), mode: 'review', level: lastArmed ? 'guard' : 'watch', source: 'recovery' };
}

export function configReport(user: Loaded<unknown>, repo: Loaded<unknown> | null): ConfigReport {
  const problems: string[] = [];
  if (user.problem) problems.push(user.problem);
  if (repo?.problem) problems.push(repo.problem);
  return { user: user.status, repo: repo?.status ?? 'absent', problems };
}

function contractChange(source: TaskContract['source'], tail: ReturnType<typeof readStatusTail> | null): CliStatus['contractChange'] {
  const change: Omit<CliStatus['contractChange'], 'text'> = { source };
  const r = tail?.lastChange;
  if (r && source !== 'default') {
    change.at = r.at;
    change.eventId = r.id;
  }
  return { ...change, text: contractChangeText(change) };
}

export function statusView(home: string, key: string | null, config: ConfigReport, loaded?: LoadedState): CliStatus {
  // Read as a hook reads it: a state whose seal fails under the install's key is damage here too.
  const state = key ? (loaded ?? readSession(home, key, { sealKey: installAuditKey(home) })) : ({ kind: 'absent' } as const);
  const s: SessionState | null = state.kind === 'ok' ? state.state : null;
  const tail = key ? readStatusTail(home, key, s?.contract ?? null) : null;
  const recent = tail?.recent ?? [];
  // The same reading of the audit tail the hook makes (rule `damaged-state`): unreadable arms.
  const last = key ? auditTail(auditFile(home, key)) : null;
  const keyProblem = key ? secretProblem(home) : null;
  const audit = { ...(last?.problem ? { auditUnreadable: last.problem } : {}), ...(keyProblem ? { keyUnavailable: keyProblem } : {}) };
  if (state.kind === 'damaged') {
    const lastArmed = last !== null && armedByTail(last);
    const c = recoveryContract(lastArmed);
    const view: CliStatus = {
      // The state cannot say whose session it is; its last record can.
      session: { key: key!, host: tail?.lastEvent?.host?.name ?? '?' },
      controlState: controlStateOf(c),
      recovery: true,
      damage: state.detail,
      contract: null,
      contractLine: `remit ${controlStateOf(c)} (recovery): the session state is damaged; run \`remit state repair\``,
      contractChange: contractChange('recovery', null),
      paused: lastArmed
        ? {
            rule: 'damaged-state',
            reason:
              'the session state is damaged and the session was armed, so everything but reads is refused until `remit state repair` (in a terminal) or a new session',
          }
        : null,
      agents: { reserved: 0, cap: null },
      unresolved: ['state_unavailable'],
      directiveError: null,
      approvals: 0,
      config,
      recent,
      ...audit,
    };
    if (tail?.lastEvent) view.lastEvent = { id: tail.lastEvent.id, at: tail.lastEvent.at, kind: tail.lastEvent.kind };
    return view;
  }
  const contract = s?.contract ?? defaultContract();
  const reserved = s ? reservedUnits(s.ledger) : 0;
  const err = s?.directiveError;
  const view: CliStatus = {
    session: null,
    controlState: controlStateOf(contract),
    recovery: false,
    contract,
    contractLine: contractLine(contract, reserved),
    contractChange: contractChange(contract.source, tail),
    // Rule `invalid-directive` holds at every level but off.
    paused:
      err && contract.level !== 'off'
        ? {
            rule: 'invalid-directive',
            reason: `the last directive was malformed (${err.code}: ${err.message}), so edits, unproven commands and subagents wait until you send a valid \`$remit\` directive`,
          }
        : null,
    agents: { reserved, cap: contract.agents, reservations: s ? s.ledger.reservations.map((r) => ({ id: r.id, units: unitsOf(r), scope: r.scope })) : [] },
    unresolved: s ? unresolvedReasons(s.ledger) : [],
    directiveError: err ? `${err.code}: ${err.message}` : null,
    approvals: s?.approvals.length ?? 0,
    config,
    recent,
    ...audit,
  };
  if (tail?.lastEvent) view.lastEvent = { id: tail.lastEvent.id, at: tail.lastEvent.at, kind: tail.lastEvent.kind };
  if (s && key) {
    view.session = { key, host: s.host.name, lastUsedAt: s.lastUsedAt };
    if (s.sessionId) view.session.sessionId = s.sessionId;
    if (s.host.version) view.session.hostVersion = s.host.version;
    if (s.projectRoot) view.session.projectRoot = s.projectRoot;
    const c = s.counters;
    view.counters = { checked: c.checked, allowed: c.allowed, reported: c.reported, asked: c.asked, denied: c.denied };
  }
  return view;
}

/** What an audit that cannot be read means for the session, in words. */
function auditUnreadableLine(v: CliStatus): string {
  const effect =
    v.controlState === 'ARMED'
      ? 'remit cannot record a check, so it refuses every action that could change something (GUARD_ERROR) until the audit is a readable file again'
      : 'checks go ahead but are not recorded';
  return `Audit: this session's audit cannot be read (${v.auditUnreadable}): its history cannot be shown or verified, and ${effect}. \`remit audit verify\` reports it broken.`;
}

function agentsLine(v: CliStatus): string {
  const { reserved, cap } = v.agents;
  return cap === null ? `agents=${reserved} reserved, no limit (the contract sets no agents=N)` : `agents=${reserved}/${cap} reserved`;
}

function sessionLine(s: NonNullable<CliStatus['session']>): string {
  const host = `${s.host}${s.hostVersion ? ' ' + s.hostVersion : ''}`;
  return `Session: ${host} session ${s.sessionId ?? '(id not kept)'}, remit key ${s.key}${s.lastUsedAt ? `, last used ${s.lastUsedAt}` : ''}`;
}

function recentLines(r: CliStatus['recent'][number]): string[] {
  const head = `  ${r.at} ${r.id} ${r.tool}: ${r.outcome}${r.would ? ` (would ${r.would})` : ''} ${r.reasonCode}${r.rule ? ` (rule ${r.rule})` : ''}`;
  const lines = [head];
  if (r.explanation) lines.push(`      ${r.explanation}`);
  if (r.authorise) lines.push('      To authorise:', ...authoriseLines(r.authorise, '        '));
  lines.push(`      Host effect: ${HOST_EFFECT_WORDS[r.hostEffect]}`);
  return lines;
}

export function renderStatus(v: CliStatus): string {
  const lines = ['remit status'];
  if (!v.session && !v.recovery) lines.push('No session recorded here yet: the defaults apply.');
  if (v.session) lines.push(sessionLine(v.session));
  lines.push(`State: ${v.controlState}${v.contract ? ` / ${v.contract.mode}` : ''}${v.recovery ? ' (recovery)' : ''}`);
  lines.push(v.contractLine);
  if (v.session || v.recovery) lines.push(`Contract: ${v.contractChange.text}`);
  if (v.paused) lines.push(`Paused: ${v.paused.reason} (rule ${v.paused.rule}).`);
  lines.push(agentsLine(v) + (v.agents.reservations?.length ? ` [${v.agents.reservations.map((r) => `${r.id}:${r.units}`).join(' ')}]` : ''));
  if (v.damage) lines.push(`Damaged state: ${v.damage}. Run \`remit state repair\` in a terminal, or start a new session.`);
  if (v.auditUnreadable) lines.push(auditUnreadableLine(v));
  if (v.keyUnavailable)
    lines.push(
      `Key: remit's secret cannot be read (${v.keyUnavailable}): records are written unkeyed and states unsealed, which \`remit audit verify\` reports. The next hook replaces a file that holds no key; a folder must be removed by hand. A new key makes each state sealed under the old one damage until \`remit state repair\`.`,
    );
  if (v.unresolved.length)
    lines.push(`Unresolved delegation: ${v.unresolved.join(', ')} (needs proven completion, \`remit ledger release\` from a terminal, or a new session)`);
  if (v.approvals) lines.push(`One-time approvals waiting: ${v.approvals}`);
  if (v.counters)
    lines.push(
      `Checked ${v.counters.checked}: allowed ${v.counters.allowed}, reported ${v.counters.reported}, asked ${v.counters.asked}, denied ${v.counters.denied}`,
    );
  for (const p of v.config.problems) lines.push(`Configuration: ${p}`);
  if (v.recent.length) lines.push('Recent decisions (oldest first; `remit explain <id>` says more):', ...v.recent.flatMap(recentLines));
  return lines.join('\n');
}

export function emptyRuntime(scope: CliRuntime['scope']): CliRuntime {
  return {
    scope,
    sessions: 0,
    damagedSessions: 0,
    checked: 0,
    allowed: 0,
    reported: 0,
    asked: 0,
    denied: 0,
    wouldAsk: 0,
    wouldDeny: 0,
    guardErrors: 0,
    reasons: {},
    denials: {},
    asks: {},
    labels: { correct: 0, incorrect: 0, inconclusive: 0 },
    hostEffect: 'unobserved',
  };
}

function addCounts(into: Record<string, number | undefined>, from: Record<string, number | undefined>): void {
  for (const [k, v] of Object.entries(from)) if (v) into[k] = (into[k] ?? 0) + v;
}

/** From the sessions' counters only: one small JSON file per session, never the audit lines. */
export function runtimeView(home: string, keys: string[] | 'all'): CliRuntime {
  const all = keys === 'all';
  const v = emptyRuntime(all ? 'all' : 'session');
  const sealKey = installAuditKey(home);
  for (const key of all ? listSessionKeys(home) : keys) {
    const loaded = readSession(home, key, { sealKey });
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
    addCounts(v.asks, c.asks);
    if (c.unsplit) addCounts((v.unsplit ??= {}), c.unsplit);
    for (const label of Object.values(loaded.state.labels)) if (label) v.labels[label]++;
  }
  return v;
}

export function renderRuntime(v: CliRuntime): string {
  // Counts of remit's answers only: what the host then did with each call is per decision, in status and explain.
  const lines = [`remit runtime (${v.scope === 'all' ? `all sessions: ${v.sessions}` : 'this session'}; remit's answers, not what the host then did)`];
  lines.push(`Checked actions: ${v.checked}`);
  lines.push(`Allowed: ${v.allowed}  Reported: ${v.reported} (would ask ${v.wouldAsk}, would deny ${v.wouldDeny})  Asked: ${v.asked}  Denied: ${v.denied}`);
  if (v.guardErrors) lines.push(`Guard errors: ${v.guardErrors}`);
  const byReason = (label: string, counts: Record<string, number | undefined> | undefined) => {
    const reasons = Object.entries(counts ?? {}).sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0));
    if (reasons.length) lines.push(`${label}: ${reasons.map(([k, n]) => `${k}=${n}`).join(', ')}`);
  };
  byReason('Refusals by reason', v.denials);
  byReason('Asks by reason', v.asks);
  // A session from before remit counted them apart, that had both.
  byReason('Asks and refusals by reason (counted together by an older remit)', v.unsplit);
  lines.push(`Labels: correct=${v.labels.correct}; incorrect=${v.labels.incorrect}; inconclusive=${v.labels.inconclusive}`);
  if (v.damagedSessions) lines.push(`Sessions with damaged state (not counted): ${v.damagedSessions}`);
  return lines.join('\n');
}
