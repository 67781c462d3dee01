// The run-time watch on host configuration through the controller: which calls are watched,
// what a watched call's end finds and says, and the faults (no place to keep the baseline, a
// baseline removed by the call it watched).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RuntimeEvent, SessionState } from '../../generated/types.js';
import { createController, type Controller } from './controller.js';
import { events, makeAction, type EventBase } from '../../../test/support/events.js';
import { auditFile, sessionKey } from '../state/home.js';
import { readSession } from '../state/store.js';
import { canonicalPath } from '../paths/canonical.js';
import { makeRepository } from '../../../test/support/repository.js';
import { statusView } from './readback.js';
import { verifyAuditFile } from '../audit/verify.js';

let home: string;
let project: string;
let base: EventBase;
let key: string;

function controller(watchHostConfig = true): Controller {
  return createController({
    home,
    env: {},
    now: () => new Date(),
    protectedPaths: {
      remit: [`${home}/**`],
      hostConfig: ['/**/.claude/settings.json', '/**/.claude/settings.local.json', '/**/.claude/hooks/**'],
      hostWritten: ['/**/.claude/settings.local.json'],
    },
    userConfig: { status: 'absent', config: null, path: '/nonexistent' },
    repoConfig: () => ({ status: 'absent', config: null, path: '/nonexistent' }),
    watchHostConfig,
  });
}

beforeEach(() => {
  const root = mkdtempSync(path.join(tmpdir(), 'remit-cw-'));
  home = path.join(root, 'home');
  project = canonicalPath(path.join(root, 'project'), '/');
  makeRepository(project);
  mkdirSync(path.join(project, '.claude'));
  writeFileSync(settings(), '{"a":1}\n');
  base = { sessionId: 'session-1', cwd: project };
  key = sessionKey('test', 'session-1');
});
afterEach(() => rmSync(path.dirname(home), { recursive: true, force: true }));

const settings = () => path.join(project, '.claude', 'settings.json');
const unknown = (id: string) => makeAction({ id, tool: 'Bash', mutability: 'unknown', analysis: 'interpreter_inline_code' });
const records = (): RuntimeEvent[] =>
  readFileSync(auditFile(home, key), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as RuntimeEvent);
const lastDecision = () =>
  records()
    .filter((r) => r.kind === 'action')
    .at(-1)!;
const state = (): SessionState => {
  const l = readSession(home, key);
  if (l.kind !== 'ok') throw new Error(l.kind);
  return l.state;
};

async function run(c: Controller, id: string, change?: () => void) {
  const d = await c.handle(events.before(base, unknown(id)));
  change?.();
  const after = await c.handle(events.after(base, id, 'joined'));
  return { d, after };
}

describe('the watch on host configuration', () => {
  it('puts back what an allowed unproven call changed, tells the model and the person, and records it about the decision', async () => {
    const c = controller();
    await c.handle(events.prompt(base, '$remit change -- tidy'));
    const { d, after } = await run(c, 'a1', () => writeFileSync(settings(), '{"hooks":"evil"}'));
    expect(d).toMatchObject({ kind: 'decision', decision: { outcome: 'allow' } });
    expect(lastDecision().watch).toBe('started');
    expect(readFileSync(settings(), 'utf8')).toBe('{"a":1}\n');
    expect(after.kind).toBe('context');
    if (after.kind !== 'context') return;
    expect(after.text).toContain('`.claude/settings.json`');
    expect(after.text).toContain('put back');
    expect(after.userLine).toContain('put back 1 path');
    const effect = records().find((r) => r.kind === 'effect')!;
    expect(effect).toMatchObject({ hostEffect: 'changed_host_config', about: lastDecision().id, hostConfig: { changed: 1, restored: 1, failed: 0 } });
    // Counts only: no path in the audit.
    expect(JSON.stringify(effect)).not.toContain('settings');
    expect(readFileSync(path.join(home, 'watch', 'kept', effect.id, '0'), 'utf8')).toBe('{"hooks":"evil"}');
    expect(state().hostConfigWatch?.digest).toBeUndefined();
    expect(existsSync(path.join(home, 'watch', `${key}.json`))).toBe(false);
    const recent = statusView(home, key, { user: 'ok', repo: 'absent', problems: [] }).recent;
    expect(recent?.at(-1)?.hostEffect).toBe('changed_host_config');
    expect(verifyAuditFile(auditFile(home, key), key).intact).toBe(true);
  });

  it('a watched call that changed nothing ends quietly and closes the watch', async () => {
    const c = controller();
    await c.handle(events.prompt(base, '$remit change -- tidy'));
    const { after } = await run(c, 'a1', () => writeFileSync(path.join(project, 'src.txt'), 'fine'));
    expect(after).toEqual({ kind: 'none' });
    expect(state().hostConfigWatch?.digest).toBeUndefined();
    expect(records().some((r) => r.kind === 'effect')).toBe(false);
  });

  it('leaves alone what the host writes itself (a permission granted at its own prompt)', async () => {
    const c = controller();
    await c.handle(events.prompt(base, '$remit change -- tidy'));
    const local = path.join(project, '.claude', 'settings.local.json');
    const { after } = await run(c, 'a1', () => writeFileSync(local, '{"permissions":{"allow":["Bash(make)"]}}'));
    expect(after).toEqual({ kind: 'none' });
    expect(readFileSync(local, 'utf8')).toContain('Bash(make)');
  });

  it('watches only an unproven call an ARMED session lets run, and not with hostconfig=allow or outside the hook', async () => {
    const c = controller();
    await c.handle(events.prompt(base, '$remit change -- tidy'));
    await c.handle(events.before(base, makeAction({ id: 'r1', tool: 'Read', mutability: 'read', effects: [{ kind: 'read', path: settings() }] })));
    expect(lastDecision().watch).toBeUndefined();
    await c.handle(
      events.before(base, makeAction({ id: 'w1', tool: 'Write', mutability: 'write', effects: [{ kind: 'write', path: path.join(project, 'a.ts') }] })),
    );
    expect(lastDecision().watch).toBeUndefined();
    await c.handle(events.prompt(base, '$remit review -- look'));
    // review asks about an unproven call: the person may let it run, so it is watched.
    expect(await c.handle(events.before(base, unknown('u1')))).toMatchObject({ decision: { outcome: 'ask' } });
    expect(lastDecision().watch).toBe('started');
    await c.handle(events.turnEnd(base));
    // A refused call never runs: not watched.
    await c.handle(events.prompt(base, '$remit change -- tidy'));
    const named = makeAction({ id: 'u4', tool: 'Bash', mutability: 'unknown', mentionedPaths: [settings()] });
    expect(await c.handle(events.before(base, named))).toMatchObject({ decision: { outcome: 'deny' } });
    expect(lastDecision().watch).toBeUndefined();
    await c.handle(events.prompt(base, '$remit change hostconfig=allow -- set up hooks'));
    await c.handle(events.before(base, unknown('u2')));
    expect(lastDecision().watch).toBeUndefined();
    const off = controller(false);
    await off.handle(events.prompt(base, '$remit change -- tidy'));
    await off.handle(events.before(base, unknown('u3')));
    expect(lastDecision().watch).toBeUndefined();
  });

  it('overlapping calls share one baseline; the turn end closes every watched call', async () => {
    const c = controller();
    await c.handle(events.prompt(base, '$remit change -- tidy'));
    await c.handle(events.before(base, unknown('a1')));
    expect(lastDecision().watch).toBe('started');
    writeFileSync(settings(), 'evil');
    await c.handle(events.before(base, unknown('a2')));
    expect(lastDecision().watch).toBe('joined');
    // The second call's start already put it back, charged to the first.
    expect(readFileSync(settings(), 'utf8')).toBe('{"a":1}\n');
    const decided = records().filter((r) => r.kind === 'action');
    expect(records().find((r) => r.kind === 'effect')?.about).toBe(decided[0]!.id);
    writeFileSync(settings(), 'evil again');
    const end = await c.handle(events.turnEnd(base));
    expect(end.kind).toBe('context');
    expect(readFileSync(settings(), 'utf8')).toBe('{"a":1}\n');
    expect(state().hostConfigWatch?.digest).toBeUndefined();
  });

  it('no place to keep the baseline: the call runs as decided, recorded as unwatched', async () => {
    const c = controller();
    await c.handle(events.prompt(base, '$remit change -- tidy'));
    writeFileSync(path.join(home, 'watch'), 'not a folder');
    const d = await c.handle(events.before(base, unknown('a1')));
    expect(d).toMatchObject({ decision: { outcome: 'allow', reasonCode: 'WITHIN_CONTRACT' } });
    expect(lastDecision().watch).toBe('unavailable');
    expect(state().hostConfigWatch?.digest).toBeUndefined();
    expect(await c.handle(events.after(base, 'a1', 'joined'))).toEqual({ kind: 'none' });
  });

  it('a baseline removed while the call ran is reported, never read as "nothing changed"', async () => {
    const c = controller();
    await c.handle(events.prompt(base, '$remit change -- tidy'));
    const { after } = await run(c, 'a1', () => {
      writeFileSync(settings(), 'evil');
      rmSync(path.join(home, 'watch'), { recursive: true });
    });
    expect(after.kind).toBe('context');
    if (after.kind === 'context') expect(after.text).toContain('removed or rewritten');
    expect(records().find((r) => r.kind === 'effect')?.hostConfig).toEqual({ changed: 0, restored: 0, failed: 0, tampered: true });
  });
});
