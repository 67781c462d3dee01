// What a newcomer met (issue 27), each through the built bundle as a person runs it: a
// throwaway HOME, a git project, `dist/remit.cjs` and nothing from the sources.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRepository } from '../support/repository.js';
import { BIN, box, cleanBoxes, ensureBuilt, ROOT } from '../support/shipped-box.js';

beforeAll(ensureBuilt, 120_000);
afterAll(cleanBoxes);

/** One hook call of `host` with its payload on stdin; the answer, its exit code and how long it took. */
function hookCall(env: NodeJS.ProcessEnv, cwd: string, host: string, payload: object, timeout = 60_000) {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [BIN, 'hook', host], { cwd, env, input: JSON.stringify(payload), encoding: 'utf8', timeout });
  return { code: r.status, out: r.stdout, err: r.stderr, ms: Date.now() - t0 };
}

function project() {
  const b = box();
  makeRepository(b.proj);
  const env = { PATH: process.env.PATH, HOME: b.home, LANG: 'C' };
  const prompt = (session: string, text: string, timeout?: number) =>
    hookCall(env, b.proj, 'claude', { session_id: session, cwd: b.proj, hook_event_name: 'UserPromptSubmit', prompt: text }, timeout);
  const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd: b.proj, env, encoding: 'utf8' });
  return { ...b, env, prompt, run };
}

describe('1. a pasted megabyte after `$remit` is answered in time linear in it', () => {
  // The "did you mean" once compared the whole token with every known word, a full edit-distance
  // matrix each: 100,000 colons took seconds, a megabyte past the hook's own 20 s timeout.
  it('a megabyte of colons, a base64 paste and a megabyte-long word: each refused well inside the timeout', () => {
    const p = project();
    const b64 = Buffer.alloc(160_000, 7).toString('base64');
    for (const [i, text] of [`$remit ${':'.repeat(1_000_000)}`, `$remit ${b64}`, `$remit ${'x'.repeat(1_000_000)}`].entries()) {
      const r = p.prompt(`big-${i}`, text, 15_000);
      expect(r.out, `shape ${i}: ${r.err}`).toContain('INVALID_DIRECTIVE_TOKEN');
      // Generous for a busy machine: the quadratic path took 25 s and more for the megabyte.
      expect(r.ms, `shape ${i}`).toBeLessThan(10_000);
    }
  }, 60_000);

  it('a typo is still named', () => {
    const r = project().prompt('typo', '$remit chnage -- x');
    expect(r.out).toContain('did you mean `change`?');
  });
});

describe('11. a cut-short tool call is refused for what it is', () => {
  it('the refusal says the payload was cut short, not a lock', () => {
    const p = project();
    expect(p.prompt('short', '$remit review -- look').out).toContain('remit ARMED');
    const whole = JSON.stringify({
      session_id: 'short',
      cwd: p.proj,
      hook_event_name: 'PreToolUse',
      tool_name: 'Write',
      tool_use_id: 't1',
      tool_input: { file_path: `${p.proj}/a.ts`, content: 'x'.repeat(200) },
    });
    const r = spawnSync(process.execPath, [BIN, 'hook', 'claude'], { cwd: p.proj, env: p.env, input: whole.slice(0, 150), encoding: 'utf8' });
    const answer = JSON.parse(r.stdout) as { hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string } };
    expect(answer.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(answer.hookSpecificOutput.permissionDecisionReason).toContain('the hook payload was cut short or could not be read');
    expect(answer.hookSpecificOutput.permissionDecisionReason).not.toContain('lock');
  });
});

describe('7 and 8. a REMIT_HOME that cannot be used is named, with its fix', () => {
  const payloads = (proj: string) => ({
    prompt: { session_id: 'h', cwd: proj, hook_event_name: 'UserPromptSubmit', prompt: '$remit review -- look' },
    write: {
      session_id: 'h',
      cwd: proj,
      hook_event_name: 'PreToolUse',
      tool_name: 'Write',
      tool_use_id: 'w',
      tool_input: { file_path: `${proj}/a.ts`, content: 'x' },
    },
    start: { session_id: 'fresh', cwd: proj, hook_event_name: 'SessionStart', source: 'startup' },
  });

  it('7. a relative REMIT_HOME refuses with one line instead of arming in the default folder', () => {
    const p = project();
    const env = { ...p.env, REMIT_HOME: 'state' };
    const on = payloads(p.proj);
    expect(hookCall(env, p.proj, 'claude', on.prompt).out).toContain("REMIT_HOME is 'state', not an absolute path");
    expect(hookCall(env, p.proj, 'claude', on.write).out).toContain('"permissionDecision":"deny"');
    const status = spawnSync(process.execPath, [BIN, 'status'], { cwd: p.proj, env, encoding: 'utf8' });
    expect(status.status).toBe(1);
    expect(status.stderr).toBe("remit status: REMIT_HOME is 'state', not an absolute path: set it to an absolute folder, or unset it\n");
    // Nothing was armed anywhere: not in the default folder, not in the project.
    expect(spawnSync('find', [p.home, p.proj, '-name', '*.json', '-path', '*sessions*'], { encoding: 'utf8' }).stdout).toBe('');
  });

  it('8. a REMIT_HOME that is a file: a new session is not told it was armed, and the fix is to make it a folder', () => {
    const p = project();
    const file = path.join(p.home, 'remit-state');
    writeFileSync(file, '');
    const env = { ...p.env, REMIT_HOME: file };
    const on = payloads(p.proj);
    const start = hookCall(env, p.proj, 'claude', on.start).out;
    expect(start).not.toContain('was armed');
    expect(start).not.toMatch(/runs `remit state repair`/);
    expect(start).toContain(`remit's state folder ${file} cannot hold sessions (it is an empty file, not a folder)`);
    expect(start).toContain('Make it a folder, or set REMIT_HOME to an absolute folder');
    expect(hookCall(env, p.proj, 'claude', on.prompt).out).toContain('Make it a folder');
    const write = hookCall(env, p.proj, 'claude', on.write).out;
    expect(write).toContain('"permissionDecision":"deny"');
    expect(write).toContain('Make it a folder');
    expect(write).not.toContain('Run `remit state repair`');
  });
});

describe('9. a bad user configuration says what is wrong', () => {
  it('names the key and the rule it breaks', () => {
    const p = project();
    const file = path.join(p.home, '.config', 'remit', 'config.json');
    mkdirSync(path.dirname(file), { recursive: true });
    const run = () => spawnSync(process.execPath, [BIN, 'status'], { cwd: p.proj, env: p.env, encoding: 'utf8' }).stdout;
    writeFileSync(file, '{"bogus":1}');
    expect(run()).toContain(`user configuration ${file} fails its schema (unknown key 'bogus'); it is ignored`);
    writeFileSync(file, '{"retentionDays":0}');
    expect(run()).toContain('(retentionDays must be at least 1)');
    writeFileSync(file, '{"checks":{"commands":"just test"}}');
    expect(run()).toContain('(checks.commands must be an array)');
  });
});

describe('5. a refused install is one line on stderr, as install --help says', () => {
  it('a malformed settings.json, a symlinked hooks.json, a scope the host lacks', () => {
    const p = project();
    const { run } = p;
    mkdirSync(path.join(p.home, '.claude'), { recursive: true });
    writeFileSync(path.join(p.home, '.claude', 'settings.json'), '{bad');
    mkdirSync(path.join(p.home, '.codex'), { recursive: true });
    writeFileSync(path.join(p.home, 'hooks.json'), '{"hooks": {}}');
    symlinkSync(path.join(p.home, 'hooks.json'), path.join(p.home, '.codex', 'hooks.json'));
    for (const args of [
      ['install', 'claude'],
      ['install', 'codex'],
      ['install', 'codex', '--scope', 'local'],
    ]) {
      const r = run(...args);
      expect(r.status, args.join(' ')).toBe(1);
      expect(r.stdout, args.join(' ')).toBe('');
      expect(r.stderr, args.join(' ')).toMatch(new RegExp(`^remit ${args[0]}: ${args[1]} \\((user|local)\\): not ${args[0]}ed: [^\\n]+\\n$`));
    }
  });
});

describe('6. uninstall --dry-run says what it would do, not that it did it', () => {
  it('a restore and a removal are told in the conditional, and nothing is written', () => {
    const p = project();
    const { run } = p;
    mkdirSync(path.join(p.home, '.claude'), { recursive: true });
    writeFileSync(path.join(p.home, '.claude', 'settings.json'), '{"model": "x"}\n');
    expect(run('install', 'claude').status).toBe(0);
    expect(run('install', 'codex').status).toBe(0);
    const before = spawnSync('find', [p.home, '-printf', '%p %s\\n'], { encoding: 'utf8' }).stdout;
    const dry = run('uninstall', 'all', '--dry-run');
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('would restore the original');
    expect(dry.stdout).toContain("holds only remit's entries; it would be removed");
    expect(dry.stdout).not.toMatch(/note: restored|; removed\n|files were removed/);
    expect(dry.stdout).not.toContain('$XDG_STATE_HOME');
    expect(spawnSync('find', [p.home, '-printf', '%p %s\\n'], { encoding: 'utf8' }).stdout).toBe(before);
  });
});

describe('10. ARCHITECTURE.md says what the hook does with bad input', () => {
  it('a cut-short tool call of an armed session is refused, garbage with no session gets no answer, and step 1 says both', () => {
    const p = project();
    expect(p.prompt('bad', '$remit review -- look').out).toContain('remit ARMED');
    const call = JSON.stringify({ session_id: 'bad', cwd: p.proj, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf src' } });
    const cut = spawnSync(process.execPath, [BIN, 'hook', 'claude'], { cwd: p.proj, env: p.env, input: call.slice(0, 90), encoding: 'utf8' });
    expect(cut.stdout).toContain('"permissionDecision":"deny"');
    const garbage = spawnSync(process.execPath, [BIN, 'hook', 'claude'], { cwd: p.proj, env: p.env, input: 'not json', encoding: 'utf8' });
    expect([garbage.status, garbage.stdout]).toEqual([0, '']);
    const step1 = /\n1\. `node <bundle> hook claude`[\s\S]*?\n2\. /.exec(readFileSync(path.join(ROOT, 'ARCHITECTURE.md'), 'utf8'))![0];
    expect(step1).not.toMatch(/bad input → a\s+well-formed allow/);
    expect(step1).toMatch(/refused while armed/);
  });
});

describe('4. --scope project is one folder for every host', () => {
  it('from a subfolder every host writes at the git top; from / or HOME it is refused in one line', () => {
    const p = project();
    const sub = path.join(p.proj, 'src', 'deep');
    mkdirSync(sub, { recursive: true });
    const at = (cwd: string, ...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd, env: p.env, encoding: 'utf8' });
    const r = at(sub, 'install', 'all', '--scope', 'project', '--dry-run', '--json');
    expect(r.status, r.stderr).toBe(0);
    const reports = (JSON.parse(r.stdout) as { reports: { host: string; actions: { file: string; what: string }[] }[] }).reports;
    expect(reports.map((x) => x.host)).toEqual(expect.arrayContaining(['claude', 'codex', 'opencode', 'hermes', 'pi', 'omp']));
    for (const report of reports) {
      const inProject = report.actions.filter((a) => a.what !== 'bundle' && a.file.startsWith(p.proj));
      expect(inProject.length, report.host).toBeGreaterThan(0);
      for (const a of inProject)
        expect(a.file.startsWith(`${sub}/`) || a.file.startsWith(path.join(p.proj, 'src') + '/'), `${report.host} ${a.file}`).toBe(false);
    }
    for (const [cwd, what] of [
      ['/', 'the file system root'],
      [p.home, 'your home folder'],
    ] as const) {
      const refused = at(cwd, 'install', 'claude', '--scope', 'project', '--dry-run');
      expect(refused.status).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toBe(
        `remit install: --scope project writes into the project (the git top of this folder, else this folder), and that is ${what}; run install inside the project\n`,
      );
    }
  });
});

describe("3. install keeps the user's lines in ~/.claude/settings.json byte for byte", () => {
  it('a one-line PreToolUse array stays one line; uninstall after a user edit takes out exactly what install added', () => {
    const p = project();
    const { run } = p;
    const file = path.join(p.home, '.claude', 'settings.json');
    const mine = '    "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo mine"}]}]';
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `{\n  "model": "x",\n  "hooks": {\n${mine}\n  }\n}\n`);
    expect(run('install', 'claude').status).toBe(0);
    const installed = readFileSync(file, 'utf8');
    expect(installed.split('\n')[3]!.startsWith(mine.slice(0, -1))).toBe(true);
    writeFileSync(file, installed.replace('"model": "x"', '"model": "y"'));
    expect(run('uninstall', 'claude').status).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(`{\n  "model": "y",\n  "hooks": {\n${mine}\n  }\n}\n`);
  });
});

describe("3. the user's lines in YAML configs and empty hook arrays survive install and uninstall", () => {
  const yamlHosts = [
    ['hermes', '.hermes/config.yaml', 'model: x\nplugins:\n  enabled:\n    - other   # mine\n  disabled: [a,  b]\n'],
    ['omp', '.omp/agent/config.yml', '# mine\nmodel: x\ntrustedExtensions:\n  - /opt/other.ts     # kept as written\n'],
  ] as const;
  it.each(yamlHosts)('%s: `- other   # mine` is byte-identical after install and uninstall, also with an edit in between', (host, rel, mine) => {
    const p = project();
    const { run } = p;
    const file = path.join(p.home, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, mine);
    expect(run('install', host).status).toBe(0);
    const installed = readFileSync(file, 'utf8');
    // One line added, none of the user's touched.
    expect(installed.split('\n').filter((l) => !mine.split('\n').includes(l))).toHaveLength(1);
    expect(run('uninstall', host).status).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(mine);
    expect(run('install', host).status).toBe(0);
    writeFileSync(file, `${readFileSync(file, 'utf8').replace('model: x', 'model: y')}extra: 1   # added later\n`);
    const u = run('uninstall', host);
    expect(u.status, u.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(`${mine.replace('model: x', 'model: y')}extra: 1   # added later\n`);
  });

  it('an empty `"Stop": []` the user had stays, also when remit\'s handler went into it and the file was edited since', () => {
    const p = project();
    const { run } = p;
    const file = path.join(p.home, '.claude', 'settings.json');
    const mine = '{\n  "model": "x",\n  "hooks": {\n    "Stop": [],\n    "Notification": []\n  }\n}\n';
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, mine);
    expect(run('install', 'claude').status).toBe(0);
    writeFileSync(file, readFileSync(file, 'utf8').replace('"model": "x"', '"model": "y"'));
    expect(run('uninstall', 'claude').status).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(mine.replace('"model": "x"', '"model": "y"'));
  });

  it("a reinstall that updates remit's handler rewrites only remit's entry, not the user's one-line array beside it", () => {
    const p = project();
    const { run } = p;
    const file = path.join(p.home, '.claude', 'settings.json');
    const line = '    "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo mine"}]}]';
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `{\n  "hooks": {\n${line}\n  }\n}\n`);
    expect(run('install', 'claude').status).toBe(0);
    // As an older remit left it: its own PreToolUse handler with another status line.
    const current = readFileSync(file, 'utf8');
    writeFileSync(file, current.replace('remit: checking this action against the task contract', 'remit: older'));
    const again = run('install', 'claude');
    expect(again.stdout).toMatch(/hooks +updated .*\(PreToolUse\)/);
    expect(readFileSync(file, 'utf8')).toBe(current);
  });
});

describe('status and runtime: the file the hook named, and refusals apart from asks', () => {
  it('status names the refused file by the hook message it can be matched with; runtime counts refusals and asks apart', () => {
    const p = project();
    const tool = (id: string, tool_name: string, tool_input: object) =>
      hookCall(p.env, p.proj, 'claude', { session_id: 's', cwd: p.proj, hook_event_name: 'PreToolUse', tool_name, tool_input, tool_use_id: id });
    p.prompt('s', '$remit change files=src/** -- fix the parser');
    const refused = JSON.parse(tool('t1', 'Write', { file_path: path.join(p.proj, 'docs/x.md'), content: 'x' }).out);
    const asked = JSON.parse(tool('t2', 'Write', { file_path: path.join(p.proj, 'src/package.json'), content: '{"dependencies":{"x":"1"}}' }).out);
    expect(refused.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(asked.hookSpecificOutput.permissionDecision).toBe('ask');
    const id = /evt_[0-9a-f]{28}/.exec(refused.hookSpecificOutput.permissionDecisionReason)![0];
    const status = p.run('status').stdout;
    expect(status).toContain(
      `${id} Write: deny PATH_OUTSIDE_CONTRACT (rule files-scope)\n      the file the hook's message named (effect #0) is outside files=src/**.`,
    );
    expect(status).not.toContain('Write on file effect');
    const runtime = p.run('runtime').stdout;
    expect(runtime).toContain('Refusals by reason: PATH_OUTSIDE_CONTRACT=1\nAsks by reason: DEPENDENCY_NOT_AUTHORIZED=1\n');
    const json = JSON.parse(p.run('runtime', '--json').stdout);
    expect(json).toMatchObject({ denials: { PATH_OUTSIDE_CONTRACT: 1 }, asks: { DEPENDENCY_NOT_AUTHORIZED: 1 } });
  });
});

describe('a file error is said in words with what to do, not as a bare errno code', () => {
  it('a session lock that cannot be taken (a looping sessions folder) names the lock, the cause in words and the fix', () => {
    const p = project();
    const home = path.join(p.home, 'remit-home');
    mkdirSync(home, { recursive: true });
    symlinkSync('sessions', path.join(home, 'sessions'));
    const r = hookCall({ ...p.env, REMIT_HOME: home }, p.proj, 'claude', {
      session_id: 's',
      cwd: p.proj,
      hook_event_name: 'UserPromptSubmit',
      prompt: '$remit review -- look',
    });
    const reason = JSON.parse(r.out).reason as string;
    expect(reason).toMatch(
      /^remit could not record this directive: cannot take the session lock \S+\.lock \(a loop of symbolic links, ELOOP\); remit writes its state there: make that folder one you can write to, or point REMIT_HOME at another folder\. Nothing changed\.$/,
    );
  });
});

describe("frictions this session's newcomer pass met", () => {
  it('a malformed user configuration says where it breaks; --home help names the last default; uninstall names no audit it never made', () => {
    const p = project();
    const config = path.join(p.home, '.config', 'remit', 'config.json');
    mkdirSync(path.dirname(config), { recursive: true });
    writeFileSync(config, '{"reads": [1');
    expect(p.run('reads', 'list').stderr).toBe(`remit reads: user configuration ${config} is not valid JSON (line 1, column 13); it is ignored\n`);
    writeFileSync(config, '');
    expect(p.run('reads', 'list').stderr).toContain('is not valid JSON (it is empty); it is ignored');
    expect(p.run('status', '--help').stdout).toContain('(default $REMIT_HOME, else $XDG_STATE_HOME/remit, else ~/.local/state/remit)');
    // install and uninstall write no audit: the note about keeping one is for a HOME that has one.
    expect(p.run('install', 'claude').status).toBe(0);
    const u = p.run('uninstall', 'claude');
    expect(u.status).toBe(0);
    expect(u.stdout).not.toContain('The audit (remit status, remit runtime) is kept');
    p.prompt('s', '$remit review -- look');
    expect(p.run('install', 'claude').status).toBe(0);
    expect(p.run('uninstall', 'claude').stdout).toContain(
      `The audit (remit status, remit runtime) is kept; delete ${path.join(p.home, '.local', 'state', 'remit')} to remove it.`,
    );
  });

  it('install all with one host refused installs nothing for any host, as install --help says', () => {
    const p = project();
    const settings = path.join(p.home, '.claude', 'settings.json');
    mkdirSync(path.dirname(settings), { recursive: true });
    writeFileSync(settings, '{bad');
    const before = readdirSync(p.home).sort();
    const r = p.run('install', 'all');
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^remit install: claude \(user\): not installed: .*settings\.json is not valid JSON .*Nothing was changed\.\nremit install: nothing was installed for any host; fix that, or install the other hosts one at a time\n$/,
    );
    expect(readdirSync(p.home).sort()).toEqual(before);
    expect(readdirSync(path.join(p.home, '.claude'))).toEqual(['settings.json']);
  });
});

describe('frictions a newcomer met', () => {
  it('a bare `remit` shows the usage after its one line; doctor names untrusted Codex hooks in one line; its help says what exit 3 means', () => {
    const p = project();
    const { run } = p;
    const bare = run();
    expect(bare.status).toBe(1);
    expect(bare.stderr).toMatch(/^remit: a command is needed\n\nusage: remit <command>/);
    expect(bare.stderr).toContain('doctor');
    // A dry run names the bundle's folder once, not each of its chunks.
    expect(run('install', 'claude', '--dry-run').stdout.match(/^ {2}bundle /gm)).toHaveLength(1);
    expect(run('install', 'codex').status).toBe(0);
    const doctor = run('doctor');
    expect(doctor.stdout.match(/not yet trusted — no trust record/g)).toHaveLength(1);
    expect(doctor.stdout).toMatch(/PreToolUse, |, PreToolUse/);
    expect(run('doctor', '--help').stdout).toContain('3  a host is not protected, or none is');
  });
});
