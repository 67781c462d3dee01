// Every command a person types, given wrong input, through the built bundle (dist/remit.cjs)
// in a throwaway HOME: missing arguments, unknown flags, bad values, files that cannot be
// written, sessions and events remit never saw. Each answers one clear line on stderr, exit
// 1, nothing on stdout, no stack trace — never a zero count or "intact" for a session that
// does not exist.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, box, cleanBoxes, ensureBuilt, put } from '../support/shipped-box.js';

beforeAll(ensureBuilt, 120_000);
afterAll(cleanBoxes);

const EVT = 'evt_0123456789abcdef0123456789ab';
const NOPE = ['--host', 'claude', '--session', 'nope'];

/** [arguments, what the one line must say]. */
const WRONG: [string[], RegExp][] = [
  [['stauts'], /did you mean `remit status`/],
  [['help', 'instal'], /no command 'instal'; did you mean `remit help install`\?/],
  [['hook'], /a host is needed/],
  [['hook', 'opencode'], /unknown host 'opencode'.*plugin/],
  [['install'], /a host is needed/],
  [['install', 'foo'], /cannot install into 'foo'/],
  [['install', 'cluade'], /did you mean `remit install claude`\?/],
  [['install', 'claude', '--scope'], /--scope needs a value/],
  [['install', 'claude', '--scope', 'bogus'], /unknown scope 'bogus'/],
  [['install', 'claude', '--home', '/x'], /unknown option --home/],
  [['install', 'claude', '--trust'], /--trust applies to Codex CLI only/],
  [['uninstall', 'foo'], /cannot uninstall from 'foo'/],
  [['uninstall', 'codex', '--trust'], /--trust applies to install only/],
  [['doctor', 'extra'], /unexpected argument 'extra'/],
  [['doctor', '--home'], /--home needs a value/],
  [['doctor', '--bogus'], /unknown option --bogus/],
  [['status', '--host', 'claude'], /--host and --session go together/],
  [['status', '--session'], /--session needs a value/],
  [['status', ...NOPE], /no session 'nope' of claude/],
  [['runtime', 'foo'], /unexpected argument 'foo'/],
  [['runtime', ...NOPE], /no session 'nope' of claude/],
  [['explain'], /an event id is needed/],
  [['explain', 'evt_123'], /'evt_123' is not an event id/],
  [['explain', EVT], new RegExp(`no event ${EVT}`)],
  [['explain', EVT, ...NOPE], /no session 'nope' of claude/],
  [['label', EVT], /the label is one of correct, incorrect, inconclusive/],
  [['label', EVT, 'correct'], new RegExp(`no event ${EVT}`)],
  [['label', EVT, 'correct', ...NOPE], /no session 'nope' of claude/],
  [['check'], /--host is needed: codex, claude, .* or core/],
  [['check', '--host', 'nope'], /unknown host 'nope' \(codex, claude, .* or core\)/],
  [['check', '--host', 'cluade'], /did you mean --host claude\?/],
  [['check', '--host', 'claude'], /--tool T and --input JSON are needed: the claude tool's own name and its input as the host sends it, e\.g\. --tool Write/],
  [['check', '--host', 'claude', '--tool', 'Write'], /--input JSON is needed: the Write tool's input as claude sends it, a JSON object/],
  [['check', '--host', 'claude', '--tool', 'Write', '--input', '{bad'], /--input is not valid JSON/],
  [['check', '--host', 'claude', '--tool', 'Write', '--input', '[]'], /--input is a JSON object/],
  [['check', '--host', 'claude', '--tool', 'Write', '--input', '{}', '--session', 'nope'], /no session 'nope' of claude/],
  [['check', '--host', 'nosuch', '--tool', 'Write', '--input', '{}'], /unknown host 'nosuch'/],
  [['replay', '/nonexistent-remit-cases'], /no such folder/],
  [['replay', '/dev/null'], /^remit replay: \/dev\/null is not a folder or a case file\n$/],
  [['replay', '.'], /^remit replay: no cases in \S+ \(a case is a \.json file in it or below it\)\n$/],
  [['status', '--host', 'claude', '--session', 'x'.repeat(100_000)], new RegExp(`^remit status: no session '${'x'.repeat(60)}…' of claude in `)],
  [['replay', '--host', 'nosuch'], /unknown host 'nosuch'/],
  [['audit'], /usage: remit audit verify/],
  [['audit', 'verfy'], /unknown subcommand 'verfy'; did you mean `remit audit verify`\?/],
  [['ledger', 'foo'], /unknown subcommand 'foo' \(remit ledger release/],
  [['state', 'repiar'], /did you mean `remit state repair`\?/],
  [['case', 'form', EVT], /did you mean `remit case from`\?/],
  [['audit', 'verify', ...NOPE], /no session 'nope' of claude/],
  [['ledger', 'release'], /name one reservation/],
  [['ledger', 'release', '--all', ...NOPE], /no session 'nope' of claude/],
  [['state', 'repair', ...NOPE], /no session 'nope' of claude/],
  [['prune', '--older-than', '5'], /--older-than takes a number of days, hours or weeks/],
  [['prune', '--older-than'], /--older-than needs a value/],
  [['case', 'from'], /usage: remit case from/],
  [['case', 'from', EVT, ...NOPE], /no session 'nope' of claude/],
  [['--verbose', 'status'], /'--verbose' is not an option of remit itself; options go after the command/],
  [['install', 'claude', '--dryrun'], /unknown option --dryrun; did you mean --dry-run\?/],
  [['prune', '--dryrun'], /unknown option --dryrun; did you mean --dry-run\?/],
  [['status', '--jsn'], /unknown option --jsn; did you mean --json\?/],
  [['doctor', '--hom', '/x'], /did you mean --home\?/],
  [['replay', '--hots', 'claude'], /did you mean --host\?/],
];

describe('wrong input through the built bundle', () => {
  it('one clear line on stderr, exit 1, nothing on stdout, no stack trace', () => {
    const b = box();
    for (const [args, says] of WRONG) {
      const r = b.run(...args);
      const what = `remit ${args.join(' ')}: ${r.err}${r.out}`;
      expect(r.code, what).toBe(1);
      expect(r.out, what).toBe('');
      expect(r.err, what).toMatch(/^remit( \S+)?: [^\n]+\n$/);
      expect(r.err, what).toMatch(says);
    }
  }, 300_000);

  it('a user configuration that is a folder is named in words, never as ENOTREG', () => {
    const b = box();
    mkdirSync(path.join(b.home, '.config', 'remit', 'config.json'), { recursive: true });
    const said = b.run('status').out + b.run('reads', 'list').err;
    expect(said).toContain('cannot be read (it is not a regular file: a folder, FIFO, socket or device)');
    expect(said).not.toContain('ENOTREG');
  });

  it('options remit reads for every command may come first; under --json an error is one JSON object on stderr', () => {
    const b = box();
    const first = b.run('--json', 'status');
    expect(first.code, first.err).toBe(0);
    expect(JSON.parse(first.out).contract.mode).toBe('unconfirmed');
    expect(b.run('--home', path.join(b.home, 'h'), '--json', 'runtime').code).toBe(0);
    expect(b.run('-V').out).toMatch(/^remit \d/);
    expect(JSON.parse(b.run('--json').err).error).toMatch(/--json goes with a command/);
    for (const args of [
      ['--json', 'status', '--bogus'],
      ['status', '--json', ...NOPE],
      ['stauts', '--json'],
      ['check', '--host', 'claude', '--json'],
    ]) {
      const r = b.run(...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.out).toBe('');
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(typeof JSON.parse(r.err).error, r.err).toBe('string');
    }
    expect(JSON.parse(b.run('--json', 'status', '--bogus').err)).toEqual({ error: 'unknown option --bogus', command: 'status' });
  }, 120_000);

  it('a REMIT_HOME that is no folder (a file, empty or not, a link to nothing, a link loop): every read-back says so in one line, not "nothing recorded", while the hook refuses', () => {
    const b = box();
    const rh = path.join(b.home, '.local/state/remit');
    const write = (id: string) =>
      b.hook('claude', 'PreToolUse', {
        session_id: 's',
        cwd: b.proj,
        hook_event_name: 'PreToolUse',
        tool_name: 'Write',
        tool_input: { file_path: path.join(b.proj, 'a.ts'), content: 'x' },
        tool_use_id: id,
      });
    const shapes: Record<string, [() => void, string]> = {
      'a file': [() => put(rh, 'x\n'), 'it is a file, not a folder'],
      'an empty file': [() => put(rh, ''), 'it is an empty file, not a folder'],
      'a link to nothing': [() => symlinkSync(path.join(b.home, 'gone'), rh), 'it is a link to nothing'],
      'a link loop': [() => symlinkSync(rh, rh), 'it is a link that loops'],
    };
    const commands: [string[], number][] = [
      [['status'], 1],
      [['status', '--json'], 1],
      [['runtime', '--all'], 1],
      [['explain', EVT], 1],
      [['label', EVT, 'correct'], 1],
      [['check', '--host', 'claude', '--tool', 'Write', '--input', '{"file_path":"a.ts","content":"x"}'], 1],
      [['audit', 'verify', '--all'], 6],
      [['ledger', 'release', '--all'], 1],
      [['state', 'repair'], 1],
      [['prune', '--dry-run'], 1],
      [['case', 'from', EVT], 1],
    ];
    for (const [name, [make, problem]] of Object.entries(shapes)) {
      rmSync(rh, { recursive: true, force: true });
      mkdirSync(path.dirname(rh), { recursive: true });
      make();
      for (const [args, code] of commands) {
        const r = b.run(...args);
        const what = `${name}: remit ${args.join(' ')}`;
        expect({ code: r.code, out: r.out }, what).toEqual({ code, out: '' });
        const says = `${rh} cannot hold remit's sessions (${problem}): nothing can be read back, and the hooks refuse every change until it is a folder again`;
        // Under --json the one line is a JSON object.
        expect(r.err, what).toBe(args.includes('--json') ? `${JSON.stringify({ error: says, command: args[0] })}\n` : `remit ${args[0]}: ${says}\n`);
      }
      expect(write(`w-${name}`), name).toContain('"permissionDecision":"deny"');
      // Doctor's probes run elsewhere: it names the real folder as what stops every edit.
      expect(b.run('doctor').out, name).toContain(
        `remit's state folder ${rh} cannot hold sessions (${problem}): every hook refuses changes in every session until it is a folder again.\n`,
      );
    }
  }, 120_000);

  it('run from a folder that was removed: --version and help still answer, a command that needs the folder says so in one line, a hook still answers from its payload', () => {
    const b = box();
    const gone = (args: string[], input?: string) => {
      const dir = path.join(b.proj, `gone-${args.join('-').replace(/\W+/g, '')}`);
      mkdirSync(dir);
      // The shell removes its own working folder, then becomes remit there.
      const r = spawnSync('sh', ['-c', 'rmdir "$PWD" && exec "$@"', 'sh', process.execPath, BIN, ...args], {
        cwd: dir,
        env: { PATH: process.env.PATH, HOME: b.home, LANG: 'C' },
        encoding: 'utf8',
        ...(input !== undefined ? { input } : {}),
      });
      return { code: r.status, out: r.stdout, err: r.stderr };
    };
    expect(gone(['--version'])).toMatchObject({ code: 0, err: '' });
    expect(gone(['help']).code).toBe(0);
    for (const args of [['status'], ['runtime'], ['doctor'], ['install', 'claude', '--dry-run']]) {
      const r = gone(args);
      expect({ code: r.code, out: r.out }, args.join(' ')).toEqual({ code: 1, out: '' });
      expect(r.err, args.join(' ')).toBe(
        `remit ${args[0]}: the current folder cannot be read (it was removed or moved away); cd to an existing folder and run again\n`,
      );
    }
    const base = { session_id: 'g', cwd: b.proj, transcript_path: null };
    b.hook('claude', 'UserPromptSubmit', { ...base, hook_event_name: 'UserPromptSubmit', prompt: '$remit review -- look' });
    const write = { ...base, hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: path.join(b.proj, 'a.ts'), content: 'x' } };
    for (const payload of [
      { ...write, tool_use_id: 't1' },
      { ...write, cwd: undefined, tool_use_id: 't2' },
    ]) {
      const r = gone(['hook', 'claude', 'PreToolUse'], JSON.stringify(payload));
      expect(r.code, r.err).toBe(0);
      expect(r.out).toContain('"permissionDecision":"deny"');
    }
  }, 120_000);

  it('install and uninstall refuse a relative HOME, writing nothing where they run', () => {
    const b = box({ HOME: 'rel' });
    for (const command of ['install', 'uninstall']) {
      const r = b.run(command, 'all', '--scope', 'user');
      expect(r.code).toBe(1);
      expect(r.err).toBe(`remit ${command}: HOME is 'rel', not an absolute path; set it to your home folder and run ${command} again\n`);
    }
    expect(readdirSync(b.proj)).toEqual([]);
  }, 60_000);

  it('case from --out says why it cannot write: a missing folder, an existing file', () => {
    const b = box({ REMIT_AUDIT: 'detail' });
    const base = { session_id: 'c1', cwd: b.proj, transcript_path: null, prompt_id: 'p' };
    b.hook('claude', 'UserPromptSubmit', { ...base, hook_event_name: 'UserPromptSubmit', prompt: '$remit review -- look' });
    b.hook('claude', 'PreToolUse', {
      ...base,
      hook_event_name: 'PreToolUse',
      tool_name: 'Write',
      tool_input: { file_path: path.join(b.proj, 'a.ts'), content: 'x' },
      tool_use_id: 't1',
    });
    const id = (JSON.parse(b.run('status', '--json').out) as { recent: { id: string }[] }).recent[0]!.id;
    const missing = b.run('case', 'from', id, '--out', 'no-such-folder/x.json');
    expect(missing.code).toBe(1);
    expect(missing.err).toBe(`remit case: cannot write ${path.join(b.proj, 'no-such-folder/x.json')} (its folder does not exist)\n`);
    put(path.join(b.proj, 'taken.json'), 'mine\n');
    const taken = b.run('case', 'from', id, '--out', 'taken.json');
    expect(taken.err).toBe(`remit case: cannot write ${path.join(b.proj, 'taken.json')} (it exists, and case from never overwrites)\n`);
  }, 60_000);
});
