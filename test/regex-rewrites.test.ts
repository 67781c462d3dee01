// The expressions test/regex-linear.test.ts found non-linear were rewritten (a linear
// expression, or a scan in code); each rewrite must give what the old expression gave. Here
// the old expression (kept only in this file) and its replacement meet on random strings over
// the characters that steer them, many thousands each, from a fixed seed.
import { describe, expect, it } from 'vitest';
import { chainCalls } from '../src/core/intents/hash-apis.js';
import { codeStrings, cutAt, isSpace, quotedStrings, restOfLine, trimEndOf } from '../src/core/intents/line-text.js';
import { manifestKind } from '../src/core/intents/manifest-kind.js';
import { tagValue } from '../src/core/intents/xml-manifests.js';
import { tableHeader } from '../src/core/intents/toml-manifests.js';
import { hint } from '../src/core/patch/v4a-format.js';
import { opensForWrite } from '../src/core/shell/code-scan.js';
import { gitFetchRewriteEnv } from '../src/core/shell/exec-env.js';
import { multipliesAndAdds } from '../src/core/shell/hash-shapes.js';
import { assignsEnviron } from '../src/core/shell/programs/awk-program.js';
import { isTestFile } from '../src/core/shell/programs/check-runner.js';
import { withPosargs } from '../src/core/shell/programs/checks-python.js';
import { fileItem, writeOutFiles } from '../src/core/shell/programs/network.js';
import { blankBlockComments, safeOverrideHeader } from '../src/core/shell/programs/services.js';
import { cutMakeComment, isTargetVariable, makeAssignment, makeInclude, makeRule } from '../src/core/shell/programs/make-lines.js';

/** Random strings over `alphabet` (items may be several characters), up to `max` items long. */
function* strings(alphabet: readonly string[], n: number, max: number): Generator<string> {
  let seed = 2026;
  const next = (k: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % k;
  };
  for (let i = 0; i < n; i++) {
    let s = '';
    for (let len = next(max + 1); len > 0; len--) s += alphabet[next(alphabet.length)];
    yield s;
  }
}

/** The first input on which `before` and `after` disagree, or undefined. */
function firstDifference<T>(before: (s: string) => T, after: (s: string) => T, alphabet: string | readonly string[], n = 50_000, max = 12): string | undefined {
  for (const s of strings(typeof alphabet === 'string' ? [...alphabet] : alphabet, n, max))
    if (JSON.stringify(before(s)) !== JSON.stringify(after(s))) return s;
  return undefined;
}

const all = (re: RegExp) => (s: string) => [...s.matchAll(re)].map((m) => [...m]);
const first = (re: RegExp) => (s: string) => re.exec(s);
const test = (re: RegExp) => (s: string) => re.test(s);
const cut = (re: RegExp) => (s: string) => s.replace(re, '');

describe('rewritten expressions give what the old ones gave', () => {
  it('line-text scans', () => {
    expect(firstDifference(cut(/[/\\]+$/), (s) => trimEndOf(s, '/\\'), '/\\a\n')).toBeUndefined();
    expect(firstDifference(cut(/[:=[\]]+$/), (s) => trimEndOf(s, ':=[]'), ':=[]a\n')).toBeUndefined();
    expect(firstDifference(cut(/[nNlLuU]+$/), (s) => trimEndOf(s, 'nNlLuU'), 'nNlLuU1')).toBeUndefined();
    expect(firstDifference(cut(/\s*\($/), (s) => (s.endsWith('(') ? trimEndOf(s.slice(0, -1), isSpace) : s), ' \t\n(a\u00a0')).toBeUndefined();
    expect(firstDifference(cut(/:.*$/), (s) => cutAt(s, ':'), ':a\n\r\u2028')).toBeUndefined();
    expect(firstDifference(cut(/[?#].*$/), (s) => cutAt(s, '?#'), '?#a\n\u2029')).toBeUndefined();
    expect(firstDifference(cut(/\[.*$/), (s) => cutAt(s, '['), '[]a\n')).toBeUndefined();
    const literal = /'([^'\\\n]*(?:\\.[^'\\\n]*)*)'|"([^"\\\n]*(?:\\.[^"\\\n]*)*)"|`([^`\\]*(?:\\.[^`\\]*)*)`/g;
    expect(firstDifference((s) => [...s.matchAll(literal)].map((m) => m[1] ?? m[2] ?? m[3] ?? ''), codeStrings, `'"\`\\\n\ra`, 100_000)).toBeUndefined();
    expect(
      firstDifference(
        (s) => [...s.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2]),
        (s) => quotedStrings(s),
        `'"\\\na`,
      ),
    ).toBeUndefined();
  });

  it('manifest lines', () => {
    expect(firstDifference((s) => /^\[\[?\s*(.+?)\s*\]\]?$/.exec(s)?.[1] ?? null, tableHeader, '[] \ta', 100_000, 9)).toBeUndefined();
    const key = /^((?:"[^"]*"|'[^']*'|[A-Za-z0-9_.\- \t])+?)\s*=\s*(.*)$/;
    const keyNow = /^([ \t]*(?:"[^"]*"|'[^']*'|[A-Za-z0-9_.-])(?:[ \t]*(?:"[^"]*"|'[^']*'|[A-Za-z0-9_.-]))*|[ \t])\s*=\s*(.*)/;
    expect(firstDifference(first(key), first(keyNow), `a. \t="'b`, 100_000, 10)).toBeUndefined();
    const requirements = /^(?:[\w.-]*[-_.])?requirements(?:[-_.][\w.-]*)?\.(?:txt|in)$/i;
    const pieces = ['requirements', 'REQUIREMENTS', '.', '-', '_', '.txt', '.in', 'a', ' ', '.TXT', 'x'];
    expect(
      firstDifference(
        (s) => requirements.test(s),
        (s) => manifestKind(`d/${s}`) === 'requirements',
        pieces,
        50_000,
        6,
      ),
    ).toBeUndefined();
  });

  it('Rust Hmac::new calls (the same where the angle brackets hold no second `<`)', () => {
    const calls = (re: RegExp) => (s: string) => (s.split('<').length > 2 ? null : [...s.matchAll(re)].map((m) => m[0]));
    const before = /\bHmac\w*\s*(?:::\s*)?(?:<[^>\n]{1,80}>\s*)?::\s*new\w*\s*\(/g;
    const after = /\bHmac\w*\s*(?:::\s*)?(?:<[^<>\n]{1,80}>\s*)?::\s*new\w*\s*\(/g;
    expect(firstDifference(calls(before), calls(after), ['Hmac', 'HmacSha', '::', '<', '>', 'Sha256', ' ', 'new', '(', '\n'], 200_000, 9)).toBeUndefined();
  });

  it('hash calls through a chain of members', () => {
    const calls = (re: RegExp) => (s: string) => [...s.matchAll(re)].map((m) => m[0]);
    const members = ['mmh3', 'mmh3x', 'xxh3', 'Murmur', 'blake3', 'hash', 'a', '.', '::', ':', ' ', '(', '\n'];
    const lib = /\b(?:xx[hH]ash\w*|xxh(?:3|32|64|128)\w*|XXH(?:3|32|64|128)\w*|[Mm]urmur\w*|mmh3|[Bb]lake[23]\w*|BLAKE[23]\w*)(?:\s*(?:\.|::)\s*\w+)*\s*\(/g;
    const libHead = /\b(?:xx[hH]ash\w*|xxh(?:3|32|64|128)\w*|XXH(?:3|32|64|128)\w*|[Mm]urmur\w*|mmh3|[Bb]lake[23]\w*|BLAKE[23]\w*)/g;
    expect(firstDifference(calls(lib), (s) => chainCalls(s, { head: libHead }), members, 200_000, 9)).toBeUndefined();
    const bcrypt = /\b[Bb][Cc]rypt(?:\s*(?:\.|::)\s*\w+)*?\s*(?:\.|::)\s*(?:[Hh]ash\w*|[Gg]enerate\w*)\s*\(/g;
    const bcryptPieces = ['bcrypt', 'BCrypt', 'bcryptjs', 'Hash', 'hashpw', 'Generate', 'x', '.', '::', ' ', '('];
    expect(
      firstDifference(calls(bcrypt), (s) => chainCalls(s, { head: /\b[Bb][Cc]rypt/g, last: /^(?:[Hh]ash|[Gg]enerate)/ }), bcryptPieces, 200_000, 9),
    ).toBeUndefined();
    const argon = /\b[Aa]rgon2\w*(?:\s*(?:\.|::)\s*\w+)*\s*\(/g;
    expect(
      firstDifference(calls(argon), (s) => chainCalls(s, { head: /\b[Aa]rgon2\w*/g }), ['argon2', 'Argon2id', 'a', '.', '::', ' ', '('], 200_000, 9),
    ).toBeUndefined();
  });

  it('Makefile lines', () => {
    const groups = (re: RegExp) => (s: string) => re.exec(s)?.slice(1) ?? null;
    expect(firstDifference((s) => s.replace(/(^|[^\\])#.*$/, '$1'), cutMakeComment, '#\\a\n\u2028 ', 100_000)).toBeUndefined();
    const include = ['include', '-include', 'sinclude', ' ', '\t', '\u2028', 'a', '\r'];
    expect(firstDifference(groups(/^(-?include|sinclude)\s+(.+)$/), makeInclude, include, 100_000, 8)).toBeUndefined();
    const assignment = ['export', 'override', ' ', '\t', 'a', ':', '=', '?', '+', '!', '\u2028', '.'];
    const assign = /^(?:export\s+|override\s+|private\s+)*([A-Za-z0-9_.-]+)\s*(::?:?=|\?=|\+=|!=|=)\s*(.*)$/;
    expect(firstDifference(groups(assign), makeAssignment, assignment, 100_000, 8)).toBeUndefined();
    expect(firstDifference(test(/^[^=]*[^:]:(?!=)[^=]*=/), isTargetVariable, ':=a ', 100_000)).toBeUndefined();
    expect(firstDifference(groups(/^([^:=]+?)\s*::?\s*([^=]*)$/), makeRule, ':=a \t\n', 100_000)).toBeUndefined();
  });

  it('curl, HTTPie and tox words', () => {
    expect(
      firstDifference((s) => [...s.matchAll(/%output\{(?:>>)?([^}]*)\}/g)].map((m) => m[1]), writeOutFiles, ['%output{', '>>', '}', '{', 'a', '%'], 100_000, 8),
    ).toBeUndefined();
    expect(firstDifference((s) => /^[^=:]*@(.+)$/.exec(s)?.[1], fileItem, '@=:a\n\u2028', 100_000)).toBeUndefined();
    const posargs = /\{posargs(?::[^}]*)?\}/g;
    expect(
      firstDifference(
        (s) => s.replace(posargs, () => 'A$&'),
        (s) => withPosargs(s, 'A$&'),
        ['{posargs', '{', '}', ':', 'a', '{posargs}'],
        100_000,
        8,
      ),
    ).toBeUndefined();
  });

  it('expressions built at run time (code-scan, corrections)', () => {
    const w1 = /\bopen\s*\([^)]*,\s*(?:mode\s*=\s*)?['"][^'"]*[wax+]/;
    expect(firstDifference(test(w1), opensForWrite, ['open', '(', ')', ',', ' ', "'", '"', 'w', 'r', 'mode=', 'x'], 200_000, 9)).toBeUndefined();
    const w2 = /\bopen\s*\(?\s*\w*\s*,?\s*['"]?\s*[>+|]/;
    const w2Now = /\bopen\s*(?:\(\s*)?(?:\w+\s*)?(?:,\s*)?(?:['"]\s*)?[>+|]/;
    const pipe = /\bopen\s*\(?\s*\w*\s*,?\s*['"]\s*\|/;
    const pipeNow = /\bopen\s*(?:\(\s*)?(?:\w+\s*)?(?:,\s*)?['"]\s*\|/;
    expect(firstDifference(test(pipe), test(pipeNow), ['open', '(', ',', ' ', "'", '|', 'F', 'x'], 200_000, 8)).toBeUndefined();
    expect(firstDifference(test(w2), test(w2Now), ['open', '(', ',', ' ', "'", '>', '|', 'F', 'x'], 200_000, 8)).toBeUndefined();
    const LIT = String.raw`(?:'[^'\\\n]*'|"[^"\\\n]*")`;
    const join = (opt: string) =>
      new RegExp(
        String.raw`\[\s*(${LIT}(?:\s*,\s*${LIT})*)\s*\]\s*\.\s*join\s*\(\s*${opt}\)|(${LIT})\s*\.\s*join\s*\(\s*[[(]\s*(${LIT}(?:\s*,\s*${LIT})*)\s*[\])]\s*\)`,
        'g',
      );
    expect(
      firstDifference(all(join(`(${LIT})?\\s*`)), all(join(`(?:(${LIT})\\s*)?`)), ['[', ']', "'a'", '"b"', ',', ' ', '.join', '(', ')'], 200_000, 9),
    ).toBeUndefined();
    const tag = /<groupId>\s*([^<]*?)\s*<\/groupId>/;
    expect(
      firstDifference(
        (s) => tag.exec(s)?.[1],
        (s) => tagValue(s, 'groupId'),
        ['<groupId>', '</groupId>', '<', ' ', '\n', 'a', '>'],
        200_000,
        8,
      ),
    ).toBeUndefined();
    const zh = (tail: string) => new RegExp(`^(?:请|就)*(?:只监控|只观察)(?:${tail})*$`);
    const tail = '了|哦|吧|即可|就好|就行|一下|就可以';
    expect(
      firstDifference(test(zh(`${tail}|就可以了`)), test(zh(tail)), ['只监控', '就可以', '就可以了', '了', '就', '可以', '吧', 'a'], 100_000, 7),
    ).toBeUndefined();
  });

  it('code, SQL, paths and environment', () => {
    const joined = (s: string) => {
      const pieces = s.split('+');
      return pieces
        .map((p, i) => (i > 0 ? p.trimStart() : p))
        .map((p, i) => (i < pieces.length - 1 ? p.trimEnd() : p))
        .join('');
    };
    expect(firstDifference((s) => s.replace(/\s*\+\s*/g, ''), joined, '+ \ta\n', 100_000)).toBeUndefined();
    const multiplyAdd = /\*\s*(?:\d+|0x[0-9a-f]+)(?![\w.])[^;\n]*\+|\+[^;\n]*\*\s*(?:\d+|0x[0-9a-f]+)(?![\w.])|Math\.imul\b/i;
    expect(firstDifference(test(multiplyAdd), multipliesAndAdds, ['*', '+', ';', '\n', ' ', '3', '0x1F', 'a', '.', 'Math.imul'], 200_000, 9)).toBeUndefined();
    expect(firstDifference((s) => s.replace(/\/\*[\s\S]*?\*\//g, ' '), blankBlockComments, '/*a\n', 100_000)).toBeUndefined();
    const calls = /\b([a-z_][\w.]*)\s*\(/g;
    const callsNow = /(?<![\w.])(?=[\w.]+\s*\()[\w.]*?\b([a-z_][\w.]*)\s*\(/g;
    const names1 = (re: RegExp) => (s: string) => [...s.matchAll(re)].map((m) => m[1]);
    expect(firstDifference(names1(calls), names1(callsNow), '_.aB1 (', 200_000)).toBeUndefined();
    expect(
      firstDifference(test(/\bENVIRON\s*\[[^\]]*\]\s*=[^=]/), assignsEnviron, ['ENVIRON', '[', ']', ' ', '=', 'a', 'xENVIRON'], 100_000, 9),
    ).toBeUndefined();
    const testFile =
      /(?:^|\/)(?:tests?|__tests__|specs?|e2e|spec-\w+)\/|(?:^|[/._-])(?:test|spec|tests|specs)[._-][^/]*$|(?:^|\/)test_[^/]*\.py$|_test\.(?:go|py|rb|exs?)$|_spec\.rb$|\.(?:test|spec|e2e|bench)\.[cm]?[jt]sx?$|\.bats$|Test\.(?:php|java|kt)$/;
    const names = ['/', 'test', 'tests', 'spec', 'spec-a', '_', '.', '-', 'a', '.py', '.go', '.ts', '.bats', 'Test', '.java', 'e2e', '__tests__', '\n'];
    expect(firstDifference(test(testFile), isTestFile, names, 200_000, 6)).toBeUndefined();
    expect(
      firstDifference(
        test(/url\..*\.insteadof'?=/i),
        (s) => gitFetchRewriteEnv('GIT_CONFIG_PARAMETERS', s),
        ['url.', 'URL.', '.insteadOf', "'", '=', 'a', '\n', '\u2028'],
        100_000,
        8,
      ),
    ).toBeUndefined();
    const override = (s: string) => {
      const m = /^\s*x-(?:http-)?method(?:-override)?\s*:\s*(.*)$/i.exec(s);
      return !m || /^(?:GET|HEAD|OPTIONS)\s*$/i.test(m[1]!);
    };
    expect(
      firstDifference(override, safeOverrideHeader, ['X-HTTP-Method-Override', 'x-method', ':', ' ', '\n', 'GET', 'delete', '\t'], 100_000, 6),
    ).toBeUndefined();
  });

  it('values after a match (restOfLine)', () => {
    const header = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]\s*(.*)$/;
    const headerNow = (s: string) => {
      const h = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(s);
      const after = h && restOfLine(s.slice(h[0].length));
      return h && after !== null ? [h[1], h[2], after] : null;
    };
    const groups = (re: RegExp) => (s: string) => re.exec(s)?.slice(1) ?? null;
    expect(firstDifference(groups(header), headerNow, ['[', ']', ' ', '\t', '"', '\\', 'a', '.', '\n', '\u2028'], 100_000, 10)).toBeUndefined();
    const kv = (s: string) => {
      const m = /^([A-Za-z_][\w.-]*)\s*=/.exec(s);
      const value = m && restOfLine(s.slice(m[0].length));
      return m && value !== null ? [m[1], value] : null;
    };
    const gitdir = (s: string) => {
      const m = /^gitdir:\s*(.+)$/m.exec(s);
      if (!m) return undefined;
      return m[1]!.trimEnd() || m[1]![0];
    };
    expect(
      firstDifference((s) => /^gitdir:\s*(.+?)\s*$/m.exec(s)?.[1], gitdir, ['gitdir:', ' ', '\t', '\n', '\r', '\u2028', 'a', '/'], 200_000, 8),
    ).toBeUndefined();
    expect(firstDifference(groups(/^([A-Za-z_][\w.-]*)\s*=\s*(.*)$/), kv, 'a_.= \t\r\u2029', 100_000)).toBeUndefined();
  });

  it('patch hints', () => {
    const HINT = /^@@\s*(.*?)\s*(?:@@\s*)?$/;
    expect(
      firstDifference(
        (s) => HINT.exec(`@@${s}`)?.[1] ?? '',
        (s) => hint(`@@${s}`),
        '@ \n\u2028a\t',
        100_000,
      ),
    ).toBeUndefined();
  });

  it('single expressions', () => {
    // Each old expression is compared as its caller uses it: whole matches, a yes or no (`test`),
    // or the first group (1).
    const pairs: [RegExp, RegExp, string | string[], ('test' | 1)?][] = [
      [/<[^>]+>/, /<[^<>]*[^>]>/, '<>a', 'test'],
      [/<\s*\$|<[^>]*\*/, /<\s*\$|<[^<>]*\*/, '<>*$ a', 'test'],
      [/(?:^|[;\n])\s*([A-Za-z_]\w*)\s*=\s*lambda\b/g, /(?:^|[;\n])[^\S\n]*([A-Za-z_]\w*)\s*=\s*lambda\b/g, ['\n', ';', ' ', '\r', 'a', '=', 'lambda', 'x'], 1],
      [
        /\(?\s*([A-Za-z_$][\w$]*(?:\s*,\s*[A-Za-z_$][\w$]*)*)\s*\)?\s*=>/g,
        /(?<![\w$])\d*([A-Za-z_$][\w$]*(?:\s*,\s*[A-Za-z_$][\w$]*)*)\s*(?:\)\s*)?=>/g,
        ['a', '1', '$', ' ', '\t', ',', '(', ')', '=>', '='],
        1,
      ],
      [
        /\b(?:createHash|createHmac|digest)\s*(?::|\s+as\s)\s*[\w$]+/g,
        /\b(?:createHash|createHmac|digest)\s*(?::|(?<=\s)as\s)\s*[\w$]+/g,
        ['digest', 'createHash', ' ', '\t', ':', 'as', 'a', '$', 'x'],
      ],
      [
        /^\\(?:d[a-zA-Z]*[+S]*|l\+?|list|conninfo|encoding|timing(?: on| off)?|x(?: on| off| auto)?|\?|h(?:elp)?)(?:\s+[\w.*"]+)?$/,
        /^\\(?:d[a-zA-Z]*(?:\+[+S]*)?|l\+?|list|conninfo|encoding|timing(?: on| off)?|x(?: on| off| auto)?|\?|h(?:elp)?)(?:\s+[\w.*"]+)?$/,
        ['\\d', '\\l', 'S', '+', 't', ' ', 'a', '"'],
        'test',
      ],
      [/\bCC_(?:SHA\d+|MD5)\w*\s*\(/g, /\bCC_(?:SHA\d|MD5)\w*\s*\(/g, 'CSHAMD5_1 (x'],
      [/\bsodium_crypto_\w*hash\w*\s*\(/g, /\bsodium_crypto_(?:[^\Wh]|h(?!ash))*hash\w*\s*\(/g, 'hash_( s'],
      [/^-[A-Za-z]*l[A-Za-z]*$|^-E$/, /^-[A-Za-km-z]*l[A-Za-z]*$|^-E$/, '-lEax1'],
      [/^-[A-Za-z]*H[A-Za-z]*$/, /^-[A-GI-Za-z]*H[A-Za-z]*$/, '-Hhx1'],
      [/^-[A-Za-z]*[sb][A-Za-z]*$/, /^-[A-Zac-rt-z]*[sb][A-Za-z]*$/, '-sbSBx1'],
      [/^-[a-zA-Z]*u[a-zA-Z]*$/, /^-[a-tv-zA-Z]*u[a-zA-Z]*$/, '-uUx1'],
      [/([A-Za-z_]\w*)$/, /(?:^|\W)\d*([A-Za-z_]\w*)$/, 'a_1 $', 1],
      [/(?:\s*\(\s*['"\w.]*\s*\))?\s*$/, /(?:\s*\(\s*(?:['"\w.]+\s*)?\))?\s*$/, `( )'a \t`],
      [/^\s*hookspath\s*=/im, /^[^\S\n\r\u2028\u2029]*hookspath\s*=/im, [...' \n\u2028\t=x', 'hookspath', 'HooksPath'], 'test'],
      [/^\s*\[workspace\]/m, /^[^\S\n\r\u2028\u2029]*\[workspace\]/m, [...' \n\r\t][', '[workspace]'], 'test'],
      [
        /\$[({](?:eval|file|guile|value|call)\b|^\s*-?load\b/m,
        /\$[({](?:eval|file|guile|value|call)\b|^[^\S\n\r\u2028\u2029]*-?load\b/m,
        [...' \n\t-$({', 'load', 'eval'],
        'test',
      ],
      [
        /^pragma\s+(?:\w+\.)?(?:table_info|encoding)\b(?:\s*\(\s*['"\w.]*\s*\))?\s*$/i,
        /^pragma\s+(?:\w+\.)?(?:table_info|encoding)\b(?:\s*\(\s*(?:['"\w.]+\s*)?\))?\s*$/i,
        ['pragma ', 'PRAGMA\t', 'encoding', 'main.', ' ', '(', ')', "'", 'a', '\n'],
        'test',
      ],
    ];
    for (const [before, after, alphabet, use] of pairs) {
      const run = (re: RegExp): ((s: string) => unknown) =>
        use === 'test'
          ? test(re)
          : use === 1
            ? (s) => (re.global ? [...s.matchAll(re)].map((m) => m[1]) : re.exec(s)?.[1])
            : before.global
              ? all(re)
              : first(re);
      expect(firstDifference(run(before), run(after), alphabet), `${before} / ${after}`).toBeUndefined();
    }
  });
});
