// The effect oracle's driver: runs INSIDE the bubblewrap sandbox (test/oracle/oracle.ts starts it),
// reads one JSON command a line on stdin, runs each with `bash -c` in a pristine copy of the
// fixture, and writes one JSON result a line on stdout: what changed in the project, in HOME, in
// the sandbox's /tmp and beside the project, which canaries ran, whether the victim process was
// signalled. Plain JavaScript with no imports outside Node, so it runs without a build step.
//
// Layout inside the sandbox (see oracle.ts): /mnt/tpl holds the pristine world, /mnt/w the working
// copy (w/proj is the working folder, w/home is HOME), /mnt/canary/log the canaries' record.
import { createHash } from 'node:crypto';
import { closeSync, lstatSync, openSync, readdirSync, readFileSync, readlinkSync, readSync, rmSync, truncateSync, writeSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';

const TPL = '/mnt/tpl';
const WORK = '/mnt/w';
const TMP = '/tmp';
const SHM = '/dev/shm';
const CANARY_LOG = '/mnt/canary/log';
const OUTPUT_LIMIT = 1 << 20;

function hashFile(p) {
  const h = createHash('sha256');
  const fd = openSync(p, 'r');
  try {
    const buf = Buffer.allocUnsafe(1 << 16);
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n <= 0) break;
      h.update(buf.subarray(0, n));
    }
  } finally {
    closeSync(fd);
  }
  return h.digest('hex').slice(0, 24);
}

/**
 * Every entry under root, keyed by its label: type, permission bits, size, mtime and the stat
 * fields that tell an untouched file (inode, ctime: a write always moves ctime, and nothing a
 * command can do sets it back). Content is hashed only when `hashAll` or when the stat moved.
 */
function walk(root, label, out, prev, hashAll) {
  let names;
  try {
    names = readdirSync(root);
  } catch {
    return;
  }
  for (const name of names) {
    const p = `${root}/${name}`;
    const key = `${label}/${name}`;
    let st;
    try {
      st = lstatSync(p, { bigint: true });
    } catch {
      continue;
    }
    const type = st.isSymbolicLink() ? 'link' : st.isDirectory() ? 'dir' : st.isFile() ? 'file' : 'other';
    const e = { type, mode: Number(st.mode & 0o7777n), size: Number(st.size), mtime: String(st.mtimeNs), stamp: `${st.ino}:${st.ctimeNs}` };
    if (type === 'link') e.target = readlinkSync(p);
    if (type === 'file') {
      const old = prev?.get(key);
      if (!hashAll && old && old.stamp === e.stamp && old.size === e.size && old.mtime === e.mtime) e.hash = old.hash;
      else {
        try {
          e.hash = hashFile(p);
        } catch {
          e.hash = 'unreadable';
        }
      }
    }
    out.set(key, e);
    if (type === 'dir') walk(p, key, out, prev, hashAll);
  }
}

function snapshot(prev, hashAll) {
  const out = new Map();
  walk(WORK, 'w', out, prev, hashAll);
  walk(TMP, 'tmp', out, prev, hashAll);
  walk(SHM, 'shm', out, prev, hashAll);
  return out;
}

/** What differs between two snapshots; directory mtimes and atimes are not effects. */
function diff(before, after) {
  const changes = [];
  for (const [k, a] of after) {
    const b = before.get(k);
    if (!b) {
      changes.push({ path: k, kind: 'created', type: a.type, ...(a.target ? { target: a.target } : {}) });
      continue;
    }
    if (a.type !== b.type) changes.push({ path: k, kind: 'type', from: b.type, to: a.type });
    else if (a.type === 'link' && a.target !== b.target) changes.push({ path: k, kind: 'retargeted', from: b.target, to: a.target });
    else {
      if (a.type === 'file' && a.hash !== b.hash) changes.push({ path: k, kind: 'modified' });
      else if (a.type === 'file' && a.mtime !== b.mtime) changes.push({ path: k, kind: 'touched' });
      if (a.mode !== b.mode) changes.push({ path: k, kind: 'mode', from: b.mode.toString(8), to: a.mode.toString(8) });
    }
  }
  for (const [k, b] of before) if (!after.has(k)) changes.push({ path: k, kind: 'deleted', type: b.type });
  // A file deleted under one name and created under another with the same content was renamed.
  const created = changes.filter((c) => c.kind === 'created' && c.type === 'file');
  for (const d of changes.filter((c) => c.kind === 'deleted' && c.type === 'file')) {
    const h = before.get(d.path).hash;
    const c = created.find((x) => !x.renamed && after.get(x.path).hash === h);
    if (c) {
      c.renamed = true;
      d.kind = 'renamed';
      d.to = c.path;
    }
  }
  return changes.filter((c) => !c.renamed);
}

function sh(args) {
  const r = spawnSync(args[0], args.slice(1), { stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.status} ${r.error ?? ''}`);
}

/** A pristine working copy: the template copied afresh (cp -a keeps modes, links, mtimes), /tmp emptied. */
function reset() {
  for (const n of readdirSync(WORK)) rmSync(`${WORK}/${n}`, { recursive: true, force: true });
  for (const d of [TMP, SHM]) for (const n of readdirSync(d)) rmSync(`${d}/${n}`, { recursive: true, force: true });
  sh(['cp', '-a', '--', ...readdirSync(TPL).filter((n) => n !== 'tmp').map((n) => `${TPL}/${n}`), `${WORK}/`]);
  // The /tmp a machine where the fixture's programs have run holds (oracle.ts, seedState).
  const tmpl = readdirSync(`${TPL}/tmp`);
  if (tmpl.length) sh(['cp', '-a', '--', ...tmpl.map((n) => `${TPL}/tmp/${n}`), `${TMP}/`]);
  try {
    truncateSync(CANARY_LOG, 0);
  } catch {}
  return snapshot(undefined, true);
}

/** A process a command might signal (`kill`, `pkill sleep`): its death is an effect. */
function startVictim() {
  const c = spawn('sleep', ['1000000'], { stdio: 'ignore', detached: true });
  c.unref();
  return c.pid;
}

function alive(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) [ZX]/.test(stat);
  } catch {
    return false;
  }
}

/** Every process but the sandbox's init, this driver and the victim: what a command left running. */
function stragglers(victim) {
  const out = [];
  for (const n of readdirSync('/proc')) {
    if (!/^\d+$/.test(n)) continue;
    const pid = Number(n);
    if (pid === 1 || pid === process.pid || pid === victim) continue;
    out.push(pid);
  }
  return out;
}

let victim = startVictim();
let pristine = reset();

/**
 * Runs the command and resolves when `bash` (under `timeout`, which kills its process group at the
 * limit) exits, not when its output pipes close: a background job keeps them open. Output is
 * counted, its start kept for the report; past OUTPUT_LIMIT the group is killed.
 */
function execute(bashArgs, timeoutMs, env) {
  return new Promise((resolve) => {
    const c = spawn('timeout', ['-s', 'KILL', String(timeoutMs / 1000), 'bash', ...bashArgs], {
      cwd: `${WORK}/proj`,
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    });
    let bytes = 0;
    let outputCut = false;
    let stderr = '';
    const count = (d) => {
      bytes += d.length;
      if (bytes > OUTPUT_LIMIT && !outputCut) {
        outputCut = true;
        try {
          process.kill(c.pid, 'SIGKILL');
        } catch {}
      }
    };
    c.stdout.on('data', count);
    c.stderr.on('data', (d) => {
      count(d);
      if (stderr.length < 300) stderr += d.toString('utf8', 0, 300);
    });
    const backstop = setTimeout(() => {
      try {
        process.kill(c.pid, 'SIGKILL');
      } catch {}
    }, timeoutMs + 2000);
    c.on('exit', (status, signal) => {
      clearTimeout(backstop);
      c.stdout.destroy();
      c.stderr.destroy();
      resolve({ status, signal, outputCut, stderr: stderr.slice(0, 300) });
    });
    c.on('error', (err) => {
      clearTimeout(backstop);
      resolve({ status: null, signal: null, outputCut, stderr: String(err) });
    });
  });
}

/**
 * A batch: each command in its own subshell (`eval`, so one that does not parse fails alone),
 * stdin closed, output discarded, in order, with one snapshot at the end. For commands expected
 * to change nothing; the host reruns a batch one by one when anything changed.
 */
const BATCH = 'for c in "$@"; do ( set --; eval "$c" ) </dev/null >/dev/null 2>&1; done';

/**
 * The environment a job runs in: the sandbox's, and for a job that types a program a canary stands
 * in for (`vim --version`), a folder first on PATH where that name is the real program.
 */
const REAL = '/mnt/canary/real';
function jobEnv(job) {
  const names = Object.keys(job.real ?? {});
  if (!names.length) return process.env;
  rmSync(REAL, { recursive: true, force: true });
  sh(['mkdir', '-p', REAL]);
  for (const n of names) sh(['ln', '-s', job.real[n], `${REAL}/${n}`]);
  return { ...process.env, PATH: `${REAL}:${process.env.PATH}` };
}
async function runOne(job) {
  const t0 = process.hrtime.bigint();
  const timeoutMs = job.timeoutMs ?? 5000;
  const r = await execute(job.cmds ? ['-c', BATCH, 'batch', ...job.cmds] : ['-c', job.cmd], timeoutMs, jobEnv(job));
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  // A moment for what the command started in the background (`>(cat > f)`, `cmd &`) to finish.
  for (let i = 0; i < 10 && stragglers(victim).length; i++) await new Promise((r) => setTimeout(r, 20));
  const left = stragglers(victim);
  for (const pid of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
  const after = snapshot(pristine, false);
  const changes = diff(pristine, after);
  let canaries = [];
  try {
    canaries = readFileSync(CANARY_LOG, 'utf8').split('\n').filter(Boolean);
  } catch {}
  const signalled = !alive(victim);
  if (signalled) victim = startVictim();
  const result = {
    exit: r.status,
    signal: r.signal,
    timedOut: r.status === 137 || r.signal === 'SIGKILL',
    outputCut: r.outputCut,
    ms: Math.round(ms),
    changes,
    canaries,
    signalled,
    leftRunning: left.length,
    stderr: r.stderr,
  };
  if (changes.length || canaries.length) pristine = reset();
  return result;
}

const rl = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
for await (const line of rl) {
  if (!line.trim()) continue;
  const job = JSON.parse(line);
  let result;
  try {
    result = { id: job.id, ...(await runOne(job)) };
  } catch (err) {
    result = { id: job.id, error: String(err?.stack ?? err) };
    pristine = reset();
  }
  writeSync(1, `${JSON.stringify(result)}\n`);
}
