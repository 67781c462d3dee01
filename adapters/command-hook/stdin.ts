// Reading a spawned hook's payload. Hosts differ (Codex writes one JSON object with no
// trailing newline, Claude Code ends it with one) and a host may leave stdin open, so the
// read stops at EOF, after a stretch of silence, or at a size cap — never hangs a hook.
import { closeSync, constants, fstatSync, openSync, readFileSync, readSync, type Stats } from 'node:fs';
import { sleepSync } from '../../src/core/state/files.js';
import { utf8Of } from '../../src/core/crypto/bytes.js';

export interface StdinReadOptions {
  /** Stop after this long with no new bytes (only when EOF never comes). */
  idleMs?: number;
  /** Stop collecting past this many bytes; the payload is then reported truncated. */
  maxBytes?: number;
}

export interface StdinRead {
  text: string;
  /** The cap was reached: the text is a prefix of what the host sent. */
  truncated: boolean;
  /** Silence ended the read before EOF. */
  timedOut: boolean;
}

const DEFAULT_IDLE_MS = 2_000;
// A 5 MB Write is an ordinary payload; 64 MB leaves room for a host that inlines much more.
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

type Readable = NodeJS.ReadableStream & { isTTY?: boolean; destroy?: () => void };

export function readHookStdin(stream: Readable, opts: StdinReadOptions = {}): Promise<StdinRead> {
  const idleMs = opts.idleMs ?? DEFAULT_IDLE_MS;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  // A terminal is never a host: treat it as an empty payload instead of waiting for a person.
  if (stream.isTTY) return Promise.resolve({ text: '', truncated: false, timedOut: false });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (truncated: boolean, timedOut: boolean) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      stream.removeListener('data', onData);
      stream.removeListener('end', onEnd);
      stream.removeListener('error', onEnd);
      if (truncated || timedOut) stream.pause();
      resolve({ text: utf8Of(Buffer.concat(chunks)), truncated, timedOut });
    };
    const arm = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => finish(false, true), idleMs);
      timer.unref?.();
    };
    const onData = (chunk: Buffer | string) => {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      if (size + buf.length > maxBytes) {
        chunks.push(buf.subarray(0, Math.max(0, maxBytes - size)));
        size = maxBytes;
        finish(true, false);
        return;
      }
      chunks.push(buf);
      size += buf.length;
      arm();
    };
    const onEnd = () => finish(false, false);
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onEnd);
    arm();
    stream.resume();
  });
}

/** Whether `fd`'s open file is non-blocking, from /proc (Linux); false when it cannot be told. */
function nonBlocking(fd: number): boolean {
  try {
    // 'utf8' (the text is ASCII) is Node's one-call read; another encoding goes through its
    // generic read and encoding look-up, some 0.2 ms of JavaScript compiled for this one file.
    const flags = /^flags:\s*([0-7]+)$/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))?.[1];
    return flags !== undefined && (Number.parseInt(flags, 8) & constants.O_NONBLOCK) !== 0;
  } catch {
    return false;
  }
}

// Node's own pipe handle, the one process.stdin is built on: opening the socket in it sets
// O_NONBLOCK (libuv), as building process.stdin does, without loading Node's socket and stream
// layers (about 2.5 ms of a hook). It is an internal binding whose constructor aborts the
// process on arguments it does not expect, so it is used only on the Node majors remit is
// tested on (where its shape has been the same since Node 10) and only when it looks as
// expected; anywhere else process.stdin does the same.
const HANDLE_MAJORS = new Set(['20', '22']);
interface PipeBinding {
  Pipe?: new (type: number) => { open(fd: number): unknown; unref?(): void };
  constants?: { SOCKET?: unknown };
}
/** Open handles, held for the life of the process as process.stdin would be. */
const held: unknown[] = [];

function openAsHandle(fd: number): boolean {
  if (!HANDLE_MAJORS.has(process.versions.node.split('.')[0]!)) return false;
  try {
    const binding = (process as unknown as { binding(name: string): PipeBinding }).binding('pipe_wrap');
    const type = binding.constants?.SOCKET;
    if (typeof binding.Pipe !== 'function' || typeof type !== 'number' || !Number.isInteger(type)) return false;
    const pipe = new binding.Pipe(type);
    pipe.open(fd);
    pipe.unref?.();
    held.push(pipe);
    return true;
  } catch {
    return false;
  }
}

/**
 * The same read as readHookStdin, synchronously, for the inputs that allow it without ever
 * blocking: a regular file; on Linux a pipe (opened again through /proc with O_NONBLOCK) and
 * the process's own stdin socket, which opening it in Node's pipe handle (or building
 * process.stdin) puts in non-blocking mode (checked in /proc before it is relied on). Silence is waited out in
 * short sleeps, never in a read that could block for ever. null for every other input (a
 * terminal, another system): the caller then reads the stream. Reading without the stream
 * machinery saves a spawned hook milliseconds; a pipe or a file also skips the socket layer.
 */
export function readHookStdinSync(fd: number, opts: StdinReadOptions = {}): StdinRead | null {
  const idleMs = opts.idleMs ?? DEFAULT_IDLE_MS;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  let st: Stats;
  try {
    st = fstatSync(fd);
  } catch {
    return null;
  }
  let source = fd;
  if (st.isFIFO()) {
    if (process.platform !== 'linux') return null;
    try {
      source = openSync(`/proc/self/fd/${fd}`, constants.O_RDONLY | constants.O_NONBLOCK);
    } catch {
      return null;
    }
  } else if (st.isSocket()) {
    if (process.platform !== 'linux' || fd !== 0) return null;
    // Opening the socket as a stream handle makes it non-blocking; it is never read as a stream here.
    if (!openAsHandle(fd)) void process.stdin;
    if (!nonBlocking(fd)) return null;
  } else if (!st.isFile()) {
    return null;
  }
  // Reads fill one buffer, a new one when it is full: a payload that fits the first (most do)
  // becomes text straight from it, with no copy and no concatenation.
  const full: Buffer[] = [];
  let buf = Buffer.allocUnsafe(64 * 1024);
  let filled = 0;
  let size = 0;
  let truncated = false;
  let timedOut = false;
  let quietSince = Date.now();
  let nap = 1;
  try {
    for (;;) {
      if (filled === buf.length) {
        full.push(buf);
        buf = Buffer.allocUnsafe(buf.length);
        filled = 0;
      }
      let n: number;
      try {
        n = readSync(source, buf, filled, buf.length - filled, null);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') break; // a read error ends the payload, as the stream's 'error' does
        if (Date.now() - quietSince >= idleMs) {
          timedOut = true;
          break;
        }
        sleepSync(nap);
        nap = Math.min(nap * 2, 16);
        continue;
      }
      if (n === 0) break;
      quietSince = Date.now();
      nap = 1;
      if (size + n > maxBytes) {
        filled += maxBytes - size;
        size = maxBytes;
        truncated = true;
        break;
      }
      filled += n;
      size += n;
    }
  } finally {
    if (source !== fd) closeSync(source);
  }
  const last = buf.subarray(0, filled);
  return { text: utf8Of(full.length === 0 ? last : Buffer.concat([...full, last], size)), truncated, timedOut };
}
