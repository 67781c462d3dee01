// Variants of the fault issue's defects that the first suite did not try, each against the
// built bundle in an ARMED session: special files and links where REMIT_HOME keeps state, the
// secret, audits, project pointers and configuration (a FIFO or device there once hung the
// hook until the host timed it out and ran the tool); locks dated in the future; payloads cut
// short or not JSON; Hermes' own hook. Counts go to test/faults/tally.ts.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
  lutimesSync,
  utimesSync,
  renameSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionKey } from '../../src/core/state/home.js';
import { countArmedAnswer, flushTally } from './tally.js';
import { armReview, countArmed, ensureBundle, payloads, scenario, World, type Run } from './world.js';

const REVIEW = '$remit review -- look only';
const worlds: World[] = [];
const world = (name: string) => {
  const w = new World(name);
  worlds.push(w);
  return w;
};

beforeAll(() => ensureBundle(), 120_000);
afterAll(() => {
  for (const w of worlds) w.dispose();
  flushTally('variants');
});

/** A hang is the host's timeout, after which it runs the tool: well under it, or a crash. */
const NO_HANG = { timeoutMs: 20_000 };

function mkfifo(file: string): void {
  expect(spawnSync('mkfifo', [file]).status).toBe(0);
}

/** A Unix socket file left at `file` (its process gone). */
function socketFile(file: string): void {
  const r = spawnSync(process.execPath, ['-e', `require('net').createServer().listen(${JSON.stringify(file)}, () => process.exit(0))`]);
  expect(r.status).toBe(0);
}

/** The `error` of every record in a session's audit, for any host. */
function errorsIn(w: World, host: string, session: string): string[] {
  const file = path.join(w.home, 'audit', `${sessionKey(host, session)}.jsonl`);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l).error)
    .filter(Boolean);
}

describe.sequential('where REMIT_HOME keeps things, through the built hook', () => {
  it('a state file that is a socket, a link loop, or a link to a file past the size cap is damage, answered at once', () => {
    const w = world('v-state');
    const runs = armReview(w);
    const file = w.stateFile('s');
    const saved = readFileSync(file);
    const huge = path.join(w.dir, 'huge');
    writeFileSync(huge, '');
    // Sparse: 17 MiB of nothing, one past what a state may be.
    truncateSync(huge, 16 * 1024 * 1024 + 1);
    const shapes: Record<string, () => void> = {
      'a socket': () => socketFile(file),
      'a loop of two links': () => {
        symlinkSync(`${file}.b`, file);
        symlinkSync(file, `${file}.b`);
      },
      'a link to a huge file': () => symlinkSync(huge, file),
    };
    for (const [name, damage] of Object.entries(shapes)) {
      scenario();
      rmSync(file, { force: true });
      damage();
      const r = w.armedWrite('s', `x-${name}`, undefined, NO_HANG);
      expect(r.verdict, name).toBe('deny');
      runs.push(r);
      const status = w.status('s');
      expect(status, name).toMatchObject({ controlState: 'ARMED', recovery: true });
      if (name === 'a link to a huge file') expect(status.damage).toMatch(/larger than/);
      rmSync(file, { force: true });
      rmSync(`${file}.b`, { force: true });
      writeFileSync(file, saved, { mode: 0o600 });
    }
    expect(w.lostRecords(runs)).toEqual([]);
  });

  it('the sessions/ folder missing, a file, or a dangling link: armed writes refused and recorded', () => {
    const w = world('v-sessions');
    const runs = armReview(w);
    const dir = path.join(w.home, 'sessions');
    const shapes: Record<string, () => void> = {
      missing: () => rmSync(dir, { recursive: true, force: true }),
      'a file': () => {
        rmSync(dir, { recursive: true, force: true });
        writeFileSync(dir, 'x');
      },
      'a dangling link': () => {
        rmSync(dir, { recursive: true, force: true });
        symlinkSync(path.join(w.dir, 'nowhere'), dir);
      },
    };
    for (const [name, damage] of Object.entries(shapes)) {
      scenario();
      damage();
      const r = w.armedWrite('s', `x-${name}`, undefined, NO_HANG);
      expect(r.verdict, name).toBe('deny');
      expect(r.eventId, name).toBeDefined();
      runs.push(r);
      rmSync(dir, { recursive: true, force: true });
    }
    expect(w.lostRecords(runs)).toEqual([]);
  });

  it('REMIT_HOME or its audit folder a link to nothing: remit’s memory was moved, so the session is not taken for a new one', () => {
    for (const which of ['home', 'audit'] as const) {
      scenario();
      const w = world(`v-dangling-${which}`);
      // The records so far, checked before the fault moves them away.
      expect(w.lostRecords(armReview(w))).toEqual([]);
      const moved = path.join(w.dir, 'moved');
      if (which === 'home') {
        renameSync(w.home, moved);
        symlinkSync(path.join(w.dir, 'nowhere'), w.home);
      } else {
        unlinkSync(w.stateFile('s'));
        renameSync(path.join(w.home, 'audit'), moved);
        symlinkSync(path.join(w.dir, 'nowhere'), path.join(w.home, 'audit'));
      }
      const r = w.armedWrite('s', 'w1', undefined, NO_HANG);
      expect(r.verdict, which).toBe('deny');
      expect(r.reason, which).toMatch(/STATE_DAMAGED|GUARD_ERROR/);
      // Nothing can be recorded where the records went: the answer names none.
      expect(r.eventId).toBeUndefined();
    }
  });

  it('a secret that is a FIFO, a link to /dev/zero, or too long is replaced, and the state sealed under the old one is damage until repaired; a folder is worked around', () => {
    const w = world('v-secret');
    const runs = armReview(w);
    const secret = path.join(w.home, 'secret');
    const shapes: Record<string, () => void> = {
      'a FIFO': () => mkfifo(secret),
      'a link to /dev/zero': () => symlinkSync('/dev/zero', secret),
      'too long': () => writeFileSync(secret, 'a'.repeat(4096)),
      'a folder': () => mkdirSync(secret),
    };
    for (const [name, damage] of Object.entries(shapes)) {
      scenario();
      rmSync(secret, { recursive: true, force: true });
      damage();
      const r = w.armedWrite('s', `x-${name}`, undefined, NO_HANG);
      expect(r.verdict, name).toBe('deny');
      runs.push(r);
      if (name === 'a folder') {
        // No key can be read: this process reads the state as it is (its own key is per-process).
        expect(r.reason, name).toContain('MODE_FORBIDS_MUTATION');
        continue;
      }
      expect(readFileSync(secret, 'utf8').trim(), name).toMatch(/^[0-9a-f]{64}$/);
      // A new key: the state sealed under the old one no longer speaks for the session, which
      // stays armed in recovery until `remit state repair` rebuilds it under the new key.
      expect(r.reason, name).toContain('STATE_DAMAGED');
      expect(w.cli(['state', 'repair', '--host', 'claude', '--session', 's']).status, name).toBe(0);
      const after = w.armedWrite('s', `y-${name}`, undefined, NO_HANG);
      expect(after.reason, name).toContain('MODE_FORBIDS_MUTATION');
      runs.push(after);
    }
    expect(w.lostRecords(runs)).toEqual([]);
  });

  it('an audit linked to another session’s audit: no record is filed in that chain, and it never speaks for this session', () => {
    const w = world('v-audit-link');
    const runs = armReview(w);
    // An observing session: its audit's last word is OBSERVING.
    runs.push(w.write('other', 'o1'));
    expect(runs.at(-1)!.verdict).toBe('none');
    const other = w.auditLines('other');
    expect(w.lostRecords(runs)).toEqual([]);
    rmSync(w.auditFile('s'));
    symlinkSync(w.auditFile('other'), w.auditFile('s'));
    scenario();
    const withState = w.armedWrite('s', 'w1', undefined, NO_HANG);
    expect(withState.verdict).toBe('deny');
    scenario();
    unlinkSync(w.stateFile('s'));
    const noState = w.armedWrite('s', 'w2', undefined, NO_HANG);
    expect(noState.verdict).toBe('deny');
    expect(noState.reason).toContain('STATE_DAMAGED');
    expect(w.auditLines('other')).toEqual(other);
  });

  it('an audit that is a FIFO while the state is missing: refused at once; status and verify answer', () => {
    const w = world('v-audit-fifo');
    expect(w.lostRecords(armReview(w))).toEqual([]);
    unlinkSync(w.stateFile('s'));
    rmSync(w.auditFile('s'));
    mkfifo(w.auditFile('s'));
    scenario();
    const r = w.armedWrite('s', 'w1', undefined, NO_HANG);
    expect(r.verdict).toBe('deny');
    expect(r.reason).toContain('STATE_DAMAGED');
    const status = w.cli(['status', '--host', 'claude', '--session', 's'], NO_HANG);
    expect(status.stdout).toMatch(/ARMED/);
    expect(w.cli(['audit', 'verify', '--all'], NO_HANG).status).toBe(6);
  });

  it('a project pointer that is a FIFO is replaced, not read', () => {
    const w = world('v-pointer');
    const runs = armReview(w);
    const dir = path.join(w.home, 'projects');
    const pointer = path.join(dir, spawnSync('ls', [dir], { encoding: 'utf8' }).stdout.trim());
    expect(readFileSync(pointer, 'utf8')).toBe(w.key('s'));
    unlinkSync(pointer);
    mkfifo(pointer);
    scenario();
    runs.push(w.armedWrite('s', 'w1', undefined, NO_HANG));
    expect(runs.at(-1)!.reason).toContain('MODE_FORBIDS_MUTATION');
    expect(readFileSync(pointer, 'utf8')).toBe(w.key('s'));
    expect(w.lostRecords(runs)).toEqual([]);
  });

  it('a user configuration or a project .remit.json that is a FIFO or /dev/zero is ignored, never waited on', () => {
    for (const where of ['user', 'repo'] as const) {
      for (const kind of ['fifo', 'zero'] as const) {
        scenario();
        const w = world(`v-config-${where}-${kind}`);
        const file = where === 'user' ? path.join(w.dir, '.config', 'remit', 'config.json') : path.join(w.project, '.remit.json');
        mkdirSync(path.dirname(file), { recursive: true });
        if (kind === 'fifo') mkfifo(file);
        else symlinkSync('/dev/zero', file);
        const runs = [w.prompt('s', REVIEW, NO_HANG)];
        expect(runs[0]!.verdict, `${where} ${kind}`).toBe('context');
        runs.push(w.armedWrite('s', 'w1', undefined, NO_HANG));
        expect(runs.at(-1)!.verdict, `${where} ${kind}`).toBe('deny');
        expect(w.lostRecords(runs)).toEqual([]);
      }
    }
  });
});

describe.sequential('files of another owner, through the built hook', () => {
  // Permission bits do not stop root: the hooks run as `nobody`, the files belong to root.
  it.runIf(process.getuid?.() === 0)('a state the hook cannot read is damage; an audit it cannot write refuses without a record', () => {
    const w = world('v-owner');
    const who = { uid: 65534, gid: 65534 };
    chmodSync(w.dir, 0o755);
    chmodSync(w.project, 0o755);
    mkdirSync(w.home, { mode: 0o700 });
    chownSync(w.home, 65534, 65534);
    const runs = [w.prompt('s', REVIEW, who), w.armedWrite('s', 'w0', undefined, who)];
    expect(runs.map((r) => r.verdict)).toEqual(['context', 'deny']);
    for (const dir of ['sessions', 'audit']) chownSync(path.join(w.home, dir), 65534, 65534);
    scenario();
    chownSync(w.stateFile('s'), 0, 0);
    chmodSync(w.stateFile('s'), 0o600);
    const unreadable = w.armedWrite('s', 'w1', undefined, who);
    expect(unreadable.verdict).toBe('deny');
    expect(unreadable.reason).toContain('STATE_DAMAGED');
    runs.push(unreadable);
    scenario();
    chownSync(w.stateFile('s'), 65534, 65534);
    chownSync(w.auditFile('s'), 0, 0);
    chmodSync(w.auditFile('s'), 0o644);
    const unwritable = w.armedWrite('s', 'w2', undefined, who);
    expect(unwritable.verdict).toBe('deny');
    expect(unwritable.eventId).toBeUndefined();
    expect(w.lostRecords(runs)).toEqual([]);
  });
});

describe.sequential('the project, through the built hook', () => {
  it('a tool call naming a FIFO (a planted package.json) is answered, never waited on', () => {
    scenario();
    const w = world('v-project-fifo');
    expect(w.prompt('s', '$remit change deps=deny').verdict).toBe('context');
    const manifest = path.join(w.project, 'package.json');
    mkfifo(manifest);
    const edit = {
      session_id: 's',
      cwd: w.project,
      hook_event_name: 'PreToolUse',
      tool_name: 'Edit',
      tool_use_id: 'e1',
      tool_input: { file_path: manifest, old_string: '"a"', new_string: '"b"' },
    };
    // Before, the classifier's read of the old text blocked on the FIFO until the timeout (a
    // crash here). What it makes of a manifest it cannot read is the classifier's rule.
    const r = w.hook(edit, NO_HANG);
    expect(r.signal).toBeNull();
    expect(r.status).toBe(0);
    expect(
      w
        .auditLines('s')
        .map((l) => JSON.parse(l))
        .filter((x) => x.kind === 'action'),
    ).toHaveLength(1);
  });
});

describe.sequential('locks dated in the future, through the built hook', () => {
  it("another host's live lock is waited out and refused with its record; its session lock, audit lock or an old lock folder dated a day ahead is taken over", () => {
    const w = world('v-locks');
    const runs = armReview(w);
    const ahead = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const shapes: Record<string, () => string> = {
      'session lock of another host': () => {
        const lock = `${w.stateFile('s')}.lock`;
        symlinkSync('4242@another-host:1', lock);
        lutimesSync(lock, ahead, ahead);
        return lock;
      },
      'audit lock of another host': () => {
        const lock = `${w.auditFile('s')}.lock`;
        symlinkSync('4242@another-host:1', lock);
        lutimesSync(lock, ahead, ahead);
        return lock;
      },
      'an older remit’s lock folder': () => {
        const lock = `${w.stateFile('s')}.lock`;
        mkdirSync(lock);
        utimesSync(lock, ahead, ahead);
        return lock;
      },
    };
    // Dated now, the same lock is live: every waiter is refused (LOCK_TIMEOUT) and recorded.
    scenario();
    symlinkSync('4242@another-host:1', `${w.stateFile('s')}.lock`);
    const live = w.armedWrite('s', 'live', undefined, NO_HANG);
    expect(live.verdict).toBe('deny');
    expect(live.reason).toContain('GUARD_ERROR');
    expect(live.eventId).toBeDefined();
    runs.push(live);
    unlinkSync(`${w.stateFile('s')}.lock`);
    for (const [name, lock] of Object.entries(shapes)) {
      scenario();
      lock();
      const r = w.armedWrite('s', `x-${name}`, undefined, NO_HANG);
      expect(r.verdict, name).toBe('deny');
      // The mode's own refusal, with its record: the lock was taken, not timed out on.
      expect(r.reason, name).toContain('MODE_FORBIDS_MUTATION');
      runs.push(r);
    }
    expect(w.lostRecords(runs)).toEqual([]);
    expect(w.verify()).toBe(0);
  });
});

describe.sequential('payloads, through the built hook', () => {
  it('a PreToolUse cut short (stdin closed early) or holding a raw NUL is refused and audited', () => {
    for (const host of ['claude', 'codex'] as const) {
      const w = world(`v-payload-${host}`);
      const runs = [w.hook(payloads.prompt('s', w.project, REVIEW), { host })];
      expect(runs[0]!.verdict).toBe('context');
      const whole = JSON.stringify(payloads.write('s', w.project, 'u1', path.join(w.project, 'a.ts')));
      const cases: Record<string, string> = {
        'cut short': whole.slice(0, whole.indexOf('"content"') + 5),
        'a raw NUL': whole.replace('a.ts', 'a\u0000.ts').replace('\\u0000', '\u0000'),
      };
      for (const [name, text] of Object.entries(cases)) {
        scenario();
        const r = countArmed(w.hook(text, { host }));
        expect(r.verdict, `${host} ${name}`).toBe('deny');
        expect(r.reason).toContain('GUARD_ERROR');
        runs.push(r);
      }
      expect(errorsIn(w, host, 's')).toEqual(['EVENT_UNREADABLE', 'EVENT_UNREADABLE']);
      expect(w.lostRecords(runs)).toEqual([]);
    }
  });

  it('duplicate keys, __proto__ keys, huge numbers and deep arrays: each write refused', () => {
    const w = world('v-json');
    const runs = armReview(w);
    const head = `"session_id":"s","cwd":${JSON.stringify(w.project)},"hook_event_name":"PreToolUse"`;
    let deep = '1';
    for (let i = 0; i < 100_000; i++) deep = `[${deep}]`;
    const cases: Record<string, string> = {
      'duplicate tool_name, the write last': `{${head},"tool_name":"Read","tool_name":"Write","tool_use_id":"d1","tool_input":{"file_path":"a.ts","content":"x"}}`,
      '__proto__ keys': `{${head},"__proto__":{"tool_name":"Read"},"tool_name":"Write","tool_use_id":"d2","tool_input":{"__proto__":{"file_path":"x"},"file_path":"a.ts","content":"x"}}`,
      'the input only under __proto__': `{${head},"tool_name":"Write","tool_use_id":"d3","tool_input":{"__proto__":{"file_path":"a.ts","content":"x"}}}`,
      'huge numbers': `{${head},"tool_name":"Write","tool_use_id":1e999,"tool_input":{"file_path":"a.ts","content":1e999,"limit":-1e400}}`,
      'a deep array': `{${head},"tool_name":"Write","tool_use_id":"d5","tool_input":{"file_path":"a.ts","content":${deep}}}`,
    };
    for (const [name, text] of Object.entries(cases)) {
      scenario();
      const r = countArmed(w.hook(text));
      expect(['deny', 'ask'], name).toContain(r.verdict);
      runs.push(r);
    }
    expect(w.lostRecords(runs)).toEqual([]);
    expect(w.verify()).toBe(0);
  });

  it('a prompt cut short that named remit is answered (nothing changed) and recorded in its session, metadata only', () => {
    scenario();
    const w = world('v-prompt-cut');
    const r = w.hook(JSON.stringify(payloads.prompt('s', w.project, '$remit review -- look only')).slice(0, -20));
    expect(r.verdict).toBe('block');
    expect(r.reason).toMatch(/could not read this prompt \(the hook payload could not be read\); nothing changed/);
    // The same over the stdin cap (the payload is not read past it).
    const big = JSON.stringify(payloads.prompt('s', w.project, `$remit review -- ${'x'.repeat(65 * 1024 * 1024)}`));
    const over = w.hook(big);
    expect(over.verdict).toBe('block');
    expect(over.reason).toMatch(/the hook payload was cut short/);
    const lines = w.auditLines('s');
    expect(lines.map((l) => JSON.parse(l)).map((x) => [x.kind, x.error, x.state])).toEqual([
      ['directive', 'EVENT_UNREADABLE', undefined],
      ['directive', 'PAYLOAD_TRUNCATED', undefined],
    ]);
    expect(lines.join('\n')).not.toContain('look only');
    // Nothing applied: the session is not armed by a prompt remit could not read.
    expect(w.write('s', 'w1').verdict).not.toBe('deny');
  });
});

describe.sequential('Hermes’ hook', () => {
  const hermes = (w: World, event: string, body: Record<string, unknown>) => ({ session_id: 'hs', hook_event_name: event, cwd: w.project, ...body });
  it('a call remit cannot classify, one over the stdin cap, and one cut short: blocked and audited', () => {
    const w = world('v-hermes');
    w.hook(hermes(w, 'pre_llm_call', { extra: { user_message: REVIEW } }), { host: 'hermes' });
    let deep = '1';
    for (let i = 0; i < 100_000; i++) deep = `{"a":${deep}}`;
    const whole = JSON.stringify(hermes(w, 'pre_tool_call', { tool_name: 'write_file', tool_input: { path: 'a.ts', content: 'x' } }));
    const cases: Record<string, string | Buffer> = {
      unclassifiable: JSON.stringify(hermes(w, 'pre_tool_call', { tool_name: 'terminal', tool_input: { command: 'x' } })).replace('"x"', deep),
      'over the cap': Buffer.concat([Buffer.from(whole.slice(0, whole.indexOf('"x"') + 1)), Buffer.alloc(65 * 1024 * 1024, 'a'), Buffer.from('"}}')]),
      'cut short': whole.slice(0, -10),
    };
    const runs: Run[] = [];
    for (const [name, text] of Object.entries(cases)) {
      scenario();
      const r = w.hook(text, { host: 'hermes' });
      const out = JSON.parse(r.stdout || '{}');
      countArmedAnswer(out.action === 'block' ? 'deny' : 'none');
      expect(out.action, name).toBe('block');
      expect(out.message, name).toContain('GUARD_ERROR');
      runs.push({ ...r, ...(/evt_[0-9a-f]{28}/.exec(out.message)?.[0] ? { eventId: /evt_[0-9a-f]{28}/.exec(out.message)![0] } : {}) });
    }
    expect(errorsIn(w, 'hermes', 'hs')).toEqual(['EVENT_UNREADABLE', 'PAYLOAD_TRUNCATED', 'EVENT_UNREADABLE']);
    expect(w.lostRecords(runs)).toEqual([]);
    // A prompt cut short that named remit: the model is told nothing changed; the session records it.
    scenario();
    const prompt = w.hook(JSON.stringify(hermes(w, 'pre_llm_call', { extra: { user_message: '$remit change -- go' } })).slice(0, -10), { host: 'hermes' });
    expect(JSON.parse(prompt.stdout).context).toMatch(/could not read this prompt.*nothing changed/s);
    expect(errorsIn(w, 'hermes', 'hs').at(-1)).toBe('EVENT_UNREADABLE');
  });

  it('the plugin names the session before the tool input, and takes a failed run with no answer for a refusal', () => {
    scenario();
    const w = world('v-hermes-plugin');
    const failing = path.join(w.dir, 'fails.js');
    writeFileSync(failing, 'process.exit(1);\n');
    chmodSync(failing, 0o644);
    const plugin = path.resolve(__dirname, '..', '..', 'adapters', 'hermes', 'plugin');
    const script = [
      'import importlib, json, sys',
      `sys.path.insert(0, ${JSON.stringify(plugin)})`,
      'remit = importlib.import_module("remit")',
      'p = remit._payload("pre_tool_call", {"session_id": "hs", "tool_name": "write_file", "args": {"path": "a", "content": "x"}})',
      'print(json.dumps(list(p.keys())))',
      'print(json.dumps(remit.pre_tool_call(session_id="hs", tool_name="write_file", args={"path": "a"})))',
    ].join('\n');
    const r = spawnSync('python3', ['-c', script], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: w.dir, REMIT_HERMES_NODE: process.execPath, REMIT_HERMES_BUNDLE: failing },
    });
    expect(r.status, r.stderr).toBe(0);
    const [keys, answer] = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(keys.slice(0, 2)).toEqual(['session_id', 'hook_event_name']);
    expect(keys.indexOf('tool_input')).toBeGreaterThan(keys.indexOf('cwd'));
    countArmedAnswer(answer?.action === 'block' ? 'deny' : 'none');
    expect(answer).toMatchObject({ action: 'block', message: expect.stringContaining('GUARD_ERROR') });
  });
});
