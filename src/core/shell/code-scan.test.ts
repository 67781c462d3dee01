import { describe, expect, it } from 'vitest';
import { isProvenReadOnlyNodeCode, scanInlineCode } from './code-scan.js';

describe('scanInlineCode', () => {
  it('finds hashing APIs across languages', () => {
    expect(scanInlineCode("require('crypto').createHash('sha256')").hash).toBe('createHash');
    expect(scanInlineCode('import hashlib; hashlib.sha256(b"x")').hash).toBe('hashlib.sha256');
    expect(scanInlineCode('Digest::SHA256.hexdigest("x")').hash).toBe('Digest::SHA256');
    expect(scanInlineCode('crypto.subtle.digest("SHA-256", d)').hash).toBe('subtle.digest');
    expect(scanInlineCode('print("hash me")').hash).toBeUndefined();
  });

  it('finds file-write and process APIs', () => {
    expect(scanInlineCode('fs.writeFileSync("x", "y")').writes).toBe(true);
    expect(scanInlineCode("open('f', 'w').write('x')").writes).toBe(true);
    expect(scanInlineCode('import shutil; shutil.rmtree("d")').writes).toBe(true);
    expect(scanInlineCode("open('f').read()").writes).toBe(false);
    expect(scanInlineCode('console.log(1 + 1)').writes).toBe(false);
  });

  it('collects path-like string literals', () => {
    expect(scanInlineCode("fs.rmSync('/home/u/.codex/hooks.json'); x('./a', \"b\")").paths).toEqual(['/home/u/.codex/hooks.json', './a']);
  });
});

describe('isProvenReadOnlyNodeCode', () => {
  it.each([
    "require('./package.json').version",
    'console.log(require("./package.json").scripts.test)',
    'process.versions.node',
    "require('./tsconfig.json')['compilerOptions']",
  ])('proves %j', (code) => {
    expect(isProvenReadOnlyNodeCode(code)).toBe(true);
  });

  it.each([
    "require('fs').rmSync('x')",
    "require('./x.js')",
    "require('./package.json').constructor.constructor('return process')()",
    'process.exit(1)',
    'require(`./${x}.json`)',
  ])('does not prove %j', (code) => {
    expect(isProvenReadOnlyNodeCode(code)).toBe(false);
  });
});

describe('scanInlineCode: aliases and computed names (issue 9 principle 9)', () => {
  it('finds hashing reached through an alias or a computed member', () => {
    expect(scanInlineCode('import hashlib as h; print(h.new("md5", b"x").hexdigest())').hash).toBeDefined();
    expect(scanInlineCode('from hashlib import sha256 as s; print(s(b"x").hexdigest())').hash).toBeDefined();
    expect(scanInlineCode("const c = require('crypto'); console.log(c['create' + 'Hash']('sha1').update('x').digest('hex'))").hash).toBe('[createHash]');
    expect(scanInlineCode("crypto.subtle['digest']('SHA-256', new Uint8Array())").hash).toBe('[digest]');
    expect(scanInlineCode("console.log(process['version'])").hash).toBeUndefined();
  });
});

describe('code that runs code remit does not see (issue 9 principle 9)', () => {
  it('finds subprocesses, evaluation and computed imports, not methods that share their names', () => {
    for (const code of [
      "require('child_process').execSync('x')",
      "import subprocess; subprocess.run(['x'])",
      "exec('import os')",
      'eval(s)',
      "__import__('pip').main([])",
      "import pip; pip.main(['install','x'])",
      'system("x")',
      '`x`',
      'require(name)',
      "os.system('x')",
    ]) {
      expect({ code, runs: scanInlineCode(code).runsOtherCode }).toEqual({ code, runs: true });
    }
    for (const code of ["console.log(/a/.exec('a'))", "import re; print(re.compile('x').match('x'))", "print('pip')", "require('fs').readFileSync('a')"]) {
      expect({ code, runs: scanInlineCode(code).runsOtherCode }).toEqual({ code, runs: false });
    }
  });
  it('names a hashing module however it is reached', () => {
    for (const code of ["Object.values(require('crypto'))[0]", 'import _sha256', 'from Crypto.Hash import SHA256', 'uuid.uuid5(ns, "x")', "crypt.crypt('x')"]) {
      expect({ code, h: scanInlineCode(code).hashModule !== undefined }).toEqual({ code, h: true });
    }
    expect(scanInlineCode("print('cryptic')").hashModule).toBeUndefined();
  });
});

describe('string pieces folded as the language folds them', () => {
  it('names a path spelled in parts', () => {
    for (const code of [
      "fs.writeFileSync('.cla'+'ude/settings.json','{}')",
      "open('.cla' 'ude/settings.json','w')",
      "open(os.path.join('.claude','settings.json'),'w')",
      "p.join('.claude', 'settings.json')",
      "['.cl','aude','/settings.json'].join('')",
      "''.join(['.cl', 'aude/settings.json'])",
      "Path('.claude') / 'settings.json'",
    ])
      expect(scanInlineCode(code).paths, code).toContain('.claude/settings.json');
  });
});
