// The built hook (dist/remit.cjs, `npm run build`) under hostile payloads in an ARMED review
// session: every PreToolUse that cannot be read is denied and audited, never allowed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const bundle = path.resolve('dist/remit.cjs');
let dir: string;
let home: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'remit-hookfault-'));
  home = path.join(dir, 'home');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function hook(args: string[], input: string | Buffer) {
  const r = spawnSync(process.execPath, [bundle, 'hook', ...args], { input, cwd: dir, env: { ...process.env, REMIT_HOME: home, HOME: dir }, maxBuffer: 1 << 27 });
  return { status: r.status, out: r.stdout.toString() };
}

const session = 'fault-session';
const common = () => ({ session_id: session, cwd: dir });
const denied = (out: string) => /"permissionDecision":"deny"|"decision":"block"/.test(out);

describe.skipIf(!existsSync(bundle))('built hook under hostile payloads', () => {
  it('arms a review session, then denies every unreadable or oversized write', () => {
    hook(['claude'], JSON.stringify({ ...common(), hook_event_name: 'UserPromptSubmit', prompt: '$remit review -- look only' }));
    const hostile = hook(['claude'], JSON.stringify({ ...common(), hook_event_name: 'PreToolUse', tool_name: { toString: 'x' }, tool_input: { file_path: 'a.ts', content: 'x' } }));
    expect(hostile.status).toBe(0);
    expect(denied(hostile.out)).toBe(true);
    let deep = '1';
    for (let i = 0; i < 100_000; i++) deep = `{"a":${deep}}`;
    const nested = hook(['claude'], `{"session_id":"${session}","cwd":${JSON.stringify(dir)},"hook_event_name":"PreToolUse","tool_name":"Write","tool_input":${deep}}`);
    expect(denied(nested.out)).toBe(true);
    const big = Buffer.concat([Buffer.from(`{"session_id":"${session}","hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"a.ts","content":"`), Buffer.alloc(65 * 1024 * 1024, 'a'), Buffer.from('"}}')]);
    const over = hook(['claude'], big);
    expect(denied(over.out)).toBe(true);
    const audit = readdirSync(path.join(home, 'audit')).filter((n) => n.endsWith('.jsonl'));
    const text = audit.map((n) => readFileSync(path.join(home, 'audit', n), 'utf8')).join('');
    expect(text).toContain('PAYLOAD_TRUNCATED');
    expect(text).toContain('GUARD_ERROR');
    const verify = spawnSync(process.execPath, [bundle, 'audit', 'verify', '--all'], { env: { ...process.env, REMIT_HOME: home, HOME: dir } });
    expect(verify.status).toBe(0);
  }, 60_000);

  it('hermes without an event argument reads hook_event_name and blocks a write in review', () => {
    const h = { session_id: 'hermes-fault', cwd: dir };
    hook(['hermes'], JSON.stringify({ ...h, hook_event_name: 'pre_llm_call', extra: { user_message: '$remit review -- look only' } }));
    const r = hook(['hermes'], JSON.stringify({ ...h, hook_event_name: 'pre_tool_call', tool_name: 'write_file', tool_input: { path: 'a.ts', content: 'x' } }));
    expect(r.out).toContain('"action":"block"');
  }, 30_000);
});
