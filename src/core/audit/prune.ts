// Retention (docs/DESIGN.md: session state, audit): whole sessions whose audit and state were last touched
// before the cutoff are removed. A live session's log is never cut in the middle, which
// would break its chain; its age is its last use. The same pass removes what killed writers
// left behind an hour or more ago (temp files, broken locks moved aside), which no later write
// would reuse.
import { lstatSync, readdirSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { auditDir, SESSION_KEY, sessionFile, sessionsDir } from '../state/home.js';
import { isLocked, LOCK_STALE_MS, tryLock } from '../state/lock.js';
import { ensurePrivateDir } from '../state/files.js';
import { pruneWatch } from '../watch/prune-watch.js';

export const DEFAULT_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PruneResult {
  auditFiles: number;
  sessionFiles: number;
  bytes: number;
  /** The watch on host configuration's files: removed sessions' open watches, old kept copies and baseline bytes. */
  watchFiles: number;
  /** Old enough, but `keep` said no (an armed session the user did not ask to remove). */
  kept: string[];
}

export interface PruneOptions {
  /** Count what would go; remove nothing. */
  dryRun?: boolean;
  /** A session to keep although it is old enough (read from its state file). */
  keep?: (key: string, stateFile: string) => boolean;
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return -1;
  }
}

function mtimeOf(file: string): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

function remove(file: string): number {
  try {
    const size = statSync(file).size;
    unlinkSync(file);
    return size;
  } catch {
    return -1;
  }
}

function keysIn(dir: string, ext: string): string[] {
  try {
    return readdirSync(dir)
      .filter((n) => n.endsWith(ext) && SESSION_KEY.test(n.slice(0, -ext.length)))
      .map((n) => n.slice(0, -ext.length));
  } catch {
    return [];
  }
}

/** A temp file or a lock moved aside this old has no live writer: a write takes milliseconds. */
const STRAY_AGE_MS = 60 * 60 * 1000;
const STRAY = /\.(tmp|stale)$/;
const STATE_TEMP = /^\.([0-9a-f]{24})\.json\.tmp$/;

/** Removes killed writers' leftovers older than an hour; a state temp file only under its session's lock. */
function sweepStrays(home: string, now: Date): number {
  let removed = 0;
  for (const dir of [home, sessionsDir(home), auditDir(home), path.join(home, 'projects')]) {
    let names: string[];
    try {
      names = readdirSync(dir).filter((n) => STRAY.test(n));
    } catch {
      continue;
    }
    for (const n of names) {
      const file = path.join(dir, n);
      try {
        if (now.getTime() - lstatSync(file).mtimeMs < STRAY_AGE_MS) continue;
        const key = dir === sessionsDir(home) ? STATE_TEMP.exec(n)?.[1] : undefined;
        const held = key ? tryLock(sessionFile(home, key), LOCK_STALE_MS) : null;
        if (key && !held) continue;
        try {
          unlinkSync(file);
          removed++;
        } finally {
          held?.release();
        }
      } catch {
        // Gone meanwhile, or not ours to remove.
      }
    }
  }
  return removed;
}

/** Removes sessions (state + audit) untouched for `olderThanMs`; a locked session is kept. */
export function pruneHome(home: string, olderThanMs: number, now: Date, opts: PruneOptions = {}): PruneResult {
  const cutoff = now.getTime() - olderThanMs;
  const result: PruneResult = { auditFiles: 0, sessionFiles: 0, bytes: 0, watchFiles: 0, kept: [] };
  const removed: string[] = [];
  const drop = opts.dryRun ? sizeOf : remove;
  if (!opts.dryRun) sweepStrays(home, now);
  const keys = new Set([...keysIn(sessionsDir(home), '.json'), ...keysIn(auditDir(home), '.jsonl')]);
  for (const key of keys) {
    const state = sessionFile(home, key);
    const audit = path.join(auditDir(home), `${key}.jsonl`);
    const times = [mtimeOf(state), mtimeOf(audit)].filter((t): t is number => t !== null);
    if (!times.length || Math.max(...times) >= cutoff) continue;
    // A session in use is never removed; a lock left by a dead process does not keep it.
    if (isLocked(state, LOCK_STALE_MS)) continue;
    if (opts.keep?.(key, state)) {
      result.kept.push(key);
      continue;
    }
    // Removed under its lock, so a hook arriving meanwhile waits and then finds no session.
    let held: ReturnType<typeof tryLock> = null;
    if (!opts.dryRun) {
      try {
        held = tryLock(state, LOCK_STALE_MS);
      } catch {
        held = null;
      }
      if (!held) continue;
    }
    try {
      const a = drop(audit);
      if (a >= 0) {
        result.auditFiles++;
        result.bytes += a;
      }
      const s = drop(state);
      if (s >= 0) {
        result.sessionFiles++;
        result.bytes += s;
      }
      removed.push(key);
    } finally {
      held?.release();
    }
  }
  result.watchFiles = pruneWatch(home, cutoff, removed, opts.dryRun === true);
  return result;
}

function markerFile(home: string): string {
  return path.join(home, 'last-prune');
}

/** Prunes at most once a day, from whichever hook gets there first. Never throws. */
export function pruneOpportunistically(home: string, retentionDays: number, now: Date): PruneResult | null {
  try {
    const marker = markerFile(home);
    const last = mtimeOf(marker);
    if (last !== null && now.getTime() - last < DAY_MS) return null;
    ensurePrivateDir(home);
    writeFileSync(marker, '', { mode: 0o600 });
    utimesSync(marker, now, now);
    return pruneHome(home, retentionDays * DAY_MS, now);
  } catch {
    return null;
  }
}

export function daysToMs(days: number): number {
  return days * DAY_MS;
}
