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
// another has changed a file never takes the changed file as its baseline.
import { closeSync, existsSync, mkdirSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { readRegularFileSync, writeFileAtomic } from '../state/files.js';
import { changesBetween, type Change } from './compare.js';
import { watchDir, watchStateFile } from './files.js';
import { putBack } from './restore.js';
import { shaOf, takeSnapshot, type Blobs, type Snapshot } from './snapshot.js';
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
function readState(home: string, key: string, digest: string): WatchState | 'tampered' {
  try {
    const buf = readRegularFileSync(watchStateFile(home, key), 64 * 1024 * 1024);
    if (shaOf(buf) !== digest) return 'tampered';
    const s = JSON.parse(buf.toString('utf8')) as WatchState;
    return s && s.v === 1 && Array.isArray(s.pending) && s.baseline && typeof s.baseline.entries === 'object' && Array.isArray(s.plan?.targets)
      ? s
      : 'tampered';
  } catch {
    return 'tampered';
  }
}

/** Writes the watch; its digest, for the session state. */
function writeState(home: string, key: string, s: WatchState): string {
  const text = JSON.stringify(s);
  writeFileAtomic(watchStateFile(home, key), text, { fixedTemp: true, sync: false });
  return shaOf(Buffer.from(text, 'utf8'));
}

function closeState(home: string, key: string): void {
  try {
    unlinkSync(watchStateFile(home, key));
  } catch {
    // Already gone.
  }
}

/** Content-addressed: a version kept once serves every later baseline that holds it. */
function keepBlobs(home: string, blobs: Blobs): void {
  for (const [sha, buf] of blobs) {
    const file = blobFile(home, sha);
    if (existsSync(file)) continue;
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    const fd = openSync(tmp, 'w', 0o600);
    try {
      writeSync(fd, buf);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
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

function baseline(home: string, key: string, plan: WatchPlan, call: Pending): string {
  const blobs: Blobs = new Map();
  const snap = takeSnapshot(plan, blobs);
  keepBlobs(home, blobs);
  return writeState(home, key, { v: 1, plan, pending: [call], baseline: snap });
}

/**
 * A call whose effect is unproven is about to run. With no watch open (`digest` undefined) it
 * takes the baseline; else it joins the open one, after putting back anything an earlier call
 * already changed (charged to the latest of them, kept under `keepName`). A watch file that is
 * not the one remit wrote is reported and replaced by a fresh baseline. Returns the digest for
 * the session state; throws when the baseline cannot be written (the call runs unwatched).
 */
export function beginWatch(
  home: string,
  key: string,
  call: Pending,
  plan: WatchPlan,
  keepName: string,
  digest: string | undefined,
): { found: Found | null; joined: boolean; about?: Pending; digest: string } {
  const open = digest === undefined ? null : readState(home, key, digest);
  if (open === null || open === 'tampered') {
    return { found: open === 'tampered' ? tamperedFinding() : null, joined: false, digest: baseline(home, key, plan, call) };
  }
  const found = look(home, open, keepName);
  const about = open.pending.at(-1);
  open.pending = [...open.pending.filter((p) => p.actionId !== call.actionId), call].slice(-256);
  return { found, joined: true, ...(about ? { about } : {}), digest: writeState(home, key, open) };
}

/**
 * A call ended (`actionId`), or every call did (the turn or session ended: null). Looks again,
 * puts back what changed, and closes the watch when no watched call is left (digest null).
 * `about`: the pending call the finding is charged to (the one that ended, else the latest).
 * Null when the call was not watched.
 */
export function endWatch(
  home: string,
  key: string,
  actionId: string | null,
  keepName: string,
  digest: string,
): { found: Found | null; about?: Pending; digest: string | null } | null {
  const s = readState(home, key, digest);
  if (s === 'tampered') {
    closeState(home, key);
    return { found: tamperedFinding(), digest: null };
  }
  const about = actionId === null ? s.pending.at(-1) : s.pending.find((p) => p.actionId === actionId);
  if (actionId !== null && !about) return null;
  const found = look(home, s, keepName);
  s.pending = actionId === null ? [] : s.pending.filter((p) => p.actionId !== actionId);
  if (!s.pending.length) {
    closeState(home, key);
    return { found, ...(about ? { about } : {}), digest: null };
  }
  return { found, ...(about ? { about } : {}), digest: writeState(home, key, s) };
}
