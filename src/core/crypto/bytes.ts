// Buffer's own per-encoding methods, called directly. Buffer#toString, Buffer#write,
// Buffer.from(string, 'hex' | 'base64'), Buffer.alloc and Buffer#equals are JavaScript inside
// Node that V8 compiles on a process's first call to each (about 80,000 instructions apiece,
// more than the call's work on a hook's few bytes); the methods they end in (hexSlice,
// utf8Slice, latin1Slice, hexWrite, utf8Write, base64Write) are native and have been on
// Buffer.prototype in every Node remit supports (docs/DESIGN.md Performance budget).
interface NativeCodec {
  hexSlice(start: number, end: number): string;
  utf8Slice(start: number, end: number): string;
  latin1Slice(start: number, end: number): string;
  hexWrite(s: string, offset: number, length: number): number;
  utf8Write(s: string, offset: number, length: number): number;
  base64Write(s: string, offset: number, length: number): number;
}

const view = (b: Uint8Array): Buffer => Buffer.from(b.buffer, b.byteOffset, b.byteLength);
const slice = (enc: BufferEncoding) =>
  function (this: Uint8Array, start: number, end: number) {
    return view(this).toString(enc, start, end);
  };
const write = (enc: BufferEncoding) =>
  function (this: Uint8Array, s: string, offset: number, length: number) {
    return view(this).write(s, offset, length, enc);
  };

/**
 * The same six through Buffer's public API: what a Node whose Buffer no longer carries the
 * native methods gets (slower to start, never wrong). Exported for its test.
 */
export const PUBLIC_CODEC: NativeCodec = {
  hexSlice: slice('hex'),
  utf8Slice: slice('utf8'),
  latin1Slice: slice('latin1'),
  hexWrite: write('hex'),
  utf8Write: write('utf8'),
  base64Write: write('base64'),
};

const native = Buffer.prototype as unknown as Partial<NativeCodec>;
const codec: NativeCodec = (Object.keys(PUBLIC_CODEC) as Array<keyof NativeCodec>).every((k) => typeof native[k] === 'function')
  ? (native as NativeCodec)
  : PUBLIC_CODEC;

/** `b.toString('hex')`. */
export const hexOf = (b: Uint8Array): string => codec.hexSlice.call(b, 0, b.length);
/** `b.toString('utf8', start, end)`. */
export const utf8Of = (b: Uint8Array, start = 0, end = b.length): string => codec.utf8Slice.call(b, start, end);
/** `b.toString('latin1', start, end)`. */
export const latin1Of = (b: Uint8Array, start = 0, end = b.length): string => codec.latin1Slice.call(b, start, end);

/** `Buffer.from(s, 'hex')`: stops at the first pair that is not hex, as it does. */
export function fromHex(s: string): Buffer {
  const out = Buffer.allocUnsafe(s.length >>> 1);
  const n = codec.hexWrite.call(out, s, 0, out.length);
  return n === out.length ? out : out.subarray(0, n);
}

/** `Buffer.from(s, 'base64')` for a well-formed, padded text (an embedded constant). */
export function fromBase64(s: string): Uint8Array<ArrayBuffer> {
  const pad = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((s.length >>> 2) * 3 - pad);
  const n = codec.base64Write.call(out, s, 0, out.length);
  return n === out.length ? out : out.subarray(0, n);
}

/** `b.write(s, offset, 'utf8')`: the bytes written (as many whole characters as fit). */
export const writeUtf8 = (b: Uint8Array, s: string, offset: number): number => codec.utf8Write.call(b, s, offset, b.length - offset);
