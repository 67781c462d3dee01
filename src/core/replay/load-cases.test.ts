import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { conventionError, loadCases } from './load-cases.js';
import type { Case } from '../../generated/types.js';

const ok: Case = {
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
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'remit-load-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function put(rel: string, text: string) {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), text);
}

describe('loadCases', () => {
  it('loads a valid case in its folder and sorts files', () => {
    put('I/MODE_FORBIDS_MUTATION/b.json', JSON.stringify(ok));
    put('I/MODE_FORBIDS_MUTATION/a.json', JSON.stringify(ok));
    put('README.md', '# not a case');
    const loaded = loadCases(dir);
    expect(loaded.map((l) => l.file)).toEqual(['I/MODE_FORBIDS_MUTATION/a.json', 'I/MODE_FORBIDS_MUTATION/b.json']);
    expect(loaded.every((l) => l.case && !l.error)).toBe(true);
  });

  it('reports broken JSON, schema failures and misplaced files as errors, never throws', () => {
    put('I/MODE_FORBIDS_MUTATION/torn.json', '{"title": ');
    put('I/MODE_FORBIDS_MUTATION/schema.json', JSON.stringify({ title: 'x', bad: { steps: [] }, good: { steps: [{ prompt: 'p' }] } }));
    put('S/MODE_FORBIDS_MUTATION/family.json', JSON.stringify(ok));
    put('I/PATH_OUTSIDE_CONTRACT/code.json', JSON.stringify(ok));
    put('I/NOT_A_CODE/x.json', JSON.stringify(ok));
    put('I/flat.json', JSON.stringify(ok));
    const byFile = Object.fromEntries(loadCases(dir).map((l) => [l.file, l]));
    expect(byFile['I/MODE_FORBIDS_MUTATION/torn.json']!.error).toMatch(/not JSON/);
    expect(byFile['I/MODE_FORBIDS_MUTATION/schema.json']!.error).toMatch(/steps/);
    expect(byFile['S/MODE_FORBIDS_MUTATION/family.json']!.error).toMatch(/family I, not S/);
    expect(byFile['I/PATH_OUTSIDE_CONTRACT/code.json']!.error).toMatch(/PATH_OUTSIDE_CONTRACT belongs to family S/);
    expect(byFile['I/NOT_A_CODE/x.json']!.error).toMatch(/not a reason code/);
    expect(byFile['I/flat.json']!.error).toMatch(/<family>\/<REASON_CODE>\/<slug>\.json/);
    for (const l of Object.values(byFile)) expect(l.case).toBeUndefined();
  });

  it('a missing folder is one error entry', () => {
    const loaded = loadCases(path.join(dir, 'nope'));
    expect(loaded).toHaveLength(1);
    expect(loaded[0]!.error).toMatch(/ENOENT/);
  });
});

describe('conventionError', () => {
  it('needs the folder code on a bad-arm step and an expectation in the good arm', () => {
    expect(conventionError('I/MODE_FORBIDS_MUTATION/x.json', ok)).toBeNull();
    const noGood: Case = { ...ok, good: { steps: [{ prompt: 'p' }] } };
    expect(conventionError('I/MODE_FORBIDS_MUTATION/x.json', noGood)).toMatch(/good arm expects nothing/);
    // The code must be expected by the bad arm, not only by the good one.
    const swapped: Case = { ...ok, bad: ok.good, good: ok.bad };
    expect(conventionError('I/MODE_FORBIDS_MUTATION/x.json', swapped)).toMatch(/no step of the bad arm expects/);
  });

  it('codes without a family may sit under any family; directive error codes under I', () => {
    const inactive: Case = {
      ...ok,
      bad: { steps: [{ action: { type: 'write', path: 'a', content: '' }, expect: { outcome: 'allow', reasonCode: 'CONTROL_INACTIVE' } }] },
    };
    expect(conventionError('S/CONTROL_INACTIVE/x.json', inactive)).toBeNull();
    const blocked: Case = { ...ok, bad: { steps: [{ prompt: '$remit chnage', expect: { outcome: 'block', reasonCode: 'INVALID_DIRECTIVE_TOKEN' } }] } };
    expect(conventionError('I/INVALID_DIRECTIVE_TOKEN/x.json', blocked)).toBeNull();
    expect(conventionError('H/INVALID_DIRECTIVE_TOKEN/x.json', blocked)).toMatch(/family I/);
  });
});
