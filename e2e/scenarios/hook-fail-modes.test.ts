// What each command-hook host does with a tool call when remit's hook dies (docs/DESIGN.md
// §Fail modes): remit installed by its installer, then its pre-tool handler in the host's own
// settings made to crash (the bundle cut in half: node exits 1, remit never answers) or to hang
// past a shortened timeout, under `$remit change` (which would allow the write). Each host's
// observed fail mode is asserted, so the table in DESIGN.md stays what the real hosts do; none
// of these hosts offers a setting that changes it (Claude Code's onFailure is proven in
// claude-fail-closed-node22.test.ts and claude-plugin-fail-closed.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codexBypass } from '../harness/hosts/codex.js';
import { copilot } from '../harness/hosts/copilot.js';
import type { HostDriver } from '../harness/hosts/driver.js';
import { gemini22 } from '../harness/hosts/gemini.js';
import { qwen22 } from '../harness/hosts/qwen.js';
import { openSession, type HostSession } from '../harness/session.js';
import { fileState, resultOfCall } from './evidence.js';

type Json = Record<string, unknown>;

interface Lane {
  driver: HostDriver;
  /** The event remit's pre-tool hook is registered under (its last command word). */
  event: string;
  /** The handler's timeout key and the short value (Gemini CLI counts milliseconds). */
  timeout: [key: string, value: number];
  crash: 'runs' | 'refused';
  hang: 'runs' | 'refused';
}

const LANES: Lane[] = [
  { driver: codexBypass, event: 'PreToolUse', timeout: ['timeout', 3], crash: 'runs', hang: 'runs' },
  { driver: copilot, event: 'preToolUse', timeout: ['timeoutSec', 3], crash: 'refused', hang: 'runs' },
  { driver: qwen22, event: 'PreToolUse', timeout: ['timeout', 3], crash: 'runs', hang: 'runs' },
  { driver: gemini22, event: 'BeforeTool', timeout: ['timeout', 3000], crash: 'runs', hang: 'runs' },
];

/** Every JSON file under `dir` that holds a handler running remit's pre-tool hook. */
function settingsFiles(dir: string, needle: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory() && !['node_modules', 'remit', 'session-state', 'pkg'].includes(e.name)) settingsFiles(p, needle, out);
    else if (e.isFile() && e.name.endsWith('.json') && fs.statSync(p).size < 1_000_000 && fs.readFileSync(p, 'utf8').includes(needle)) out.push(p);
  }
  return out;
}

/** Every object in `v` whose command (`command` or Copilot's `bash`) runs `needle`. */
function handlers(v: unknown, needle: string, out: Json[] = []): Json[] {
  if (Array.isArray(v)) for (const x of v) handlers(x, needle, out);
  else if (v && typeof v === 'object') {
    const o = v as Json;
    for (const k of ['command', 'bash']) if (typeof o[k] === 'string' && (o[k] as string).includes(needle)) out.push(o);
    for (const x of Object.values(o)) handlers(x, needle, out);
  }
  return out;
}

async function broken(lane: Lane, label: string, breakIt: (h: Json, key: 'command' | 'bash', sb: HostSession['sb']) => void): Promise<HostSession> {
  const session = await openSession(lane.driver, { label, mode: 'remit', files: { 'a.txt': 'original\n' } });
  expect(session.install.via, session.install.installer?.stderr).toBe('installer');
  const needle = `hook ${lane.driver.host} ${lane.event}`;
  const files = settingsFiles(session.sb.root, needle);
  let changed = 0;
  for (const file of files) {
    const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    for (const h of handlers(doc, needle)) {
      breakIt(h, typeof h.command === 'string' && h.command.includes(needle) ? 'command' : 'bash', session.sb);
      changed++;
    }
    fs.writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  }
  expect(changed, `no handler running "${needle}" in ${files.join(', ') || 'any JSON file of the sandbox'}`).toBeGreaterThan(0);
  return session;
}

/** A copy of the installed bundle cut in half, run in place of it. */
function crash(h: Json, key: 'command' | 'bash', sb: HostSession['sb']) {
  const command = h[key] as string;
  const bundle = /(\/\S+\/remit\.cjs)\b/.exec(command)![1]!;
  const half = path.join(sb.root, 'broken-remit.cjs');
  const text = fs.readFileSync(bundle, 'utf8');
  fs.writeFileSync(half, text.slice(0, Math.floor(text.length / 2)));
  h[key] = command.replace(bundle, half);
}

describe.each(LANES)('$driver.host: remit hook dead', (lane) => {
  const skip = lane.driver.unavailable();
  for (const [how, expected] of [
    ['crashes', lane.crash],
    ['hangs past its timeout', lane.hang],
  ] as const) {
    it.skipIf(skip !== undefined)(`a pre-tool hook that ${how}: the write ${expected === 'runs' ? 'runs (fail open)' : 'is refused'}`, async () => {
      const session = await broken(lane, `fail-${how.split(' ')[0]}`, (h, key, sb) => {
        if (how === 'crashes') return crash(h, key, sb);
        h[key] = `sleep 30; ${h[key] as string}`;
        h[lane.timeout[0]] = lane.timeout[1];
      });
      try {
        const call = session.tools.write({ rel: 'b.txt', abs: path.join(session.sb.project, 'b.txt') }, 'written\n');
        const run = await session.run('$remit change -- create b.txt', { main: [{ calls: [call] }, { text: 'Finished.' }] });
        const seen = `${fileState(run, 'b.txt')}; model got ${JSON.stringify(resultOfCall(run, call.name)?.slice(0, 200))}; exit ${run.exit}`;
        if (expected === 'runs') expect(run.files['b.txt'], seen).toBe('written\n');
        else expect(run.files['b.txt'], seen).toBeUndefined();
      } finally {
        await session.close();
      }
    });
  }
});
