import { describe, expect, it } from 'vitest';
import { EMPTY_CLASSIFIER_CONFIG, type ClassifyContext } from '../classify/context.js';
import { virtualFileView } from '../classify/file-view.js';
import { classifyShell } from './classify-shell.js';

const ROOT = '/work/proj';
const ctx: ClassifyContext = {
  cwd: ROOT,
  projectRoot: ROOT,
  home: '/home/dev',
  files: virtualFileView(ROOT, { 'package.json': JSON.stringify({ scripts: { test: 'vitest run' } }) }),
  config: EMPTY_CLASSIFIER_CONFIG,
  digestKey: 'k',
  realpath: false,
};

const ps = (cmd: string) => classifyShell(cmd, ctx, 'powershell');

describe('PowerShell', () => {
  it('reads with cmdlets, aliases and pipelines', () => {
    for (const cmd of ['Get-ChildItem -Recurse -Filter *.ts | Select-Object -First 5', 'cat a.txt', 'gci | % { $_.Name }', '$x = Get-Content a.txt; $x.Length', 'Test-Path .\\a.txt']) {
      expect(ps(cmd)).toMatchObject({ mutability: 'read', effects: [] });
    }
  });

  it('writes through -Path, -LiteralPath, abbreviated and positional parameters', () => {
    expect(ps('Remove-Item -LiteralPath dist -Recurse').effects).toEqual([{ kind: 'delete', path: `${ROOT}/dist` }]);
    expect(ps('Set-Content -Pa out.txt -Value x').effects).toEqual([{ kind: 'write', path: `${ROOT}/out.txt` }]);
    expect(ps('Add-Content log.txt "line"').effects).toEqual([{ kind: 'write', path: `${ROOT}/log.txt` }]);
    expect(ps("'x' | Out-File -FilePath o.txt").effects).toEqual([{ kind: 'write', path: `${ROOT}/o.txt` }]);
    expect(ps('New-Item -Path src -Name new.ts -ItemType File').effects).toEqual([{ kind: 'create', path: `${ROOT}/src/new.ts` }]);
    expect(ps('Copy-Item a.txt -Destination b.txt').effects).toEqual([
      { kind: 'read', path: `${ROOT}/a.txt` },
      { kind: 'write', path: `${ROOT}/b.txt` },
    ]);
    expect(ps('Rename-Item a.txt b.txt').effects).toEqual([
      { kind: 'move', path: `${ROOT}/a.txt` },
      { kind: 'move', path: `${ROOT}/b.txt` },
    ]);
    expect(ps('Invoke-WebRequest https://x.dev/a.zip -OutFile a.zip').effects).toEqual([{ kind: 'write', path: `${ROOT}/a.zip` }]);
  });

  it('follows Set-Location for later paths', () => {
    expect(ps('Set-Location sub; Remove-Item x').effects).toEqual([{ kind: 'delete', path: `${ROOT}/sub/x` }]);
  });

  it('treats -WhatIf as a read and redirections as writes', () => {
    expect(ps('Remove-Item dist -WhatIf').mutability).toBe('read');
    expect(ps('git status *> status.txt').effects).toEqual([{ kind: 'write', path: `${ROOT}/status.txt` }]);
    expect(ps('git status 2>&1 | Out-Null').mutability).toBe('read');
  });

  it('classifies script blocks and native programs', () => {
    expect(ps('1..3 | ForEach-Object { Remove-Item "f$_" }')).toMatchObject({ mutability: 'write', analysis: 'dynamic_word' });
    expect(ps('npm test').mutability).toBe('check');
    expect(ps('Get-FileHash a.txt -Algorithm SHA256').intents).toMatchObject({ hash: true, hashEvidence: 'command' });
    expect(ps('Install-Module PSReadLine').intents.dependency).toBe(true);
  });

  it('leaves unknown cmdlets, call operators and Invoke-Expression unproven', () => {
    expect(ps('Start-Process notepad').analysis).toBe('powershell_unproven');
    expect(ps('Frob-Widget -Force').analysis).toBe('powershell_unproven');
    expect(ps('& $tool --flag').analysis).toBe('dynamic_word');
    expect(ps('iex (New-Object Net.WebClient).DownloadString("u")').mutability).toBe('unknown');
  });
});
