// Looks through inline interpreter code (`node -e`, `python -c`, a heredoc fed to an
// interpreter) for file-write, process and hashing APIs. The code stays unproven either
// way; the scan adds hash intent and the paths the code spells out.
import { computedHashAccesses } from '../intents/hash-apis.js';
import { handRolledHash } from './hash-shapes.js';
import { proveNodeCode } from './programs/inline-proof.js';
import { codeStrings, isSpace, trimEndOf } from '../intents/line-text.js';

const WRITE_API = new RegExp(
  [
    // JavaScript / TypeScript
    String.raw`\b(?:writeFile|appendFile|createWriteStream|rmSync|rmdir|unlink|rename|mkdir|mkdtemp|copyFile|cpSync|symlink|truncate|chmod|chown|utimes|lchown|link)(?:Sync)?\s*\(`,
    String.raw`\bfs(?:\/promises)?\b[\s\S]{0,40}\.(?:rm|cp|write|open)\s*\(`,
    String.raw`\bchild_process\b|\b(?:execSync|execFileSync|spawnSync|execFile|spawn|fork)\s*\(|\bexec\s*\(`,
    String.raw`\bBun\.write\s*\(|\bDeno\.(?:writeTextFile|writeFile|remove|rename|mkdir|run|Command)\b`,
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
}

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

export function scanInlineCode(code: string): CodeScan {
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
  for (const s of foldedStrings(text))
    if (paths.length < 64 && (s.includes('/') || s.startsWith('.') || s.startsWith('~')) && !/[\s${}]/.test(s)) paths.push(s);
  const module = HASH_MODULE.exec(text);
  return {
    writes: WRITE_API.test(text) || opensForWrite(text),
    hash,
    paths,
    runsOtherCode: RUNS_OTHER_CODE.test(text),
    hashModule: module ? module[0] : undefined,
  };
}

/** One quoted string literal (no escapes: a piece whose value is itself unsure is not folded). */
const LIT = String.raw`(?:'[^'\\\n]*'|"[^"\\\n]*")`;
const unquote = (l: string): string => l.slice(1, -1);
const LITS = (sep: string) => new RegExp(String.raw`${LIT}(?:${sep}${LIT})+`, 'g');
/** `'a' + 'b'`, Python's adjacent `'a' 'b'`. */
const CONCAT = LITS(String.raw`\s*\+\s*`);
const ADJACENT = LITS(String.raw`[ 	]+`);
/** `path.join('a', 'b')` under any name, `os.path.join(…)`, `Path('a') / 'b'`. */
const PATH_JOIN = new RegExp(
  String.raw`\.\s*(?:join|resolve|joinpath)\s*\(\s*(${LIT}(?:\s*,\s*${LIT})+)\s*\)|\bPath\s*\(\s*(${LIT})\s*\)((?:\s*\/\s*${LIT})+)`,
  'g',
);
/** `['a', 'b'].join('')`, `''.join(['a', 'b'])`. */
const LIST_JOIN = new RegExp(
  String.raw`\[\s*(${LIT}(?:\s*,\s*${LIT})*)\s*\]\s*\.\s*join\s*\(\s*(?:(${LIT})\s*)?\)|(${LIT})\s*\.\s*join\s*\(\s*[[(]\s*(${LIT}(?:\s*,\s*${LIT})*)\s*[\])]\s*\)`,
  'g',
);
const literals = (list: string): string[] => (list.match(new RegExp(LIT, 'g')) ?? []).map(unquote);

/**
 * Strings the code builds from literal pieces, folded as the language would
 * (`'.cla' + 'ude/settings.json'`, `os.path.join('.claude', 'settings.json')`): a path spelled
 * in parts is the path, for the protected-path check of what inline code names.
 */
function foldedStrings(text: string): string[] {
  const out: string[] = [];
  for (const re of [CONCAT, ADJACENT]) for (const m of text.matchAll(re)) out.push(literals(m[0]).join(''));
  for (const m of text.matchAll(PATH_JOIN)) out.push(m[1] !== undefined ? literals(m[1]).join('/') : [unquote(m[2]!), ...literals(m[3]!)].join('/'));
  for (const m of text.matchAll(LIST_JOIN))
    out.push(m[1] !== undefined ? literals(m[1]).join(m[2] === undefined ? ',' : unquote(m[2])) : literals(m[4]!).join(unquote(m[3]!)));
  return out.slice(0, 64);
}

/** Node inline code proven read-only (the closed-world prover in programs/inline-proof.ts). */
export function isProvenReadOnlyNodeCode(code: string): boolean {
  return proveNodeCode(code).ok;
}
