// Issue 9 principle 4: checks are not an escape hatch.
import { describe, expect, it } from 'vitest';
import { TEST_ROOT as ROOT, virtualContext } from '../../../../test/support/classify-context.js';
import { classifyShell } from '../classify-shell.js';

const ctx = virtualContext({
  'package.json': JSON.stringify({ scripts: { test: 'vitest run' } }),
  'src/a.test.ts': 'x',
  'scripts/deploy.js': 'x',
  'tests/test_a.py': 'x',
  'tools/migrate.py': 'x',
});
const sh = (cmd: string) => classifyShell(cmd, ctx);

describe('checks only in their known forms', () => {
  it('options that write make it a write of their value', () => {
    expect(sh('vitest run --outputFile=report.json --reporter=json')).toMatchObject({
      mutability: 'write',
      effects: [{ kind: 'write', path: `${ROOT}/report.json` }],
    });
    expect(sh('jest --outputFile out.json').effects).toEqual([{ kind: 'write', path: `${ROOT}/out.json` }]);
    expect(sh('pytest --basetemp=/tmp/x').effects).toEqual([{ kind: 'write', path: '/tmp/x' }]);
    expect(sh('node --test --test-reporter=tap --test-reporter-destination=out.tap').effects).toEqual([{ kind: 'write', path: `${ROOT}/out.tap` }]);
    expect(sh('go test -coverprofile=c.out ./...').effects).toEqual([{ kind: 'write', path: `${ROOT}/c.out` }]);
    expect(sh('tsc --noEmit --tsBuildInfoFile .cache/tsbuild').mutability).toBe('write');
    expect(sh('tsc --noEmit --generateTrace trace').mutability).toBe('write');
    expect(sh('go test -c -o t.bin ./pkg').mutability).toBe('write');
  });

  it('reads tsc words the way tsc does: a boolean takes a following true/false, @file holds more options', () => {
    expect(sh('tsc --noEmit false').mutability).toBe('write');
    expect(sh('tsc --noEmit --noEmit false').mutability).toBe('write');
    expect(sh('tsc --showConfig false').mutability).toBe('write');
    expect(sh('tsc --noEmit @args.txt').mutability).toBe('unknown');
    expect(sh('tsc --noEmit true').mutability).toBe('check');
    expect(sh('tsc --noEmit false --noEmit').mutability).toBe('check');
    expect(sh('tsc --noEmit --strict false').mutability).toBe('check');
    // tsc compares the exact word: `FALSE` is a file name.
    expect(sh('tsc --noEmit FALSE').mutability).toBe('check');
  });

  it('a report sent to a terminal device keeps the run a check', () => {
    expect(sh('vitest run --reporter=junit --outputFile=/dev/stdout').mutability).toBe('check');
    expect(sh('pytest --junitxml=/dev/stderr').mutability).toBe('check');
    expect(sh('pytest --junitxml=/dev/sda').mutability).toBe('write');
  });

  it('build flags that only set strings, strip or choose a mode and builtin warning categories keep the check', () => {
    for (const cmd of ["go test -ldflags='-s -w -X main.version=1' ./...", 'go test -gcflags=all=-N ./...', 'pytest -W ignore::DeprecationWarning']) {
      expect({ cmd, m: sh(cmd).mutability }).toEqual({ cmd, m: 'check' });
    }
  });

  it('build flag values are matched as go splits them, blank-separated, in time linear in their length', () => {
    // With the blanks between flags optional, `-trimpath=-m-m…` split every way: 228 characters took minutes.
    const long = `-m${'-trimpath=-m-m'.repeat(2000)}\tk`;
    expect(sh(`go test '-gcflags=${long}' ./...`).mutability).not.toBe('check');
    expect(sh(`go test '-ldflags=-X a=${'-s'.repeat(20000)}\tk' ./...`).mutability).not.toBe('check');
    expect(sh("go test '-gcflags=all=-N -l' ./...").mutability).toBe('check');
    expect(sh("go test '-gcflags=-N-l' ./...").mutability).not.toBe('check');
  });

  it('options that run other programs or modules make it unproven', () => {
    for (const cmd of [
      'go test -exec ./evil ./...',
      'npm test --script-shell=./evil.sh',
      'jest --config \'{"runner":"./evil.js"}\'',
      'vitest run --node-options=--require=./x.js',
      'mocha -r ./evil.js',
      'mocha --reporter ./evil-reporter.js',
      'pytest -p evil_plugin',
      "pytest -o addopts='-p evil'",
      'eslint -f ./fmt.js .',
      'jest --testRunner ./r.js',
      'NODE_OPTIONS=--require=./evil.js npm test',
      'c8 rm -rf src',
      'nyc sh -c "rm -rf src"',
      'pytest --pdb',
      'pytest --trace',
      'nox',
      'nox -s lint',
      // The external linker go runs, and a warning category pytest imports to resolve it.
      'go test -ldflags=-extld=./evil ./...',
      "go test -ldflags '-linkmode=external -extld=./x' ./...",
      'go vet -gcflags=-std ./...',
      'pytest -W error::tools.json.X',
      'pytest --pythonwarnings=ignore::a.B',
    ]) {
      expect({ cmd, m: sh(cmd).mutability }).toMatchObject({ cmd, m: expect.stringMatching(/^(?:unknown|write)$/) });
    }
  });

  it('a runner that executes files runs only test files inside the project', () => {
    expect(sh('pytest tools/migrate.py').mutability).toBe('unknown');
    expect(sh('node --test scripts/deploy.js').mutability).toBe('unknown');
    // vitest and jest operands only filter the test files their configuration finds.
    expect(sh('vitest run scripts/deploy.js').mutability).toBe('check');
    expect(sh('pytest tests/test_a.py').mutability).toBe('check');
    expect(sh('vitest run src/a.test.ts').mutability).toBe('check');
    expect(sh('vitest run src').mutability).toBe('check');
  });

  it('workspace selection is not a check; plain known forms still are', () => {
    expect(sh('npm test -w other').mutability).toBe('unknown');
    expect(sh('npm --workspace=other run test').mutability).toBe('unknown');
    for (const cmd of [
      'npm test',
      'vitest run',
      'jest',
      'pytest -q -p no:cacheprovider',
      'go test ./...',
      'c8 vitest run',
      'nyc mocha',
      'eslint -f json .',
      'cargo test -p core',
      'mypy src',
    ]) {
      expect({ cmd, m: sh(cmd).mutability }).toEqual({ cmd, m: 'check' });
    }
  });
});

describe('closed-world runner tables', () => {
  const tree = virtualContext({
    'package.json': JSON.stringify({ scripts: { test: 'vitest run' } }),
    'vitest.config.ts': 'x',
    'evil.config.ts': 'x',
    'src/a.test.ts': 'x',
    'scripts/tool.js': 'x',
    'tests/test_a.py': 'x',
    'tox.ini': '[tox]\nenvlist = lint\n\n[testenv:lint]\ncommands =\n    ruff check .\n\n[testenv:clean]\ncommands = rm -rf build\n',
  });
  const m = (cmd: string) => classifyShell(cmd, tree).mutability;

  it('an option outside the runner table leaves it unproven', () => {
    for (const cmd of [
      'vitest run --frobnicate',
      'jest --somethingNew',
      'pytest --made-up',
      'eslint . --unknown-flag',
      'cargo test -Zunstable-options',
      'go test -weird ./...',
      'mypy --whatever .',
    ]) {
      expect({ cmd, m: m(cmd) }).toEqual({ cmd, m: 'unknown' });
    }
  });

  it("a config file is the project's own only under a conventional name inside the project", () => {
    expect(m('vitest run --config vitest.config.ts')).toBe('check');
    expect(m('vitest run --config ./evil.config.ts')).toBe('unknown');
    expect(m('vitest run -c /tmp/vitest.config.ts')).toBe('unknown');
    expect(m('eslint -c /etc/eslint.config.js .')).toBe('unknown');
  });

  it('report, cache, coverage and target folders are writes of what they name', () => {
    const fx = (cmd: string) => classifyShell(cmd, tree).effects.map((e) => `${e.kind} ${e.path.replace(ROOT, '.')}`);
    expect(fx('vitest run --coverage.enabled --coverage.reportsDirectory=src')).toContain('write ./src');
    expect(fx('cargo test --target-dir src')).toEqual(['write ./src']);
    expect(fx('eslint . --cache --cache-location src/x')).toEqual(['write ./src/x']);
    expect(fx('dotnet test --results-directory src')).toEqual(['write ./src']);
    expect(fx('nyc --report-dir=src npm test')).toEqual(['write ./src']);
    expect(fx('c8 --reporter=html vitest run')).toEqual(['write ./coverage']);
    expect(m('vitest run --coverage')).toBe('write');
    expect(m('c8 vitest run')).toBe('check');
    expect(m('c8 --reporter=text vitest run')).toBe('check');
  });

  it('built-in reporters and environments only; a module is code', () => {
    expect(m('vitest run --reporter=dot')).toBe('check');
    expect(m('vitest run --reporter ./r.js')).toBe('unknown');
    expect(m('vitest run --environment jsdom')).toBe('check');
    expect(m('vitest run --environment ./env.ts')).toBe('unknown');
    expect(m('yarn test --reporter ./evil')).toBe('unknown');
  });

  it('runners that execute files run only test files or folders', () => {
    expect(m('pytest tests/test_a.py::test_x')).toBe('check');
    expect(m('pytest scripts/deploy.py')).toBe('unknown');
    expect(m('node --test scripts/tool.js')).toBe('unknown');
    expect(m('node --test src/a.test.ts')).toBe('check');
  });

  it('maven, gradle, dotnet: properties and options from a short list', () => {
    expect(m('mvn -q test -DskipITs')).toBe('check');
    expect(m('mvn test -DoutputDirectory=src')).toBe('unknown');
    expect(m('gradle test --tests Foo')).toBe('check');
    expect(m('gradle test --init-script evil.gradle')).toBe('unknown');
    expect(m('gradle build')).toBe('write');
    expect(m('dotnet test --filter Category=Unit')).toBe('check');
    expect(m('dotnet test -- RunConfiguration.ResultsDirectory=src')).toBe('unknown');
  });

  it('tox runs the commands its tox.ini gives each environment', () => {
    expect(m('tox -e lint')).toBe('check');
    expect(m('tox -e clean')).toBe('write');
    expect(m('tox -e missing')).toBe('unknown');
    expect(classifyShell('tox -e lint', virtualContext({})).mutability).toBe('unknown');
  });
});

describe('booleans spelled with a value (yargs, cac)', () => {
  const c = virtualContext({ 'package.json': JSON.stringify({ scripts: { test: 'jest' } }) });
  it('=false turns an option off; =true is the option', () => {
    expect(classifyShell('jest --watchAll=false --coverage=false', c).mutability).toBe('check');
    expect(classifyShell('jest --coverage=true', c).mutability).toBe('write');
    expect(classifyShell('vitest run --update=true', c).mutability).toBe('write');
    expect(classifyShell('vitest run --outputFile=false', c).mutability).toBe('write');
  });
});
