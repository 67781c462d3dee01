// `remit reads` through the built bundle (issue 25): a read the user teaches is kept in the
// user's own configuration, decides only the exact program, subcommands and listed options,
// is recorded in the audit, and a project file that tries to teach remit is ignored.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { box, cleanBoxes, ensureBuilt, type Box } from '../support/shipped-box.js';

beforeAll(ensureBuilt, 120_000);
afterAll(cleanBoxes);

/** `remit check` of one Bash command under `$remit review`: its exit code (0 allow, 4 ask) and reason. */
function check(b: Box, command: string): { code: number; reason: string } {
  const r = b.run('check', '--host', 'claude', '--prompt', '$remit review', '--tool', 'Bash', '--input', JSON.stringify({ command }), '--json');
  const reason = /"reasonCode":\s*"([A-Z_]+)"/.exec(r.out)?.[1] ?? r.err;
  return { code: r.code, reason };
}

describe('remit reads', () => {
  it('teaches a read in the user configuration: the exact program and subcommand, only the listed options', () => {
    const b = box();
    expect(check(b, 'frob list --all').code).toBe(4);
    const add = b.run('reads', 'add', 'frob list --all -n: *');
    expect(add.code, add.err).toBe(0);
    expect(add.out).toContain('Taught: frob list --all -n: *');
    const file = path.join(b.home, '.config/remit/config.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ reads: ['frob list --all -n: *'] });
    expect(b.run('reads', 'list').out).toContain('frob list --all -n: *');
    expect(JSON.parse(b.run('reads', 'list', '--json').out).reads).toEqual(['frob list --all -n: *']);

    expect(check(b, 'frob list --all')).toEqual({ code: 0, reason: 'TAUGHT_READ' });
    expect(check(b, 'frob list -n 3 src').code).toBe(0);
    // An option the user did not list, another subcommand, a path as the program: not taught.
    expect(check(b, 'frob list --all --force').code).toBe(4);
    expect(check(b, 'frob delete x').code).toBe(4);
    expect(check(b, './frob list').code).toBe(4);
    // A taught entry never turns a write remit sees into a read.
    expect(b.run('reads', 'add', 'rm -r -f *').code).toBe(0);
    expect(check(b, 'rm -rf src').code).toBe(5);

    const rm = b.run('reads', 'remove', 'frob list --all -n: *');
    expect(rm.code, rm.err).toBe(0);
    expect(check(b, 'frob list --all').code).toBe(4);
    expect(b.run('reads', 'remove', 'frob list').code).toBe(1);
  });

  it('refuses an entry it cannot use, in one line, and changes nothing', () => {
    const b = box();
    for (const bad of ['./frob list', '--all', 'frob list --x=y', 'frob list * --all']) {
      const r = b.run('reads', 'add', bad);
      expect(r.code, bad).toBe(1);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    }
    expect(existsSync(path.join(b.home, '.config/remit/config.json'))).toBe(false);
  });

  it('ignores a project file that tries to teach remit (the agent can write the project)', () => {
    const b = box();
    writeFileSync(path.join(b.proj, '.remit.json'), JSON.stringify({ reads: ['frob list'] }));
    expect(check(b, 'frob list').code).toBe(4);
    b.run('reads', 'add', 'frob status');
    expect(check(b, 'frob status').code).toBe(0);
  });

  it('records in the audit that a taught read decided, and the ask says how to teach one', () => {
    const b = box();
    b.run('reads', 'add', 'frob list');
    const base = { session_id: 's-taught', cwd: b.proj, transcript_path: null, prompt_id: 'p' };
    b.hook('claude', 'UserPromptSubmit', { ...base, hook_event_name: 'UserPromptSubmit', prompt: '$remit review -- look' });
    const bash = (tool_use_id: string, command: string) =>
      b.hook('claude', 'PreToolUse', { ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id });
    expect(bash('t1', 'frob list')).not.toContain('"deny"');
    const asked = bash('t2', 'frob sync');
    expect(asked).toContain('remit reads add');
    const audits = path.join(b.home, '.local/state/remit/audit');
    const lines = readdirSync(audits).flatMap((f) => readFileSync(path.join(audits, f), 'utf8').trim().split('\n'));
    const decided = lines.map((l) => JSON.parse(l)).filter((r) => r.kind === 'action');
    expect(decided.map((r) => r.action?.taught === true)).toEqual([true, false]);
    expect(decided.map((r) => r.decision?.reasonCode)).toEqual(['TAUGHT_READ', 'MUTABILITY_UNPROVEN']);
    // explain replays the rule table over the record and names the reason.
    const explained = b.run('explain', decided[0].id);
    expect(explained.code, explained.err).toBe(0);
    expect(explained.out).toContain('TAUGHT_READ');
  });
});
