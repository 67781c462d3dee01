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
    expect(sh('vitest run --outputFile=report.json --reporter=json')).toMatchObject({ mutability: 'write', effects: [{ kind: 'write', path: `${ROOT}/report.json` }] });
    expect(sh('jest --outputFile out.json').effects).toEqual([{ kind: 'write', path: `${ROOT}/out.json` }]);
    expect(sh('pytest --basetemp=/tmp/x').effects).toEqual([{ kind: 'write', path: '/tmp/x' }]);
    expect(sh('node --test --test-reporter=tap --test-reporter-destination=out.tap').effects).toEqual([{ kind: 'write', path: `${ROOT}/out.tap` }]);
    expect(sh('go test -coverprofile=c.out ./...').effects).toEqual([{ kind: 'write', path: `${ROOT}/c.out` }]);
    expect(sh('tsc --noEmit --tsBuildInfoFile .cache/tsbuild').mutability).toBe('write');
    expect(sh('tsc --noEmit --generateTrace trace').mutability).toBe('write');
    expect(sh('go test -c -o t.bin ./pkg').mutability).toBe('write');
  });

  it('options that run other programs or modules make it unproven', () => {
    for (const cmd of [
      'go test -exec ./evil ./...', 'npm test --script-shell=./evil.sh', "jest --config '{\"runner\":\"./evil.js\"}'", 'vitest run --node-options=--require=./x.js',
      'mocha -r ./evil.js', 'mocha --reporter ./evil-reporter.js', 'pytest -p evil_plugin', "pytest -o addopts='-p evil'", 'eslint -f ./fmt.js .', 'jest --testRunner ./r.js',
      'NODE_OPTIONS=--require=./evil.js npm test', 'c8 rm -rf src', 'nyc sh -c "rm -rf src"',
    ]) {
      expect({ cmd, m: sh(cmd).mutability }).toMatchObject({ cmd, m: expect.stringMatching(/^(?:unknown|write)$/) });
    }
  });

  it('a runner that executes files runs only test files inside the project', () => {
    expect(sh('pytest tools/migrate.py').mutability).toBe('unknown');
    expect(sh('node --test scripts/deploy.js').mutability).toBe('unknown');
    expect(sh('vitest run scripts/deploy.js').mutability).toBe('unknown');
    expect(sh('pytest tests/test_a.py').mutability).toBe('check');
    expect(sh('vitest run src/a.test.ts').mutability).toBe('check');
    expect(sh('vitest run src').mutability).toBe('check');
  });

  it('workspace selection is not a check; plain known forms still are', () => {
    expect(sh('npm test -w other').mutability).toBe('unknown');
    expect(sh('npm --workspace=other run test').mutability).toBe('unknown');
    for (const cmd of ['npm test', 'vitest run', 'jest', 'pytest -q -p no:cacheprovider', 'go test ./...', 'c8 vitest run', 'nyc mocha', 'eslint -f json .', 'cargo test -p core', 'mypy src']) {
      expect({ cmd, m: sh(cmd).mutability }).toEqual({ cmd, m: 'check' });
    }
  });
});
