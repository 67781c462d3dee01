// The YAML list edits of the Hermes and omp installers (editYamlList over yaml-text.ts): every
// byte of the user's survives an install and an uninstall, also when the user edits the file
// in between, and a list the user had stays when remit's entry was its only one.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { editYamlList } from './install-files.js';
import { yamlScalar } from './yaml-text.js';

const base = mkdtempSync(path.join(tmpdir(), 'remit-yaml-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let n = 0;

function roundTrip(original: string | null, between?: (installed: string) => string) {
  const dir = path.join(base, String(n++));
  const file = path.join(dir, 'config.yaml');
  if (original !== null) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, original);
  }
  const edit = { file, keys: ['plugins', 'enabled'], entry: 'remit', dryRun: false, stopAt: dir, label: 'hermes', newMode: 0o600 };
  editYamlList({ ...edit, add: true });
  const installed = readFileSync(file, 'utf8');
  if (between) writeFileSync(file, between(installed));
  const r = editYamlList({ ...edit, add: false });
  return { installed, after: existsSync(file) ? readFileSync(file, 'utf8') : null, note: r.note ?? '' };
}

// Each original, and the file install leaves (remit's entry is one new line or one flow item).
const shapes: [string, string][] = [
  [
    'model: x\nplugins:\n  enabled:\n    - other   # mine\n    -   two\n  disabled: [a,  b]\n',
    'model: x\nplugins:\n  enabled:\n    - other   # mine\n    -   two\n    - remit\n  disabled: [a,  b]\n',
  ],
  ['plugins:\n  enabled: [a,  b]  # c\n', 'plugins:\n  enabled: [a,  b, remit]  # c\n'],
  ['plugins:\n  enabled: []\n', 'plugins:\n  enabled: [remit]\n'],
  ['plugins:\n  enabled:\n', 'plugins:\n  enabled:\n    - remit\n'],
  ['plugins: {}\n', 'plugins: {enabled: [remit]}\n'],
  ['plugins: {x: 1}\n', 'plugins: {x: 1, enabled: [remit]}\n'],
  ['plugins:\n', 'plugins:\n  enabled:\n    - remit\n'],
  ['# only a comment\n', '# only a comment\nplugins:\n  enabled:\n    - remit\n'],
  ['model: x', 'model: x\nplugins:\n  enabled:\n    - remit'],
  ['model: x\nplugins:\n  disabled:\n  - a\n# tail\n', 'model: x\nplugins:\n  disabled:\n  - a\n  enabled:\n    - remit\n# tail\n'],
  ['plugins:\n  enabled:\n  - a\n  - "b"   # q\n# tail\n', 'plugins:\n  enabled:\n  - a\n  - "b"   # q\n  - remit\n# tail\n'],
  ['plugins:\n  enabled:\n  - a', 'plugins:\n  enabled:\n  - a\n  - remit'],
];

describe('a YAML list edited line by line', () => {
  it.each(shapes)('%j: install adds one line or item, uninstall gives the bytes back', (original, installed) => {
    const r = roundTrip(original);
    expect(r.installed).toBe(installed);
    expect(r.after).toBe(original);
  });

  it.each(shapes)('%j: a user edit between install and uninstall stays, and so does every other byte', (original) => {
    const r = roundTrip(original, (t) => `# added by the user\n${t.replace('model: x', 'model: y')}`);
    expect(r.after).toBe(`# added by the user\n${original.replace('model: x', 'model: y')}`);
    expect(r.note).toMatch(/changed since remit installed; remit's entry was removed and the backup .* kept/);
  });

  it("the user's line added after remit's keeps its spacing; a file remit made goes when only remit's entry was in it", () => {
    const r = roundTrip('plugins:\n  enabled:\n    - other   # mine\n', (t) => `${t}    - third    # later\n`);
    expect(r.after).toBe('plugins:\n  enabled:\n    - other   # mine\n    - third    # later\n');
    expect(roundTrip(null).after).toBeNull();
    expect(roundTrip(null, (t) => `${t}model: z\n`).after).toBe('model: z\n');
  });

  it('a layout the line edits cannot do is refused with the by-hand change, the file untouched', () => {
    const dir = path.join(base, 'odd');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'config.yaml');
    const odd = 'plugins:\n  enabled: &x [a]\nother: *x\n';
    writeFileSync(file, odd);
    const edit = { file, keys: ['plugins', 'enabled'], entry: 'remit', dryRun: false, stopAt: dir, label: 'hermes', newMode: 0o600, add: true };
    expect(() => editYamlList(edit)).toThrow(/cannot edit without rewriting your lines; add remit to that list by hand/);
    expect(readFileSync(file, 'utf8')).toBe(odd);
  });

  it('a scalar is written plain only when YAML reads it back as itself', () => {
    expect(yamlScalar('/home/u/.omp/agent/extensions/remit.js')).toBe('/home/u/.omp/agent/extensions/remit.js');
    for (const s of ['a, b', '- x', 'yes: no', 'x #y', '', 'true', '12', ' lead', '[a]']) expect(yamlScalar(s)).toBe(JSON.stringify(s));
  });
});
