import { describe, expect, it } from 'vitest';
import { findHooks, removeHooks, upsertHooks, type HookEntry, type Json } from './hooks-config.js';
import { absoluteHookCommand, isRemitHookCommand } from './command-line.js';

const ours = (h: Json) => isRemitHookCommand(h.command, 'codex');
const cmd = (e: string) => `'/usr/bin/node' '/d/remit/0.1.0/remit.cjs' hook codex ${e}`;
const entries: HookEntry[] = [
  { event: 'SessionStart', matcher: '^(startup|resume)$', handler: { type: 'command', command: cmd('SessionStart'), timeout: 20, statusMessage: 's' } },
  { event: 'PreToolUse', handler: { type: 'command', command: cmd('PreToolUse'), timeout: 20, statusMessage: 'p' } },
];
const foreign = {
  description: 'mine',
  hooks: { PreToolUse: [{ matcher: '^Bash$', hooks: [{ type: 'command', command: 'node /opt/guard.js' }] }] },
  model: 'x',
};

describe('upsertHooks', () => {
  it('appends remit groups after foreign ones and keeps every foreign key', () => {
    const r = upsertHooks(foreign, entries, ours);
    expect(r.ok && r.action).toBe('installed');
    if (!r.ok) return;
    const pre = (r.doc.hooks as Json).PreToolUse as Json[];
    expect(pre[0]).toEqual(foreign.hooks.PreToolUse[0]);
    expect((pre[1]!.hooks as Json[])[0]!.command).toBe(cmd('PreToolUse'));
    expect(pre[1]!.matcher).toBeUndefined();
    expect(r.doc.description).toBe('mine');
    expect(r.doc.model).toBe('x');
    expect(foreign.hooks.PreToolUse).toHaveLength(1); // input not mutated
  });

  it('is idempotent by canonical fields', () => {
    const first = upsertHooks(undefined, entries, ours);
    if (!first.ok) throw new Error(first.error);
    const second = upsertHooks(first.doc, entries, ours);
    expect(second.ok && second.action).toBe('unchanged');
  });

  it('updates a drifted handler in place and keeps the user matcher', () => {
    const doc = { hooks: { SessionStart: [{ matcher: 'startup', hooks: [{ type: 'command', command: cmd('SessionStart'), timeout: 5, extra: 1 }] }] } };
    const r = upsertHooks(doc, entries.slice(0, 1), ours);
    if (!r.ok) throw new Error(r.error);
    expect(r.action).toBe('updated');
    const g = ((r.doc.hooks as Json).SessionStart as Json[])[0]!;
    expect(g.matcher).toBe('startup');
    expect((g.hooks as Json[])[0]).toEqual({ type: 'command', command: cmd('SessionStart'), timeout: 20, statusMessage: 's', extra: 1 });
  });

  it('refuses shapes it cannot edit safely', () => {
    expect(upsertHooks([], entries, ours).ok).toBe(false);
    expect(upsertHooks({ hooks: [] }, entries, ours).ok).toBe(false);
    expect(upsertHooks({ hooks: { PreToolUse: {} } }, entries, ours).ok).toBe(false);
  });
});

describe('removeHooks', () => {
  it('removes only remit handlers, restoring the foreign document exactly', () => {
    const up = upsertHooks(foreign, entries, ours);
    if (!up.ok) throw new Error(up.error);
    const rm = removeHooks(up.doc, ours);
    if (!rm.ok) throw new Error(rm.error);
    expect(rm.action).toBe('removed');
    expect(rm.doc).toEqual(foreign);
  });

  it('install then uninstall of an empty file yields {}', () => {
    const up = upsertHooks(undefined, entries, ours);
    if (!up.ok) throw new Error(up.error);
    const rm = removeHooks(up.doc, ours);
    expect(rm.ok && rm.doc).toEqual({});
  });

  it('keeps a foreign handler that shares a group and reports absent when nothing is ours', () => {
    const shared = {
      hooks: {
        Stop: [
          {
            hooks: [
              { type: 'command', command: cmd('Stop') },
              { type: 'command', command: 'other' },
            ],
          },
        ],
      },
    };
    const rm = removeHooks(shared, ours);
    expect(rm.ok && rm.doc).toEqual({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'other' }] }] } });
    expect(removeHooks(foreign, ours)).toMatchObject({ ok: true, action: 'absent' });
  });
});

describe('findHooks and the signature', () => {
  it('finds remit handlers with their positions and matcher', () => {
    const up = upsertHooks(foreign, entries, ours);
    if (!up.ok) throw new Error(up.error);
    const found = findHooks(up.doc, ours);
    expect(found.map((f) => [f.event, f.group, f.handler, f.matcher])).toEqual([
      ['PreToolUse', 1, 0, undefined],
      ['SessionStart', 0, 0, '^(startup|resume)$'],
    ]);
  });

  it('claims only remit hook commands for the right host', () => {
    expect(isRemitHookCommand("'/usr/bin/node' '/x/remit.cjs' hook codex PreToolUse", 'codex')).toBe(true);
    expect(isRemitHookCommand('node "$CLAUDE_PROJECT_DIR/.claude/remit/launch.cjs" hook claude Stop', 'claude')).toBe(true);
    expect(isRemitHookCommand('remit hook claude', 'claude')).toBe(true);
    expect(isRemitHookCommand("'/usr/bin/node' '/x/notremit.cjs' hook codex PreToolUse", 'codex')).toBe(false);
    expect(isRemitHookCommand('node /x/remit.cjs doctor', 'codex')).toBe(false);
    expect(isRemitHookCommand('node /x/remit.cjs hook claude Stop', 'codex')).toBe(false);
    expect(isRemitHookCommand('node /x/launch.cjs hook codex', 'codex')).toBe(false);
  });
});

describe('the machine-local hook command', () => {
  it('spares Node the main-module realpath, and gives another runtime no Node option', () => {
    expect(absoluteHookCommand('/usr/bin/node', '/d/remit.cjs', 'claude', 'Stop')).toBe('/usr/bin/node --preserve-symlinks-main /d/remit.cjs hook claude Stop');
    expect(absoluteHookCommand('/opt/n/bin/nodejs', '/d/remit.cjs', 'codex', 'Stop')).toBe(
      '/opt/n/bin/nodejs --preserve-symlinks-main /d/remit.cjs hook codex Stop',
    );
    expect(absoluteHookCommand('/home/u/.bun/bin/bun', '/d/remit.cjs', 'claude', 'Stop')).toBe('/home/u/.bun/bin/bun /d/remit.cjs hook claude Stop');
    expect(isRemitHookCommand(absoluteHookCommand('/usr/bin/node', '/d/remit.cjs', 'claude', 'Stop'), 'claude')).toBe(true);
  });
});

describe('plugin launcher commands', () => {
  it("are remit's own", () => {
    expect(isRemitHookCommand('node "$PLUGIN_ROOT/launch.cjs" hook codex PreToolUse', 'codex')).toBe(true);
    expect(isRemitHookCommand('node "${CLAUDE_PLUGIN_ROOT}/launch.cjs" hook claude Stop', 'claude')).toBe(true);
    expect(isRemitHookCommand('node "$PLUGIN_ROOT/launch.cjs" hook claude Stop', 'codex')).toBe(false);
  });
});
