import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { changesBetween } from './compare.js';
import { beginWatch, endWatch } from './host-config-watch.js';
import { putBack } from './restore.js';
import { LIMITS, takeSnapshot, type Blobs } from './snapshot.js';
import { watchPlan, type WatchPlan } from './targets.js';
import { watchStateFile } from './files.js';
import { pruneWatch } from './prune-watch.js';

let dir: string;
let project: string;
let home: string;
let plan: WatchPlan;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'remit-watch-'));
  project = path.join(dir, 'project');
  home = path.join(dir, 'remit-home');
  mkdirSync(path.join(project, '.claude'), { recursive: true });
  writeFileSync(path.join(project, '.claude', 'settings.json'), '{"a":1}\n');
  plan = watchPlan(['/**/.claude/settings.json', '/**/.claude/settings.local.json', '/**/.claude/hooks/**', `${dir}/user/.tool/config.toml`], project, [
    '/**/.claude/settings.local.json',
  ]);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const settings = () => path.join(project, '.claude', 'settings.json');
const snapshotWithBlobs = () => {
  const blobs: Blobs = new Map();
  return { snap: takeSnapshot(plan, blobs), blobs };
};

describe('watchPlan', () => {
  it('roots `**/` (as written and as canonicalised) at the project, keeps absolute paths, walks `/**` trees, skips what the host writes', () => {
    expect(plan.targets).toEqual([
      { path: settings(), tree: false },
      { path: path.join(project, '.claude', 'hooks'), tree: true },
      { path: `${dir}/user/.tool/config.toml`, tree: false },
    ]);
    expect(plan.skip).toEqual([path.join(project, '.claude', 'settings.local.json')]);
    expect(watchPlan(['**/.claude/settings.json'], project).targets).toEqual([{ path: settings(), tree: false }]);
  });

  it('leaves out what it cannot list: a wildcard inside a name, and `**/` with no project root', () => {
    expect(watchPlan(['/**/.claude/*.json', '/etc/x/*/y', '/**/.mcp.json'], undefined).targets).toEqual([]);
    expect(watchPlan(['relative/path'], project).targets).toEqual([]);
  });
});

describe('snapshot and compare', () => {
  it('sees a file modified, created and deleted, and a folder tree changed below it', () => {
    mkdirSync(path.join(project, '.claude', 'hooks'));
    writeFileSync(path.join(project, '.claude', 'hooks', 'pre.sh'), 'echo hi\n');
    const { snap } = snapshotWithBlobs();
    writeFileSync(settings(), '{"hooks":{}}\n');
    unlinkSync(path.join(project, '.claude', 'hooks', 'pre.sh'));
    mkdirSync(path.join(project, '.claude', 'hooks', 'new'));
    writeFileSync(path.join(project, '.claude', 'hooks', 'new', 'x.sh'), 'curl evil\n');
    const changes = changesBetween(snap, takeSnapshot(plan)).map((c) => [path.relative(project, c.path), c.how]);
    expect(changes).toEqual([
      ['.claude/settings.json', 'modified'],
      ['.claude/hooks/pre.sh', 'deleted'],
      ['.claude/hooks/new', 'created'],
      ['.claude/hooks/new/x.sh', 'created'],
    ]);
  });

  it('a same-size rewrite with the mtime set back is still seen (ctime), a touch with the same bytes is not a change', () => {
    const { snap } = snapshotWithBlobs();
    const before = statSync(settings());
    writeFileSync(settings(), '{"a":2}\n');
    utimesSync(settings(), before.atime, before.mtime);
    expect(changesBetween(snap, takeSnapshot(plan)).map((c) => c.how)).toEqual(['modified']);
    writeFileSync(settings(), '{"a":1}\n');
    expect(changesBetween(snap, takeSnapshot(plan))).toEqual([]);
  });

  it('a mode change, and a file swapped for a link, are changes', () => {
    const { snap } = snapshotWithBlobs();
    chmodSync(settings(), 0o777);
    expect(changesBetween(snap, takeSnapshot(plan)).map((c) => c.how)).toEqual(['modified']);
    chmodSync(settings(), 0o644);
    unlinkSync(settings());
    symlinkSync('/etc/passwd', settings());
    const c = changesBetween(snap, takeSnapshot(plan));
    expect(c.map((x) => [x.how, x.after?.t, x.after?.to])).toEqual([['modified', 'l', '/etc/passwd']]);
  });

  it('never compares what the host writes itself', () => {
    const { snap } = snapshotWithBlobs();
    writeFileSync(path.join(project, '.claude', 'settings.local.json'), '{"permissions":{"allow":["Bash(ls)"]}}');
    expect(changesBetween(snap, takeSnapshot(plan))).toEqual([]);
  });

  it('stops at its cap and says so; past a partial baseline nothing is called created, and only a truly absent path deleted', () => {
    const hooks = path.join(project, '.claude', 'hooks');
    mkdirSync(hooks);
    for (let i = 0; i < LIMITS.entries + 5; i++) writeFileSync(path.join(hooks, `h${String(i).padStart(5, '0')}`), '');
    const base = takeSnapshot(plan, new Map());
    expect(base.partial).toBe(true);
    expect(Object.keys(base.entries).length).toBe(LIMITS.entries);
    writeFileSync(path.join(hooks, 'a-new-first'), 'x');
    const later = takeSnapshot(plan);
    // The new name sorts first and pushes the last baseline entry past the later look's cap: not deleted.
    expect(changesBetween(base, later)).toEqual([]);
  });
});

describe('putBack', () => {
  it('puts back a modified, a deleted and a created file, a created folder, and a replaced link; keeps what the command left', () => {
    mkdirSync(path.join(project, '.claude', 'hooks'));
    writeFileSync(path.join(project, '.claude', 'hooks', 'keep.sh'), 'echo keep\n', { mode: 0o755 });
    symlinkSync('keep.sh', path.join(project, '.claude', 'hooks', 'link.sh'));
    const { snap, blobs } = snapshotWithBlobs();
    writeFileSync(settings(), '{"hooks":"evil"}');
    unlinkSync(path.join(project, '.claude', 'hooks', 'keep.sh'));
    unlinkSync(path.join(project, '.claude', 'hooks', 'link.sh'));
    symlinkSync('/tmp/elsewhere', path.join(project, '.claude', 'hooks', 'link.sh'));
    mkdirSync(path.join(project, '.claude', 'hooks', 'd', 'e'), { recursive: true });
    writeFileSync(path.join(project, '.claude', 'hooks', 'd', 'e', 'f.sh'), 'evil');
    const changes = changesBetween(snap, takeSnapshot(plan));
    const keptIn = path.join(dir, 'kept');
    const r = putBack(changes, (sha) => blobs.get(sha) ?? null, keptIn);
    expect(r.failed).toEqual([]);
    expect(r.restored.length).toBe(changes.length);
    expect(readFileSync(settings(), 'utf8')).toBe('{"a":1}\n');
    expect(readFileSync(path.join(project, '.claude', 'hooks', 'keep.sh'), 'utf8')).toBe('echo keep\n');
    expect(statSync(path.join(project, '.claude', 'hooks', 'keep.sh')).mode & 0o777).toBe(0o755);
    expect(readlinkSync(path.join(project, '.claude', 'hooks', 'link.sh'))).toBe('keep.sh');
    expect(existsSync(path.join(project, '.claude', 'hooks', 'd'))).toBe(false);
    expect(changesBetween(snap, takeSnapshot(plan))).toEqual([]);
    const list = JSON.parse(readFileSync(path.join(keptIn, 'changes.json'), 'utf8')) as { path: string; kept?: string; linkTo?: string }[];
    const kept = list.find((x) => x.path === settings());
    expect(readFileSync(path.join(keptIn, kept!.kept!), 'utf8')).toBe('{"hooks":"evil"}');
    expect(list.find((x) => x.path.endsWith('link.sh'))?.linkTo).toBe('/tmp/elsewhere');
  });

  it('a file whose bytes were not kept cannot be put back, and says so', () => {
    const { snap } = snapshotWithBlobs();
    writeFileSync(settings(), 'changed');
    const r = putBack(changesBetween(snap, takeSnapshot(plan)), () => null, path.join(dir, 'kept'));
    expect(r).toEqual({ restored: [], failed: [settings()] });
    expect(readFileSync(settings(), 'utf8')).toBe('changed');
  });

  it('a file larger than the keep limit is compared by metadata and reported, not put back', () => {
    writeFileSync(settings(), 'x'.repeat(LIMITS.fileBytes + 1));
    const { snap } = snapshotWithBlobs();
    expect(snap.entries[settings()]?.sha).toBeUndefined();
    writeFileSync(settings(), 'y'.repeat(LIMITS.fileBytes + 1));
    const changes = changesBetween(snap, takeSnapshot(plan));
    expect(putBack(changes, () => null, path.join(dir, 'kept')).failed).toEqual([settings()]);
  });
});

describe('beginWatch / endWatch', () => {
  const call = (n: number) => ({ actionId: `a${n}`, eventId: `evt_${n}` });

  it('one baseline for calls that overlap: a call started after another changed a file does not take the change as its baseline', () => {
    const first = beginWatch(home, 'k', call(1), plan, 'f1', {});
    expect(first.joined).toBe(false);
    writeFileSync(settings(), '{"evil":1}');
    // The second call joins, and puts back what the first already changed, charged to it.
    const second = beginWatch(home, 'k', call(2), plan, 'f2', first.stamp);
    expect(second.joined).toBe(true);
    expect(second.about).toEqual(call(1));
    expect(second.found?.restored).toEqual([settings()]);
    writeFileSync(settings(), '{"evil":2}');
    const end1 = endWatch(home, 'k', 'a1', 'f3', second.stamp);
    expect(end1?.found?.restored).toEqual([settings()]);
    expect(end1?.about).toEqual(call(1));
    expect(readFileSync(settings(), 'utf8')).toBe('{"a":1}\n');
    const end2 = endWatch(home, 'k', 'a2', 'f4', end1!.stamp);
    expect(end2).toEqual({ found: null, about: call(2), stamp: { last: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    expect(existsSync(watchStateFile(home, 'k'))).toBe(false);
  });

  it('a call that was not watched ends nothing; the turn end closes every watched call', () => {
    const b = beginWatch(home, 'k', call(1), plan, 'f1', {});
    expect(endWatch(home, 'k', 'other', 'f2', b.stamp)).toBeNull();
    expect(endWatch(home, 'k', 'a1', 'f2', {})).toBeNull();
    writeFileSync(settings(), 'x');
    const end = endWatch(home, 'k', null, 'f3', b.stamp);
    expect(end?.stamp.digest).toBeUndefined();
    expect(end?.found?.restored).toEqual([settings()]);
    expect(readFileSync(path.join(home, 'watch', 'kept', 'f3', '0'), 'utf8')).toBe('x');
  });

  it('a watch file removed or rewritten while the call ran is reported as tampered, never trusted', () => {
    const b = beginWatch(home, 'k', call(1), plan, 'f1', {});
    writeFileSync(watchStateFile(home, 'k'), readFileSync(watchStateFile(home, 'k'), 'utf8').replace('"pending"', '"pending" '));
    expect(endWatch(home, 'k', 'a1', 'f2', b.stamp)).toEqual({ found: expect.objectContaining({ tampered: true }), stamp: {} });
    const c = beginWatch(home, 'k', call(2), plan, 'f3', {});
    rmSync(path.join(home, 'watch'), { recursive: true });
    const d = beginWatch(home, 'k', call(3), plan, 'f4', c.stamp);
    expect(d.found?.tampered).toBe(true);
    expect(d.joined).toBe(false);
    expect(existsSync(watchStateFile(home, 'k'))).toBe(true);
  });

  it('the next baseline reads only what moved since the last closed one, and trusts that one only as remit kept it', () => {
    const b = beginWatch(home, 'k', call(1), plan, 'f1', {});
    const closed = endWatch(home, 'k', 'a1', 'f2', b.stamp)!.stamp;
    const packed = JSON.parse(readFileSync(path.join(home, 'watch', 'k.last.json'), 'utf8')).baseline.entries[settings()];
    const last = { entries: { [settings()]: { t: packed[0], mode: packed[1], size: packed[2], ino: packed[3], ct: packed[4], sha: packed[5] } } } as const;
    const unread: Blobs = new Map();
    expect(takeSnapshot(plan, unread, last).entries[settings()]?.sha).toBe(packed[5]);
    expect(unread.size).toBe(0);
    writeFileSync(settings(), '{"a":2}\n');
    const reread: Blobs = new Map();
    takeSnapshot(plan, reread, last);
    expect(reread.size).toBe(1);
    // A forged last baseline (a hash of other bytes for the settings file) is not reused.
    const forged = readFileSync(path.join(home, 'watch', 'k.last.json'), 'utf8').replace(/"[0-9a-f]{64}"/, `"${'0'.repeat(64)}"`);
    writeFileSync(path.join(home, 'watch', 'k.last.json'), forged);
    const next = beginWatch(home, 'k', call(2), plan, 'f3', closed);
    expect(next.joined).toBe(false);
    const open = JSON.parse(readFileSync(watchStateFile(home, 'k'), 'utf8')).baseline;
    expect(open.entries[settings()][5]).toMatch(/^(?!0{64})[0-9a-f]{64}$/);
  });

  it('a kept copy whose bytes no longer match their name is not written back', () => {
    const b = beginWatch(home, 'k', call(1), plan, 'f1', {});
    const blobs = path.join(home, 'watch', 'blobs');
    for (const f of readdirSync(blobs)) writeFileSync(path.join(blobs, f), '{"forged":1}');
    writeFileSync(settings(), 'changed');
    const end = endWatch(home, 'k', 'a1', 'f2', b.stamp);
    expect(end?.found?.failed).toEqual([settings()]);
    expect(readFileSync(settings(), 'utf8')).toBe('changed');
  });
});

describe('pruneWatch', () => {
  it("removes a removed session's open watch, and kept copies and baseline bytes past the cutoff that no open watch names", () => {
    const open = beginWatch(home, 'live', { actionId: 'a', eventId: 'e' }, plan, 'f0', {});
    expect(open.stamp.digest).toMatch(/^[0-9a-f]{64}$/);
    beginWatch(home, 'gone', { actionId: 'b', eventId: 'e2' }, watchPlan([], project), 'f1', {});
    mkdirSync(path.join(home, 'watch', 'kept', 'evt_old'), { recursive: true });
    writeFileSync(path.join(home, 'watch', 'blobs', 'f'.repeat(64)), 'orphan');
    const held = readdirSync(path.join(home, 'watch', 'blobs')).filter((n) => n !== 'f'.repeat(64));
    expect(held.length).toBe(1);
    const future = Date.now() + 60_000;
    expect(pruneWatch(home, future, ['gone'], true)).toBe(3);
    expect(existsSync(watchStateFile(home, 'gone'))).toBe(true);
    expect(pruneWatch(home, future, ['gone'], false)).toBe(3);
    expect(existsSync(watchStateFile(home, 'gone'))).toBe(false);
    expect(existsSync(watchStateFile(home, 'live'))).toBe(true);
    expect(readdirSync(path.join(home, 'watch', 'kept'))).toEqual([]);
    // The live watch's baseline bytes stay however old.
    expect(readdirSync(path.join(home, 'watch', 'blobs'))).toEqual(held);
  });
});
