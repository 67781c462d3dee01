// ARCHITECTURE.md is the newcomer's map: every path it names and every folder its diagram
// draws exists, every host folder, scripts folder and core area is on it, and its tables of
// host folders and of one host folder's files say what the tree and the host list
// (adapters/hosts.ts) say.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOSTS } from '../adapters/hosts.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const DOC = readFileSync(path.join(ROOT, 'ARCHITECTURE.md'), 'utf8');
const TOP = /^(schemas|src|adapters|cases|e2e|scripts|test|docs|dist|skills|plugins)\//;
const hostNames: string[] = HOSTS.map((h) => h.name);

/** `a/{b,c}.js` → `a/b.js`, `a/c.js`; `adapters/<host>/x` → one per host. */
function expand(token: string): string[] {
  const brace = /\{([^{}]+)\}/.exec(token);
  if (brace) return brace[1]!.split(',').flatMap((alt) => expand(token.replace(brace[0], alt)));
  if (token.startsWith('adapters/<host>/')) return hostNames.map((h) => token.replace('<host>', h));
  return [token];
}

/** Every backticked path the document names, placeholders expanded; globs and other placeholders are not paths. */
function namedPaths(text: string): string[] {
  const tokens = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  return [...new Set(tokens.filter((t) => TOP.test(t) && !/\s/.test(t)).flatMap(expand))].filter((t) => !/[<>*$…]/.test(t));
}

const exists = (p: string) => existsSync(path.join(ROOT, p)) && (!p.endsWith('/') || statSync(path.join(ROOT, p)).isDirectory());
const folders = (dir: string) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory() && readdirSync(path.join(ROOT, dir, d.name)).length > 0)
    .map((d) => d.name);

/** The rows of the table under `### <title>`, each as its cells. */
function table(title: string): string[][] {
  const at = DOC.indexOf(`\n### ${title}\n`);
  expect(at, `section ${title}`).toBeGreaterThan(0);
  const rows: string[][] = [];
  for (const line of DOC.slice(at).split('\n').slice(2)) {
    if (line.startsWith('#')) break;
    if (!line.startsWith('| ') || line.startsWith('| ---')) continue;
    rows.push(line.slice(2, -2).split(' | '));
  }
  return rows.slice(1);
}

describe('ARCHITECTURE.md', () => {
  beforeAll(() => {
    if (!existsSync(path.join(ROOT, 'dist', 'remit.cjs'))) execFileSync(process.execPath, [path.join(ROOT, 'scripts/build/build.mjs')]);
  }, 120_000);

  it('names only paths that exist', () => {
    const named = namedPaths(DOC);
    expect(named.length).toBeGreaterThan(30);
    expect(named.filter((p) => !exists(p))).toEqual([]);
  });

  it("draws only what exists: the diagram's folders, and host files that some host folder has", () => {
    const diagram = /```text\n([\s\S]*?)```/.exec(DOC)![1]!;
    const folders = [...diagram.matchAll(/\b(?:src|adapters)\/[\w<>/-]*/g)].map((m) => m[0]).flatMap(expand);
    expect(folders.length).toBeGreaterThan(8);
    expect(folders.filter((p) => !exists(p))).toEqual([]);
    const hostFiles = [...diagram.matchAll(/\(([^)]*)\)/g)].flatMap((m) => [...m[1]!.matchAll(/\b[\w-]+\.ts\b/g)].map((f) => f[0]));
    expect(hostFiles.length).toBeGreaterThan(2);
    for (const file of hostFiles)
      expect(
        hostNames.some((h) => exists(`adapters/${h}/${file}`)),
        file,
      ).toBe(true);
  });

  it('names every folder under adapters/ and scripts/ and every area of src/core/; scripts/ has no loose file', () => {
    expect(
      readdirSync(path.join(ROOT, 'scripts'), { withFileTypes: true })
        .filter((d) => !d.isDirectory())
        .map((d) => d.name),
    ).toEqual([]);
    const missing = [
      ...folders('adapters').map((f) => `adapters/${f}/`),
      ...folders('scripts').map((f) => `scripts/${f}/`),
      ...folders('src/core').map((f) => `src/core/${f}/`),
    ].filter((p) => !DOC.includes(`\`${p}\``));
    expect(missing).toEqual([]);
  });

  it('lists every host in its host folders table, with `remit hook` for exactly the hosts that have a hook', () => {
    const rows = table('Host folders');
    expect(rows.map((r) => r[0])).toEqual(hostNames.map((h) => `\`adapters/${h}/\``));
    for (const [folder, , how] of rows) {
      const host = HOSTS.find((h) => folder === `\`adapters/${h.name}/\``)!;
      expect(how!.includes(`\`remit hook ${host.name} `), host.name).toBe(host.hook !== undefined);
    }
  });

  it("says which hosts hold each file of one host's folder, and the host list agrees", () => {
    const rows = table("One host's folder");
    expect(rows.length).toBeGreaterThan(8);
    for (const [files, , where] of rows) {
      const listed: readonly string[] = where === 'every host' ? hostNames : where!.split(', ');
      for (const file of [...files!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)) {
        const holders = hostNames.filter((h) => exists(`adapters/${h}/${file}`));
        expect(holders, file).toEqual(hostNames.filter((h) => listed.includes(h)));
        expect(
          listed.filter((h) => !hostNames.includes(h)),
          file,
        ).toEqual([]);
      }
    }
    // One name, one role: an index.ts is what a host loads, never a barrel.
    const indexes = ['src', 'adapters', 'scripts'].flatMap((d) =>
      readdirSync(path.join(ROOT, d), { recursive: true })
        .map(String)
        .filter((f) => path.basename(f) === 'index.ts')
        .map((f) => `${d}/${f}`),
    );
    expect(indexes.sort()).toEqual(HOSTS.flatMap((h) => (h.plugin && 'module' in h.plugin ? [h.plugin.module] : [])).sort());
    for (const h of HOSTS) {
      expect(exists(`adapters/${h.name}/hook.ts`), `${h.name} hook.ts`).toBe(h.hook !== undefined);
      expect(h.plugin && 'module' in h.plugin ? h.plugin.module : null, `${h.name} index.ts`).toBe(
        exists(`adapters/${h.name}/index.ts`) ? `adapters/${h.name}/index.ts` : null,
      );
      expect(h.plugin && 'folder' in h.plugin ? h.plugin.folder : null, `${h.name} plugin/`).toBe(
        exists(`adapters/${h.name}/plugin/`) ? `adapters/${h.name}/plugin` : null,
      );
    }
  });
});
