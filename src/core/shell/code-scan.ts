// Looks through inline interpreter code (`node -e`, `python -c`, a heredoc fed to an
// interpreter) for file-write, process and hashing APIs. The code stays unproven either
// way; the scan adds hash intent and the paths the code spells out.
import { computedHashAccesses } from '../intents/hash-apis.js';
import { handRolledHash } from './hash-shapes.js';
import { proveNodeCode } from './programs/inline-proof.js';
import { codeStrings, isSpace, trimEndOf } from '../intents/line-text.js';
import { foldCode, type CodeEnv } from './code-fold.js';

const WRITE_API = new RegExp(
  [
    // JavaScript / TypeScript
    String.raw`\b(?:writeFile|appendFile|createWriteStream|rmSync|rmdir|unlink|rename|mkdir|mkdtemp|copyFile|cpSync|symlink|truncate|chmod|chown|utimes|lchown|link)(?:Sync)?\s*\(`,
    String.raw`\bfs(?:\/promises)?\b[\s\S]{0,40}\.(?:rm|cp|write|open)\s*\(`,
    String.raw`\bchild_process\b|\b(?:execSync|execFileSync|spawnSync|execFile|spawn|fork)\s*\(|\bexec\s*\(`,
    String.raw`\bBun\.write\s*\(|\bDeno\.(?:writeTextFile|writeFile|remove|rename|mkdir|makeTempFile|makeTempDir|create|open|copyFile|symlink|link|truncate|chmod|chown|utime|run|Command)(?:Sync)?\b`,
    // Python
    String.raw`\.(?:write_text|write_bytes|unlink|touch|rmdir|rename|replace|symlink_to|hardlink_to|chmod)\s*\(`,
    String.raw`\bshutil\.|\bos\.(?:remove|unlink|rename|replace|mkdir|makedirs|rmdir|removedirs|system|popen|exec\w*|spawn\w*|truncate|chmod|chown|symlink|link|utime)\b`,
    String.raw`\bsubprocess\.|\bpathlib\b[\s\S]{0,80}\.write`,
    // Ruby / Perl / PHP
    String.raw`\bFile\.(?:write|open|delete|unlink|rename|binwrite|symlink|chmod)\b|\bFileUtils\.|\bIO\.(?:write|popen)\b|\bDir\.(?:mkdir|rmdir|delete)\b`,
    // `open(F, ">x")`, `open F, "|cmd"`: one way through the blanks between the parts (the old
    // `\s*\(?\s*\w*\s*,?\s*['"]?\s*` tried every split: 1000 blanks after `open` ran for minutes).
    String.raw`\b(?:system|exec|qx|unlink|rmdir|mkdir|rename|chmod|chown|symlink|truncate)\s*[\s(]|\bopen\s*(?:\(\s*)?(?:\w+\s*)?(?:,\s*)?(?:['"]\s*)?[>+|]`,
    String.raw`\b(?:file_put_contents|fopen|fwrite|unlink|rename|mkdir|rmdir|copy|touch|shell_exec|passthru|proc_open|popen)\s*\(`,
    '`',
  ].join('|'),
);

const HASH_API = new RegExp(
  [
    String.raw`\bcreateHash\s*\(`,
    String.raw`\bcreateHmac\s*\(`,
    String.raw`\bsubtle\.digest\s*\(`,
    String.raw`\bhashlib\.(?:md5|sha1|sha224|sha256|sha384|sha512|sha3_\w+|blake2[bs]|new|file_digest|pbkdf2_hmac|scrypt)\b`,
    String.raw`\bhmac\.(?:new|digest)\b`,
    String.raw`\bDigest::(?:MD5|SHA1|SHA2|SHA256|SHA384|SHA512|RMD160|base)\b`,
    String.raw`\bOpenSSL::(?:Digest|HMAC)\b`,
    String.raw`\b(?:md5|sha1|hash|hash_file|hash_hmac|md5_file|sha1_file|crc32)\s*\(`,
    String.raw`\bDigest::\w+\b|\buse\s+Digest\b`,
    String.raw`\bBun\.(?:hash|CryptoHasher|SHA\d+|MD5)\b`,
    String.raw`\bMessageDigest\.getInstance\s*\(`,
    // Taken under another name: `import hashlib as h`, `from hashlib import sha256 as s`, `{ createHash: h }`.
    String.raw`\bimport\s+hashlib\s+as\b|\bfrom\s+hashlib\s+import\b|\bgetattr\s*\(\s*hashlib\b`,
    String.raw`\b(?:createHash|createHmac)\b|\bsubtle\s*\.\s*digest\b`,
  ].join('|'),
);

/**
 * Code that starts another program, evaluates text as code or loads a module by a computed
 * name: what it runs is a command or code remit does not see, which may install a package
 * or hash (docs/DESIGN.md#shell-classification, principle 9).
 */
const RUNS_OTHER_CODE = new RegExp(
  [
    // JavaScript
    // A method of that name on another object (`/x/.exec(s)`, `re.compile(p)`) is not the global.
    String.raw`\bchild_process\b|(?<![.\w$])(?:execSync|execFileSync|spawnSync|execFile|spawn|fork|exec)\s*\(`,
    String.raw`(?<![.\w$])(?:eval|Function)\s*\(|\bimport\s*\(|\brequire\s*\(\s*[^'"\s)]|\bprocess\s*\.\s*(?:binding|dlopen|mainModule)\b|\bmodule\s*\.\s*(?:constructor|require)\b|\bvm\s*\.`,
    String.raw`\bDeno\.(?:run|Command)\b|\bBun\.(?:spawn|spawnSync|\$)`,
    // Python
    String.raw`\bsubprocess\b|\bos\.(?:system|popen|exec\w*|spawn\w*|posix_spawn\w*)\b|\bpty\b|\b__import__\b|\bimportlib\b|\brunpy\b|\bctypes\b|\bimport\s+pip\b|\bpip\s*\.|(?<![.\w])compile\s*\(`,
    // Ruby / Perl / PHP / shells' backticks
    String.raw`\b(?:system|qx|readpipe|popen|proc_open|shell_exec|passthru|pcntl_exec)\b|\bIO\.popen\b|\bOpen3\b|\bKernel\b|%x[({[]|\bsend\s*\(|\bpublic_send\b|\bopen\s*(?:\(\s*)?(?:\w+\s*)?(?:,\s*)?['"]\s*\|`,
    '`',
  ].join('|'),
);

/** Modules and functions that compute hashes, however the code then reaches the function. */
const HASH_MODULE =
  /\b(?:crypto|webcrypto|subtle|hashlib|_hashlib|_sha\d+|_sha3|_md5|_blake2|hmac|Cryptodome|xxhash|blake3|mmh3|crc32c?|adler32|crypt|Digest|OpenSSL|password_hash|hash_file|hash_hmac|md5_file|sha1_file|uuid[35]|pbkdf2\w*|scrypt\w*|hkdf\w*|createSign|createVerify)\b|\bCrypto\s*\.\s*Hash\b/;

/**
 * Perl's `$p =~ tr/a-z/n-za-m/` (or `y///`), and a bare `tr/…/` on `$_`: a translate table.
 * Found by looking at each `=~` and `tr/` once (`=~\s*(?:tr|y)\b` retried its blanks from
 * every `=`).
 */
function perlTranslates(text: string): boolean {
  for (let at = text.indexOf('=~'); at >= 0; at = text.indexOf('=~', at + 2)) {
    let k = at + 2;
    while (k < text.length && isSpace(text[k])) k++;
    const word = text.startsWith('tr', k) ? 2 : text[k] === 'y' ? 1 : 0;
    if (word && !/\w/.test(text[k + word] ?? '')) return true;
  }
  for (let at = text.indexOf('tr/'); at >= 0; at = text.indexOf('tr/', at + 3)) if (!/\w/.test(text[at - 1] ?? '')) return true;
  return false;
}

export interface CodeScan {
  writes: boolean;
  /** The first hashing API found (for the explanation). */
  hash: string | undefined;
  /** String literals that look like paths. */
  paths: string[];
  /** It may run code or a command remit does not see (a subprocess, eval, a computed import). */
  runsOtherCode: boolean;
  /** A hashing module or function it names, reached however (for the explanation). */
  hashModule: string | undefined;
  /**
   * It writes, and builds a string with a decoding or obfuscation primitive (base64, hex,
   * rot13, character codes, reversal, eval, a translate table) whose input is not a literal
   * the folder read: what it writes may be a protected path under a name no scan sees.
   */
  obscured: boolean;
  /** Glob patterns it lists files by, when it writes: a name it yields may be the one written. */
  globs: string[];
  /** Folders it lists (`dir/*`) or walks (`dir/**`), when it writes. */
  lists: string[];
  /** It reads the environment (`os.environ`, `process.env`, `$ENV{…}`, `getenv`): a variable the command sets may name what it writes. */
  readsEnv: boolean;
}

/**
 * Primitives the folder does not read at all: a translate table, a decompressor, a name taken
 * by getattr or from globals(), Perl's `tr///`. Beside a write they hide what is written.
 */
const OPAQUE =
  /\b(?:maketrans|translate|b32decode|b85decode|a85decode|ascii85|decompress|inflateSync|inflateRawSync|gunzipSync|brotliDecompressSync|unzipSync|zlib|gzinflate|gzuncompress|gzdecode|getattr|__import__|globals|convert_uudecode|uudecode)\b/;

/**
 * Python's `open(f, 'w')`, `open(p, mode="a")`: `/\bopen\s*\([^)]*,\s*(?:mode\s*=\s*)?['"][^'"]*[wax+]/`
 * in one pass. Each `open(` is looked at up to the next `)`; a later `open(` before that same `)`
 * sees only commas the first one saw, so it is passed over (the expression scanned again from
 * each: quadratic in a line of `open(`).
 */
export function opensForWrite(text: string): boolean {
  const mode = /,\s*(?:mode\s*=\s*)?['"][^'"]*[wax+]/y;
  let seenTo = -1;
  for (const m of text.matchAll(/\bopen\s*\(/g)) {
    const from = m.index + m[0].length;
    if (from <= seenTo) continue;
    const close = text.indexOf(')', from);
    seenTo = close < 0 ? text.length : close;
    for (let comma = text.indexOf(',', from); comma >= 0 && comma < seenTo; comma = text.indexOf(',', comma + 1)) {
      mode.lastIndex = comma;
      if (mode.test(text)) return true;
    }
  }
  return false;
}

/** The environment as code reaches it: Python's os.environ/getenv, node's process.env, Perl's %ENV, Ruby's ENV, PHP's getenv/$_ENV/$_SERVER, Deno.env. */
const READS_ENV = /\benviron\b|\bgetenv\b|\benv\b|\bENV\b|\$_ENV\b|\$_SERVER\b/;

/** `env`: the shell variables the code runs with, which `os.environ['F']` and the like read. */
export function scanInlineCode(code: string, env?: CodeEnv): CodeScan {
  const text = code.length > 256 * 1024 ? code.slice(0, 256 * 1024) : code;
  const direct = HASH_API.exec(text);
  const hash = direct
    ? direct[0].endsWith('(')
      ? trimEndOf(direct[0].slice(0, -1), isSpace)
      : direct[0]
    : (computedHashAccesses(text)[0] ?? handRolledHash(text));
  const paths: string[] = [];
  for (const s of codeStrings(text)) {
    if (paths.length >= 64) break;
    if (s.length > 0 && s.length < 1024 && (s.includes('/') || s.startsWith('~') || s.startsWith('.')) && !s.includes('://') && !/[\s${}]/.test(s))
      paths.push(s);
  }
  const folded = foldCode(text, env);
  for (const s of folded.strings)
    if (paths.length < 64 && s.length < 1024 && (s.includes('/') || s.startsWith('.') || s.startsWith('~')) && !/[\s${}\0]/.test(s) && !paths.includes(s))
      paths.push(s);
  // Code handed to eval/exec as a string the folder read is code too.
  const writes = WRITE_API.test(text) || opensForWrite(text) || folded.opensForWrite || folded.code.some((c) => WRITE_API.test(c) || opensForWrite(c));
  const module = HASH_MODULE.exec(text);
  return {
    writes,
    hash,
    paths,
    runsOtherCode: RUNS_OTHER_CODE.test(text),
    hashModule: module ? module[0] : undefined,
    obscured: writes && (folded.obscured || OPAQUE.test(text) || perlTranslates(text)),
    globs: writes ? folded.globs : [],
    lists: writes ? folded.lists : [],
    readsEnv: READS_ENV.test(text),
  };
}

/** Node inline code proven read-only (the closed-world prover in programs/inline-proof.ts). */
export function isProvenReadOnlyNodeCode(code: string): boolean {
  return proveNodeCode(code).ok;
}
