import { describe, expect, it } from 'vitest';
import { parsePatch } from '../patch/parse-patch.js';
import { codeFamily } from './code-language.js';
import { fragmentIntents, patchFileIntents, wholeFileIntents } from './file-intents.js';
import fc from 'fast-check';
import { countHashCalls, hashCallPatterns, mayHoldHashCall } from './hash-apis.js';
import { stripCode } from './strip-code.js';

const hash = (r: { hash: boolean }) => r.hash;

describe('code families', () => {
  it('knows code extensions and nothing else', () => {
    expect(codeFamily('src/a.ts')).toBe('js');
    expect(codeFamily('lib/x.MJS')).toBe('js');
    expect(codeFamily('tool.py')).toBe('python');
    expect(codeFamily('main.go')).toBe('go');
    expect(codeFamily('Main.kt')).toBe('jvm');
    expect(codeFamily('README.md')).toBeUndefined();
    expect(codeFamily('notes.txt')).toBeUndefined();
    expect(codeFamily('deploy.sh')).toBeUndefined();
    expect(codeFamily('Makefile')).toBeUndefined();
  });
});

describe('hash intent from whole files', () => {
  const old = "import { createHash } from 'node:crypto';\n\nexport function id(s: string) {\n  return createHash('sha256').update(s).digest('hex');\n}\n";

  it('an added createHash( call is an intent, with a fact naming the API', () => {
    const r = wholeFileIntents('src/a.ts', old, old + "\nexport const other = (s: string) => createHash('md5').update(s).digest('hex');\n");
    expect(r).toMatchObject({ hash: true, hashFact: 'src/a.ts adds createHash( call', dependency: false });
  });

  it('a new file with a hashing call is an intent; one without is not', () => {
    expect(hash(wholeFileIntents('src/new.ts', undefined, old))).toBe(true);
    expect(hash(wholeFileIntents('src/new.ts', undefined, 'export const x = 1;\n'))).toBe(false);
  });

  it('an edit elsewhere in a file that already hashes is not', () => {
    expect(hash(wholeFileIntents('src/a.ts', old, old.replace('export function id', '/** Stable id. */\nexport function id')))).toBe(false);
  });

  it('removing or moving a call is not', () => {
    expect(hash(wholeFileIntents('src/a.ts', old, 'export const id = (s: string) => s;\n'))).toBe(false);
    const moved =
      "import { createHash } from 'node:crypto';\nconst h = (s: string) => createHash('sha256').update(s).digest('hex');\nexport function id(s: string) {\n  return h(s);\n}\n";
    expect(hash(wholeFileIntents('src/a.ts', old, moved))).toBe(false);
  });

  it('prose never carries a hash intent', () => {
    expect(hash(wholeFileIntents('README.md', '', 'Use `createHash("sha256")` or sha256sum to check downloads.\n'))).toBe(false);
    expect(hash(wholeFileIntents('docs/notes.txt', undefined, "hashlib.sha256(b'x')\n"))).toBe(false);
  });
});

describe('hash intent from edits', () => {
  const file =
    "const crypto = require('crypto');\nfunction digest(x) {\n  return crypto.createHash('sha1').update(x).digest('hex');\n}\nmodule.exports = { digest };\n";

  it('an edit next to an existing createHash( (count unchanged) is not an intent', () => {
    const oldFragment = "  return crypto.createHash('sha1').update(x).digest('hex');";
    const newFragment = "  const input = String(x);\n  return crypto.createHash('sha1').update(input).digest('hex');";
    expect(hash(fragmentIntents('lib/digest.js', oldFragment, newFragment, file))).toBe(false);
    expect(hash(fragmentIntents('lib/digest.js', oldFragment, newFragment))).toBe(false);
  });

  it('an edit that adds a second call is an intent', () => {
    const r = fragmentIntents(
      'lib/digest.js',
      'module.exports = { digest };',
      "const hmac = (k, x) => crypto.createHmac('sha256', k).update(x).digest();\nmodule.exports = { digest, hmac };",
      file,
    );
    expect(r).toMatchObject({ hash: true, hashFact: 'lib/digest.js adds createHmac( call' });
  });

  it('a // sha256 comment or a "createHash(" string is not hashing', () => {
    expect(hash(fragmentIntents('src/a.ts', 'const x = 1;', 'const x = 1; // TODO: sha256 this with createHash('))).toBe(false);
    expect(hash(fragmentIntents('src/a.ts', 'const x = 1;', 'const msg = "call createHash( to hash";'))).toBe(false);
    expect(hash(fragmentIntents('src/a.ts', 'const x = 1;', '/* crypto.subtle.digest( */ const x = 1;'))).toBe(false);
    expect(hash(fragmentIntents('src/a.ts', 'const x = 1;', 'const re = /createHash\\(/;'))).toBe(false);
  });

  it('code inside a template literal placeholder is still code', () => {
    expect(hash(fragmentIntents('src/a.ts', 'const x = 1;', 'const s = `id-${createHash("md5").update(v).digest("hex")}`;'))).toBe(true);
  });

  it('a fragment inside a block comment of the full file is not hashing', () => {
    const full = '/*\n * Example:\n * TODO\n */\nexport {};\n';
    expect(hash(fragmentIntents('src/a.ts', ' * TODO', ' * createHash("sha256")', full))).toBe(false);
  });
});

describe('languages', () => {
  it('Python hashlib calls count; docstrings and # comments do not', () => {
    const old = 'import hashlib\n\ndef f(b):\n    """Uses hashlib.sha256(b) internally."""\n    return b  # hashlib.md5(b)\n';
    expect(hash(wholeFileIntents('tool.py', old, old.replace('return b  #', 'return hashlib.sha256(b).hexdigest()  #')))).toBe(true);
    expect(hash(wholeFileIntents('tool.py', old, old.replace('Uses', 'Will use')))).toBe(false);
    expect(hash(wholeFileIntents('tool.py', old, old + "\nNOTE = '''\nhashlib.sha1(data)\n'''\n# hashlib.blake2b(x)\n"))).toBe(false);
    // The `from hashlib import` line counts too: importing a hash function under a name is how aliases hide it.
    expect(countHashCalls('h = hashlib.new("sha1")\nfrom hashlib import sha256\nd = sha256(b"x")\n', 'python').total).toBe(3);
  });

  it('Go sha256.New() and Sum calls count', () => {
    const old = 'package main\n\nimport "crypto/sha256"\n\nfunc main() {}\n';
    const next = old.replace('func main() {}', 'func main() {\n\th := sha256.New()\n\th.Write([]byte("x"))\n\t_ = h.Sum(nil)\n}');
    expect(wholeFileIntents('main.go', old, next)).toMatchObject({ hash: true, hashFact: 'main.go adds sha256.New( call' });
    expect(countHashCalls('x := md5.Sum(data) // sha1.New()\ns := `sha512.New()`', 'go').total).toBe(1);
  });

  it('Rust sha2, Java MessageDigest, Ruby Digest, PHP hash(), C# SHA256.Create()', () => {
    expect(countHashCalls('let mut h = Sha256::new();\nlet d = Sha256::digest(b"x"); // Sha512::new()\nfn f<\'a>(s: &\'a str) {}', 'rust').total).toBe(2);
    expect(countHashCalls('MessageDigest md = MessageDigest.getInstance("SHA-256"); String s = "MessageDigest.getInstance(";', 'jvm').total).toBe(1);
    expect(countHashCalls('d = Digest::SHA256.hexdigest data\n# Digest::MD5.hexdigest x\n', 'ruby').total).toBe(1);
    expect(countHashCalls('<?php $h = hash("sha256", $x); $o->hash($y); # md5($z)\n$m = md5($z);', 'php').total).toBe(2);
    expect(countHashCalls('using var sha = SHA256.Create(); var b = sha.ComputeHash(data);', 'csharp').total).toBe(2);
  });

  it('password hashing and fast non-cryptographic hashes count', () => {
    expect(countHashCalls('await bcrypt.hash(pw, 10); await argon2.hash(pw); crypto.scryptSync(pw, salt, 64);', 'js').total).toBe(3);
    expect(countHashCalls('const h = xxhash64(buf); const m = murmurhash3_32(s); blake3.hash(b);', 'js').total).toBe(3);
    expect(countHashCalls('bcrypt.hashpw(pw, bcrypt.gensalt())\nmmh3.hash("x")', 'python').total).toBe(2);
  });

  it('ordinary code is not hashing', () => {
    expect(countHashCalls('const m = new Map(); m.set(k, v); const hashKey = key.toString(); route.hash = "#x";', 'js').total).toBe(0);
    expect(countHashCalls('total := stats.Sum(values)\n', 'go').total).toBe(0);
  });
});

describe('hash intent from patches', () => {
  it('a patch adding a createHash( call to a code file is an intent; to a markdown file is not', () => {
    const r = parsePatch(
      '*** Begin Patch\n*** Update File: src/id.ts\n@@\n export {};\n+export const id = (s: string) => createHash("sha1").update(s).digest("hex");\n*** Update File: README.md\n@@\n # App\n+Hash with createHash("sha1").\n*** End Patch',
      'apply_patch',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(hash(patchFileIntents(r.files[0]!))).toBe(true);
    expect(hash(patchFileIntents(r.files[0]!, 'export {};\n'))).toBe(true);
    expect(hash(patchFileIntents(r.files[1]!, '# App\n'))).toBe(false);
  });

  it('a hunk that rewrites a line holding an existing call is not', () => {
    const old = "const d = createHash('sha256').update(a).digest('hex');\n";
    const r = parsePatch(
      `*** Begin Patch\n*** Update File: src/x.ts\n@@\n-const d = createHash('sha256').update(a).digest('hex');\n+const d = createHash('sha256').update(a + b).digest('hex');\n*** End Patch`,
      'apply_patch',
    );
    expect(r.ok && hash(patchFileIntents(r.files[0]!, old))).toBe(false);
    expect(r.ok && hash(patchFileIntents(r.files[0]!))).toBe(false);
  });

  it('renaming a prose file with hashing text to a code file is an intent', () => {
    const r = parsePatch('*** Begin Patch\n*** Move File: snippet.txt -> snippet.ts\n*** End Patch', 'v4a');
    expect(r.ok && hash(patchFileIntents(r.files[0]!, 'export const h = createHash("md5");\n'))).toBe(true);
  });
});

describe('strip-code', () => {
  it('keeps line structure and blanks comments and strings', () => {
    const out = stripCode('a = 1 /* x\ny */ + "s\\"t" // z\nb', 'js');
    expect(out.split('\n')).toHaveLength(3);
    expect(out).not.toMatch(/[xyzst]/);
  });

  it('does not let one stray quote hide the rest of a file', () => {
    expect(countHashCalls("const a = 'unterminated\nconst h = createHash('x');", 'js').total).toBe(1);
  });

  it('is linear on a large input', () => {
    const big = 'const x = "a" + `b${c}` + /d/; // e\n'.repeat(60_000);
    expect(countHashCalls(big, 'js').total).toBe(0);
  });
});

describe('hash APIs reached through aliases and computed names (issue 9 principle 9)', () => {
  const n = (text: string, family: Parameters<typeof countHashCalls>[1]) => countHashCalls(text, family).total;
  it('python: import hashlib as h, from hashlib import sha256 as s, getattr(hashlib, …) count', () => {
    expect(n('import hashlib as h\nh.new("sha256")\n', 'python')).toBeGreaterThan(0);
    expect(n('from hashlib import sha256 as s\ns(b"x").hexdigest()\n', 'python')).toBeGreaterThan(0);
    expect(n('import hashlib\nf = getattr(hashlib, "sha" + "256")\n', 'python')).toBeGreaterThan(0);
    expect(n('import importlib\nm = importlib.import_module("hash" + "lib")\n', 'python')).toBeGreaterThan(0);
    expect(hash(wholeFileIntents('tool.py', 'import os\n', 'import os\nimport hashlib as h\nprint(h.sha256(b"").hexdigest())\n'))).toBe(true);
  });
  it("js: c['create'+'Hash'], subtle['digest'], renamed imports and bound references count", () => {
    expect(n("const c = require('crypto');\nc['create' + 'Hash']('sha1');\n", 'js')).toBeGreaterThan(0);
    expect(n("await crypto.subtle['digest']('SHA-256', data);\n", 'js')).toBeGreaterThan(0);
    expect(n("import { createHash as ch } from 'node:crypto';\n", 'js')).toBeGreaterThan(0);
    expect(n("const { createHash: ch } = require('crypto');\n", 'js')).toBeGreaterThan(0);
    expect(n('const h = crypto.createHash;\n', 'js')).toBeGreaterThan(0);
    expect(n('const d = crypto.subtle.digest.bind(crypto.subtle);\n', 'js')).toBeGreaterThan(0);
  });
  it('computed names that spell something else, and prose, do not count', () => {
    expect(n("const x = obj['create' + 'User']('a');\nconst y = m['hash'];\n", 'js')).toBe(0);
    expect(n('import os as h\nfrom pathlib import Path as P\n', 'python')).toBe(0);
    expect(hash(wholeFileIntents('notes.md', '', "c['create'+'Hash']\n"))).toBe(false);
  });
});

describe('the pre-filter of hash call sites', () => {
  const FAMILIES = ['js', 'python', 'go', 'rust', 'jvm', 'csharp', 'php', 'ruby', 'c', 'swift'] as const;
  // The generator cannot produce word boundaries or lookarounds: texts come from each
  // pattern without them (a superset of what it matches) and are then matched with the
  // pattern itself.
  const relaxed = (source: string) => source.replace(/\\b/g, '').replace(/\(\?<?[!=](?:\\.|[^()\\]|\((?:\\.|[^()\\])*\))*\)/g, '');

  it('finds a needed word in every match of every pattern, on texts each pattern matches', () => {
    for (const family of FAMILIES) {
      for (const re of hashCallPatterns(family)) {
        let matched = 0;
        fc.assert(
          fc.property(fc.string({ maxLength: 3 }), fc.stringMatching(new RegExp(relaxed(re.source))), fc.string({ maxLength: 3 }), (before, text, after) => {
            const whole = before + text + after;
            re.lastIndex = 0;
            for (let m = re.exec(whole); m !== null; m = re.exec(whole)) {
              if (m[0].length === 0) re.lastIndex++;
              matched++;
              expect(mayHoldHashCall(m[0]), `${re} matched ${JSON.stringify(m[0])}`).toBe(true);
            }
          }),
          { numRuns: 300 },
        );
        // Not vacuous: the pattern matched some of the generated texts.
        expect(matched, `${re} never matched`).toBeGreaterThan(0);
      }
    }
  });

  it('leaves the counts of texts with call sites as they were', () => {
    expect(countHashCalls('const x = 1;\nexport default x;\n', 'js').total).toBe(0);
    expect(countHashCalls('h := md5.Sum(data)', 'go').total).toBe(1);
    expect(countHashCalls('d = Digest::SHA256.hexdigest data', 'ruby').total).toBe(1);
    expect(countHashCalls("const h = crypto['create' + 'Hash']('sha1');", 'js').total).toBe(1);
  });
});
