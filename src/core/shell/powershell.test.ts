import { describe, expect, it } from 'vitest';
import { TEST_ROOT as ROOT, virtualContext } from '../../../test/support/classify-context.js';
import { classifyShell } from './classify-shell.js';

const ctx = virtualContext({ 'package.json': JSON.stringify({ scripts: { test: 'vitest run' } }) });

const ps = (cmd: string) => classifyShell(cmd, ctx, 'powershell');

describe('PowerShell', () => {
  it('reads with cmdlets, aliases and pipelines', () => {
    for (const cmd of [
      'Get-ChildItem -Recurse -Filter *.ts | Select-Object -First 5',
      'cat a.txt',
      'gci | % { $_.Name }',
      '$x = Get-Content a.txt; $x.Length',
      'Test-Path .\\a.txt',
    ]) {
      expect(ps(cmd)).toMatchObject({ mutability: 'read', effects: [] });
    }
  });

  it('writes through -Path, -LiteralPath, abbreviated and positional parameters', () => {
    expect(ps('Remove-Item -LiteralPath dist -Recurse').effects).toEqual([{ kind: 'delete', path: `${ROOT}/dist` }]);
    // `-Pa` would be ambiguous for Set-Content (-Path, -PassThru); `-Pat` is -Path.
    expect(ps('Set-Content -Pat out.txt -Value x').effects).toEqual([{ kind: 'write', path: `${ROOT}/out.txt` }]);
    expect(ps('Set-Content -Pa out.txt -Value x').analysis).toBe('powershell_unproven');
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
    // Help that opens a browser or a window runs a program; plain help prints.
    expect(ps('Get-Help ls -Online').mutability).toBe('unknown');
    expect(ps('help Get-Item -On').mutability).toBe('unknown');
    expect(ps('Get-Help about_Variables -ShowWindow').mutability).toBe('unknown');
    expect(ps('Get-Help ls -Full').mutability).toBe('read');
  });
});

describe('PowerShell: .NET, call operators and parameters (issue 9 principle 10)', () => {
  it('.NET static calls that write are effects; unknown ones are unproven; known reads pass', () => {
    expect(ps("[IO.File]::WriteAllText('out.txt', 'x')")).toMatchObject({ mutability: 'write', effects: [{ kind: 'write', path: `${ROOT}/out.txt` }] });
    expect(ps("[System.IO.File]::Delete('a.txt')").effects).toEqual([{ kind: 'delete', path: `${ROOT}/a.txt` }]);
    expect(ps('[IO.File]::Delete($f)')).toMatchObject({ mutability: 'write', analysis: 'dynamic_word' });
    expect(ps("$null = [IO.Directory]::CreateDirectory('build')").effects).toEqual([{ kind: 'create', path: `${ROOT}/build` }]);
    expect(ps("[Diagnostics.Process]::Start('cmd')").mutability).toBe('unknown');
    expect(ps("[IO.File]::ReadAllText('a.txt')").mutability).toBe('read');
    expect(ps("[IO.Path]::Combine('a', 'b')").mutability).toBe('read');
  });

  it('method calls on items are unproven unless they only compute', () => {
    expect(ps('(Get-Item a.txt).Delete()').mutability).toBe('unknown');
    expect(ps("$f = Get-Item a.txt; $f.MoveTo('b.txt')").mutability).toBe('unknown');
    expect(ps('gci | % { $_.Delete() }').mutability).toBe('unknown');
    expect(ps('(Get-Content a.txt).Trim().ToUpper()').mutability).toBe('read');
    expect(ps("'a,b'.Split(',')").mutability).toBe('read');
  });

  it("&('Remove-Item'), [scriptblock]::Create and $ExecutionContext.InvokeCommand are unproven", () => {
    expect(ps("&('Remove-Item') a.txt").mutability).toBe('unknown');
    expect(ps('& ("Remove" + "-Item") a.txt').mutability).toBe('unknown');
    expect(ps("[scriptblock]::Create('Remove-Item a.txt').Invoke()").mutability).toBe('unknown');
    expect(ps("$ExecutionContext.InvokeCommand.InvokeScript('Remove-Item a.txt')").mutability).toBe('unknown');
    expect(ps("$sb = $ExecutionContext.InvokeCommand.NewScriptBlock('rm x'); & $sb").mutability).toBe('unknown');
  });

  it("parameter abbreviations resolve against the cmdlet's own parameters", () => {
    expect(ps('Copy-Item a.txt -Dest b.txt').effects).toEqual([
      { kind: 'read', path: `${ROOT}/a.txt` },
      { kind: 'write', path: `${ROOT}/b.txt` },
    ]);
    expect(ps('Remove-Item -Lit a.txt').effects).toEqual([{ kind: 'delete', path: `${ROOT}/a.txt` }]);
    expect(ps('Out-File -FilePath o.txt -Enc utf8').effects).toEqual([{ kind: 'write', path: `${ROOT}/o.txt` }]);
    // `-P` is -Path or -PassThru for Set-Content: PowerShell refuses it, so it is unproven.
    expect(ps('Set-Content -P a.txt x').analysis).toBe('powershell_unproven');
    expect(ps('Remove-Item -Bogus a.txt').analysis).toBe('powershell_unproven');
    expect(ps('Remove-Item a.txt -WhatIf:$false').effects).toEqual([{ kind: 'delete', path: `${ROOT}/a.txt` }]);
  });

  it('a switch given a value is on only when the value is true as written', () => {
    // PowerShell turns `-WhatIf:0` and `-WhatIf: $false` (the value after a bare colon) off.
    for (const cmd of ['Remove-Item a.txt -WhatIf:0', 'Remove-Item a.txt -WhatIf:$null', 'Remove-Item a.txt -WhatIf:$x', 'Remove-Item -WhatIf: $false a.txt']) {
      expect(ps(cmd).effects, cmd).toEqual([{ kind: 'delete', path: `${ROOT}/a.txt` }]);
    }
    expect(ps('Remove-Item a.txt -WhatIf:$true').mutability).toBe('read');
    expect(ps('Remove-Item -WhatIf: $true a.txt').mutability).toBe('read');
  });

  it("assigning an object's member is unproven: it may change the file behind it", () => {
    for (const cmd of ['(Get-Item a.txt).LastWriteTime = Get-Date', "$f = Get-Item a.txt; $f.Attributes = 'ReadOnly'", '(gi a.txt).IsReadOnly = $true']) {
      expect(ps(cmd).mutability, cmd).toBe('unknown');
    }
    expect(ps('$x = Get-Content a.txt; $x += 1; $env:X = 1').mutability).toBe('read');
  });

  it('-wd sets the folder the command runs in; unknown pwsh options are unproven', () => {
    expect(classifyShell('pwsh -wd sub -c "Remove-Item x"', ctx).effects).toEqual([{ kind: 'delete', path: `${ROOT}/sub/x` }]);
    expect(classifyShell('pwsh -WorkingDirectory /etc -Command "Remove-Item passwd"', ctx).effects).toEqual([{ kind: 'delete', path: '/etc/passwd' }]);
    expect(classifyShell('pwsh -NoExit -c "Get-ChildItem"', ctx).mutability).toBe('unknown');
    expect(classifyShell('pwsh -NoProfile -Comm "Get-ChildItem"', ctx).mutability).toBe('read');
  });

  it('a web request with a mutating method, a body or a form changes remote state', () => {
    expect(ps("Invoke-RestMethod -Uri https://api.example.invalid/x -Method Post -Body '{}'").mutability).toBe('write');
    expect(ps('iwr https://api.example.invalid/x -Method Delete').mutability).toBe('write');
    expect(ps('Invoke-RestMethod https://api.example.invalid/x').mutability).toBe('read');
    expect(ps('irm https://api.example.invalid/x -Method Get').mutability).toBe('read');
  });
});

describe('PowerShell call operator', () => {
  it('a quoted name after & is the command, not a string', () => {
    expect(ps('& "Remove-Item" a.txt')).toMatchObject({ mutability: 'write', effects: [{ kind: 'delete', path: `${ROOT}/a.txt` }] });
    expect(ps("& 'Get-ChildItem'").mutability).toBe('read');
    expect(ps('"Remove-Item a.txt"').mutability).toBe('read');
  });
  it('a .ps1 script is read and classified as PowerShell, or unproven', () => {
    const c = virtualContext({ 'tools/clean.ps1': 'Remove-Item -Recurse dist\n' });
    expect(classifyShell('& ./tools/clean.ps1', c, 'powershell').effects).toEqual([{ kind: 'delete', path: `${ROOT}/dist` }]);
    expect(classifyShell('./missing.ps1', c, 'powershell').mutability).toBe('unknown');
  });
});

describe('ForEach-Object member names', () => {
  it('a method named to ForEach-Object is called on every object; a listed property only prints', () => {
    expect(ps('Get-Item a.txt | ForEach-Object Delete').mutability).toBe('unknown');
    expect(ps("gci | % MoveTo('x')").mutability).toBe('unknown');
    expect(ps('gci | % Name').mutability).toBe('read');
    expect(ps('gci | % { $_.FullName }').mutability).toBe('read');
  });
});
