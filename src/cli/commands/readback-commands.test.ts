import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CliIO } from '../io.js';
import { createRuntime } from '../../core/host/create-runtime.js';
import { events, delegateAction, type EventBase } from '../../../test/support/events.js';
import { canonicalPath } from '../../core/paths/canonical.js';
import { auditFile, sessionFile, sessionKey } from '../../core/state/home.js';
import { validateCase } from '../../generated/validate-case.js';
import { validateCliAuditVerify } from '../../generated/validate-cli-audit-verify.js';
import { validateCliCheck } from '../../generated/validate-cli-check.js';
import { validateCliExplain } from '../../generated/validate-cli-explain.js';
import { validateCliRuntime } from '../../generated/validate-cli-runtime.js';
import { validateCliStatus } from '../../generated/validate-cli-status.js';
import * as status from './status.js';
import * as runtime from './runtime.js';
import * as explain from './explain.js';
import * as label from './label.js';
import * as audit from './audit.js';
import * as ledger from './ledger.js';
import * as state from './state.js';
import * as prune from './prune.js';
import * as kase from './case.js';
import * as check from './check.js';
import { makeRepository } from '../../../test/support/repository.js';

let root: string;
let home: string;
let project: string;
let base: EventBase;
let key: string;
let deniedId: string;

function io(cwd = project): CliIO & { out: string; err: string } {
  const r = {
    out: '',
    err: '',
    stdout: (s: string) => void (r.out += s),
    stderr: (s: string) => void (r.err += s),
    env: { REMIT_HOME: home, XDG_CONFIG_HOME: path.join(root, 'cfg'), HOME: root },
    cwd,
  };
  return r;
}

beforeEach(async () => {
  root = canonicalPath(mkdtempSync(path.join(tmpdir(), 'remit-cli-')), '/');
  home = path.join(root, 'state');
  project = path.join(root, 'project');
  makeRepository(project);
  base = { sessionId: 's-1', cwd: project, host: { name: 'claude', version: '2.1.0' } };
  key = sessionKey('claude', 's-1');
  const rt = createRuntime({ home, env: { REMIT_AUDIT: 'detail', XDG_CONFIG_HOME: path.join(root, 'cfg') } });
  await rt.handle(events.sessionStart(base));
  await rt.handle(events.prompt(base, '$remit review agents=2'));
  const w = await rt.classify({ type: 'write', path: 'src/x.ts', content: 'y' }, { id: 'c1', tool: 'Write', cwd: project });
  const r = await rt.handle(events.before(base, w));
  if (r.kind !== 'decision' || !r.eventId) throw new Error('no decision');
  deniedId = r.eventId;
  await rt.handle(events.before(base, delegateAction('t1')));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('status and runtime', () => {
  it('status selects the latest session of this project and prints text or its schema shape', async () => {
    const t = io();
    expect(await status.run([], t)).toBe(0);
    expect(t.out).toContain('mode=review');
    expect(t.out).toContain('agents=1/2 reserved');
    const j = io(path.join(project, 'sub'));
    mkdirSync(path.join(project, 'sub'));
    expect(await status.run(['--json'], j)).toBe(0);
    const v = JSON.parse(j.out);
    expect(validateCliStatus(v)).toBe(true);
    expect(v.session.key).toBe(key);
    expect(v.agents).toMatchObject({ reserved: 1, cap: 2 });
  });

  it('status answers the same as the in-chat form', async () => {
    const rt = createRuntime({ home, env: { XDG_CONFIG_HOME: path.join(root, 'cfg') } });
    const chat = await rt.handle(events.prompt(base, '$remit status'));
    const t = io();
    await status.run([], t);
    if (chat.kind !== 'prompt-block') throw new Error(chat.kind);
    expect(t.out.trim()).toBe(chat.text.trim());
  });

  it('status elsewhere shows the defaults; --host and --session select explicitly', async () => {
    const elsewhere = path.join(root, 'elsewhere');
    mkdirSync(elsewhere);
    const t = io(elsewhere);
    expect(await status.run(['--json'], t)).toBe(0);
    expect(JSON.parse(t.out).session).toBeNull();
    const text = io(elsewhere);
    expect(await status.run([], text)).toBe(0);
    expect(text.out).toContain('agents=0 reserved, no limit (the contract sets no agents=N)');
    const s = io(elsewhere);
    expect(await status.run(['--host', 'claude', '--session', 's-1', '--json'], s)).toBe(0);
    expect(JSON.parse(s.out).session.key).toBe(key);
  });

  it('runtime counts from the counters, for the session or all', async () => {
    const t = io();
    expect(await runtime.run(['--json'], t)).toBe(0);
    const v = JSON.parse(t.out);
    expect(validateCliRuntime(v)).toBe(true);
    expect(v).toMatchObject({ scope: 'session', checked: 2, denied: 1, allowed: 1, denials: { MODE_FORBIDS_MUTATION: 1 } });
    const all = io(root);
    expect(await runtime.run(['--all'], all)).toBe(0);
    expect(all.out).toContain('Checked actions: 2');
    // Refusals and asks are counted apart; this session refused one write and asked nothing.
    expect(all.out).toContain('Refusals by reason: MODE_FORBIDS_MUTATION=1');
    expect(all.out).not.toContain('Asks by reason');
  });

  it('bad usage: one line on stderr, exit 1, nothing written', async () => {
    const before = readdirSync(home, { recursive: true }).length;
    for (const [mod, argv] of [
      [status, ['--bogus']],
      [runtime, ['extra']],
      [explain, []],
      [explain, ['evt_nope']],
      [label, [deniedId, 'maybe']],
      [audit, ['check']],
      [ledger, ['release']],
      [ledger, ['release', 'r1', '--all']],
      [state, ['fix']],
      [prune, ['--older-than', 'soon']],
      [kase, ['from']],
      [check, ['--host', 'core']],
      [check, ['--host', 'core', '--input', '{']],
      [status, ['--session', 'x']],
    ] as const) {
      const t = io();
      expect(await mod.run([...argv], t), `${argv.join(' ')}`).toBe(1);
      expect(t.err.trim().split('\n')).toHaveLength(1);
      expect(t.out).toBe('');
    }
    expect(readdirSync(home, { recursive: true }).length).toBe(before);
  });
});

describe('explain, label, case from', () => {
  it('explains an event with its replayed explanation and label', async () => {
    const l = io();
    expect(await label.run([deniedId, 'correct', '--json'], l)).toBe(0);
    const t = io();
    expect(await explain.run([deniedId, '--json'], t)).toBe(0);
    const v = JSON.parse(t.out);
    expect(validateCliExplain(v)).toBe(true);
    expect(v).toMatchObject({ eventId: deniedId, label: 'correct', hostEffect: 'unobserved', record: { decision: { reasonCode: 'MODE_FORBIDS_MUTATION' } } });
    expect(v.explanation).toContain('review');
    const missing = io();
    expect(await explain.run(['evt_000000000000aaaaaaaaaaaaaaaa'], missing)).toBe(1);
  });

  it('explains a decision made on the ledger or a protected path with the verdict and reason the hook recorded', async () => {
    // The audit in its default, metadata-only form: explain has only what the record kept.
    const settingsFile = path.join(root, '.claude', 'settings.json');
    const rt = createRuntime({ home, env: { XDG_CONFIG_HOME: path.join(root, 'cfg') }, protectedPaths: { hostConfig: [settingsFile] } });
    await rt.handle(events.prompt(base, '$remit change agents=1'));
    const made: { id: string; outcome: string; reasonCode: string; explanation: string }[] = [];
    for (const action of [
      delegateAction('t2'),
      await rt.classify({ type: 'write', path: settingsFile, content: '{}' }, { id: 'c2', tool: 'Write', cwd: project }),
    ]) {
      const r = await rt.handle(events.before(base, action));
      if (r.kind !== 'decision' || !r.eventId) throw new Error('no decision');
      made.push({ id: r.eventId, ...r.decision });
    }
    // One subagent (t1) is still reserved from before: the budget refusal depended on the ledger.
    expect(made.map((m) => m.reasonCode)).toEqual(['AGENT_BUDGET_EXHAUSTED', 'GUARD_SELF_PROTECTION']);
    for (const [m, rule] of [
      [made[0]!, 'agent-budget'],
      [made[1]!, 'self-protection'],
    ] as const) {
      const t = io();
      expect(await explain.run([m.id, '--json'], t)).toBe(0);
      const v = JSON.parse(t.out);
      expect(v, m.reasonCode).toMatchObject({ rule, replay: 'same', record: { decision: { outcome: m.outcome, reasonCode: m.reasonCode } } });
      expect(v.replayed, m.reasonCode).toMatchObject({ outcome: m.outcome, reasonCode: m.reasonCode });
    }
    const budget = io();
    await explain.run([made[0]!.id], budget);
    expect(budget.out).toContain(`Why: ${made[0]!.explanation}`);
    expect(made[0]!.explanation).toContain('1 reserved, this call needs 1');
  });

  it('turns a detail-mode event into a valid case file, never overwriting', async () => {
    const t = io();
    expect(await kase.run(['from', deniedId], t)).toBe(0);
    const c = JSON.parse(t.out);
    expect(validateCase(c)).toBe(true);
    expect(c.bad.steps[0].prompt).toMatch(/^\$remit review agents=2/);
    expect(c.bad.steps[1].expect).toMatchObject({ outcome: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION' });
    const file = path.join(root, 'case.json');
    expect(await kase.run(['from', deniedId, '--out', file], io())).toBe(0);
    expect(validateCase(JSON.parse(readFileSync(file, 'utf8')))).toBe(true);
    const again = io();
    expect(await kase.run(['from', deniedId, '--out', file], again)).toBe(1);
  });
});

describe('audit verify, ledger release, state repair, prune', () => {
  it('audit verify: 0 intact, 6 with the first broken link', async () => {
    const t = io();
    expect(await audit.run(['verify', '--json'], t)).toBe(0);
    expect(validateCliAuditVerify(JSON.parse(t.out))).toBe(true);
    const n = JSON.parse(t.out).files[0].records as number;
    const text = io();
    expect(await audit.run(['verify'], text)).toBe(0);
    expect(text.out).toContain(`intact (${n} record${n === 1 ? '' : 's'})`);
    const lines = readFileSync(auditFile(home, key), 'utf8').split('\n');
    const edited = JSON.parse(lines[1]!);
    edited.at = '2020-01-01T00:00:00.000Z';
    lines[1] = JSON.stringify(edited);
    writeFileSync(auditFile(home, key), lines.join('\n'));
    const b = io();
    expect(await audit.run(['verify', '--all'], b)).toBe(6);
    expect(b.out).toContain('BROKEN at line 3');
  });

  it('ledger release frees capacity and is audited', async () => {
    const t = io();
    expect(await ledger.run(['release', 'r1', '--json'], t)).toBe(0);
    expect(JSON.parse(t.out)).toMatchObject({ released: ['r1'], reserved: 0, cap: 2 });
    expect(readFileSync(auditFile(home, key), 'utf8')).toContain('"kind":"ledger_release"');
    const again = io();
    expect(await ledger.run(['release', '--all'], again)).toBe(1);
    expect(again.err).toContain('nothing is reserved');
  });

  it('state repair: sound state untouched, damaged state rebuilt', async () => {
    const sound = io();
    expect(await state.run(['repair', '--json'], sound)).toBe(0);
    expect(JSON.parse(sound.out).repaired).toBe(false);
    writeFileSync(sessionFile(home, key), '{"schemaVersion":2,');
    // Without the pointer's state, selection still works by --host/--session.
    const t = io(root);
    expect(await state.run(['repair', '--host', 'claude', '--session', 's-1', '--json'], t)).toBe(0);
    const v = JSON.parse(t.out);
    expect(v).toMatchObject({ repaired: true, contractSource: 'recovery', unresolved: ['state_unavailable'] });
    expect(existsSync(v.backup)).toBe(true);
  });

  it('prune removes only sessions older than the cutoff', async () => {
    const keep = io();
    expect(await prune.run(['--older-than', '1d', '--json'], keep)).toBe(0);
    expect(JSON.parse(keep.out)).toMatchObject({ auditFiles: 0, sessionFiles: 0 });
    const old = new Date(Date.now() - 40 * 86400_000);
    utimesSync(auditFile(home, key), old, old);
    utimesSync(sessionFile(home, key), old, old);
    const t = io();
    expect(await prune.run(['--json'], t)).toBe(0);
    expect(JSON.parse(t.out)).toMatchObject({ olderThanDays: 30, auditFiles: 1, sessionFiles: 1 });
    expect(existsSync(auditFile(home, key))).toBe(false);
  });
});

describe('check', () => {
  it('one dry decision in a throwaway session: exit codes 0 / 4 / 5, nothing recorded', async () => {
    const before = readFileSync(auditFile(home, key), 'utf8');
    const write = JSON.stringify({ type: 'write', path: 'src/a.ts', content: 'x' });
    const deny = io();
    expect(await check.run(['--host', 'core', '--prompt', '$remit review', '--input', write, '--json'], deny)).toBe(5);
    const v = JSON.parse(deny.out);
    expect(validateCliCheck(v)).toBe(true);
    expect(v).toMatchObject({ decision: { outcome: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION' }, prompt: { result: 'context' } });
    expect(await check.run(['--host', 'core', '--prompt', '$remit change', '--input', write], io())).toBe(0);
    expect(await check.run(['--host', 'core', '--prompt', '$remit review watch', '--input', write], io())).toBe(4);
    // No prompt: the selected session's contract (review) is used.
    expect(await check.run(['--host', 'core', '--input', write], io())).toBe(5);
    expect(readFileSync(auditFile(home, key), 'utf8')).toBe(before);
  });

  it("remit's own state is protected in the dry run too", async () => {
    const t = io();
    const req = JSON.stringify({ type: 'write', path: path.join(home, 'sessions', `${key}.json`), content: '{}' });
    expect(await check.run(['--host', 'core', '--prompt', '$remit change hostconfig=allow', '--input', req, '--json'], t)).toBe(5);
    expect(JSON.parse(t.out).decision.reasonCode).toBe('GUARD_SELF_PROTECTION');
  });
});
