import { HOSTS as HOST_LIST, hostLines } from '../../adapters/hosts.js';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliExplain, CliStatus } from '../../src/generated/types.js';
import { validateCliCheck } from '../../src/generated/validate-cli-check.js';
import { validateCliExplain } from '../../src/generated/validate-cli-explain.js';
import { validateCliStatus } from '../../src/generated/validate-cli-status.js';
import { box as emptyBox, cleanBoxes, ensureBuilt, type Box } from '../support/shipped-box.js';
import { makeRepository } from '../support/repository.js';

/**
 * A box whose project is a repository, so its root is the project and not whatever the temp
 * folder above holds (a real-host run of the e2e suite left empty /tmp/.git, /tmp/.codex,
 * /tmp/.agents and /tmp/.aws folders behind here, most likely Codex's sandbox).
 */
function box(env?: NodeJS.ProcessEnv): Box {
  const b = emptyBox(env);
  makeRepository(b.proj);
  return b;
}

beforeAll(ensureBuilt, 120_000);
afterAll(cleanBoxes);

const SESSION = 'host-session-7f3a';

/** One Claude Code session driven through the bundle's hook, as Claude Code drives it. */
function claude(b: Box) {
  const base = { session_id: SESSION, cwd: b.proj, transcript_path: null, prompt_id: 'p1' };
  let n = 0;
  return {
    prompt: (prompt: string) => b.hook('claude', 'UserPromptSubmit', { ...base, hook_event_name: 'UserPromptSubmit', prompt }),
    tool(tool_name: string, tool_input: object, after?: object) {
      const tool_use_id = `t${++n}`;
      const out = b.hook('claude', 'PreToolUse', { ...base, hook_event_name: 'PreToolUse', tool_name, tool_input, tool_use_id });
      if (after) b.hook('claude', 'PostToolUse', { ...base, hook_event_name: 'PostToolUse', tool_name, tool_input, tool_use_id, tool_response: after });
      return out ? (JSON.parse(out) as { hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string } }) : {};
    },
  };
}

function json<T>(r: { code: number; out: string; err: string }): T {
  expect(r.code, r.err).toBe(0);
  return JSON.parse(r.out) as T;
}

describe('read-back through the built bundle', () => {
  const b = box();
  const c = claude(b);
  let status: CliStatus;
  const idOf = (code: string) => status.recent.find((r) => r.reasonCode === code)!.id;

  beforeAll(() => {
    c.prompt('$remit change files=src/** agents=1 -- fix the parser');
    c.tool('Write', { file_path: path.join(b.proj, 'lib/x.ts'), content: 'x' });
    c.tool('Bash', { command: 'npm run build' });
    c.tool('Write', { file_path: path.join(b.proj, 'src/a.ts'), content: 'x' }, { filePath: path.join(b.proj, 'src/a.ts') });
    c.tool('Agent', { description: 'look', prompt: 'look around', subagent_type: 'general-purpose' });
    c.tool('Agent', { description: 'again', prompt: 'look again', subagent_type: 'general-purpose' });
    status = json<CliStatus>(b.run('status', '--json'));
  }, 120_000);

  it("Claude Code's native ask carries a question for the person, not the model's message", () => {
    const out = claude(b).tool('Bash', { command: 'npm run build' });
    expect(out.hookSpecificOutput?.permissionDecision).toBe('ask');
    const reason = out.hookSpecificOutput!.permissionDecisionReason!;
    expect(reason).toMatch(/^remit needs the user's approval for this action \(WRITE_PATH_UNPROVEN\):\n`npm run build` may write/);
    expect(reason).toContain('Approving lets this one call run');
    expect(reason).not.toMatch(/Do not work around|\$remit allow|State: /);
    // A deny still speaks to the model.
    const deny = claude(b).tool('Write', { file_path: path.join(b.proj, 'lib/y.ts'), content: 'y' });
    expect(deny.hookSpecificOutput?.permissionDecisionReason).toContain('Do not work around this refusal');
  });

  it('status --json: the host session id, decisions with reason, rule, authorising lines and host effect, why the contract is what it is', () => {
    expect(validateCliStatus(status), JSON.stringify(validateCliStatus.errors)).toBe(true);
    expect(status.session).toMatchObject({ host: 'claude', sessionId: SESSION });
    expect(status.contractChange).toMatchObject({ source: 'directive', eventId: expect.stringMatching(/^evt_/) });
    expect(status.paused).toBeNull();
    expect(status.recent.map((r) => `${r.outcome}/${r.reasonCode}`)).toEqual([
      'deny/PATH_OUTSIDE_CONTRACT',
      'ask/WRITE_PATH_UNPROVEN',
      'allow/WITHIN_CONTRACT',
      'allow/WITHIN_CONTRACT',
      'deny/AGENT_BUDGET_EXHAUSTED',
    ]);
    const [outside, ask, write, agent, budget] = status.recent;
    expect(outside).toMatchObject({
      rule: 'files-scope',
      explanation: "the file the hook's message named (effect #0) is outside files=src/**.",
      authorise: { lines: ['$remit change files=src/**|<that file> agents=1'], exact: false },
      hostEffect: 'unobserved',
    });
    expect(ask!.authorise).toEqual({ lines: [`$remit allow ${ask!.id}`], exact: true });
    // PostToolUse was seen for the write, and for nothing else.
    expect(write!.hostEffect).toBe('ran');
    expect(agent!.hostEffect).toBe('unobserved');
    expect(budget).toMatchObject({
      rule: 'agent-budget',
      explanation: 'The contract allows 1 concurrent subagent; 1 reserved, this call needs 1.',
      authorise: { lines: ['$remit change files=src/** agents=2'], exact: true },
    });
  });

  it('status in words', () => {
    const text = b.run('status').out;
    expect(text).toContain(`Session: claude session ${SESSION}, remit key `);
    expect(text).toMatch(/Contract: set by your directive at \S+ \(evt_[0-9a-f]{28}\)/);
    expect(text).toContain('Recent decisions (oldest first; `remit explain <id>` says more):');
    expect(text).toMatch(
      /evt_[0-9a-f]{28} Write: deny PATH_OUTSIDE_CONTRACT \(rule files-scope\)\n {6}the file the hook's message named \(effect #0\) is outside files=src\/\*\*\.\n {6}To authorise:\n {8}\$remit change files=src\/\*\*\|<that file> agents=1 {3}\(a new contract\)/,
    );
    expect(text).toContain('Host effect: the host ran it');
    expect(text).not.toMatch(/^Host effect: unobserved \(remit sees/m);
  });

  it('explain states the action in metadata terms, the rule, the decisive fact, the replay and the authorising line', () => {
    const id = idOf('PATH_OUTSIDE_CONTRACT');
    const text = b.run('explain', id).out;
    expect(text).toContain('Action: Write (write), 1 file effect');
    expect(text).toContain('Decision: deny PATH_OUTSIDE_CONTRACT (S), rule files-scope, sent as json-deny');
    expect(text).toContain('Decisive fact: file effect #0 (create): it changes a file outside the files= globs');
    expect(text).toContain("Why: the file the hook's message named (effect #0) is outside files=src/**.");
    expect(text).toContain('Replayed: the rules, run again over the recorded input, give the recorded verdict.');
    expect(text).toContain('$remit change files=src/**|<that file> agents=1   (a new contract)');
    expect(text).toContain(`in claude session ${SESSION}`);
    const v = json<CliExplain>(b.run('explain', idOf('AGENT_BUDGET_EXHAUSTED'), '--json'));
    expect(validateCliExplain(v), JSON.stringify(validateCliExplain.errors)).toBe(true);
    expect(v).toMatchObject({
      rule: 'agent-budget',
      replay: 'same',
      record: { input: { reserved: 1 } },
      fact: { kind: 'delegation' },
      authorise: { lines: ['$remit change files=src/** agents=2'], exact: true },
    });
  });

  it('explain after the contract changed says the globs it no longer knows, not the new ones', () => {
    c.prompt('$remit change files=docs/** -- now the docs');
    const v = json<CliExplain>(b.run('explain', idOf('PATH_OUTSIDE_CONTRACT'), '--json'));
    expect(v.authorise).toEqual({ lines: ['$remit change files=<1 glob>|<that file> agents=1'], exact: false });
  });

  it('status says edits are paused, and why, while a directive error is pending', () => {
    const p = box();
    const s = claude(p);
    s.prompt('$remit review -- look');
    s.prompt('$remit chnage -- go');
    const v = json<CliStatus>(p.run('status', '--json'));
    expect(v.paused).toMatchObject({ rule: 'invalid-directive', reason: expect.stringContaining('INVALID_DIRECTIVE_TOKEN') });
    expect(p.run('status').out).toMatch(
      /Paused: the last directive was malformed \(INVALID_DIRECTIVE_TOKEN: .*\), so edits, unproven commands and subagents wait until you send a valid `\$remit` directive \(rule invalid-directive\)\./,
    );
  });

  it('under REMIT_AUDIT=detail the authorising line names the file, exactly', () => {
    const d = box({ REMIT_AUDIT: 'detail' });
    const s = claude(d);
    s.prompt('$remit change files=src/** -- fix');
    s.tool('Write', { file_path: path.join(d.proj, 'lib/x.ts'), content: 'x' });
    const id = json<CliStatus>(d.run('status', '--json')).recent[0]!.id;
    const v = json<CliExplain>(d.run('explain', id, '--json'));
    expect(v).toMatchObject({
      replay: 'same',
      explanation: 'lib/x.ts is outside files=src/**.',
      authorise: { lines: ['$remit change files=src/**|lib/x.ts'], exact: true },
    });
  });
});

describe('check through the built bundle', () => {
  it('prints no event id explain cannot find, in any outcome, in text or JSON', () => {
    const b = box();
    const calls: [string, string, string, number][] = [
      ['$remit review', 'Write', '{"file_path":"a.ts","content":"x"}', 5],
      ['$remit review', 'Bash', '{"command":"npm run build"}', 4],
      ['$remit change', 'Write', '{"file_path":"a.ts","content":"x"}', 0],
      ['$remit watch review', 'Write', '{"file_path":"a.ts","content":"x"}', 4],
    ];
    for (const [prompt, tool, input, code] of calls) {
      for (const json of [false, true]) {
        const r = b.run('check', '--host', 'claude', '--prompt', prompt, '--tool', tool, '--input', input, ...(json ? ['--json'] : []));
        expect(r.code, `${prompt} ${tool} ${r.err}`).toBe(code);
        expect(r.out).not.toMatch(/evt_[0-9a-f]{28}/);
        if (json) expect(validateCliCheck(JSON.parse(r.out)), JSON.stringify(validateCliCheck.errors)).toBe(true);
      }
    }
    const ask = b.run('check', '--host', 'claude', '--prompt', '$remit review', '--tool', 'Bash', '--input', '{"command":"npm run build"}').out;
    expect(ask).toContain('Decisive fact: analysis: remit cannot prove it changes nothing (script_unread: it runs a script remit could not read)');
    expect(ask).toContain(
      "Question for the person (an ask at the host's own approval prompt):\n  remit needs the user's approval for this action (MUTABILITY_UNPROVEN):",
    );
    expect(ask).toContain('`$remit allow <event id>`');
  }, 120_000);
});

describe('the replay table through the built bundle', () => {
  it('fits a 120-column terminal for the built-in cases, with both arms and footnotes', () => {
    const r = box().run('replay');
    expect(r.code, r.err).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(120);
    // A column per adapter: a host with version lines has one per line (opencode, opencode2).
    const columns = HOST_LIST.flatMap((h) => hostLines(h).map((l) => l.name));
    expect(columns).toContain('opencode2');
    expect(lines[0]).toMatch(new RegExp(`^case\\s+bad → good\\s+core\\s+${columns.join('\\s+')}$`));
    expect(r.out).toMatch(/\n {2}hash-ask\s+ask → allow\s+✓/);
    expect(r.out).toMatch(/\n {2}1 {2}\S/);
    expect(lines.at(-1)).toMatch(/^\d+ passed, 0 failed$/);
  }, 180_000);
});
