// Every defect of the fault issue, reproduced against the built bundle (`dist/remit.cjs hook
// claude`, payload on stdin) in an ARMED session: one test per defect, then the damaged state
// shapes and the tamperings `audit verify` claims to detect. Counts go to test/faults/tally.ts.
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  lstatSync,
  lutimesSync,
  readlinkSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushTally, tally } from './tally.js';
import { armReview, buildLockHolder, countArmed, ensureBundle, HAS_PRLIMIT, holdLock, killHard, payloads, scenario, World } from './world.js';

const REVIEW = '$remit review -- look only';
let scratch: World;
let holder: string;
const worlds: World[] = [];
const world = (name: string) => {
  const w = new World(name);
  worlds.push(w);
  return w;
};

beforeAll(async () => {
  ensureBundle();
  scratch = world('faults-probe');
  holder = await buildLockHolder(scratch.dir);
}, 120_000);
afterAll(() => {
  for (const w of worlds) w.dispose();
  flushTally('defects');
});

function records(w: World, session: string): Record<string, any>[] {
  return w.auditLines(session).map((l) => JSON.parse(l));
}

describe.sequential('each defect, through the built hook', () => {
  it('1: a deleted state file, a dangling link, and repair on a full disk leave the session armed', () => {
    const w = world('d1');
    const runs = armReview(w);
    unlinkSync(w.stateFile('s'));
    scenario();
    runs.push(w.armedWrite('s', 'w1'));
    expect(runs.at(-1)!.verdict).toBe('deny');
    expect(w.status('s')).toMatchObject({ controlState: 'ARMED', recovery: true });
    // Plain `remit status` in the project finds the session through its pointer and its audit.
    expect(JSON.parse(w.cli(['status', '--json']).stdout)).toMatchObject({ controlState: 'ARMED', recovery: true });
    symlinkSync(path.join(w.dir, 'nowhere'), w.stateFile('s'));
    scenario();
    runs.push(w.armedWrite('s', 'w2'));
    expect(runs.at(-1)!.verdict).toBe('deny');
    if (HAS_PRLIMIT) {
      // The repaired state is larger than the file-size limit: its write fails part way.
      scenario();
      const r = w.cli(['state', 'repair', '--host', 'claude', '--session', 's'], { fsize: 256 });
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/could not write the repaired state .*stays in recovery/);
      expect(lstatSync(w.stateFile('s')).isSymbolicLink()).toBe(true);
      runs.push(w.armedWrite('s', 'w3'));
      expect(runs.at(-1)!.verdict).toBe('deny');
    }
    expect(w.cli(['state', 'repair', '--host', 'claude', '--session', 's']).status).toBe(0);
    runs.push(w.armedWrite('s', 'w4'));
    expect(runs.at(-1)!.verdict).toBe('deny');
    expect(w.status('s')).toMatchObject({ controlState: 'ARMED', contract: { source: 'recovery', mode: 'review' } });
    expect(w.lostRecords(runs)).toEqual([]);
    expect(w.verify()).toBe(0);
  });

  it('2: through a symlinked sessions/ or audit/ folder, a change session cannot touch another session', () => {
    const w = world('d2');
    const sessions = path.join(w.dir, 'elsewhere-sessions');
    const audit = path.join(w.dir, 'elsewhere-audit');
    mkdirSync(sessions);
    mkdirSync(audit);
    mkdirSync(w.home);
    symlinkSync(sessions, path.join(w.home, 'sessions'));
    symlinkSync(audit, path.join(w.home, 'audit'));
    const runs = armReview(w, 'other');
    runs.push(w.prompt('s', '$remit change'));
    const victims = [path.join(sessions, `${w.key('other')}.json`), w.stateFile('other'), path.join(audit, `${w.key('other')}.jsonl`), w.auditFile('other')];
    for (const [i, file] of victims.entries()) {
      scenario();
      runs.push(w.armedWrite('s', `v${i}`, file));
      expect(runs.at(-1)!.verdict, file).toBe('deny');
    }
    scenario();
    const empty = countArmed(w.hook(payloads.bash('s', w.project, 'b1', `: > ${path.join(audit, `${w.key('other')}.jsonl`)}`)));
    expect(empty.verdict).toBe('deny');
    runs.push(empty);
    expect(w.lostRecords(runs)).toEqual([]);
    expect(w.verify()).toBe(0);
  });

  it('3: a payload the adapter cannot turn into an event is refused and audited', () => {
    const w = world('d3');
    const runs = armReview(w);
    scenario();
    const hostile = countArmed(
      w.hook({ session_id: 's', cwd: w.project, hook_event_name: 'PreToolUse', tool_name: { toString: 'x' }, tool_input: { file_path: 'a.ts', content: 'x' } }),
    );
    scenario();
    let deep = '1';
    for (let i = 0; i < 100_000; i++) deep = `{"a":${deep}}`;
    const nested = countArmed(
      w.hook(`{"session_id":"s","cwd":${JSON.stringify(w.project)},"hook_event_name":"PreToolUse","tool_name":"Write","tool_input":${deep}}`),
    );
    for (const r of [hostile, nested]) {
      expect(r.verdict).toBe('deny');
      expect(r.reason).toContain('GUARD_ERROR');
    }
    runs.push(hostile, nested);
    expect(w.lostRecords(runs)).toEqual([]);
    expect(records(w, 's').filter((r) => r.error === 'EVENT_UNREADABLE')).toHaveLength(2);
    expect(w.verify()).toBe(0);
  });

  it('4: a PreToolUse over the stdin cap is refused as truncated', () => {
    const w = world('d4');
    const runs = armReview(w);
    scenario();
    const big = Buffer.concat([
      Buffer.from('{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"a.ts","content":"'),
      Buffer.alloc(65 * 1024 * 1024, 'a'),
      Buffer.from('"}}'),
    ]);
    runs.push(countArmed(w.hook(big)));
    expect(runs.at(-1)!.verdict).toBe('deny');
    expect(w.lostRecords(runs)).toEqual([]);
    expect(records(w, 's').at(-1)).toMatchObject({ error: 'PAYLOAD_TRUNCATED', decision: { outcome: 'deny', reasonCode: 'GUARD_ERROR' } });
    expect(w.verify()).toBe(0);
  });

  it("5: hooks that time out on a held session lock at once keep the chain in order; none takes a live holder's lock, however old", async () => {
    const w = world('d5');
    const runs = armReview(w);
    // A holder that never refreshes its lock (a synchronous hook starved of the processor),
    // its lock dated past the stale age: it still runs, so nobody may take the lock from it, or
    // two writers would share the state's temp file (the 64-launch race's second record).
    const held = await holdLock(holder, w, 's', 'stall');
    const lock = `${w.stateFile('s')}.lock`;
    const owner = readlinkSync(lock);
    const old = new Date(Date.now() - 60_000);
    lutimesSync(lock, old, old);
    try {
      scenario();
      const n = 12;
      const waiting = await Promise.all(
        Array.from({ length: n }, (_, i) => w.hookAsync(payloads.write('s', w.project, `t${i}`, path.join(w.project, 'a.ts')))),
      );
      for (const r of waiting) expect(r.verdict).toBe('deny');
      runs.push(...waiting);
      const timeouts = records(w, 's').filter((r) => r.error === 'LOCK_TIMEOUT');
      expect(timeouts).toHaveLength(n);
      expect(new Set(timeouts.map((r) => r.seq)).size).toBe(n);
      expect(readlinkSync(lock)).toBe(owner);
    } finally {
      await killHard(held);
    }
    for (const r of runs.slice(2)) expect(r.verdict).toBe('deny');
    expect(w.lostRecords(runs)).toEqual([]);
    expect(w.verify()).toBe(0);
  }, 60_000);

  it.runIf(HAS_PRLIMIT)('6: a write cut short by a full disk leaves no partial line and loses no record', () => {
    const w = world('d6');
    const runs = armReview(w);
    const before = w.auditLines('s');
    const size = statSync(w.auditFile('s')).size;
    scenario();
    // Room for 100 more bytes: the next record (about 1 KB) is cut short by the kernel.
    const cut = w.armedWrite('s', 'w1', undefined, { fsize: size + 100 });
    expect(cut.verdict).toBe('deny');
    expect(cut.reason).toContain('GUARD_ERROR');
    expect(statSync(w.auditFile('s')).size).toBe(size);
    expect(w.lostLines('s', before)).toEqual([]);
    // Nothing could be recorded, so the answer names no record.
    expect(cut.eventId).toBeUndefined();
    runs.push(cut, w.armedWrite('s', 'w2'));
    expect(runs.at(-1)!.verdict).toBe('deny');
    expect(w.lostRecords(runs)).toEqual([]);
    expect(w.verify()).toBe(0);
  });

  it('7: an empty secret is replaced once; every later process keys digests and the chain with it', () => {
    const w = world('d7');
    mkdirSync(w.home, { recursive: true });
    writeFileSync(path.join(w.home, 'secret'), '');
    scenario();
    const runs = armReview(w);
    const secret = readFileSync(path.join(w.home, 'secret'), 'utf8').trim();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    runs.push(w.armedWrite('s', 'w1'), w.armedWrite('s', 'w2'));
    expect(readFileSync(path.join(w.home, 'secret'), 'utf8').trim()).toBe(secret);
    const digests = records(w, 's')
      .filter((r) => r.kind === 'action')
      .map((r) => r.action.inputDigest);
    expect(new Set(digests).size).toBe(1);
    expect(w.lostRecords(runs)).toEqual([]);
    expect(w.verify()).toBe(0);
  });

  it('8: an audit replaced by a folder, and a state file that is a FIFO', () => {
    const w = world('d8');
    const runs = armReview(w);
    const audit = w.auditFile('s');
    const saved = readFileSync(audit);
    rmSync(audit);
    mkdirSync(audit);
    scenario();
    const status = w.cli(['status', '--host', 'claude', '--session', 's']);
    expect(status.status).toBe(0);
    expect(status.stdout).toMatch(/audit.*cannot be read/i);
    expect(w.verify()).toBe(6);
    scenario();
    expect(w.armedWrite('s', 'w1').verdict).toBe('deny');
    rmSync(audit, { recursive: true });
    writeFileSync(audit, saved, { mode: 0o600 });
    unlinkSync(w.stateFile('s'));
    execFileSync('mkfifo', [w.stateFile('s')]);
    scenario();
    runs.push(w.armedWrite('s', 'w2', undefined, { timeoutMs: 20_000 }));
    expect(runs.at(-1)!.verdict).toBe('deny');
    expect(w.status('s')).toMatchObject({ controlState: 'ARMED', recovery: true });
    expect(w.lostRecords(runs)).toEqual([]);
  });

  it('9: a lock whose holder was killed is taken over at once, and its temp file is replaced', async () => {
    const w = world('d9');
    const runs = armReview(w);
    for (const mode of [undefined, 'temp'] as const) {
      scenario();
      await killHard(await holdLock(holder, w, 's', mode));
      // A takeover after the stale age would come too late: the hook's 5 s lock wait would end
      // in LOCK_TIMEOUT first. The mode's own refusal proves the lock was taken at once.
      const r = w.armedWrite('s', `k${mode ?? ''}`);
      expect(r.verdict).toBe('deny');
      expect(r.reason).toContain('MODE_FORBIDS_MUTATION');
      runs.push(r);
    }
    const leftovers = readdirSync(path.dirname(w.stateFile('s'))).filter((n) => n.endsWith('.tmp') || n.includes('.lock'));
    expect(leftovers).toEqual([]);
    expect(w.lostRecords(runs)).toEqual([]);
    expect(w.verify()).toBe(0);
  }, 60_000);

  it('10: a relative --home becomes absolute and is protected', () => {
    const w = world('d10');
    const hook = (payload: object) => w.hook(payload, { args: ['--home', 'rel-home'], env: { REMIT_HOME: undefined } });
    scenario();
    const runs = [hook(payloads.prompt('s', w.project, '$remit change'))];
    const home = path.join(w.project, 'rel-home');
    const state = path.join(home, 'sessions', `${w.key('s')}.json`);
    expect(statSync(state).isFile()).toBe(true);
    for (const [i, file] of [state, path.join(home, 'secret'), path.join(home, 'audit', `${w.key('s')}.jsonl`)].entries()) {
      const r = countArmed(hook(payloads.write('s', w.project, `p${i}`, file)));
      runs.push(r);
      expect(r.verdict, file).toBe('deny');
      expect(r.reason).toContain('GUARD_SELF_PROTECTION');
    }
    const rm = countArmed(hook(payloads.bash('s', w.project, 'rm', 'rm -rf rel-home')));
    expect(rm.verdict).toBe('deny');
    runs.push(rm);
    expect(w.cli(['audit', 'verify', '--all', '--home', home]).status).toBe(0);
  });

  it('11: every tampering the keyed chain and the head claim to detect makes audit verify exit 6', () => {
    const w = world('d11');
    const runs = armReview(w);
    for (let i = 1; i <= 5; i++) runs.push(w.armedWrite('s', `w${i}`));
    expect(w.verify()).toBe(0);
    const lines = w.auditLines('s');
    const put = (file: string, ls: string[]) => writeFileSync(file, ls.length ? `${ls.join('\n')}\n` : '');
    const relink = (ls: string[], key: Buffer | null) => {
      const out: string[] = [];
      for (const l of ls) {
        const r = JSON.parse(l);
        if (out.length) r.prev = key ? createHmac('sha256', key).update(out.at(-1)!).digest('hex') : createHmac('sha256', '').update(out.at(-1)!).digest('hex');
        out.push(JSON.stringify(r));
      }
      return out;
    };
    const edit = (l: string) => l.replace('"outcome":"deny"', '"outcome":"allow"');
    const tamperings: Record<string, (file: string) => void> = {
      'edit a middle line': (f) =>
        put(
          f,
          lines.map((l, i) => (i === 3 ? edit(l) : l)),
        ),
      'edit a middle line and relink every later link with a guessed key': (f) =>
        put(
          f,
          relink(
            lines.map((l, i) => (i === 3 ? edit(l) : l)),
            Buffer.alloc(32),
          ),
        ),
      'edit a middle line and relink unkeyed': (f) =>
        put(
          f,
          lines.map((l, i) => (i === 3 ? edit(l) : l)).map((l) => l.replace('"keyed":true,', '')),
        ),
      'edit the last line': (f) =>
        put(
          f,
          lines.map((l, i) => (i === lines.length - 1 ? edit(l) : l)),
        ),
      'delete the last line': (f) => put(f, lines.slice(0, -1)),
      'truncate the tail inside the last line': (f) => writeFileSync(f, `${lines.slice(0, -1).join('\n')}\n${lines.at(-1)!.slice(0, 40)}`),
      'cut the last three lines': (f) => put(f, lines.slice(0, -3)),
      'empty the audit': (f) => put(f, []),
      'delete a middle line': (f) =>
        put(
          f,
          lines.filter((_, i) => i !== 2),
        ),
      'reorder two lines': (f) =>
        put(
          f,
          lines.map((l, i) => (i === 2 ? lines[3]! : i === 3 ? lines[2]! : l)),
        ),
      'duplicate a line': (f) => put(f, [...lines.slice(0, 3), lines[2]!, ...lines.slice(3)]),
      'insert a forged line': (f) => put(f, [...lines.slice(0, 3), lines[2]!.replace(/"seq":\d+/, '"seq":99'), ...lines.slice(3)]),
      'replace the audit by a folder': (f) => {
        rmSync(f);
        mkdirSync(f);
      },
      'delete the audit file': (f) => rmSync(f),
      'replace the audit by a link to another chain': (f) => {
        rmSync(f);
        symlinkSync(w.auditFile('other'), f);
      },
    };
    armReview(w, 'other');
    const missed: string[] = [];
    for (const [name, apply] of Object.entries(tamperings)) {
      scenario();
      if (w.tamper('s', apply) !== 6) missed.push(name);
    }
    expect(missed).toEqual([]);
    expect(w.verify()).toBe(0);
    expect(w.lostRecords(runs)).toEqual([]);
  });
});

describe.sequential('what the first round left, through the built hook', () => {
  it('a state rewritten alone (contract loosened; seal dropped, stale, or the file dated back to version 1) keeps the session armed, and verify reports it', () => {
    const w = world('seal');
    const runs = armReview(w);
    runs.push(w.armedWrite('s', 'w1'));
    const file = w.stateFile('s');
    const saved = readFileSync(file, 'utf8');
    const loosened = saved.replace('"mode":"review"', '"mode":"change"').replace('"level":"guard"', '"level":"watch"');
    expect(loosened).not.toBe(saved);
    const unsealed = loosened.replace(/,"seal":"[0-9a-f]{64}"\}$/, '}');
    const rewrites: Record<string, string> = {
      'the seal dropped': unsealed,
      'the seal left as it was': loosened,
      'dated back to version 1, as an older remit wrote it': JSON.stringify({ ...JSON.parse(unsealed), schemaVersion: 1 }),
    };
    for (const [name, text] of Object.entries(rewrites)) {
      scenario();
      writeFileSync(file, text);
      const r = w.armedWrite('s', `x-${name}`);
      expect(r.verdict, name).toBe('deny');
      expect(r.reason, name).toContain('STATE_DAMAGED');
      runs.push(r);
      expect(w.status('s'), name).toMatchObject({ controlState: 'ARMED', recovery: true });
      tally.tamperings++;
      const verify = w.cli(['audit', 'verify', '--all', '--json']);
      if (verify.status === 6) tally.tamperingsDetected++;
      expect(JSON.parse(verify.stdout).files[0].firstBroken, name).toMatchObject({ problem: 'state_seal_broken' });
      writeFileSync(file, saved);
    }
    // `remit state repair` is the way out: a sound state sealed under this install's key, in
    // the recovery contract the audit implies (armed: review/guard).
    writeFileSync(file, unsealed);
    scenario();
    expect(w.cli(['state', 'repair', '--host', 'claude', '--session', 's']).status).toBe(0);
    const after = w.armedWrite('s', 'after-repair');
    expect(after.reason).toContain('MODE_FORBIDS_MUTATION');
    runs.push(after);
    expect(w.verify()).toBe(0);
    expect(w.lostRecords(runs)).toEqual([]);
  });
});

describe.sequential('remit check reads the session as the hook does', () => {
  /** The hook's answer to a write and `remit check`'s for the same write, each as outcome and reason code. */
  function both(w: World, id: string): { hook: string; check: string } {
    const hook = w.write('s', id);
    const code = /remit (?:refused|asks|noted)[^:]*: ([A-Z_]+)/.exec(hook.stdout)?.[1] ?? 'none';
    const input = JSON.stringify({ file_path: path.join(w.project, 'a.ts'), content: 'x' });
    const c = w.cli(['check', '--host', 'claude', '--session', 's', '--tool', 'Write', '--input', input, '--json']);
    const d = JSON.parse(c.stdout).decision;
    return { hook: `${hook.verdict} ${code}`, check: `${d.outcome} ${d.reasonCode}` };
  }

  it('a state rewritten by hand, or deleted, in an armed session is damage to check too: the same refusal as the hook, not the forged contract', () => {
    const w = world('check-seal');
    armReview(w);
    const file = w.stateFile('s');
    const saved = readFileSync(file, 'utf8');
    expect(both(w, 'c0')).toEqual({ hook: 'deny MODE_FORBIDS_MUTATION', check: 'deny MODE_FORBIDS_MUTATION' });
    const loosened = saved.replace('"mode":"review"', '"mode":"change"').replace('"level":"guard"', '"level":"watch"');
    const damage: Record<string, () => void> = {
      'the seal dropped': () => writeFileSync(file, loosened.replace(/,"seal":"[0-9a-f]{64}"\}$/, '}')),
      'the seal left as it was': () => writeFileSync(file, loosened),
      'the file deleted': () => rmSync(file),
      'not JSON': () => writeFileSync(file, '{'),
    };
    for (const [name, apply] of Object.entries(damage)) {
      scenario();
      apply();
      expect(both(w, `c-${name}`), name).toEqual({ hook: 'deny STATE_DAMAGED', check: 'deny STATE_DAMAGED' });
      writeFileSync(file, saved);
    }
  });

  it('a directive given to check does not replace damage, as the hook refuses it then too', () => {
    const w = world('check-prompt');
    armReview(w);
    writeFileSync(w.stateFile('s'), '{');
    const directive = '$remit change -- edit';
    expect(w.prompt('s', directive).verdict).toBe('block');
    const input = JSON.stringify({ file_path: path.join(w.project, 'a.ts'), content: 'x' });
    const c = w.cli(['check', '--host', 'claude', '--session', 's', '--prompt', directive, '--tool', 'Write', '--input', input, '--json']);
    expect(JSON.parse(c.stdout)).toMatchObject({
      prompt: { result: 'prompt-block', code: 'STATE_DAMAGED' },
      decision: { outcome: 'deny', reasonCode: 'STATE_DAMAGED' },
    });
    expect(w.armedWrite('s', 'p1').reason).toContain('STATE_DAMAGED');
  });

  it('damage in a session that was never armed: check answers as the hook does', () => {
    const w = world('check-unarmed');
    w.prompt('s', 'just a question');
    expect(w.write('s', 'u0').verdict).not.toBe('deny');
    const file = w.stateFile('s');
    writeFileSync(file, '{');
    expect(both(w, 'u1')).toEqual({ hook: 'context STATE_DAMAGED', check: 'report STATE_DAMAGED' });
  });
});

describe.sequential('session selection reads states as the hook does', () => {
  it('a state rewritten or planted by hand cannot steer which session status and check pick; a damaged one the pointer names is still shown', () => {
    const w = world('select');
    armReview(w, 's');
    w.prompt('t', '$remit change -- another task');
    const picked = () => JSON.parse(w.cli(['status', '--json']).stdout).session.key as string;
    expect(picked()).toBe(w.key('t'));
    // No pointer: the newest state of this project, by scanning.
    const pointers = path.join(w.home, 'projects');
    rmSync(pointers, { recursive: true });
    expect(picked()).toBe(w.key('t'));
    const sealedS = readFileSync(w.stateFile('s'), 'utf8');
    const later = (text: string) => text.replace(/"lastUsedAt":"[^"]+"/, '"lastUsedAt":"2099-01-01T00:00:00.000Z"');
    const forgeries: Record<string, () => void> = {
      "s's state dated later, its seal left as it was": () => writeFileSync(w.stateFile('s'), later(sealedS)),
      "s's state dated later, its seal dropped": () => writeFileSync(w.stateFile('s'), later(sealedS).replace(/,"seal":"[0-9a-f]{64}"\}$/, '}')),
      'a state planted for a session remit never saw': () => writeFileSync(w.stateFile('planted'), later(sealedS).replace(/,"seal":"[0-9a-f]{64}"\}$/, '}')),
    };
    for (const [name, forge] of Object.entries(forgeries)) {
      scenario();
      forge();
      expect(picked(), name).toBe(w.key('t'));
      writeFileSync(w.stateFile('s'), sealedS);
      rmSync(w.stateFile('planted'), { force: true });
    }
    // The pointer names s again; its state rewritten by hand is damage, shown as such, not passed over.
    expect(w.armedWrite('s', 'w9').verdict).toBe('deny');
    expect(picked()).toBe(w.key('s'));
    writeFileSync(w.stateFile('s'), later(readFileSync(w.stateFile('s'), 'utf8')).replace(/,"seal":"[0-9a-f]{64}"\}$/, '}'));
    // Whose session it is comes from its last record when the state cannot say.
    expect(JSON.parse(w.cli(['status', '--json']).stdout)).toMatchObject({
      session: { key: w.key('s'), host: 'claude' },
      controlState: 'ARMED',
      recovery: true,
    });
    expect(w.cli(['status']).stdout).toContain(`Session: claude session (id not kept), remit key ${w.key('s')}`);
  });
});

describe.sequential('status and runtime on damaged input', () => {
  it('with the state gone and the audit unreadable, status says why in words and reads the tail as the hook does: armed, and the hook refuses', () => {
    const w = world('status-audit');
    armReview(w, 'other');
    const shapes: Record<string, [(f: string) => void, string]> = {
      'a folder': [(f) => mkdirSync(f), 'it is a folder, not a file'],
      'a link to another chain': [(f) => symlinkSync(w.auditFile('other'), f), 'it is a link, not the file remit wrote'],
      'bytes that are no record': [(f) => writeFileSync(f, 'not a record\n'), 'it holds no readable record'],
      'a FIFO': [(f) => execFileSync('mkfifo', [f]), 'it is not a regular file'],
    };
    for (const [name, [apply, problem]] of Object.entries(shapes)) {
      const s = `s-${name.replace(/\W+/g, '-')}`;
      armReview(w, s);
      scenario();
      rmSync(w.stateFile(s));
      rmSync(w.auditFile(s));
      apply(w.auditFile(s));
      const status = JSON.parse(w.cli(['status', '--json', '--host', 'claude', '--session', s]).stdout);
      expect(status, name).toMatchObject({ controlState: 'ARMED', recovery: true, auditUnreadable: problem });
      const text = w.cli(['status', '--host', 'claude', '--session', s]).stdout;
      expect(text, name).toContain(`Audit: this session's audit cannot be read (${problem})`);
      expect(text, name).toContain('State: ARMED (recovery)');
      expect(w.armedWrite(s, `w-${name}`).verdict, name).toBe('deny');
      rmSync(w.auditFile(s), { recursive: true, force: true });
    }
  });

  it('state repair of a state that is a FIFO repairs it without waiting on the FIFO', () => {
    const w = world('repair-fifo');
    armReview(w);
    rmSync(w.stateFile('s'));
    execFileSync('mkfifo', [w.stateFile('s')]);
    scenario();
    const r = w.cli(['state', 'repair', '--host', 'claude', '--session', 's'], { timeoutMs: 20_000 });
    expect(r.signal).toBeNull();
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('the state file is not a regular file');
    expect(w.armedWrite('s', 'after').reason).toContain('MODE_FORBIDS_MUTATION');
  });

  it('prune keeps a live armed session whose state is gone or unreadable: its audit is what keeps it armed', () => {
    const w = world('prune-damaged');
    armReview(w);
    const damage: Record<string, () => void> = {
      'the state deleted': () => rmSync(w.stateFile('s')),
      'the sessions folder a file': () => {
        rmSync(path.dirname(w.stateFile('s')), { recursive: true });
        writeFileSync(path.dirname(w.stateFile('s')), 'x');
      },
    };
    for (const [name, apply] of Object.entries(damage)) {
      const saved = readFileSync(w.stateFile('s'));
      scenario();
      apply();
      const r = w.cli(['prune', '--older-than', '0d', '--json']);
      expect(JSON.parse(r.stdout), name).toMatchObject({ auditFiles: 0, keptArmed: [w.key('s')] });
      expect(w.armedWrite('s', `w-${name}`).verdict, name).toBe('deny');
      rmSync(path.dirname(w.stateFile('s')), { recursive: true, force: true });
      mkdirSync(path.dirname(w.stateFile('s')), { mode: 0o700 });
      writeFileSync(w.stateFile('s'), saved, { mode: 0o600 });
    }
  });

  it('with the sessions folder a file, the commands that take the session lock say why in one line', () => {
    const w = world('lock-enotdir');
    armReview(w);
    const sessions = path.dirname(w.stateFile('s'));
    rmSync(sessions, { recursive: true });
    writeFileSync(sessions, 'x');
    const id = JSON.parse(w.cli(['status', '--json', '--host', 'claude', '--session', 's']).stdout).recent[0].id;
    for (const args of [
      ['label', id, 'correct'],
      ['ledger', 'release', '--all'],
      ['state', 'repair'],
    ]) {
      scenario();
      const r = w.cli([...args, '--host', 'claude', '--session', 's']);
      expect({ status: r.status, stdout: r.stdout }, args[0]).toEqual({ status: 1, stdout: '' });
      expect(r.stderr, args[0]).toBe(
        `remit ${args[0]}: cannot take the session lock ${w.stateFile('s')}.lock (a folder on its way is a file, ENOTDIR); ${path.dirname(w.stateFile('s'))} must be a folder: move the file in its way aside, or point REMIT_HOME at another folder\n`,
      );
    }
  });

  it("status says in words when remit's secret is there but cannot be read, and nothing when it is sound", () => {
    const w = world('status-key');
    armReview(w);
    const status = () => JSON.parse(w.cli(['status', '--json', '--host', 'claude', '--session', 's']).stdout);
    expect(status().keyUnavailable).toBeUndefined();
    const secret = path.join(w.home, 'secret');
    const saved = readFileSync(secret);
    for (const [name, apply, problem] of [
      ['a folder', () => mkdirSync(secret), 'it is a folder, not a file'],
      ['a FIFO', () => execFileSync('mkfifo', [secret]), 'it is a FIFO, a socket or a device, not a file'],
      ['empty', () => writeFileSync(secret, ''), 'it is empty'],
    ] as const) {
      scenario();
      rmSync(secret, { recursive: true, force: true });
      apply();
      expect(status(), name).toMatchObject({ keyUnavailable: problem, controlState: 'ARMED' });
      expect(w.cli(['status', '--host', 'claude', '--session', 's']).stdout, name).toContain(`Key: remit's secret cannot be read (${problem})`);
      rmSync(secret, { recursive: true, force: true });
      writeFileSync(secret, saved, { mode: 0o600 });
    }
  });

  it('runtime counts a damaged state as damaged, in words, and still counts the sound sessions', () => {
    const w = world('runtime-damage');
    armReview(w, 'a');
    armReview(w, 'b');
    const sound = JSON.parse(w.cli(['runtime', '--all', '--json']).stdout);
    expect(sound).toMatchObject({ sessions: 2, damagedSessions: 0, denied: 2 });
    for (const [name, damage] of Object.entries({
      'not JSON': () => writeFileSync(w.stateFile('b'), '{'),
      'a folder': () => mkdirSync(w.stateFile('b')),
      'a link to itself': () => symlinkSync(w.stateFile('b'), w.stateFile('b')),
      'its seal dropped': () => writeFileSync(w.stateFile('b'), readFileSync(w.stateFile('a'), 'utf8').replace(/,"seal":"[0-9a-f]{64}"\}$/, '}')),
    })) {
      const saved = readFileSync(w.stateFile('b'));
      rmSync(w.stateFile('b'));
      scenario();
      damage();
      const r = w.cli(['runtime', '--all']);
      expect(r.status, name).toBe(0);
      expect(r.stdout, name).toContain('Sessions with damaged state (not counted): 1');
      expect(JSON.parse(w.cli(['runtime', '--all', '--json']).stdout), name).toMatchObject({ sessions: 2, damagedSessions: 1, denied: 1 });
      rmSync(w.stateFile('b'), { recursive: true, force: true });
      writeFileSync(w.stateFile('b'), saved);
    }
  });
});

describe.sequential('what already held, through the built hook', () => {
  it('damaged state of every shape fails closed and says so', () => {
    const w = world('shapes');
    const runs = armReview(w);
    const file = w.stateFile('s');
    const shapes: Record<string, () => void> = {
      empty: () => writeFileSync(file, ''),
      'not JSON': () => writeFileSync(file, '{"schemaVersion":2,'),
      binary: () => writeFileSync(file, Buffer.from([0, 255, 1, 254, 10, 0])),
      'fails its schema': () => writeFileSync(file, JSON.stringify({ schemaVersion: 2, contract: 'change' })),
      'newer version': () => writeFileSync(file, JSON.stringify({ schemaVersion: 99 })),
      'a folder': () => mkdirSync(file),
      'a link to itself': () => symlinkSync(file, file),
      'a link to /dev/zero': () => symlinkSync('/dev/zero', file),
    };
    const saved = readFileSync(file);
    for (const [name, damage] of Object.entries(shapes)) {
      scenario();
      rmSync(file, { recursive: true, force: true });
      damage();
      const r = w.armedWrite('s', `x-${name}`, undefined, { timeoutMs: 20_000 });
      expect(r.verdict, name).toBe('deny');
      runs.push(r);
      expect(w.status('s'), name).toMatchObject({ controlState: 'ARMED', recovery: true });
      rmSync(file, { recursive: true, force: true });
      writeFileSync(file, saved, { mode: 0o600 });
    }
    expect(w.lostRecords(runs)).toEqual([]);
  });

  it('a stale lock folder with no owner (an older remit’s) is taken over', async () => {
    // A live lock is defect 5's test: every waiter's write is refused with LOCK_TIMEOUT.
    const w = world('locks');
    const runs = armReview(w);
    scenario();
    // A lock folder with no owner, older than the stale age: an older remit's, or one whose owner never wrote its name.
    const lock = `${w.stateFile('s')}.lock`;
    mkdirSync(lock);
    utimesSync(lock, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const r = w.armedWrite('s', 'stale');
    expect(r.reason).toContain('MODE_FORBIDS_MUTATION');
    runs.push(r);
    expect(w.lostRecords(runs)).toEqual([]);
    expect(w.verify()).toBe(0);
  }, 60_000);

  it('a read-only REMIT_HOME: armed writes refused with a well-formed answer, nothing crashes', () => {
    const w = world('readonly');
    // Permission bits do not stop root: as root, the hooks run as `nobody` in a home it owns.
    const asRoot = process.getuid?.() === 0;
    const who = asRoot ? { uid: 65534, gid: 65534 } : {};
    chmodSync(w.dir, 0o755);
    chmodSync(w.project, 0o755);
    mkdirSync(w.home, { mode: 0o700 });
    if (asRoot) chownSync(w.home, 65534, 65534);
    const runs = [w.prompt('s', REVIEW, who), w.armedWrite('s', 'w0', undefined, who)];
    expect(runs.map((r) => r.verdict)).toEqual(['context', 'deny']);
    const before = w.auditLines('s');
    const setModes = (dirMode: number, fileMode: number) => {
      const walk = (p: string) => {
        const st = lstatSync(p);
        if (st.isSymbolicLink()) return;
        if (st.isDirectory()) {
          for (const n of readdirSync(p)) walk(path.join(p, n));
          chmodSync(p, dirMode);
        } else chmodSync(p, fileMode);
      };
      walk(w.home);
    };
    setModes(0o500, 0o400);
    try {
      scenario();
      const denied = w.armedWrite('s', 'w1', undefined, who);
      expect(denied.verdict).toBe('deny');
      expect(denied.reason).toContain('GUARD_ERROR');
      scenario();
      const bash = countArmed(w.hook(payloads.bash('s', w.project, 'b1', 'touch a.ts'), who));
      expect(bash.verdict).toBe('deny');
      scenario();
      const directive = w.prompt('s', '$remit change', who);
      expect(directive.verdict).toBe('block');
      expect(directive.reason).toMatch(/could not record/);
      const status = w.cli(['status', '--host', 'claude', '--session', 's'], who);
      expect(status.status).toBe(0);
      expect(status.stdout).toContain('ARMED');
    } finally {
      setModes(0o700, 0o600);
    }
    expect(w.lostLines('s', before)).toEqual([]);
    expect(w.lostRecords(runs)).toEqual([]);
    expect(w.armedWrite('s', 'w2', undefined, who).verdict).toBe('deny');
    expect(w.verify()).toBe(0);
  });

  it('hermes without an event argument reads hook_event_name and blocks a write in review', () => {
    const w = world('hermes');
    const h = { session_id: 'hermes-fault', cwd: w.project };
    scenario();
    w.hook({ ...h, hook_event_name: 'pre_llm_call', extra: { user_message: REVIEW } }, { host: 'hermes' });
    const r = w.hook({ ...h, hook_event_name: 'pre_tool_call', tool_name: 'write_file', tool_input: { path: 'a.ts', content: 'x' } }, { host: 'hermes' });
    expect(r.stdout).toContain('"action":"block"');
  });
});
