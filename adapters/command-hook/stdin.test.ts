import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readHookStdin, readHookStdinSync } from './stdin.js';
import { parseHookPayload } from './payload.js';
import { boundText, escapeHidden, oneLine } from './host-text.js';

describe('readHookStdin', () => {
  it('reads to EOF with or without a trailing newline', async () => {
    for (const body of ['{"a":1}', '{"a":1}\n']) {
      const s = new PassThrough();
      const p = readHookStdin(s);
      s.end(body);
      expect(await p).toEqual({ text: body, truncated: false, timedOut: false });
    }
  });

  it('stops after silence when the host never closes stdin', async () => {
    const s = new PassThrough();
    const p = readHookStdin(s, { idleMs: 30 });
    s.write('{"a":');
    s.write('1}');
    const r = await p;
    expect(r).toEqual({ text: '{"a":1}', truncated: false, timedOut: true });
  });

  it('stops at the size cap and says so', async () => {
    const s = new PassThrough();
    const p = readHookStdin(s, { maxBytes: 10 });
    s.write('0123456789abcdef');
    const r = await p;
    expect(r.text).toBe('0123456789');
    expect(r.truncated).toBe(true);
    expect(parseHookPayload(r.text, r.truncated)).toEqual({ ok: false, problem: 'truncated' });
  });

  it('treats a terminal as an empty payload', async () => {
    const s = Object.assign(new PassThrough(), { isTTY: true });
    expect((await readHookStdin(s)).text).toBe('');
  });
});

describe('readHookStdinSync', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'remit-stdin-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A named pipe with a reader and a writer open, as a host's pipe is. */
  function pipe(): { reader: number; writer: number } {
    const fifo = path.join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    return { reader, writer: openSync(fifo, constants.O_WRONLY) };
  }

  it('reads a regular file to its end, and stops at the cap', () => {
    const file = path.join(dir, 'payload');
    writeFileSync(file, '0123456789abcdef');
    const fd = openSync(file, 'r');
    expect(readHookStdinSync(fd)).toEqual({ text: '0123456789abcdef', truncated: false, timedOut: false });
    closeSync(fd);
    const again = openSync(file, 'r');
    expect(readHookStdinSync(again, { maxBytes: 10 })).toEqual({ text: '0123456789', truncated: true, timedOut: false });
    closeSync(again);
  });

  it('reads a payload longer than its read buffer whole, characters across the seams too, and caps it there', () => {
    // 3-byte characters after one ASCII byte: a character straddles every 64 KiB seam.
    const text = `x${'\u20ac'.repeat(70_000)}`;
    const file = path.join(dir, 'long');
    writeFileSync(file, text);
    const fd = openSync(file, 'r');
    expect(readHookStdinSync(fd)).toEqual({ text, truncated: false, timedOut: false });
    closeSync(fd);
    const again = openSync(file, 'r');
    const capped = readHookStdinSync(again, { maxBytes: 150_001 });
    expect(capped).toEqual({ text: text.slice(0, 50_001), truncated: true, timedOut: false });
    closeSync(again);
  });

  it.runIf(process.platform === 'linux')('reads a pipe to EOF, and waits out silence when the host keeps it open', () => {
    const closed = pipe();
    writeSync(closed.writer, '{"a":1}');
    closeSync(closed.writer);
    expect(readHookStdinSync(closed.reader)).toEqual({ text: '{"a":1}', truncated: false, timedOut: false });
    closeSync(closed.reader);
    rmSync(path.join(dir, 'fifo'));
    const open = pipe();
    writeSync(open.writer, '{"a":');
    const t0 = Date.now();
    expect(readHookStdinSync(open.reader, { idleMs: 40 })).toEqual({ text: '{"a":', truncated: false, timedOut: true });
    expect(Date.now() - t0).toBeLessThan(2000);
    closeSync(open.writer);
    closeSync(open.reader);
  });

  it('leaves a descriptor it cannot examine to the stream reader, as it does a socket or a terminal', () => {
    expect(readHookStdinSync(987654)).toBeNull();
  });
});

describe('parseHookPayload', () => {
  it('accepts one JSON object and names every other kind of input', () => {
    expect(parseHookPayload('\uFEFF {"x":1}\n')).toEqual({ ok: true, payload: { x: 1 } });
    expect(parseHookPayload('')).toEqual({ ok: false, problem: 'empty' });
    expect(parseHookPayload('  \n')).toEqual({ ok: false, problem: 'empty' });
    expect(parseHookPayload('hello')).toEqual({ ok: false, problem: 'not_json' });
    expect(parseHookPayload('{"x":')).toEqual({ ok: false, problem: 'not_json' });
    expect(parseHookPayload('[1]')).toEqual({ ok: false, problem: 'not_object' });
    expect(parseHookPayload('null')).toEqual({ ok: false, problem: 'not_object' });
  });
});

describe('host text', () => {
  it('makes control and bidi characters visible, keeping newlines and tabs', () => {
    expect(escapeHidden('a\u202eb\u0007c\td\ne\r')).toBe('a\\u{202e}b\\u{0007}c\td\ne\\u{000d}');
    expect(escapeHidden('x\u2066y\u2028')).toBe('x\\u{2066}y\\u{2028}');
  });

  it('bounds text keeping the head, with a marker', () => {
    const long = `first line\n${'x'.repeat(50)}\n${'y'.repeat(5000)}`;
    const b = boundText(long, 200);
    expect(b.length).toBeLessThanOrEqual(200);
    expect(b.startsWith('first line\n')).toBe(true);
    expect(b).toMatch(/\[remit: \d+ more characters not shown\]$/);
    expect(boundText('short', 200)).toBe('short');
  });

  it('flattens a user line', () => {
    expect(oneLine('a\n  b\u202e', 100)).toBe('a b\\u{202e}');
    expect(oneLine('abcdef', 4)).toBe('abc…');
  });
});
