import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CliIO } from '../io.js';
import { UsageError } from '../io.js';
import { HOSTS } from '../../../adapters/hosts.js';
import type { HostModule } from '../../../adapters/host-module.js';
import { run } from './hook.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'remit-hook-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function hook(argv: string[], stdin: string, hosts: readonly HostModule[] = HOSTS): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = {
    env: { HOME: dir, REMIT_HOME: path.join(dir, 'state'), XDG_CONFIG_HOME: path.join(dir, 'cfg'), XDG_DATA_HOME: path.join(dir, 'data') },
    cwd: dir,
    stdout: (s) => out.push(s),
    stderr: (s) => err.push(s),
    stdin: async () => stdin,
  };
  const code = await run(argv, io, hosts);
  return { code, out: out.join(''), err: err.join('') };
}

describe('remit hook', () => {
  it('answers a directive then refuses a write, exit 0, JSON only on stdout', async () => {
    const base = { session_id: 'sess-1', cwd: dir, transcript_path: null };
    const prompt = await hook(['claude'], JSON.stringify({ ...base, hook_event_name: 'UserPromptSubmit', prompt: '$remit review -- look' }));
    expect(prompt.code).toBe(0);
    expect(JSON.parse(prompt.out).systemMessage).toMatch(/review/);
    const write = await hook(
      ['claude', 'PreToolUse'],
      JSON.stringify({
        ...base,
        hook_event_name: 'PreToolUse',
        tool_name: 'Write',
        tool_input: { file_path: path.join(dir, 'a'), content: 'x' },
        tool_use_id: 't1',
      }),
    );
    expect(write.code).toBe(0);
    expect(JSON.parse(write.out).hookSpecificOutput).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: 'deny' });
  });

  it("names the path each hook took, by kind only, for the bundle loader's code cache", async () => {
    const paths: unknown[] = [];
    const listen = (p: unknown) => paths.push(p);
    process.on('remit:code-path', listen);
    try {
      const base = { session_id: 'sess-2', cwd: dir, transcript_path: null };
      await hook(['claude'], JSON.stringify({ ...base, hook_event_name: 'UserPromptSubmit', prompt: '$remit change files=src/** -- paths' }));
      await hook(
        ['claude'],
        JSON.stringify({
          ...base,
          hook_event_name: 'PreToolUse',
          tool_name: 'Write',
          tool_input: { file_path: path.join(dir, 'secret-name.md'), content: 'x' },
          tool_use_id: 't1',
        }),
      );
      await hook(
        ['claude'],
        JSON.stringify({
          ...base,
          hook_event_name: 'PreToolUse',
          tool_name: 'Read',
          tool_input: { file_path: path.join(dir, 'src', 'a.ts') },
          tool_use_id: 't2',
        }),
      );
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

  it('refuses a tool call when remit itself fails before it can answer (no proof the session is unarmed)', async () => {
    // Each host's real hook, made to fail whenever it is handed remit's own runtime (one with a
    // home): what an exception outside the hook's own guards, or a runtime that cannot start, does.
    const failing = HOSTS.map((h) =>
      h.hook
        ? {
            ...h,
            hook: async () => {
              const real = await h.hook!();
              return (event: string | undefined, stdin: string, runtime: Parameters<typeof real>[2], opts?: Parameters<typeof real>[3]) => {
                if (runtime.home) throw new Error('boom in render');
                return real(event, stdin, runtime, opts);
              };
            },
          }
        : h,
    );
    const base = { session_id: 'sess-broken', cwd: dir, transcript_path: null };
    const write = {
      ...base,
      hook_event_name: 'PreToolUse',
      tool_name: 'Write',
      tool_input: { file_path: path.join(dir, 'a'), content: 'x' },
      tool_use_id: 't1',
    };
    for (const host of ['claude', 'codex']) {
      const r = await hook([host, 'PreToolUse'], JSON.stringify(write), failing);
      expect(r.code).toBe(0);
      const out = JSON.parse(r.out).hookSpecificOutput;
      expect(out).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: 'deny' });
      expect(out.permissionDecisionReason).toMatch(/GUARD_ERROR[\s\S]*remit failed before it could check this call \(boom in render\)/);
      expect(r.err).toMatch(/^remit hook: remit failed \(boom in render\); a tool call is refused/);
    }
    const hermes = await hook(
      ['hermes', 'pre_tool_call'],
      JSON.stringify({
        hook_event_name: 'pre_tool_call',
        session_id: 'h1',
        cwd: dir,
        tool_name: 'write_file',
        tool_input: { path: path.join(dir, 'a'), content: 'x' },
      }),
      failing,
    );
    expect(JSON.parse(hermes.out)).toMatchObject({ action: 'block' });
    // Events with no verdict to give answer nothing, as before.
    const prompt = await hook(['claude'], JSON.stringify({ ...base, hook_event_name: 'UserPromptSubmit', prompt: 'hello' }), failing);
    expect(prompt).toMatchObject({ code: 0, out: '' });
  });
});
