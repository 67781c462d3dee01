// The shipped shell chunks (dist/remit-shell.cjs and a chunk per family outside it) start each
// program family and PowerShell when a command first names them (src/core/shell/program-modules.ts,
// rewritten by the build, scripts/build/shell-chunks.mjs; docs/DESIGN.md#performance-budget). It must classify as the source does: every command of
// the published corpus in one process, and each family started alone, first thing, in a
// fresh process (a family that needed another's start-up to run would show there).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_CLASSIFIER_CONFIG, type ClassifyContext } from '../src/core/classify/context.js';
import { virtualFileView } from '../src/core/classify/file-view.js';
import { classifyShell } from '../src/core/shell/classify-shell.js';
import { PROGRAM_NAMES } from '../src/core/shell/program-index.js';
import { loadCorpus } from './shell-corpus/harness.js';

const chunk = path.resolve('dist/remit-shell.cjs');
const ROOT = '/work/proj';
const TREE: Record<string, string> = {
  'package.json': JSON.stringify({
    name: 'proj',
    scripts: { test: 'vitest run', lint: 'eslint .', clean: 'rm -rf dist' },
    devDependencies: { vitest: '4.1.0' },
  }),
  Makefile: 'test:\n\t@echo testing\n\nclean:\n\trm -rf app\n',
  'scripts/tool.js': "require('node:fs').rmSync('src', { recursive: true });\n",
  'scripts/run.sh': '#!/bin/sh\nrm -rf dist\n',
  'src/a.ts': 'export const a = 1;\n',
};
const context = (): ClassifyContext => ({
  cwd: ROOT,
  projectRoot: ROOT,
  home: '/home/dev',
  files: virtualFileView(ROOT, TREE),
  config: { ...EMPTY_CLASSIFIER_CONFIG, checkCommands: ['just test'] },
  digestKey: 'k',
  realpath: false,
});

type Classify = typeof classifyShell;
let bundled: Classify;
let dir: string;

beforeAll(() => {
  if (!existsSync(chunk)) execFileSync(process.execPath, ['scripts/build/build.mjs']);
  bundled = (createRequire(import.meta.url)(chunk) as { classifyShell: Classify }).classifyShell;
  dir = mkdtempSync(path.join(tmpdir(), 'remit-shell-bundle-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One command per way into a lazily started module: each family's first program, and the rules around the table. */
const firstUses: [string, 'bash' | 'powershell'][] = [
  ...PROGRAM_NAMES.map((names): [string, 'bash'] => [`${names.trim().split(' ')[0]} src/a.ts`, 'bash']),
  ['./scripts/run.sh', 'bash'],
  ['python3.12 -c "print(1)"', 'bash'],
  ['just test', 'bash'],
  ['pwsh -c "Remove-Item src"', 'bash'],
  ['Get-Content src/a.ts; Remove-Item dist', 'powershell'],
];

describe('the shipped shell chunk', () => {
  it('classifies every corpus command as the source does', () => {
    let n = 0;
    for (const family of loadCorpus()) {
      for (const e of family.entries) {
        expect(bundled(e.command, context(), e.shell), e.command).toEqual(classifyShell(e.command, context(), e.shell));
        n++;
      }
    }
    expect(n).toBeGreaterThan(500);
  });

  it('starts each family on its own, first thing in a process', () => {
    const script = `const {classifyShell}=require(${JSON.stringify(chunk)});const {virtualFileView}=require(process.argv[1]);
process.stdout.write(JSON.stringify(classifyShell(process.argv[2],{cwd:'${ROOT}',projectRoot:'${ROOT}',home:'/home/dev',files:virtualFileView('${ROOT}',JSON.parse(process.argv[4])),config:{toolClassifications:{},checkCommands:['just test'],checkScripts:[]},digestKey:'k',realpath:false},process.argv[3])));`;
    // The source's file view, for the child to hand the chunk the same tree.
    const view = path.join(dir, 'file-view.cjs');
    buildSync({ entryPoints: ['src/core/classify/file-view.ts'], bundle: true, platform: 'node', format: 'cjs', outfile: view, logLevel: 'warning' });
    for (const [command, shell] of firstUses) {
      const out = execFileSync(process.execPath, ['-e', script, view, command, shell, JSON.stringify(TREE)], { encoding: 'utf8' });
      expect(JSON.parse(out), command).toEqual(JSON.parse(JSON.stringify(classifyShell(command, context(), shell))));
    }
  });
});
