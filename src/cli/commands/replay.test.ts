import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateCliReplay } from '../../generated/validate-cli-replay.js';
import type { Case } from '../../generated/types.js';
import { UsageError, type CliIO } from '../io.js';
import { replayRuntimeFactory, run, shippedCasesDir } from './replay.js';

const deps = { adapters: async () => [], createRuntime: replayRuntimeFactory([]) };

const good: Case = {
  title: 'write in review',
  bad: {
    steps: [
      { prompt: '$remit review' },
      { action: { type: 'write', path: 'a.txt', content: 'x' }, expect: { outcome: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION' } },
    ],
  },
  good: {
    steps: [
      { prompt: '$remit change' },
      { action: { type: 'write', path: 'a.txt', content: 'x' }, expect: { outcome: 'allow', reasonCode: 'WITHIN_CONTRACT' } },
    ],
  },
};

let dir: string;
let out: string;
let err: string;
const io = (): CliIO => ({ stdout: (s) => void (out += s), stderr: (s) => void (err += s), env: {}, cwd: dir });

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'remit-replay-cli-'));
  out = '';
  err = '';
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function put(rel: string, c: unknown) {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), typeof c === 'string' ? c : JSON.stringify(c));
}

describe('remit replay', () => {
  it('prints the table and the summary line, exit 0 when every case agrees', async () => {
    put('cases/I/MODE_FORBIDS_MUTATION/write.json', good);
    expect(await run(['cases'], io(), deps)).toBe(0);
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^case\s+bad → good\s+core$/);
    expect(lines[1]).toBe('I/MODE_FORBIDS_MUTATION');
    expect(lines[2]).toMatch(/^ {2}write\s+deny → allow\s+✓$/);
    expect(lines[lines.length - 1]).toBe('1 passed, 0 failed');
    expect(out).toContain('none: remit lets the call or prompt pass without a verdict');
  });

  it('one case file named that does not load is one line, not a failure per target', async () => {
    put('cases/I/MODE_FORBIDS_MUTATION/torn.json', '{"bad":');
    await expect(run([path.join(dir, 'cases/I/MODE_FORBIDS_MUTATION/torn.json')], io(), deps)).rejects.toThrow(
      /^the case \S+torn\.json does not load: torn\.json: not JSON/,
    );
    expect(out).toBe('');
  });

  it('exit 2 on a disagreement or an invalid file, which shows in its row', async () => {
    put('cases/I/MODE_FORBIDS_MUTATION/write.json', good);
    put('cases/I/MODE_FORBIDS_MUTATION/wrong.json', { ...good, good: { steps: [{ prompt: '$remit review' }, good.good.steps[1]] } });
    put('cases/S/MODE_FORBIDS_MUTATION/misplaced.json', good);
    expect(await run([path.join(dir, 'cases')], io(), deps)).toBe(2);
    expect(out).toMatch(/ {2}wrong\s+deny → allow\s+✗1\n/);
    expect(out).toMatch(/ {2}1 {2}core, good arm, step 2: expected allow\/WITHIN_CONTRACT, got deny\/MODE_FORBIDS_MUTATION \(core\)\n/);
    expect(out).toMatch(/ {2}misplaced\s+✗2 the case file does not load\n/);
    expect(out).toMatch(/ {2}2 {2}S\/MODE_FORBIDS_MUTATION\/misplaced\.json: MODE_FORBIDS_MUTATION belongs to family I, not S\n/);
    expect(out.trimEnd().split('\n').pop()).toBe('1 passed, 2 failed');
  });

  it('--json matches schemas/cli/replay.schema.json', async () => {
    put('cases/I/MODE_FORBIDS_MUTATION/write.json', good);
    put('cases/I/MODE_FORBIDS_MUTATION/torn.json', '{');
    expect(await run(['cases', '--json'], io(), deps)).toBe(2);
    const doc = JSON.parse(out) as unknown;
    expect(validateCliReplay(doc), JSON.stringify(validateCliReplay.errors)).toBe(true);
    expect(doc).toMatchObject({ targets: ['core'], passed: 1, failed: 1, notApplicable: 0 });
  });

  it('bad usage is a UsageError, nothing printed', async () => {
    await expect(run(['--host', 'nohost'], io(), deps)).rejects.toThrow(UsageError);
    await expect(run(['--bogus'], io(), deps)).rejects.toThrow(/unknown option --bogus/);
    await expect(run(['a', 'b'], io(), deps)).rejects.toThrow(/at most one/);
    await expect(run(['missing-folder'], io(), deps)).rejects.toThrow(/no such folder/);
    expect(out).toBe('');
  });

  it('--host core runs the core only; the shipped folder is found from the code', async () => {
    put('cases/I/MODE_FORBIDS_MUTATION/write.json', good);
    expect(await run(['cases', '--host', 'core'], io(), deps)).toBe(0);
    const shipped = shippedCasesDir();
    expect(shipped).not.toBeNull();
    expect(path.basename(shipped!)).toBe('cases');
    expect(shippedCasesDir(path.join(dir, 'x', 'y.js'))).toBeNull();
  });
});
