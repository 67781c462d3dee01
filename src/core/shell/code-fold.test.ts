import { describe, expect, it } from 'vitest';
import { foldCode } from './code-fold.js';
import { scanInlineCode } from './code-scan.js';

const SETTINGS = '.claude/settings.json';
const B64 = Buffer.from(SETTINGS).toString('base64');
const HEX = Buffer.from(SETTINGS).toString('hex');
const CODES = [...SETTINGS].map((c) => c.charCodeAt(0)).join(',');
const REV = [...SETTINGS].reverse().join('');

describe('strings folded as each language builds them', () => {
  it.each([
    // Perl, PHP: `.`; Ruby: `<<`
    [`open(F, '>', '.cla'.'ude/settings.json')`],
    [`file_put_contents('.cla' . 'ude/settings.json', 'x');`],
    [`File.write('.cla' << 'ude/settings.json', 'x')`],
    // templates, f-strings, printf-style and format with literal arguments
    ['require("fs").writeFileSync(`.cla${"ude"}/settings.json`, "x")'],
    ['require("fs").writeFileSync(`.claude/settings.json`, "x")'],
    [`open(f'{".cla"}ude/settings.json', 'w')`],
    [`open('%sude/%s' % ('.cla', 'settings.json'), 'w')`],
    [`open('{}ude/{}'.format('.cla', 'settings.json'), 'w')`],
    [`open(F, '>', sprintf('%sude/%s', '.cla', 'settings.json'))`],
    // reversal
    [`open('${REV}'[::-1], 'w')`],
    [`open(''.join(reversed('${REV}')), 'w')`],
    [`require('fs').writeFileSync('${REV}'.split('').reverse().join(''), 'x')`],
    [`open(F, '>', scalar reverse '${REV}')`],
    [`file_put_contents(strrev('${REV}'), 'x');`],
    [`File.write('${REV}'.reverse, 'x')`],
    // character codes
    [`open(chr(46) + 'claude/settings.json', 'w')`],
    [`open(''.join(map(chr, [${CODES}])), 'w')`],
    [`open(bytes([${CODES}]).decode(), 'w')`],
    [`require('fs').writeFileSync(String.fromCharCode(${CODES}), 'x')`],
    [`open(F, '>', pack('C*', ${CODES}))`],
    [`File.write([${CODES}].pack('c*'), 'x')`],
    [`File.write(46.chr + 'claude/settings.json', 'x')`],
    // escapes inside a literal
    [String.raw`open('\x2eclaude/settings.json', 'w')`],
    [String.raw`require('fs').writeFileSync('\u002eclaude/settings.json', 'x')`],
    [String.raw`open(F, ">", "\056claude/settings.json")`],
    // base64, hex, rot13, percent-encoding of a literal
    [`import base64; open(base64.b64decode('${B64}'), 'w')`],
    [`require('fs').writeFileSync(atob('${B64}'), 'x')`],
    [`require('fs').writeFileSync(Buffer.from('${B64}', 'base64').toString(), 'x')`],
    [`require('fs').writeFileSync(Buffer.from('${HEX}', 'hex'), 'x')`],
    [`open(bytes.fromhex('${HEX}'), 'w')`],
    [`import binascii; open(binascii.unhexlify('${HEX}'), 'w')`],
    [`import codecs; open(codecs.decode('.pynhqr/frggvatf.wfba', 'rot13'), 'w')`],
    [`import codecs; open(codecs.decode('${HEX}', 'hex'), 'w')`],
    [`file_put_contents(base64_decode('${B64}'), 'x');`],
    [`file_put_contents(hex2bin('${HEX}'), 'x');`],
    [`file_put_contents(str_rot13('.pynhqr/frggvatf.wfba'), 'x');`],
    [`use MIME::Base64; open(F, '>', decode_base64('${B64}'))`],
    [`require 'base64'; File.write(Base64.decode64('${B64}'), 'x')`],
    [`File.write('${B64}'.unpack1('m'), 'x')`],
    [`require('fs').writeFileSync(decodeURIComponent('%2Eclaude%2Fsettings.json'), 'x')`],
  ])('%s names .claude/settings.json', (code) => {
    const scan = scanInlineCode(code);
    expect(scan.paths).toContain(SETTINGS);
    expect(scan.obscured).toBe(false);
  });

  it.each([
    [`import os; open(os.path.join(os.path.expanduser('~'), '.claude', 'settings.json'), 'w')`],
    [`import os; open(os.environ['HOME'] + '/.claude/settings.json', 'w')`],
    [`import os; open(os.getenv('HOME') + '/.claude/settings.json', 'w')`],
    [`import os; open(os.environ.get('HOME') + '/.claude/settings.json', 'w')`],
    [`from pathlib import Path; (Path.home() / '.claude' / 'settings.json').write_text('x')`],
    [`import os; open(f"{os.environ['HOME']}/.claude/settings.json", 'w')`],
    [`require('fs').writeFileSync(process.env.HOME + '/.claude/settings.json', 'x')`],
    [`require('fs').writeFileSync(require('path').join(require('os').homedir(), '.claude', 'settings.json'), 'x')`],
    ['require("fs").writeFileSync(`${process.env.HOME}/.claude/settings.json`, "x")'],
    ['require("fs").writeFileSync(`${require("os").homedir()}/.claude/settings.json`, "x")'],
    [`await Deno.writeTextFile(Deno.env.get('HOME') + '/.claude/settings.json', 'x')`],
    [`open(F, ">", "$ENV{HOME}/.claude/settings.json")`],
    [`open(F, ">", $ENV{HOME} . "/.claude/settings.json")`],
    [`file_put_contents(getenv('HOME') . '/.claude/settings.json', 'x');`],
    [`file_put_contents($_SERVER['HOME'] . '/.claude/settings.json', 'x');`],
    [`File.write(File.join(Dir.home, '.claude', 'settings.json'), 'x')`],
    [`File.write(ENV['HOME'] + '/.claude/settings.json', 'x')`],
    [`File.write("#{Dir.home}/.claude/settings.json", 'x')`],
  ])('%s names ~/.claude/settings.json', (code) => {
    expect(scanInlineCode(code).paths).toContain('~/.claude/settings.json');
  });

  it.each([
    [`p = '.cla'\nopen(p + 'ude/settings.json', 'w')`, SETTINGS],
    [`const d = '.claude'; require('fs').writeFileSync(require('path').join(d, 'settings.json'), 'x')`, SETTINGS],
    [`import os\nhome = os.path.expanduser('~')\nopen(os.path.join(home, '.claude', 'settings.json'), 'w')`, '~/.claude/settings.json'],
    [`my $h = $ENV{HOME}; open(F, '>', $h . '/.claude/settings.json')`, '~/.claude/settings.json'],
  ])('%s: a name set once stands for its value', (code, path) => {
    expect(scanInlineCode(code).paths).toContain(path);
  });

  it.each([
    [`a, b = '.claude', 'settings.json'\nopen(a + '/' + b, 'w')`],
    [`a, b = 'src', '.claude'\nopen(b + '/settings.json', 'w')`],
    [`a, b = ['.claude', 'settings.json']\nopen(a + '/' + b, 'w')`],
    [`(a, b) = ('.claude', 'settings.json')\nopen(a + '/' + b, 'w')`],
    [`my ($a, $b) = ('.claude', 'settings.json'); open(F, '>', "$a/$b")`],
    [`const [a, b] = ['.claude', 'settings.json']; require('fs').writeFileSync(a + '/' + b, 'x')`],
    [`let x, d = '.claude'; require('fs').writeFileSync(d + '/settings.json', 'x')`],
    [`d: str = '.claude'\nopen(d + '/settings.json', 'w')`],
  ])('%s: names set together stand for their values', (code) => {
    expect(scanInlineCode(code).paths).toContain(SETTINGS);
  });

  it('does not take a call’s arguments for names being assigned', () => {
    // `d` stays set once: `f(d, mode='w')` is a call, not `d, mode = …`.
    expect(scanInlineCode(`d = '.claude'\nopen(os.path.join(d, 'settings.json'), mode='w')`).paths).toContain(SETTINGS);
    expect(scanInlineCode(`a, b = 'x', 'y'\na = 'z'\nopen(a + '/q', 'w')`).paths).not.toContain('x/q');
  });

  it('does not fold a name set more than once', () => {
    expect(scanInlineCode(`p = 'x'\np += '/y'\nopen(p + '/z', 'w')`).paths).not.toContain('x/y/z');
    expect(scanInlineCode(`for p in ['a', 'b']: open(p + '/z', 'w')`).paths).not.toContain('a/z');
  });

  it('folds code handed to eval as a literal, and sees its write', () => {
    const scan = scanInlineCode(`exec(bytes.fromhex('${Buffer.from("open('.claude/settings.json','w')").toString('hex')}'))`);
    expect(scan.paths).toContain(SETTINGS);
    expect(scan.writes).toBe(true);
    expect(scan.obscured).toBe(false);
  });
});

describe('string operations on literals', () => {
  it.each([
    [`open('.claude/settings.jsonX'[:-1], 'w')`],
    [`open('.claude/settings.jsonXXXXX'[0:21], 'w')`],
    [`open('X.claude/settings.json'[1:], 'w')`],
    [`open('.xcxlxaxuxdxex/xsxextxtxixnxgxsx.xjxsxoxnx'[::2], 'w')`],
    [`open(('.claude/settings.json' + 'X')[:-1], 'w')`],
    [`File.write('.claude/settings.jsonX'[0..-2], 'x')`],
    [`File.write('.claude/settings.jsonX'[0...-1], 'x')`],
    [`File.write('X.claude/settings.json'[1, 21], 'x')`],
    [`require('fs').writeFileSync('.claude/settings.jsonX'.slice(0, -1), 'x')`],
    [`require('fs').writeFileSync('X.claude/settings.json'.slice(1), 'x')`],
    [`require('fs').writeFileSync('X.claude/settings.json'.substring(1), 'x')`],
    [`require('fs').writeFileSync('X.claude/settings.jsonX'.substring(22, 1), 'x')`],
    [`require('fs').writeFileSync('X.claude/settings.json'.substr(1, 21), 'x')`],
    [`require('fs').writeFileSync('.claXude/settings.json'.replace('X', ''), 'x')`],
    [`require('fs').writeFileSync('.claXude/settXings.json'.replace('X', ''), 'x')`],
    [`File.write('.claXude/settXings.json'.gsub('X', ''), 'x')`],
    [`require('fs').writeFileSync('  .claude/settings.json'.trimStart(), 'x')`],
    [`open('.claude/settings.json.bak'.removesuffix('.bak'), 'w')`],
    [`open('old.claude/settings.json'.removeprefix('old'), 'w')`],
    [`open('xx.claude/settings.json'.lstrip('x'), 'w')`],
    [`open('.CLAUDE/SETTINGS.JSON'.lower(), 'w')`],
    [`open(str.lower('.CLAUDE/SETTINGS.JSON'), 'w')`],
    [`open(str.join('/', ['.claude', 'settings.json']), 'w')`],
    [`import os; open(os.sep.join(['.claude', 'settings.json']), 'w')`],
    [`open(F, '>', substr('.claude/settings.jsonX', 0, -1))`],
    [`open(F, '>', substr('X.claude/settings.json', 1))`],
    [`open(F, '>', lc('.CLAUDE/SETTINGS.JSON'))`],
    [`file_put_contents(strtolower('.CLAUDE/SETTINGS.JSON'), 'x');`],
    [`File.write('.claude/settings.json\\n'.chomp, 'x')`],
    [`s = '.claude/settings.json!!'\nopen(s[:len(s) - 2], 'w')`],
    [`const s = '.claude/settings.json!!'; require('fs').writeFileSync(s.slice(0, s.length - 2), 'x')`],
    [`open('X.claude/settings.json'.partition('X')[2], 'w')`],
    [`open('{d}/settings.json'.format(d='.claude'), 'w')`],
    [`import os; p = os.path.join; open(p('.claude', 'settings.json'), 'w')`],
    [`require('fs').writeFileSync(['.claude', 'settings.json'].join(require('path').sep), 'x')`],
    [`open(F, '>', join('/', '.claude', 'settings.json'))`],
    [`@p = ('.claude', 'settings.json'); open(F, '>', join('/', @p))`],
  ])('%s names .claude/settings.json', (code) => {
    expect(scanInlineCode(code).paths).toContain(SETTINGS);
  });

  it('a slice of a value it cannot read is unknown, a reversing one hidden', () => {
    expect(foldCode(`import sys; open(sys.argv[1][1:], 'w')`).strings).toEqual([]);
    expect(foldCode(`import sys; open(sys.argv[1][::-2], 'w')`).obscured).toBe(true);
    expect(foldCode(`open('abc'[x:], 'w')`).strings).not.toContain('bc');
  });
});

describe('names read inside interpolating literals', () => {
  it.each([
    [`d = '.claude'\nopen(f'{d}/settings.json', 'w')`],
    ['const d = ".claude"; require("fs").writeFileSync(`${d}/settings.json`, "x")'],
    [`$d = ".claude"; open(F, ">", "$d/settings.json")`],
    [`my $d = ".claude"; open(F, ">", "\${d}/settings.json")`],
    [`d = ".claude"; File.write("#{d}/settings.json", "x")`],
    [`$d = ".claude"; file_put_contents("{$d}/settings.json", "x");`],
    [`a = '.cla'; b = 'ude'; open(f'{a}{b}/settings.json', 'w')`],
  ])('%s names .claude/settings.json', (code) => {
    expect(scanInlineCode(code).paths).toContain(SETTINGS);
  });

  it('a name set twice, or an expression, leaves the literal unknown', () => {
    expect(scanInlineCode(`d = 'a'\nd = 'b'\nopen(f'{d}/x', 'w')`).paths).not.toContain('a/x');
    expect(foldCode(`d = 'a'; open(f'{d.upper()}/x', 'w')`).strings).not.toContain('a/x');
  });
});

describe('the working folder', () => {
  it.each([
    [`import os; os.chdir('.claude'); open('settings.json', 'w')`],
    [`process.chdir('.claude'); require('fs').writeFileSync('settings.json', 'x')`],
    [`chdir '.claude'; open(F, '>', 'settings.json')`],
    [`Dir.chdir('.claude'); File.write('settings.json', 'x')`],
    [`import os; d = '.claude'; os.chdir(d); open('settings.json', 'w')`],
    [`import os; p = 'settings.json'; os.chdir('.claude'); open(p, 'w')`],
    [`import os; os.chdir('.claude'); open('sett' + 'ings.json', 'w')`],
  ])('%s names .claude/settings.json', (code) => {
    expect(scanInlineCode(code).paths).toContain(SETTINGS);
  });

  it('a chdir to a name it cannot read joins nothing', () => {
    const f = foldCode(`import os, sys; os.chdir(sys.argv[1]); open('settings.json', 'w')`);
    expect(f.strings.some((s) => s.endsWith('/settings.json'))).toBe(false);
  });
});

describe('the environment the command gives', () => {
  const env = new Map<string, string | null>([
    ['F', SETTINGS],
    ['G', null],
  ]);
  it.each([
    [`import os; open(os.environ['F'], 'w')`],
    [`import os; open(os.environ.get('F'), 'w')`],
    [`import os; open(os.getenv('F'), 'w')`],
    [`require('fs').writeFileSync(process.env.F, 'x')`],
    [`require('fs').writeFileSync(process.env['F'], 'x')`],
    ['require("fs").writeFileSync(`${process.env.F}`, "x")'],
    [`open(X, '>', $ENV{F})`],
    [`open(X, '>', "$ENV{F}")`],
    [`File.write(ENV['F'], 'x')`],
    [`file_put_contents(getenv('F'), 'x');`],
  ])('%s names the variable’s value', (code) => {
    expect(scanInlineCode(code, env).paths).toContain(SETTINGS);
  });
  it('a variable whose value is unknown, or not given, stays unknown', () => {
    expect(foldCode(`import os; open(os.environ['G'] + '/x', 'w')`, env).strings).toEqual([]);
    expect(foldCode(`import os; open(os.environ['H'] + '/x', 'w')`, env).strings).toEqual([]);
  });
  it('notes code that reads the environment', () => {
    expect(scanInlineCode(`import os; k = 'F'; open(os.environ[k], 'w')`).readsEnv).toBe(true);
    expect(scanInlineCode(`open('a', 'w')`).readsEnv).toBe(false);
  });
});

describe('globs the code lists files by', () => {
  it.each([
    [`import glob; open(glob.glob('.cl*/set*')[0], 'w')`, ['.cl*/set*']],
    [`import glob\nfor f in glob.glob('.cl*/set*'): open(f, 'w')`, ['.cl*/set*']],
    [`import glob; [open(f, 'w') for f in glob.iglob('.cl*/set*')]`, ['.cl*/set*']],
    [`import os, glob; os.chdir('.claude'); [open(f, 'w') for f in glob.glob('set*')]`, ['.claude/set*']],
    [`from pathlib import Path; [p.write_text('x') for p in Path('.claude').glob('*.json')]`, ['.claude/*.json']],
    [`from pathlib import Path; [p.write_text('x') for p in Path('.').rglob('settings.json')]`, ['./**/settings.json']],
    [`Dir.glob('.cl*/*').each { |f| File.write(f, 'x') }`, ['.cl*/*']],
    [`Dir['.cl*/*'].each { |f| File.write(f, 'x') }`, ['.cl*/*']],
    [`for (const f of require('fs').globSync('.cl*/*')) require('fs').writeFileSync(f, 'x')`, ['.cl*/*']],
    [`for my $f (glob '.cl*/*') { open(F, '>', $f) }`, ['.cl*/*']],
    [`import os, sys, glob; os.chdir(sys.argv[1]); [open(f, 'w') for f in glob.glob('set*')]`, ['**/set*']],
  ])('%s lists by %j', (code, globs) => {
    expect(scanInlineCode(code).globs).toEqual(globs);
  });
  it.each([
    [`import os; [open('.claude/' + f, 'w') for f in os.listdir('.claude')]`, ['.claude/*']],
    [`import os; [open(f, 'w') for f in os.listdir()]`, ['./*']],
    [`import os; [open(os.path.join(r, f), 'w') for r, d, fs in os.walk('.claude') for f in fs]`, ['.claude/**']],
    [`const fs = require('fs'); for (const f of fs.readdirSync('.claude')) fs.writeFileSync('.claude/' + f, 'x')`, ['.claude/*']],
    [`opendir(my $dh, '.claude'); for (readdir $dh) { open(F, '>', ".claude/$_") }`, ['.claude/*']],
    [`from pathlib import Path; [p.write_text('x') for p in Path('.claude').iterdir()]`, ['.claude/*']],
    [`Dir.children('.claude').each { |f| File.write(".claude/#{f}", 'x') }`, ['.claude/*']],
  ])('%s lists the folder %j', (code, lists) => {
    expect(scanInlineCode(code).lists).toEqual(lists);
  });

  it('code that writes nothing hands no glob on', () => {
    expect(scanInlineCode(`import glob; print(glob.glob('.cl*/*'))`).globs).toEqual([]);
  });
});

describe('a decoder on a value that is not a literal', () => {
  it.each([
    [`import base64, sys; open(base64.b64decode(sys.argv[1]), 'w').write('x')`],
    [`import sys; open(sys.argv[1][::-1], 'w').write('x')`],
    [`import sys; open(''.join(reversed(sys.argv[1])), 'w').write('x')`],
    [`import sys; open(''.join(chr(int(c)) for c in sys.argv[1:]), 'w').write('x')`],
    [`import sys; open(''.join(map(chr, codes)), 'w').write('x')`],
    [`import codecs, sys; open(codecs.decode(sys.argv[1], 'rot13'), 'w').write('x')`],
    [`import sys; open(bytes.fromhex(sys.argv[1]), 'w').write('x')`],
    [`const s = process.argv[1]; require('fs').writeFileSync(atob(s), 'x')`],
    [`require('fs').writeFileSync(Buffer.from(process.argv[1], 'base64').toString(), 'x')`],
    [`require('fs').writeFileSync(String.fromCharCode(...process.argv.slice(1).map(Number)), 'x')`],
    [`require('fs').writeFileSync(process.argv[1].split('').reverse().join(''), 'x')`],
    [`eval(process.argv[1]); require('fs').writeFileSync('a', 'x')`],
    [`file_put_contents(base64_decode($argv[1]), 'x');`],
    [`file_put_contents(strrev($argv[1]), 'x');`],
    [`my $p = $ARGV[0]; $p =~ tr/a-z/n-za-m/; open(F, '>', $p)`],
    [`open(F, '>', scalar reverse $ARGV[0])`],
    [`File.write(ARGV[0].unpack1('m'), 'x')`],
    [`import sys; t = str.maketrans('ab', 'ba'); open(sys.argv[1].translate(t), 'w')`],
  ])('%s may write a name no scan sees', (code) => {
    expect(scanInlineCode(code).obscured).toBe(true);
  });

  it.each([
    // writes a computed name with no decoder: today's verdict
    [`import sys\nfor f in sys.argv[1:]: open(f, 'w').write('x')`],
    [`const fs = require('fs'); for (const f of process.argv.slice(1)) fs.writeFileSync(f, 'x')`],
    [`open(F, '>', $ARGV[0])`],
    // decodes, writes nothing
    [`import base64, sys; print(base64.b64decode(sys.argv[1]))`],
    [`console.log(atob(process.argv[1]))`],
    // reverses a list, joins nothing
    [`const fs = require('fs'); const xs = fs.readdirSync('.').reverse(); fs.writeFileSync('out.txt', xs.join('\\n'))`],
    // decodes utf-8 bytes
    [`import subprocess; open('out.txt', 'w').write(subprocess.check_output(['ls']).decode('utf-8'))`],
    [`require('fs').writeFileSync('out.txt', Buffer.from(process.argv[1]))`],
  ])('%s is not marked', (code) => {
    expect(scanInlineCode(code).obscured).toBe(false);
  });
});

describe('folds stay linear', () => {
  it('code longer than the folder reads is obscured, so code that writes asks', () => {
    const long = `open(p,'w'); ${'x.y.'.repeat(20_000)}`;
    expect(foldCode(long).obscured).toBe(true);
    expect(scanInlineCode(long).obscured).toBe(true);
    expect(scanInlineCode(`print(1); ${'x.y.'.repeat(20_000)}`).obscured).toBe(false);
    expect(foldCode('x.y.'.repeat(1000)).obscured).toBe(false);
  });
  it('a megabyte of nesting, concatenation, templates and decoders folds in one pass', () => {
    const shapes = ['(', "'a'+", '`${', 'chr(', '[::-1]', "'a'.", 'f(g(', '"$ENV{', '\\', '[', "'", 'x.y.', '#{', ','];
    for (const s of shapes) {
      const code = s.repeat(Math.ceil((1 << 20) / s.length));
      const t = process.cpuUsage();
      foldCode(code);
      const used = process.cpuUsage(t);
      expect(used.user + used.system, s).toBeLessThan(4_000_000);
    }
  }, 600_000);
});
