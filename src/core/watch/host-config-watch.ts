// The run-time watch on host configuration (docs/DESIGN.md#host-configuration-watch). The
// static rules refuse a write to a host's hook or plugin configuration that a command names;
// a command whose effect is unproven (inline code that builds the name, a script, a glob) can
// still reach one. So before such a call runs in an ARMED session, remit takes a baseline of
// the configuration files; when the call ends (the host's after event, or the turn's end for a
// host that sends none), it looks again, and whatever changed is kept for the person to read
// and put back as it was.
//
// One baseline serves every call of the session that is running at once: it is taken when the
// first such call starts and dropped when the last one ends, so a call that starts after
// another has changed a file never takes the changed file as its baseline. The last closed
// baseline is kept too: the next one reads only the files whose metadata moved since (the
// rest keep their sha256, and their bytes are already kept), so a steady configuration costs a
// stat a file, not a read and a hash.
import { existsSync, renameSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { readRegularFileSync, writeFileAtomic } from '../state/files.js';
import { changesBetween, type Change } from './compare.js';
import { watchDir, watchLastFile, watchStateFile } from './files.js';
import { putBack } from './restore.js';
import { shaOf, takeSnapshot, type Blobs, type Entry, type Snapshot } from './snapshot.js';
import type { WatchPlan } from './targets.js';

// The controller loads this module alone (its own chunk): the plan comes with it.
export { watchPlan } from './targets.js';

export interface Pending {
  actionId: string;
  /** The decision's audit record. */
  eventId: string;
}

interface WatchState {
  v: 1;
  plan: WatchPlan;
  pending: Pending[];
  baseline: Snapshot;
}

/**
 * What the sealed session state holds of the watch (schemas/session-state.schema.json,
 * `hostConfigWatch`): the sha256 of the open watch's file and of the last closed baseline, so
 * a file removed or rewritten behind remit's back is never trusted.
 */
export interface Stamp {
  digest?: string;
  last?: string;
}

export interface Found {
  changes: Change[];
  restored: string[];
  failed: string[];
  /** Where the changed versions are kept. */
  keptIn: string;
  /** The watch's own file was removed or rewritten: nothing could be compared. */
  tampered?: true;
}

function blobFile(home: string, sha: string): string {
  return path.join(watchDir(home), 'blobs', sha);
}

/**
 * The open watch, if its file is the one remit wrote (`digest`, kept in the sealed session
 * state): a file removed or rewritten by the call it watches is `tampered`, never trusted.
 */
function readState(file: string, digest: string): WatchState | 'tampered' {
  try {
    const buf = readRegularFileSync(file, 64 * 1024 * 1024);
    if (shaOf(buf) !== digest) return 'tampered';
    const s = JSON.parse(buf.toString('utf8')) as WatchState;
    return s && s.v === 1 && Array.isArray(s.pending) && s.baseline && typeof s.baseline.entries === 'object' && Array.isArray(s.plan?.targets)
      ? unpack(s)
      : 'tampered';
  } catch {
    return 'tampered';
  }
}

/** The last closed baseline, when it is the one remit kept; else nothing to reuse. */
function readLast(home: string, key: string, digest: string | undefined): Snapshot | undefined {
  if (!digest) return undefined;
  const s = readState(watchLastFile(home, key), digest);
  return s === 'tampered' ? undefined : s.baseline;
}

/**
 * An entry as a tuple on disk ([type, mode, size, inode, ctime, sha, link]): a plugin tree of
 * some hundred files is then half the bytes to write, hash and read back on every hook.
 */
type Packed = [Entry['t'], number, number, number, string, string, string];

function pack(s: WatchState): unknown {
  const entries: Record<string, Packed> = {};
  for (const [p, e] of Object.entries(s.baseline.entries)) entries[p] = [e.t, e.mode, e.size, e.ino, e.ct, e.sha ?? '', e.to ?? ''];
  return { ...s, baseline: { ...s.baseline, entries } };
}

function unpack(s: WatchState): WatchState {
  const entries: Record<string, Entry> = {};
  for (const [p, x] of Object.entries(s.baseline.entries as unknown as Record<string, Packed>)) {
    if (!Array.isArray(x) || x.length !== 7) throw new Error('not a packed entry');
    const e: Entry = { t: x[0], mode: x[1], size: x[2], ino: x[3], ct: x[4] };
    if (x[5]) e.sha = x[5];
    if (x[6]) e.to = x[6];
    entries[p] = e;
  }
  return { ...s, baseline: { ...s.baseline, entries } };
}

/** Writes the watch; its digest, for the session state. */
function writeState(file: string, s: WatchState): string {
  const text = JSON.stringify(pack(s));
  writeFileAtomic(file, text, { fixedTemp: true, sync: false });
  return shaOf(Buffer.from(text, 'utf8'));
}

/**
 * Closes the open watch, keeping its baseline as the last one for the next to reuse; the stamp
 * then names only that. Without a baseline worth keeping (a tampered watch) nothing is kept.
 */
function closeState(home: string, key: string, s: WatchState | null, digest: string): Stamp {
  try {
    if (s) {
      // The file as it was read (its digest checked): renamed, not written again.
      renameSync(watchStateFile(home, key), watchLastFile(home, key));
      return { last: digest };
    }
    unlinkSync(watchStateFile(home, key));
  } catch {
    // Gone already, or the last baseline could not be kept: the next takes a whole one.
  }
  return {};
}

/** Content-addressed: a version kept once serves every later baseline that holds it. */
function keepBlobs(home: string, blobs: Blobs): void {
  for (const [sha, buf] of blobs) {
    const file = blobFile(home, sha);
    if (!existsSync(file)) writeFileAtomic(file, buf, { sync: false });
  }
}

function blobReader(home: string): (sha: string) => Buffer | null {
  return (sha) => {
    try {
      const buf = readRegularFileSync(blobFile(home, sha), 64 * 1024 * 1024);
      return shaOf(buf) === sha ? buf : null;
    } catch {
      return null;
    }
  };
}

/** Looks again and puts back what changed; null when nothing did. */
function look(home: string, s: WatchState, keepName: string): Found | null {
  const changes = changesBetween(s.baseline, takeSnapshot(s.plan));
  if (!changes.length) return null;
  const keptIn = path.join(watchDir(home), 'kept', keepName);
  const r = putBack(changes, blobReader(home), keptIn);
  return { changes, ...r, keptIn };
}

function tamperedFinding(): Found {
  return { changes: [], restored: [], failed: [], keptIn: '', tampered: true };
}

function baseline(home: string, key: string, plan: WatchPlan, call: Pending, last: Snapshot | undefined): string {
  const blobs: Blobs = new Map();
  const snap = takeSnapshot(plan, blobs, last);
  keepBlobs(home, blobs);
  return writeState(watchStateFile(home, key), { v: 1, plan, pending: [call], baseline: snap });
}

/**
 * A call whose effect is unproven is about to run. With no watch open it takes the baseline
 * (reusing the last one's hashes where nothing moved); else it joins the open one, after putting
 * back anything an earlier call already changed (charged to the latest of them, kept under
 * `keepName`). A watch file that is not the one remit wrote is reported and replaced by a fresh
 * baseline. Returns the stamp for the session state; throws when the baseline cannot be written
 * (the call runs unwatched).
 */
export function beginWatch(
  home: string,
  key: string,
  call: Pending,
  plan: WatchPlan,
  keepName: string,
  stamp: Stamp,
): { found: Found | null; joined: boolean; about?: Pending; stamp: Stamp } {
  const open = stamp.digest === undefined ? null : readState(watchStateFile(home, key), stamp.digest);
  if (open === null || open === 'tampered') {
    const digest = baseline(home, key, plan, call, open === null ? readLast(home, key, stamp.last) : undefined);
    return { found: open === 'tampered' ? tamperedFinding() : null, joined: false, stamp: { ...stamp, digest } };
  }
  const found = look(home, open, keepName);
  const about = open.pending.at(-1);
  open.pending = [...open.pending.filter((p) => p.actionId !== call.actionId), call].slice(-256);
  return { found, joined: true, ...(about ? { about } : {}), stamp: { ...stamp, digest: writeState(watchStateFile(home, key), open) } };
}

/**
 * A call ended (`actionId`), or every call did (the turn or session ended: null). Looks again,
 * puts back what changed, and closes the watch when no watched call is left. `about`: the
 * pending call the finding is charged to (the one that ended, else the latest). Null when no
 * watch is open or the call was not watched.
 */
export function endWatch(
  home: string,
  key: string,
  actionId: string | null,
  keepName: string,
  stamp: Stamp,
): { found: Found | null; about?: Pending; stamp: Stamp } | null {
  if (stamp.digest === undefined) return null;
  const s = readState(watchStateFile(home, key), stamp.digest);
  if (s === 'tampered') return { found: tamperedFinding(), stamp: closeState(home, key, null, stamp.digest) };
  const about = actionId === null ? s.pending.at(-1) : s.pending.find((p) => p.actionId === actionId);
  if (actionId !== null && !about) return null;
  const found = look(home, s, keepName);
  s.pending = actionId === null ? [] : s.pending.filter((p) => p.actionId !== actionId);
  const next: Stamp = s.pending.length ? { ...stamp, digest: writeState(watchStateFile(home, key), s) } : closeState(home, key, s, stamp.digest);
  return { found, ...(about ? { about } : {}), stamp: next };
}
