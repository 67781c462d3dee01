// Hashing written by hand (docs/DESIGN.md#shell-classification): code that names no hashing
// module can still compute a hash (FNV, djb2, Adler-32, a CRC table, a byte sum). What gives
// it away are the algorithms' constants, whichever base they are spelled in, their shapes
// and their names. Used on inline code (node, python, perl, ruby, php), awk and jq programs.
import { trimEndOf } from '../intents/line-text.js';

/**
 * Constants only hash functions use: FNV offset bases and primes (32 and 64 bits),
 * Adler-32's modulus, CRC polynomials (normal and reflected), MurmurHash, xxHash and
 * SipHash mixing constants, and the MD5/SHA initial values and round constants.
 */
const CONSTANTS = new Set<bigint>(
  [
    '2166136261',
    '16777619',
    '14695981039346656037',
    '1099511628211',
    '65521',
    '0xedb88320',
    '0x04c11db7',
    '0x82f63b78',
    '0x1edc6f41',
    '0xc96c5795d7870f42',
    '0x42f0e1eba9ea3693',
    '0xd800000000000000',
    '0x5bd1e995',
    '0xcc9e2d51',
    '0x1b873593',
    '0x85ebca6b',
    '0xc2b2ae35',
    '0xe6546b64',
    '0xc6a4a7935bd1e995',
    '0xff51afd7ed558ccd',
    '0xc4ceb9fe1a85ec53',
    '0x9e3779b1',
    '0x85ebca77',
    '0xc2b2ae3d',
    '0x27d4eb2f',
    '0x165667b1',
    '0x9e3779b185ebca87',
    '0xc2b2ae3d27d4eb4f',
    '0x736f6d6570736575',
    '0x646f72616e646f6d',
    '0x67452301',
    '0xefcdab89',
    '0x98badcfe',
    '0x10325476',
    '0xc3d2e1f0',
    '0xd76aa478',
    '0x5a827999',
    '0x6ed9eba1',
    '0x6a09e667',
    '0xbb67ae85',
    '0x428a2f98',
    '0x6a09e667f3bcc908',
    '65599',
  ].map((s) => BigInt(s)),
);

/** Names of hash functions written by hand (identifiers, jq/awk function names). */
const NAMES =
  /\b(?:fnv_?(?:1a?)?(?:_?(?:32|64))?|fnv1a?\w*|djb2\w*|sdbm\w*|adler_?32\w*|crc_?(?:8|16|32|32c|64)\w*|murmur\w*|xxh(?:ash)?\w*|siphash\w*|jenkins\w*|one_at_a_time\w*)\b/i;

/** djb2 starts from 5381 and multiplies by 33 (or shifts by 5 and adds). */
const DJB2_SEED = /(?<![\w.])5381(?![\w.])/;
const DJB2_STEP = /\*\s*33(?![\w.])|<<\s*5(?![\w.])/;

/** A sum reduced to a byte or a word: `% 256`, `& 0xff`, `% 65536`, `& 0xffffffff`, `% 2**32`. */
const WRAP =
  /%\s*(?:256|0x100|65536|0x10000|65535|0xffff|4294967296|0x100000000|2\s*\*\*\s*(?:8|16|32))(?![\w.])|&\s*(?:255|0xff|65535|0xffff|4294967295|0xffffffff)(?![\w.])/i;
const SUMS = /\bsum\s*\(|\breduce\b|\+=|\badd\b|\binject\b|\bfold\w*\b/;
/** A multiplication by a number (`* 31`, `*0x01000193`). */
const TIMES_NUMBER = /\*\s*(?:\d+|0x[0-9a-f]+)(?![\w.])/gi;

/**
 * A multiply-and-add kept to 32 or 64 bits: a polynomial (rolling) hash, whatever its
 * constants. `/\*\s*N(?![\w.])[^;\n]*\+|\+[^;\n]*\*\s*N(?![\w.])|Math\.imul\b/i` (N a
 * number) in one pass: a `+` in the statement line before or after a multiplication by a
 * number, told by the nearest `+`, `;` or LF on each side (the expression ran to the line's end
 * from every multiplication: quadratic in a line of them).
 */
export function multipliesAndAdds(text: string): boolean {
  if (/Math\.imul\b/i.test(text)) return true;
  const mark = /[+;\n]/g;
  let next = -1;
  let scanned = 0;
  let last = '';
  for (const m of text.matchAll(TIMES_NUMBER)) {
    for (; scanned < m.index; scanned++) if ('+;\n'.includes(text[scanned]!)) last = text[scanned]!;
    if (last === '+') return true;
    const end = m.index + m[0].length;
    if (next !== -2 && next < end) {
      mark.lastIndex = end;
      next = mark.exec(text)?.index ?? -2;
    }
    if (next >= 0 && text[next] === '+') return true;
  }
  return false;
}
const WORD_WRAP =
  /%\s*(?:4294967296|0x100000000|18446744073709551616|2\s*\*\*\s*(?:32|64))(?![\w.])|&\s*(?:0xffffffff(?:ffffffff)?|4294967295)(?![\w.])|>>>\s*0(?![\w.])|Math\.imul\b/i;
/** jq: the code points of a string added up. */
const JQ_BYTE_SUM = /\bexplode\s*\|\s*add\b/;

const NUMBER = /(?<![\w.$])(?:0[xX][0-9a-fA-F](?:_?[0-9a-fA-F])*|[0-9](?:_?[0-9])*)(?:[nNlLuU]{1,2})?(?![\w.])/g;

/**
 * The hash a piece of code computes by hand, for the explanation; undefined when none shows.
 * The code may still compute one in a way this does not see (the module scans stay on).
 */
export function handRolledHash(code: string): string | undefined {
  const text = code.length > 256 * 1024 ? code.slice(0, 256 * 1024) : code;
  const name = NAMES.exec(text);
  if (name) return name[0];
  if (DJB2_SEED.test(text) && DJB2_STEP.test(text)) return 'djb2 (5381, *33)';
  if (JQ_BYTE_SUM.test(text)) return 'a byte sum (explode | add)';
  if (SUMS.test(text) && WRAP.test(text)) return 'a byte sum';
  if (multipliesAndAdds(text) && WORD_WRAP.test(text)) return 'a multiplicative hash';
  NUMBER.lastIndex = 0;
  for (let m = NUMBER.exec(text); m !== null; m = NUMBER.exec(text)) {
    const digits = trimEndOf(m[0].replace(/_/g, ''), 'nNlLuU');
    if (digits.length < 4 || digits.length > 20) continue;
    let value: bigint;
    try {
      value = BigInt(digits);
    } catch {
      continue;
    }
    if (CONSTANTS.has(value)) return m[0];
  }
  return undefined;
}

/**
 * Compressors whose stream carries a checksum of what they read: gzip's trailer holds the
 * CRC-32 of the data (`gzip -c f | tail -c 8`), bzip2 a CRC-32, xz a CRC-64 or, with
 * `--check=sha256`, a SHA-256; zstd and lz4 an xxHash.
 */
const CHECKSUMMED = new Set(['gzip', 'pigz', 'bzip2', 'pbzip2', 'lbzip2', 'xz', 'lzma', 'pixz', 'zstd', 'pzstd', 'lz4']);
/** What may take such a stream without showing its bytes: a count, a file, an unpacker. */
const BLIND_CONSUMERS = new Set([
  'wc',
  'tar',
  'gunzip',
  'zcat',
  'gzcat',
  'unxz',
  'xzcat',
  'unlzma',
  'lzcat',
  'bunzip2',
  'bzcat',
  'unzstd',
  'zstdcat',
  'unlz4',
  'lz4cat',
]);

/**
 * The checksum a compressor's output shows when it goes where bytes can be read: to the
 * terminal, or into a command that is not a count, an unpacker or a decompressing compressor
 * (`| tail -c 8`, `| xxd`, `| base64`). Its listing of an archive with `-v` (`gzip -lv`,
 * `xz -lvv`) prints the stored checks. Undefined for a compressor writing files, testing or
 * decompressing.
 */
export function compressedChecksum(
  name: string,
  args: readonly { value: string | null }[],
  terminal: boolean,
  next: readonly (string | undefined)[] | undefined,
): string | undefined {
  if (!CHECKSUMMED.has(name)) return undefined;
  let stdout = false;
  let list = false;
  let verbose = false;
  let operands = 0;
  let options = true;
  for (let i = 1; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return undefined;
    if (options && v === '--') {
      options = false;
      continue;
    }
    if (options && /^--/.test(v)) {
      if (/^--(?:d|de|dec|deco|decom|decomp|decompr|decompre|decompres|decompress|uncompress|test)$/.test(v)) return undefined;
      // Help, version and licence print text of the program's own and compress nothing.
      if (/^--(?:help|long-help|version|license)$/.test(v)) return undefined;
      if (/^--(?:stdout|to-stdout)$/.test(v)) stdout = true;
      if (v === '--list') list = true;
      if (v === '--verbose') verbose = true;
      continue;
    }
    if (options && /^-[^-]/.test(v)) {
      // A short cluster (`-9c`, `-dc`); a value-taking letter ends it (`-S .x`, `-T4`).
      for (const c of v.slice(1)) {
        if (c === 'd' || c === 't' || c === 'h' || c === 'H' || c === 'V') return undefined;
        if (c === 'c') stdout = true;
        if (c === 'l') list = true;
        if (c === 'v') verbose = true;
        if (c === 'S' || c === 'T' || c === 'M' || c === 'F' || c === 'C' || c === 'o' || c === 'p' || c === 'b' || c === 'L' || c === 'D') break;
      }
      continue;
    }
    operands++;
  }
  if (list) return verbose ? `${name} --list --verbose` : undefined;
  // With no file named, a compressor reads standard input and writes standard output.
  if (!stdout && operands > 0) return undefined;
  if (terminal) return `${name} to standard output`;
  if (next === undefined) return undefined;
  const consumer = next[0];
  if (consumer === undefined) return `${name} | …`;
  const base = consumer.slice(consumer.lastIndexOf('/') + 1);
  if (BLIND_CONSUMERS.has(base)) return undefined;
  if (CHECKSUMMED.has(base) && next.some((w, i) => i > 0 && w !== undefined && /^-[a-zA-Z]*[dt]|^--(?:decompress|uncompress|test)$/.test(w))) return undefined;
  return `${name} | ${base}`;
}
