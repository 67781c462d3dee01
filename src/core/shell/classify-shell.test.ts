import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_ROOT as ROOT, virtualContext } from '../../../test/support/classify-context.js';
import type { ClassifyContext } from '../classify/context.js';
import { diskFileView } from '../classify/file-view.js';
import { classifyShell } from './classify-shell.js';

const ctx = virtualContext;

const REASONS = new Set([
  'shell_syntax_unproven',
  'shell_command_unproven',
  'interpreter_inline_code',
  'script_unread',
  'too_complex',
  'unknown_tool',
  'write_path_missing',
  'patch_unparsable',
  'input_malformed',
  'git_arguments_unproven',
  'dynamic_word',
  'powershell_unproven',
]);

describe('classifyShell edges', () => {
  it('treats an empty command as a read (it runs nothing)', () => {
    expect(classifyShell('', ctx())).toMatchObject({ mutability: 'read', effects: [], mentionedPaths: [] });
    expect(classifyShell('\n\n', ctx()).analysis).toBeUndefined();
  });

  it('answers malformed input with input_malformed instead of throwing', () => {
    expect(classifyShell(42 as unknown as string, ctx())).toMatchObject({ mutability: 'unknown', analysis: 'input_malformed' });
  });

  it('caps re-parse depth: a script that sources itself is too complex', () => {
    const r = classifyShell('source loop.sh', ctx({ 'loop.sh': 'echo again\nsource loop.sh\n' }));
    expect(r).toMatchObject({ mutability: 'unknown', analysis: 'too_complex' });
  });

  it('caps function recursion', () => {
    expect(classifyShell('f() { f; }; f', ctx())).toMatchObject({ mutability: 'unknown', analysis: 'too_complex' });
  });

  it('caps nested bash -c strings at depth 5', () => {
    let cmd = 'rm x';
    for (let i = 0; i < 7; i++) cmd = `bash -c ${JSON.stringify(cmd).replace(/\$/g, '\\$')}`;
    expect(classifyShell(cmd, ctx()).analysis).toBe('too_complex');
    let shallow = 'rm x';
    for (let i = 0; i < 3; i++) shallow = `bash -c ${JSON.stringify(shallow)}`;
    expect(classifyShell(shallow, ctx())).toMatchObject({ mutability: 'write', effects: [{ kind: 'delete', path: `${ROOT}/x` }] });
  });

  it('caps the node count', () => {
    const r = classifyShell('echo ' + 'word '.repeat(60_000), ctx());
    expect(r).toMatchObject({ mutability: 'unknown', analysis: 'too_complex' });
  });

  it('returns too_complex for a 1 MB input without parsing it', () => {
    const r = classifyShell('echo ' + 'x'.repeat(1024 * 1024), ctx());
    expect(r).toMatchObject({ mutability: 'unknown', analysis: 'too_complex' });
  });

  it('never throws on arbitrary text', () => {
    const alphabet = ['a', ' ', "'", '"', '$', '(', ')', '{', '}', '`', '\\', '|', '&', ';', '<', '>', '\n', '#', '*', '~', '/', '-', '=', 'rm', 'git', 'x'];
    let seed = 12345;
    const next = (): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    for (let i = 0; i < 300; i++) {
      let s = '';
      const len = next() % 40;
      for (let j = 0; j < len; j++) s += alphabet[next() % alphabet.length];
      for (const shell of ['bash', 'powershell'] as const) {
        const r = classifyShell(s, ctx(), shell);
        expect(['read', 'write', 'check', 'unknown']).toContain(r.mutability);
        if (r.analysis !== undefined) expect(REASONS.has(r.analysis)).toBe(true);
      }
    }
  });

  it('marks unreadable scripts, package.json and Makefiles as script_unread', () => {
    expect(classifyShell('bash nope.sh', ctx()).analysis).toBe('script_unread');
    expect(classifyShell('npm run build', ctx()).analysis).toBe('script_unread');
    expect(classifyShell('make build', ctx()).analysis).toBe('script_unread');
    expect(classifyShell('./big.sh', ctx({ 'big.sh': 'x'.repeat(65 * 1024) })).analysis).toBe('script_unread');
  });

  it('lists the paths an unknown command names, including option values and inline code', () => {
    const r = classifyShell('custom-tool ~/.codex/hooks.json --config=/etc/x.conf ./rel name', ctx());
    expect(r.mutability).toBe('unknown');
    expect(r.mentionedPaths.sort()).toEqual(['/etc/x.conf', '/home/dev/.codex/hooks.json', `${ROOT}/rel`]);
    const code = classifyShell(`node -e "require('fs').rmSync('/home/dev/.local/state/remit', {recursive: true})"`, ctx());
    expect(code.mentionedPaths).toEqual(['/home/dev/.local/state/remit']);
    const broken = classifyShell('echo "unterminated ~/.claude/settings.json', ctx());
    expect(broken.analysis).toBe('shell_syntax_unproven');
    expect(broken.mentionedPaths).toEqual(['/home/dev/.claude/settings.json']);
  });

  it('flags remit mutating commands', () => {
    expect(classifyShell('remit install claude --scope user', ctx())).toMatchObject({ remitCommand: true, mutability: 'write' });
    expect(classifyShell('node ~/.local/share/remit/0.1.0/remit.cjs ledger release --all', ctx()).remitCommand).toBe(true);
    expect(classifyShell('node ~/.local/share/remit/0.1.0/remit-main.cjs ledger release --all', ctx()).remitCommand).toBe(true);
    expect(classifyShell('remit status --json', ctx())).toMatchObject({ remitCommand: false, mutability: 'read' });
  });

  it('uses configured check commands and script names', () => {
    const files = { 'package.json': JSON.stringify({ scripts: { verify: 'node scripts/verify.js' } }), Makefile: 'verify:\n\t./check.sh\n' };
    const config = { toolClassifications: {}, checkCommands: ['just test', 'bin/ci check'], checkScripts: ['verify'] };
    expect(classifyShell('npm run verify', ctx(files, { config })).mutability).toBe('check');
    expect(classifyShell('make verify', ctx(files, { config })).mutability).toBe('check');
    expect(classifyShell('bin/ci check --all', ctx(files, { config })).mutability).toBe('check');
    expect(classifyShell('bin/ci check --fix', ctx(files, { config })).mutability).toBe('write');
    expect(classifyShell('npm run verify', ctx(files)).mutability).toBe('unknown');
  });

  it('follows cd through lists, but not out of subshells, pipelines or failed branches', () => {
    const del = (cmd: string) => classifyShell(cmd, ctx()).effects.map((e) => e.path);
    expect(del('cd sub || exit 1; rm x')).toEqual([`${ROOT}/sub/x`]);
    expect(del('(cd sub); rm x')).toEqual([`${ROOT}/x`]);
    expect(del('cd sub | cat; rm x')).toEqual([`${ROOT}/x`]);
    expect(del('cd a && cd b && rm x')).toEqual([`${ROOT}/a/b/x`]);
    expect(del('cd /tmp; rm x')).toEqual(['/tmp/x']);
    expect(del('cd; rm x')).toEqual(['/home/dev/x']);
    expect(classifyShell('cd sub || echo no; rm x', ctx()).analysis).toBe('dynamic_word');
    // A loop over plain words runs its body once per word, in order: cd a, then cd b.
    expect(del('for d in a b; do cd $d; done; rm x')).toEqual([`${ROOT}/a/b/x`]);
    expect(classifyShell('for d in *; do cd $d; done; rm x', ctx()).analysis).toBe('dynamic_word');
    expect(classifyShell('if [ -d a ]; then cd a; fi; rm x', ctx()).analysis).toBe('dynamic_word');
  });

  it('forgets variables that an exec-influencing assignment or a read may change', () => {
    expect(classifyShell('export PATH=./bin:$PATH; ls', ctx()).mutability).toBe('unknown');
    expect(classifyShell('X=a; read X; rm $X', ctx()).analysis).toBe('dynamic_word');
    expect(classifyShell('X=a; (( X++ )); rm $X', ctx()).analysis).toBe('dynamic_word');
    expect(classifyShell('X=a; rm $X', ctx()).effects).toEqual([{ kind: 'delete', path: `${ROOT}/a` }]);
  });

  it('keeps a write and its reason when an unknown part follows it', () => {
    const r = classifyShell('rm x; custom-build', ctx());
    expect(r).toMatchObject({ mutability: 'write', analysis: 'shell_command_unproven', effects: [{ kind: 'delete', path: `${ROOT}/x` }] });
  });

  it('reports npx dependency intent only for packages the project lacks', () => {
    const withTs = { 'package.json': JSON.stringify({ devDependencies: { typescript: '5' } }) };
    expect(classifyShell('npx tsc --noEmit', ctx(withTs)).intents.dependency).toBe(false);
    expect(classifyShell('npx tsc --noEmit', ctx({ 'package.json': '{}' })).intents).toMatchObject({ dependency: true, dependencyEvidence: 'command' });
    expect(classifyShell('npx eslint .', ctx({ 'node_modules/.bin/eslint': '' })).intents.dependency).toBe(false);
    expect(classifyShell('npx -p cowsay@1 cowsay hi', ctx()).facts.dependency).toBe('cowsay');
  });

  it('reads interpreter code from a here-document', () => {
    const r = classifyShell("node <<'EOF'\nconst c = require('crypto'); c.createHash('md5')\nEOF", ctx());
    expect(r).toMatchObject({ mutability: 'unknown', analysis: 'interpreter_inline_code', intents: { hash: true, hashEvidence: 'code' } });
  });

  it('decodes pwsh -EncodedCommand', () => {
    const encoded = Buffer.from('Remove-Item -Path build', 'utf16le').toString('base64');
    expect(classifyShell(`pwsh -NoProfile -EncodedCommand ${encoded}`, ctx()).effects).toEqual([{ kind: 'delete', path: `${ROOT}/build` }]);
  });

  it('resolves PowerShell paths against a Windows working directory', () => {
    const win = ctx({}, { cwd: 'C:/Users/dev/proj', projectRoot: 'C:/Users/dev/proj' });
    expect(classifyShell('Remove-Item .\\build\\out.txt', win, 'powershell').effects).toEqual([{ kind: 'delete', path: 'C:/Users/dev/proj/build/out.txt' }]);
    expect(classifyShell("Set-Content -Path 'D:\\data\\x.txt' -Value 1", win, 'powershell').effects).toEqual([{ kind: 'write', path: 'D:/data/x.txt' }]);
    expect(classifyShell('Set-Item HKLM:\\Software\\X 1', win, 'powershell').analysis).toBe('powershell_unproven');
    expect(classifyShell('Remove-Item "unterminated', win, 'powershell').analysis).toBe('shell_syntax_unproven');
  });

  describe('on the real file system', () => {
    const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'remit-shell-')));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('resolves symlinks so a link inside the project is judged by where it writes', () => {
      const project = path.join(dir, 'proj');
      const outside = path.join(dir, 'outside');
      mkdirSync(project);
      mkdirSync(outside);
      symlinkSync(outside, path.join(project, 'link'));
      writeFileSync(path.join(project, 'run.sh'), 'rm -f link/data.txt\n');
      const real: ClassifyContext = { ...ctx(), cwd: project, projectRoot: project, files: diskFileView(), realpath: true };
      expect(classifyShell('rm link/data.txt', real).effects).toEqual([{ kind: 'delete', path: path.join(outside, 'data.txt') }]);
      expect(classifyShell('bash run.sh', real).effects).toEqual([{ kind: 'delete', path: path.join(outside, 'data.txt') }]);
    });
  });
});

describe('functions a command leaves defined (a host may keep one shell between calls)', () => {
  it('counts their bodies as run later', () => {
    expect(classifyShell('ls() { rm -rf src; }', ctx())).toMatchObject({ mutability: 'write', effects: [{ kind: 'delete', path: `${ROOT}/src` }] });
    expect(classifyShell('git() { eval "$1"; }', ctx()).mutability).toBe('unknown');
    expect(classifyShell('ll() { ls -la; }', ctx()).mutability).toBe('read');
    // Defined in a subshell, gone with it.
    expect(classifyShell('( ls() { rm -rf src; } )', ctx()).mutability).toBe('read');
  });
});
