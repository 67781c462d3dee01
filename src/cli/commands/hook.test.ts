import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CliIO } from '../io.js';
import { UsageError } from '../io.js';
import { run } from './hook.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'remit-hook-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function hook(argv: string[], stdin: string): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { env: { HOME: dir, REMIT_HOME: path.join(dir, 'state'), XDG_CONFIG_HOME: path.join(dir, 'cfg'), XDG_DATA_HOME: path.join(dir, 'data') }, cwd: dir, stdout: (s) => out.push(s), stderr: (s) => err.push(s), stdin: async () => stdin };
  const code = await run(argv, io);
  return { code, out: out.join(''), err: err.join('') };
}

describe('remit hook', () => {
  it('answers a directive then refuses a write, exit 0, JSON only on stdout', async () => {
    const base = { session_id: 'sess-1', cwd: dir, transcript_path: null };
    const prompt = await hook(['claude'], JSON.stringify({ ...base, hook_event_name: 'UserPromptSubmit', prompt: '$remit review -- look' }));
    expect(prompt.code).toBe(0);
    expect(JSON.parse(prompt.out).systemMessage).toMatch(/review/);
    const write = await hook(['claude', 'PreToolUse'], JSON.stringify({ ...base, hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: path.join(dir, 'a'), content: 'x' }, tool_use_id: 't1' }));
    expect(write.code).toBe(0);
    expect(JSON.parse(write.out).hookSpecificOutput).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: 'deny' });
  });

  it('names the path each hook took, by kind only, for the bundle loader\'s code cache', async () => {
    const paths: unknown[] = [];
    const listen = (p: unknown) => paths.push(p);
    process.on('remit:code-path', listen);
    try {
      const base = { session_id: 'sess-2', cwd: dir, transcript_path: null };
      await hook(['claude'], JSON.stringify({ ...base, hook_event_name: 'UserPromptSubmit', prompt: '$remit change files=src/** -- paths' }));
      await hook(['claude'], JSON.stringify({ ...base, hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: path.join(dir, 'secret-name.md'), content: 'x' }, tool_use_id: 't1' }));
      await hook(['claude'], JSON.stringify({ ...base, hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { file_path: path.join(dir, 'src', 'a.ts') }, tool_use_id: 't2' }));
    } finally {
      process.off('remit:code-path', listen);
    }
    expect(paths).toEqual(['claude.prompt.submit.context', 'claude.action.before.write.deny', 'claude.action.before.read.allow']);
  });

  it('answers bad input with nothing on stdout and exit 0', async () => {
    for (const body of ['', 'plain text', '[1]', '{"session_id":']) {
      const r = await hook(['codex', 'PreToolUse'], body);
      expect(r).toMatchObject({ code: 0, out: '' });
      expect(r.err).toMatch(/^remit: ignored a codex hook payload/);
    }
  });

  it('is a usage error without a known host', async () => {
    await expect(hook([], '')).rejects.toThrow(UsageError);
    await expect(hook(['nosuchhost'], '')).rejects.toThrow(UsageError);
  });
});
