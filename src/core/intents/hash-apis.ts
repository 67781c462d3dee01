// Hashing API call sites, counted in comment- and string-free code (strip-code.ts). A
// hash intent is a file whose new text has more of these than its old text, so an edit
// beside an existing `createHash(` is not a new hash. Patterns name an API precisely; a
// generic `hash(` is only counted in PHP, where it is the built-in.
import type { CodeFamily } from './code-language.js';
import { mayHoldComputedAccess, mayHoldHashCall } from './hash-words.js';
import { isSpace } from './line-text.js';
import { stripCode } from './strip-code.js';

export { mayHoldHashCall };

/**
 * A call through a chain of members whose first hashing member `head` names (`mmh3.hash(`,
 * `blake3::Hasher::new(`, `bcrypt.hash(`), the call's name matching `last` when given. It
 * stands in for `HEAD(?:\s*(?:\.|::)\s*\w+)*\s*\(`, which was tried again from every member of
 * a chain that ends in no call (quadratic in a chain of them: 100 kB took 11 s); here each
 * chain is walked once, as every member after its first head fails the same way.
 */
interface ChainCall {
  head: RegExp;
  last?: RegExp;
}

/** `\w`: `[A-Za-z0-9_]` (NaN past the end is none). */
const isWordCode = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const OPEN = /\s*\(/y;

/** The call texts of a chain pattern in `code`, in order, as its expression's matches. */
export function chainCalls(code: string, c: ChainCall): string[] {
  const out: string[] = [];
  c.head.lastIndex = 0;
  for (let m = c.head.exec(code); m !== null; m = c.head.exec(code)) {
    let end = m.index + m[0].length;
    // The head is a whole word (`mmh3x.hash(` is no mmh3 call).
    if (/\w/.test(code[end] ?? '')) continue;
    // The members `\s*(?:\.|::)\s*(\w+)`, walked by code (a match and its capture apiece cost
    // most of a megabyte-long chain); only the last one's name is kept.
    let nameStart = -1;
    let nameEnd = -1;
    for (;;) {
      let k = end;
      while (isSpace(code[k])) k++;
      if (code.charCodeAt(k) === 46) k++;
      else if (code.charCodeAt(k) === 58 && code.charCodeAt(k + 1) === 58) k += 2;
      else break;
      while (isSpace(code[k])) k++;
      const start = k;
      while (isWordCode(code.charCodeAt(k))) k++;
      if (k === start) break;
      nameStart = start;
      nameEnd = end = k;
    }
    const name = nameStart < 0 ? undefined : code.slice(nameStart, nameEnd);
    OPEN.lastIndex = end;
    if (OPEN.test(code) && (c.last === undefined || (name !== undefined && c.last.test(name)))) {
      out.push(code.slice(m.index, OPEN.lastIndex));
      c.head.lastIndex = OPEN.lastIndex;
    } else c.head.lastIndex = end;
  }
  return out;
}

const UNIVERSAL: (RegExp | ChainCall)[] = [
  /\bcreateHash\s*\(/g,
  /\bcreateHmac\s*\(/g,
  /\bsubtle\s*\.\s*digest\s*\(/g,
  /\bMessageDigest\s*\.\s*getInstance\s*\(/g,
  /\bDigestUtils\s*\.\s*\w+\s*\(/g,
  /\bhashlib\s*\.\s*\w+\s*\(/g,
  // xxHash, MurmurHash, BLAKE2/3 libraries in any binding: `xxhash64(`, `mmh3.hash(`, `blake3::hash(`.
  { head: /\b(?:xx[hH]ash\w*|xxh(?:3|32|64|128)\w*|XXH(?:3|32|64|128)\w*|[Mm]urmur\w*|mmh3|[Bb]lake[23]\w*|BLAKE[23]\w*)/g },
  // bcrypt in any binding: bcrypt.hash(, bcrypt.hashpw(, BCrypt.HashPassword(, bcrypt.GenerateFromPassword(.
  { head: /\b[Bb][Cc]rypt/g, last: /^(?:[Hh]ash|[Gg]enerate)/ },
  { head: /\b[Aa]rgon2\w*/g },
  /\bPasswordHasher\s*(?:<[^>\n]{0,60}>\s*)?\(/g,
  /\.\s*hash_password\s*\(/g,
  /\bscrypt(?:Sync)?\s*\(/g,
  /\bscrypt\s*\.\s*\w+\s*\(/g,
  /\bpbkdf2(?:Sync|_hmac)?\s*\(/g,
  /\bpbkdf2\s*\.\s*Key\s*\(/g,
];

const BY_FAMILY: Record<CodeFamily, (RegExp | ChainCall)[]> = {
  js: [
    /\bcrypto\s*\.\s*hash\s*\(/g,
    // A hashing function taken under another name is a call waiting to happen:
    // `const { createHash: h } = …`, `import { createHash as h }`, `const h = crypto.createHash;`.
    // `(?<=\s)as` for `\s+as`: one way through the blanks (the two runs took 29 s for 100 kB of them).
    /\b(?:createHash|createHmac|digest)\s*(?::|(?<=\s)as\s)\s*[\w$]+/g,
    /=\s*(?:[\w$]+\s*\.\s*)*(?:createHash|createHmac)\s*(?:\.\s*bind\b|[;,)\n]|$)/g,
    /\bsubtle\s*\.\s*digest\b(?!\s*\()/g,
    /\bCryptoHasher\s*\(/g,
    /(?<![\w$.])(?:md5|sha1|sha224|sha256|sha384|sha512|sha3_256|sha3_512|keccak256)\s*\(/g,
  ],
  python: [
    // `import hashlib as h`, `from hashlib import sha256 as s`, `getattr(hashlib, name)`.
    /\bimport\s+hashlib\s+as\s+\w+/g,
    /\bfrom\s+hashlib\s+import\b/g,
    /\bgetattr\s*\(\s*hashlib\b/g,
    /(?<![\w.])(?:md5|sha1|sha224|sha256|sha384|sha512|sha3_\d+|blake2[bs]|shake_\d+)\s*\(/g,
    /\bhmac\s*\.\s*(?:new|digest|HMAC)\s*\(/g,
    /\bhashes\s*\.\s*Hash\s*\(/g,
    /\b(?:SHA\d+|SHA3_\d+|MD5|BLAKE2[bs])\s*\.\s*new\s*\(/g,
  ],
  go: [
    /\b(?:md5|sha1|sha256|sha512|sha3|blake2b|blake2s|hmac|fnv|crc32|crc64|adler32)\s*\.\s*(?:New\w*|Sum\w*)\s*\(/g,
    // `h.Sum(nil)` finishes a hash; the idiom is specific enough to count on its own.
    /\.\s*Sum\s*\(\s*nil\s*\)/g,
  ],
  rust: [
    /\b(?:Sha\d+|Sha3_\d+|Sha512_\d+|Sha1|Md5|Md4|Blake2[bs]\w*|Keccak\d+|Ripemd\d+)\s*::\s*(?:new|digest|new_with_prefix|default)\s*\(/g,
    /\bmd5\s*::\s*compute\s*\(/g,
    /\bdigest\s*::\s*digest\s*\(/g,
    // Generic arguments hold no `<` before their `>` here (nested ones never matched: the `>` after
    // them is no `::`); without that, each `Hmac<` ran 80 characters on over the next ones.
    /\bHmac\w*\s*(?:::\s*)?(?:<[^<>\n]{1,80}>\s*)?::\s*new\w*\s*\(/g,
  ],
  jvm: [
    /\bMac\s*\.\s*getInstance\s*\(/g,
    /\bHashing\s*\.\s*(?:sha\w+|md5|murmur\w+|hmac\w+|crc32\w*|goodFastHash|farmHash\w*|sipHash\w*)\s*\(/g,
    /\bnew\s+(?:SHA\w*Digest|MD5Digest|Blake\w*Digest|Keccak\w*Digest)\s*\(/g,
  ],
  csharp: [
    /\b(?:SHA1|SHA256|SHA384|SHA512|SHA3_256|SHA3_384|SHA3_512|MD5|HMACSHA1|HMACSHA256|HMACSHA384|HMACSHA512|HMACMD5)\s*\.\s*(?:Create|HashData|HashDataAsync|TryHashData)\s*\(/g,
    /\bnew\s+(?:HMAC\w+|SHA\d+Managed|MD5CryptoServiceProvider|SHA\d*CryptoServiceProvider)\s*\(/g,
    /\bHashAlgorithm\s*\.\s*Create\s*\(/g,
    /\bIncrementalHash\s*\.\s*Create\w*\s*\(/g,
    /\.\s*ComputeHash\s*\(/g,
    /\bRfc2898DeriveBytes\s*[.(]/g,
  ],
  php: [
    /(?<![\w$>:])(?<!function\s{1,20})\\?(?:hash|hash_file|hash_hmac|hash_hmac_file|hash_init|hash_pbkdf2|md5|md5_file|sha1|sha1_file|crc32|password_hash|crypt)\s*\(/g,
    /\bsodium_crypto_(?:[^\Wh]|h(?!ash))*hash\w*\s*\(/g,
  ],
  ruby: [
    // Ruby calls need no parentheses: `Digest::SHA256.hexdigest data`.
    /\b(?:OpenSSL\s*::\s*)?Digest\s*(?:::\s*\w+\s*)?(?:\.|::)\s*(?:new|digest|hexdigest|base64digest|file)\b/g,
    /\bOpenSSL\s*::\s*HMAC\s*(?:\.|::)\s*\w+/g,
    /\bBCrypt\s*::\s*Password\s*\.\s*create\b/g,
  ],
  c: [
    /\b(?:EVP_Digest\w*|EVP_(?:sha\d+|sha3_\d+|md5|blake2\w+)|SHA(?:1|224|256|384|512)(?:_Init|_Update|_Final)?|MD5(?:_Init|_Update|_Final)?|HMAC(?:_Init_ex|_Update|_Final|_CTX_new)?|crypto_generichash\w*|crypto_hash\w*|crypto_pwhash\w*|CC_(?:SHA\d|MD5)\w*)\s*\(/g,
  ],
  swift: [
    /\b(?:SHA256|SHA384|SHA512|Insecure\s*\.\s*(?:MD5|SHA1))\s*\.\s*hash\s*\(/g,
    /\bHMAC\s*<\s*\w+\s*>\s*\.\s*\w+\s*\(/g,
    /\bCC_(?:SHA\d|MD5)\w*\s*\(/g,
    /\b(?:SHA256|SHA384|SHA512)\s*\(\s*\)/g,
  ],
};

/** The call-site patterns for a family (the universal ones first; a chain's head), for the test of STEMS (hash-words.ts). */
export function hashCallPatterns(family: CodeFamily): readonly RegExp[] {
  return [...UNIVERSAL, ...BY_FAMILY[family]].map((p) => (p instanceof RegExp ? p : p.head));
}

export interface HashCount {
  total: number;
  /** Calls per API, keyed by the call text without spaces (e.g. `createHash(`). */
  byApi: Map<string, number>;
}

function label(match: string): string {
  const compact = match.replace(/\s+/g, '');
  return compact.length > 48 ? compact.slice(0, 47) + '…' : compact;
}

/** Hashing API names that a computed member or a dynamic import can spell out of strings. */
const HASH_NAMES =
  /^(?:createHash|createHmac|digest|hashSync|md5|sha1|sha224|sha256|sha384|sha512|sha3_\w+|blake2[bs]|pbkdf2(?:Sync|_hmac)?|scrypt(?:Sync)?|hashlib|_hashlib)$/;
const STRING_PIECE = '(?:\'[^\'\\\\\\n]*\'|"[^"\\\\\\n]*"|`[^`$\\\\]*`)';
const COMPUTED = new RegExp(
  '(?:\\[|\\b(?:import_module|__import__)\\s*\\(|\\bgetattr\\s*\\(\\s*[\\w.]+\\s*,)\\s*(' + STRING_PIECE + '(?:\\s*\\+\\s*' + STRING_PIECE + ')*)\\s*[\\])]',
  'g',
);

/**
 * Hashing APIs reached through names computed from string literals, found in the raw text
 * (the literals are what spell the name). Returns the labels of each such access.
 */
export function computedHashAccesses(text: string): string[] {
  const out: string[] = [];
  if (!mayHoldComputedAccess(text)) return out;
  COMPUTED.lastIndex = 0;
  for (let m = COMPUTED.exec(text); m !== null && out.length < 64; m = COMPUTED.exec(text)) {
    // The pieces joined: each `+` out with the blanks around it (as `/\s*\+\s*/g` did, without
    // its retry from every blank of a run).
    const pieces = m[1]!.split('+');
    const joined = pieces
      .map((p, i) => (i > 0 ? p.trimStart() : p))
      .map((p, i) => (i < pieces.length - 1 ? p.trimEnd() : p))
      .join('')
      .replace(/['"`]/g, '');
    if (HASH_NAMES.test(joined)) out.push(`[${joined}]`);
  }
  return out;
}

/** Counts hashing call sites in source text of the given family (comments and strings ignored). */
export function countHashCalls(text: string, family: CodeFamily): HashCount {
  const byApi = new Map<string, number>();
  let total = 0;
  for (const key of computedHashAccesses(text)) {
    byApi.set(key, (byApi.get(key) ?? 0) + 1);
    total++;
  }
  if (!mayHoldHashCall(text)) return { total, byApi };
  const code = stripCode(text, family);
  const add = (call: string) => {
    const key = label(call);
    byApi.set(key, (byApi.get(key) ?? 0) + 1);
    total++;
  };
  for (const p of [...UNIVERSAL, ...BY_FAMILY[family]]) {
    if (!(p instanceof RegExp)) {
      for (const call of chainCalls(code, p)) add(call);
      continue;
    }
    p.lastIndex = 0;
    for (let m = p.exec(code); m !== null; m = p.exec(code)) {
      if (m[0].length === 0) p.lastIndex++;
      add(m[0]);
    }
  }
  return { total, byApi };
}

/** The first API whose call count grew from `before` to `after`. */
export function firstGrownApi(before: HashCount, after: HashCount): string | undefined {
  for (const [api, n] of after.byApi) if (n > (before.byApi.get(api) ?? 0)) return api;
  return undefined;
}
