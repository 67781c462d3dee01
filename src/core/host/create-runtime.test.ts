import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRuntime } from './create-runtime.js';
import { events, type EventBase } from '../../../test/support/events.js';
import { canonicalPath } from '../paths/canonical.js';
import type { ControlEvent } from '../../generated/types.js';
import { makeRepository } from '../../../test/support/repository.js';

let root: string;
let home: string;
let project: string;
let base: EventBase;

beforeEach(() => {
  root = canonicalPath(mkdtempSync(path.join(tmpdir(), 'remit-rt-')), '/');
  home = path.join(root, 'state');
  project = path.join(root, 'project');
  mkdirSync(path.join(project, 'src'), { recursive: true });
  makeRepository(project);
  writeFileSync(path.join(project, 'src', 'Widget-Q7.ts'), 'export const OLD_FILE_BODY_31337 = 1;\n');
  base = { sessionId: 'rt-session', cwd: project };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(p));
    else out.push(p);
  }
  return out;
}

describe('createRuntime', () => {
  it('creates the digest secret once, private, and keys digests with it', async () => {
    const env = { XDG_CONFIG_HOME: path.join(root, 'cfg'), XDG_DATA_HOME: path.join(root, 'data') };
    const a = createRuntime({ home, env });
    const secret = readFileSync(path.join(home, 'secret'), 'utf8');
    expect(statSync(path.join(home, 'secret')).mode & 0o777).toBe(0o600);
    const b = createRuntime({ home, env });
    expect(readFileSync(path.join(home, 'secret'), 'utf8')).toBe(secret);
    const req = { type: 'read' as const, paths: ['src/Widget-Q7.ts'] };
    const cls = { id: '1', tool: 'Read', cwd: project };
    expect((await a.classify(req, cls)).inputDigest).toBe((await b.classify(req, cls)).inputDigest);
  });

  it('protects REMIT_HOME, the installed bundles and the user configuration from the agent', async () => {
    const env = { XDG_CONFIG_HOME: path.join(root, 'cfg'), XDG_DATA_HOME: path.join(root, 'data') };
    const rt = createRuntime({ home, env, protectedPaths: { hostConfig: [path.join(root, 'hostcfg', 'hooks.json')] } });
    await rt.handle(events.prompt(base, '$remit change hostconfig=allow'));
    const verdict = async (p: string, id: string) => {
      const action = await rt.classify({ type: 'write', path: p, content: 'x' }, { id, tool: 'Write', cwd: project });
      const r = await rt.handle(events.before(base, action));
      return r.kind === 'decision' ? r.decision.reasonCode : r.kind;
    };
    expect(await verdict(path.join(home, 'sessions', 'x.json'), '1')).toBe('GUARD_SELF_PROTECTION');
    expect(await verdict(path.join(root, 'data', 'remit', '0.1.0', 'remit.cjs'), '2')).toBe('GUARD_SELF_PROTECTION');
    expect(await verdict(path.join(root, 'cfg', 'remit', 'config.json'), '3')).toBe('GUARD_SELF_PROTECTION');
    // A host's hook configuration follows hostconfig=, here allow.
    expect(await verdict(path.join(root, 'hostcfg', 'hooks.json'), '4')).toBe('WITHIN_CONTRACT');
  });

  it('keeps the audit and state metadata-only: no prompt, command, file text or effect paths anywhere in REMIT_HOME', async () => {
    const rt = createRuntime({ home, env: { XDG_CONFIG_HOME: path.join(root, 'cfg') } });
    const secrets = ['PROMPT_SECRET_sk_live_4242', 'CONTENT_SECRET_AKIA9999', 'CMD_SECRET_hunter2', 'Widget-Q7', 'OLD_FILE_BODY_31337', 'NEW_EDIT_TEXT_777'];
    const feed: ControlEvent[] = [];
    feed.push(events.sessionStart(base));
    feed.push(events.prompt(base, `$remit review -- please check ${secrets[0]} in the config`));
    feed.push(events.prompt(base, `and also ${secrets[0]} again`));
    const requests = [
      { type: 'write' as const, path: 'src/Widget-Q7.ts', content: `const key = "${secrets[1]}";` },
      { type: 'edit' as const, path: 'src/Widget-Q7.ts', edits: [{ old: 'OLD_FILE_BODY_31337', new: secrets[5]! }] },
      { type: 'shell' as const, command: `echo ${secrets[2]} > src/Widget-Q7.ts` },
      { type: 'read' as const, paths: ['src/Widget-Q7.ts'] },
    ];
    let n = 0;
    for (const req of requests) {
      const action = await rt.classify(req, { id: `call-${++n}`, tool: req.type === 'shell' ? 'Bash' : 'Edit', cwd: project });
      feed.push(events.before(base, action));
      feed.push(events.after(base, action.id, 'joined'));
    }
    const results = [];
    for (const ev of feed) results.push(await rt.handle(ev));
    const denied = results.find((r) => r.kind === 'decision' && r.decision.outcome === 'deny');
    expect(denied).toBeDefined();
    if (denied?.kind === 'decision') {
      await rt.handle(events.prompt(base, `$remit explain ${denied.eventId}`));
      await rt.handle(events.prompt(base, `$remit label ${denied.eventId} correct`));
    }
    const all = filesUnder(home);
    expect(all.some((f) => f.endsWith('.jsonl'))).toBe(true);
    for (const f of all) {
      const text = readFileSync(f, 'utf8');
      for (const s of secrets) expect(text.includes(s), `${s} found in ${path.relative(home, f)}`).toBe(false);
    }
  });

  it('REMIT_AUDIT=detail keeps the normalised event (without the decisive-fact text) for explain and case from', async () => {
    const rt = createRuntime({ home, env: { REMIT_AUDIT: 'detail', XDG_CONFIG_HOME: path.join(root, 'cfg') } });
    await rt.handle(events.prompt(base, '$remit review'));
    const action = await rt.classify({ type: 'write', path: 'src/Widget-Q7.ts', content: 'x' }, { id: 'c1', tool: 'Write', cwd: project });
    await rt.handle(events.before(base, action));
    const audit = filesUnder(path.join(home, 'audit'))[0]!;
    const last = JSON.parse(readFileSync(audit, 'utf8').trim().split('\n').at(-1)!);
    expect(last.detail.event.action.effects[0].path).toContain('Widget-Q7.ts');
    expect(last.detail.event.action.facts).toBeUndefined();
    expect(last.detail.contract.mode).toBe('review');
  });
});

describe('recordBadInput', () => {
  it("files bad hook input under the host's pseudo-session, metadata only, in a verifiable chain", async () => {
    const { sessionKey, auditFile } = await import('../state/home.js');
    const { verifyAuditFile, verifySession } = await import('../audit/verify.js');
    const { BAD_INPUT_SESSION } = await import('./create-runtime.js');
    const rt = createRuntime({ home, env: {} });
    await rt.recordBadInput({ host: 'claude', event: 'PreToolUse', problem: 'not_json', bytes: 12 });
    await rt.recordBadInput({ host: 'claude', problem: 'empty', bytes: 0 });
    const file = auditFile(home, sessionKey('claude', BAD_INPUT_SESSION));
    const recs = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(recs.map((r) => [r.kind, r.problem])).toEqual([
      ['bad_input', 'not_json'],
      ['bad_input', 'empty'],
    ]);
    const key = sessionKey('claude', BAD_INPUT_SESSION);
    expect(recs.every((r) => r.keyed === true)).toBe(true);
    expect(verifySession(home, key).intact).toBe(true);
    // Keyed links cannot be checked without the key: never reported intact.
    expect(verifyAuditFile(file, 'x').firstBroken?.problem).toBe('key_unavailable');
  });
});
