import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readHookStdin } from './stdin.js';
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
