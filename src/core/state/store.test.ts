import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { latestSessionFor, readSession, withSessionLock, writeSession } from './store.js';
import { newSessionState } from './session-state.js';
import { auditFile, projectPointerFile, resolveRemitHome, sessionFile, sessionKey } from './home.js';
import { LockTimeoutError, lockPathOf } from './lock.js';
import { defaultContract } from '../contract/defaults.js';
import { encodeState } from './decode.js';
import { faultFs } from './fs-layer.js';
import type { SessionState } from '../../generated/types.js';

let home: string;
beforeEach(() => {
  home = path.join(mkdtempSync(path.join(tmpdir(), 'remit-store-')), 'home');
});
afterEach(() => rmSync(path.dirname(home), { recursive: true, force: true }));

const state = (root: string, at: string) => newSessionState({ name: 'h' }, defaultContract(), at, root);

describe('locations', () => {
  it('REMIT_HOME, else XDG_STATE_HOME/remit, else ~/.local/state/remit', () => {
    expect(resolveRemitHome({ REMIT_HOME: '/a' })).toBe('/a');
    expect(resolveRemitHome({ XDG_STATE_HOME: '/x' })).toBe('/x/remit');
    expect(resolveRemitHome({ HOME: '/u' })).toBe('/u/.local/state/remit');
    expect(() => resolveRemitHome({ REMIT_HOME: 'relative', HOME: '/u' })).toThrow("REMIT_HOME is 'relative', not an absolute path");
  });

  it('hashes host:sessionId into the file name', () => {
    expect(sessionKey('codex', 'abc')).toMatch(/^[0-9a-f]{24}$/);
    expect(sessionKey('codex', 'abc')).not.toBe(sessionKey('claude', 'abc'));
    expect(sessionFile(home, sessionKey('codex', '../../etc'))).not.toContain('etc');
  });
});

describe('store', () => {
  it('writes private files atomically (no temp files left) and reads them back without a lock', async () => {
    const key = sessionKey('h', 's');
    await withSessionLock(home, key, 1000, () => writeSession(home, key, state('/p', '2026-01-01T00:00:00.000Z')));
    expect(readSession(home, key)).toMatchObject({ kind: 'ok', state: { projectRoot: '/p' } });
    expect(statSync(sessionFile(home, key)).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.join(home, 'sessions')).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    expect(readSession(home, sessionKey('h', 'other'))).toEqual({ kind: 'absent' });
  });

  it('reports unparsable and schema-failing files as damage', () => {
    const key = sessionKey('h', 's');
    mkdirSync(path.join(home, 'sessions'), { recursive: true });
    writeFileSync(sessionFile(home, key), '{');
    expect(readSession(home, key)).toMatchObject({ kind: 'damaged', damage: 'unparsable' });
    writeFileSync(sessionFile(home, key), JSON.stringify({ schemaVersion: 2, contract: 'change' }));
    expect(readSession(home, key)).toMatchObject({ kind: 'damaged', damage: 'schema' });
    writeFileSync(sessionFile(home, key), JSON.stringify({ contract: {} }));
    expect(readSession(home, key)).toMatchObject({ kind: 'damaged', damage: 'version' });
  });

  it('times out on a held lock and takes over a stale one', async () => {
    const key = sessionKey('h', 's');
    const lock = lockPathOf(sessionFile(home, key));
    mkdirSync(lock, { recursive: true });
    await expect(withSessionLock(home, key, 60, () => 1)).rejects.toBeInstanceOf(LockTimeoutError);
    const old = new Date(Date.now() - 60_000);
    const { utimesSync } = await import('node:fs');
    utimesSync(lock, old, old);
    expect(await withSessionLock(home, key, 500, () => 2)).toBe(2);
  });

  it('serialises mutations of one session', async () => {
    const key = sessionKey('h', 's');
    const order: string[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map((n) =>
        withSessionLock(home, key, 2000, async () => {
          order.push(`${n}+`);
          await new Promise((r) => setTimeout(r, 5));
          order.push(`${n}-`);
        }),
      ),
    );
    for (let i = 0; i < order.length; i += 2) expect(order[i]!.slice(0, 1)).toBe(order[i + 1]!.slice(0, 1));
  });

  it('selects the session last used in a project through its pointer, else by scanning', async () => {
    const a = sessionKey('h', 'a');
    const b = sessionKey('h', 'b');
    await withSessionLock(home, a, 1000, () => writeSession(home, a, state('/proj', '2026-01-01T00:00:00.000Z')));
    await withSessionLock(home, b, 1000, () => writeSession(home, b, state('/proj', '2026-01-02T00:00:00.000Z')));
    expect(latestSessionFor(home, '/proj', null)).toBe(b);
    rmSync(path.join(home, 'projects'), { recursive: true });
    expect(latestSessionFor(home, '/proj', null)).toBe(b);
    expect(latestSessionFor(home, '/elsewhere', null)).toBeNull();
  });

  it("passes over a pointer naming a session whose sound state is another project's", async () => {
    const a = sessionKey('h', 'a');
    const b = sessionKey('h', 'b');
    await withSessionLock(home, a, 1000, () => writeSession(home, a, state('/proj', '2026-01-01T00:00:00.000Z')));
    await withSessionLock(home, b, 1000, () => writeSession(home, b, state('/other', '2026-01-02T00:00:00.000Z')));
    writeFileSync(projectPointerFile(home, '/proj'), b);
    expect(latestSessionFor(home, '/proj', null)).toBe(a);
  });

  it('moves an existing pointer in place, and never writes through a link planted in its place', async () => {
    const a = sessionKey('h', 'a');
    const b = sessionKey('h', 'b');
    const pointer = projectPointerFile(home, '/proj');
    const write = (k: string) => withSessionLock(home, k, 1000, () => writeSession(home, k, state('/proj', '2026-01-01T00:00:00.000Z')));
    await write(a);
    const inode = statSync(pointer).ino;
    await write(b);
    expect(readFileSync(pointer, 'utf8')).toBe(b);
    await write(a);
    expect(readFileSync(pointer, 'utf8')).toBe(a);
    // The same file throughout: rewritten, not replaced.
    expect(statSync(pointer).ino).toBe(inode);
    expect(readdirSync(path.dirname(pointer))).toEqual([path.basename(pointer)]);
    // A link where the pointer was: the file it names keeps its bytes; the link is replaced by a pointer.
    const target = path.join(home, 'elsewhere.txt');
    writeFileSync(target, b);
    rmSync(pointer);
    symlinkSync(target, pointer);
    await write(a);
    expect(readFileSync(target, 'utf8')).toBe(b);
    expect(lstatSync(pointer).isSymbolicLink()).toBe(false);
    expect(readFileSync(pointer, 'utf8')).toBe(a);
  });
});

describe('sealed state', () => {
  const sealKey = Buffer.alloc(32, 7);

  it('seals what it writes; a sealed file is read without schema validation only under its key', async () => {
    const key = sessionKey('h', 'sealed');
    await withSessionLock(home, key, 1000, () => writeSession(home, key, state('/p', '2026-01-01T00:00:00.000Z'), sealKey));
    const text = readFileSync(sessionFile(home, key), 'utf8');
    expect(text).toMatch(/,"seal":"[0-9a-f]{64}"\}$/);
    expect(readSession(home, key, { sealKey })).toMatchObject({ kind: 'ok', state: { projectRoot: '/p' } });
    // The seal is not part of the state in memory.
    const read = readSession(home, key, { sealKey });
    expect(read.kind === 'ok' && 'seal' in read.state).toBe(false);
    // Without the key the same file is validated in full, and passes.
    expect(readSession(home, key)).toMatchObject({ kind: 'ok' });
    // A file that fails the schema but carries a good seal could only come from remit itself:
    // under the key it is trusted as written when its members have the right kinds; without
    // the key it is damage, as is any edit of it.
    const bogus = { ...state('/p', '2026-01-01T00:00:00.000Z'), counters: { checked: -1 } } as unknown as SessionState;
    writeFileSync(sessionFile(home, key), encodeState(bogus, sealKey));
    expect(readSession(home, key, { sealKey })).toMatchObject({ kind: 'ok' });
    expect(readSession(home, key)).toMatchObject({ kind: 'damaged', damage: 'schema' });
    // A member of the wrong kind sends even a sealed file to the full reading, which finds it.
    const misshapen = { ...state('/p', '2026-01-01T00:00:00.000Z'), contract: 'change' } as unknown as SessionState;
    writeFileSync(sessionFile(home, key), encodeState(misshapen, sealKey));
    expect(readSession(home, key, { sealKey })).toMatchObject({ kind: 'damaged', damage: 'schema' });
    writeFileSync(sessionFile(home, key), encodeState(bogus, sealKey).replace('"/p"', '"/q"'));
    expect(readSession(home, key, { sealKey })).toMatchObject({ kind: 'damaged', damage: 'schema' });
    writeFileSync(sessionFile(home, key), encodeState(bogus, Buffer.alloc(32, 8)));
    expect(readSession(home, key, { sealKey })).toMatchObject({ kind: 'damaged', damage: 'schema' });
  });

  it('flushes a write to disk only when the contract, ledger, approvals, labels or flags changed', async () => {
    const key = sessionKey('h', 'flush');
    let syncs = 0;
    const restore = faultFs({ fsyncSync: () => void syncs++ });
    try {
      await withSessionLock(home, key, 1000, () => writeSession(home, key, state('/p', '2026-01-01T00:00:00.000Z'), sealKey));
      expect(syncs).toBe(1); // a new state
      await withSessionLock(
        home,
        key,
        1000,
        (loaded) => {
          if (loaded.kind !== 'ok') throw new Error(loaded.kind);
          loaded.state.counters.checked++;
          loaded.state.lastUsedAt = '2026-01-02T00:00:00.000Z';
          writeSession(home, key, loaded.state, sealKey);
        },
        { sealKey },
      );
      expect(syncs).toBe(1); // bookkeeping only
      await withSessionLock(
        home,
        key,
        1000,
        (loaded) => {
          if (loaded.kind !== 'ok') throw new Error(loaded.kind);
          loaded.state.contract = { ...loaded.state.contract, mode: 'review' };
          writeSession(home, key, loaded.state, sealKey);
        },
        { sealKey },
      );
      expect(syncs).toBe(2); // the contract changed
    } finally {
      restore();
    }
    expect(readSession(home, key, { sealKey })).toMatchObject({ kind: 'ok', state: { counters: { checked: 1 }, contract: { mode: 'review' } } });
  });

  describe('a file without a seal that verifies', () => {
    const key = sessionKey('h', 'authority');
    /** The session's audit as a writer of `v` and keying left it (one record is enough). */
    const audit = (records: Record<string, unknown>[]) => {
      mkdirSync(path.join(home, 'audit'), { recursive: true });
      writeFileSync(
        auditFile(home, key),
        records.map((r) => `${JSON.stringify({ seq: 1, prev: null, id: 'evt_0', at: '', kind: 'action', ...r })}\n`).join(''),
      );
    };
    const sealed = () =>
      encodeState({ ...state('/p', '2026-01-01T00:00:00.000Z'), contract: { ...defaultContract(), mode: 'review', level: 'guard' } }, sealKey);
    /** The sealed file rewritten alone: the contract loosened, the seal dropped or left stale. */
    const disarmed = (keepSeal: boolean) => {
      const text = sealed().replace('"mode":"review","level":"guard"', '"mode":"change","level":"watch"');
      return keepSeal ? text : text.replace(/,"seal":"[0-9a-f]{64}"\}$/, '}');
    };

    it('is damage once the audit shows a writer that seals, whether the seal is dropped or stale', async () => {
      await withSessionLock(home, key, 1000, () => writeSession(home, key, state('/p', '2026-01-01T00:00:00.000Z'), sealKey));
      audit([{ v: 2, keyed: true }]);
      for (const keepSeal of [false, true]) {
        writeFileSync(sessionFile(home, key), disarmed(keepSeal));
        expect(readSession(home, key, { sealKey }), `seal kept: ${keepSeal}`).toMatchObject({ kind: 'damaged', damage: 'seal' });
        // Read without the persisted key (a process that could not read the secret) it is read as it is.
        expect(readSession(home, key)).toMatchObject({ kind: 'ok', state: { contract: { level: 'watch' } } });
      }
      // Sealed under another key (a secret replaced since): damage too, until `remit state repair`.
      writeFileSync(sessionFile(home, key), sealed());
      expect(readSession(home, key, { sealKey: Buffer.alloc(32, 9) })).toMatchObject({
        kind: 'damaged',
        damage: 'seal',
        detail: expect.stringMatching(/does not verify/),
      });
      // An audit that cannot say: damage.
      rmSync(auditFile(home, key));
      mkdirSync(auditFile(home, key));
      writeFileSync(sessionFile(home, key), disarmed(false));
      expect(readSession(home, key, { sealKey })).toMatchObject({ kind: 'damaged', damage: 'seal' });
    });

    it('from before sealing (version 1 records, or none) is migrated, and the next write seals it', async () => {
      mkdirSync(path.join(home, 'sessions'), { recursive: true });
      const { seal: _s, auditHead: _h, recentDenials: _r, checkRuns: _c, labels: _l, flags: _f, ...v2 } = JSON.parse(sealed()) as Record<string, unknown>;
      const counters = v2.counters as Record<string, unknown>;
      writeFileSync(
        sessionFile(home, key),
        JSON.stringify({ ...v2, schemaVersion: 1, counters: { ...counters, denials: undefined, wouldAsk: undefined, wouldDeny: undefined } }),
      );
      expect(readSession(home, key, { sealKey })).toMatchObject({ kind: 'ok', migratedFrom: 1, state: { schemaVersion: 3, contract: { mode: 'review' } } });
      audit([{ v: 1 }]);
      await withSessionLock(
        home,
        key,
        1000,
        (loaded) => {
          if (loaded.kind !== 'ok') throw new Error(loaded.kind);
          writeSession(home, key, loaded.state, sealKey);
        },
        { sealKey },
      );
      expect(readFileSync(sessionFile(home, key), 'utf8')).toMatch(/,"seal":"[0-9a-f]{64}"\}$/);
      expect(readSession(home, key, { sealKey })).toMatchObject({ kind: 'ok', state: { contract: { mode: 'review' } } });
    });

    it('written while the key could not be read (the last record unkeyed) is read as it is', () => {
      mkdirSync(path.join(home, 'sessions'), { recursive: true });
      writeFileSync(sessionFile(home, key), disarmed(false));
      audit([{ v: 2, keyed: true }, { v: 2 }]);
      expect(readSession(home, key, { sealKey })).toMatchObject({ kind: 'ok', state: { contract: { level: 'watch' } } });
    });
  });
});
