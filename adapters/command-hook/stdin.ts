// Reading a spawned hook's payload. Hosts differ (Codex writes one JSON object with no
// trailing newline, Claude Code ends it with one) and a host may leave stdin open, so the
// read stops at EOF, after a stretch of silence, or at a size cap — never hangs a hook.

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

export const DEFAULT_IDLE_MS = 2_000;
// A 5 MB Write is an ordinary payload; 64 MB leaves room for a host that inlines much more.
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

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
      resolve({ text: Buffer.concat(chunks).toString('utf8'), truncated, timedOut });
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
