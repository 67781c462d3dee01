// The house's layering (ARCHITECTURE.md): the core knows no host and no command line, an adapter
// never reaches up into the CLI or across into another host's folder (folders several hosts
// share are named in test/support/adapters-tree.ts), shipped code never imports a test nor
// keeps a module only tests import or an export no other file names, and no module imports
// itself through any chain — static, type-only or lazy `import()`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOSTS } from '../adapters/hosts.js';
import { SHARED_ADAPTER_FOLDERS } from './support/adapters-tree.js';
import { cycles, importGraph, importsOf, type ImportEdge } from './support/import-graph.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const isTest = (f: string) => f.startsWith('test/') || /\.test\.ts$/.test(f);
/** What ships: the sources under src/ and adapters/ (scripts/ are the build's and the bench's tools). */
const isProduction = (f: string) => (f.startsWith('src/') || f.startsWith('adapters/')) && !isTest(f);
/** The folder under adapters/ a module lives in (undefined for adapters/*.ts and everything else). */
const adapterFolder = (f: string) => /^adapters\/([^/]+)\//.exec(f)?.[1];

/** What one edge breaks, or null. */
function breach(e: ImportEdge, shared: readonly string[]): string | null {
  const { from, to } = e;
  if (from.startsWith('src/core/') && (to.startsWith('adapters/') || to.startsWith('src/cli/'))) return 'the core imports an adapter or the CLI';
  if (from.startsWith('adapters/') && to.startsWith('src/cli/')) return 'an adapter imports the CLI';
  const a = adapterFolder(from);
  const b = adapterFolder(to);
  if (a && b && a !== b && !shared.includes(b)) return `adapters/${a}/ imports another host's folder`;
  if (isProduction(from) && isTest(to)) return 'production code imports a test module';
  return null;
}

function problems(files: string[], edges: ImportEdge[], shared: readonly string[]): string[] {
  return [
    ...cycles(files, edges).map((c) => `cycle: ${c.join(' → ')}`),
    ...edges.flatMap((e) => {
      const why = breach(e, shared);
      return why ? [`${why}: ${e.from} → ${e.to} (${e.kind})`] : [];
    }),
  ];
}

describe('layering', () => {
  const graph = importGraph(ROOT, ['src', 'adapters', 'scripts', 'test']);

  it('reads the whole tree, and every relative import names a file', () => {
    expect(graph.files.length).toBeGreaterThan(300);
    expect(graph.edges.length).toBeGreaterThan(1000);
    expect(graph.unresolved).toEqual([]);
  });

  it('has no cycle, no upward import and no import across hosts', () => {
    expect(problems(graph.files, graph.edges, SHARED_ADAPTER_FOLDERS)).toEqual([]);
  });

  it('keeps no test-only module among what ships: a module under src/ or adapters/ that something imports has a non-test importer', () => {
    // What a host loads is built from its path (scripts/build/plugins.mjs), whoever imports it.
    const entries = new Set(HOSTS.flatMap((h) => (h.plugin && 'module' in h.plugin ? [h.plugin.module] : [])));
    const importers = new Map<string, string[]>();
    for (const e of graph.edges) importers.set(e.to, [...(importers.get(e.to) ?? []), e.from]);
    const testOnly = graph.files.filter((f) => isProduction(f) && !entries.has(f) && (importers.get(f) ?? ['']).every(isTest));
    expect(testOnly).toEqual([]);
  });

  it('exports only what another file uses: every exported function, constant or class under src/ or adapters/ is named elsewhere', () => {
    const users = [...graph.files, ...importGraph(ROOT, ['e2e']).files];
    const words = new Map(users.map((f) => [f, new Set(readFileSync(path.join(ROOT, f), 'utf8').split(/[^\w$]+/))]));
    const lonely = graph.files.filter(isProduction).flatMap((f) =>
      [...readFileSync(path.join(ROOT, f), 'utf8').matchAll(/^export (?:async )?(?:function\*?|const|let|class) ([\w$]+)/gm)]
        .map((m) => m[1]!)
        .filter((name) => !users.some((u) => u !== f && words.get(u)!.has(name)))
        .map((name) => `${f}: ${name}`),
    );
    expect(lonely).toEqual([]);
  });

  it('reads every kind of import, and would catch each breach', () => {
    const kinds = importsOf(
      'x.ts',
      "import a from './a.js';\nimport type { B } from './b.js';\nexport { c } from './c.js';\nconst d = () => import('./d.js');\nlet e: import('./e.js').E;\nimport 'node:fs';\n",
    );
    expect(kinds).toEqual([
      { spec: './a.js', kind: 'static' },
      { spec: './b.js', kind: 'type' },
      { spec: './c.js', kind: 'static' },
      { spec: './d.js', kind: 'dynamic' },
      { spec: './e.js', kind: 'type' },
    ]);
    const edge = (from: string, to: string, kind: ImportEdge['kind'] = 'static'): ImportEdge => ({ from, to, kind });
    const files = ['src/core/a.ts', 'src/core/b.ts', 'src/cli/c.ts', 'adapters/pi/x.ts', 'adapters/omp/y.ts', 'adapters/pi-family/z.ts', 'test/support/w.ts'];
    const bad = [
      edge('src/core/a.ts', 'src/core/b.ts'),
      edge('src/core/b.ts', 'src/core/a.ts', 'dynamic'),
      edge('src/core/a.ts', 'adapters/pi/x.ts', 'type'),
      edge('adapters/pi/x.ts', 'src/cli/c.ts'),
      edge('adapters/pi/x.ts', 'adapters/omp/y.ts'),
      edge('adapters/pi-family/z.ts', 'adapters/omp/y.ts'),
      edge('adapters/pi/x.ts', 'test/support/w.ts'),
    ];
    const found = problems(files, bad, ['pi-family']);
    expect(found).toEqual([
      'cycle: src/core/a.ts → src/core/b.ts',
      'the core imports an adapter or the CLI: src/core/a.ts → adapters/pi/x.ts (type)',
      'an adapter imports the CLI: adapters/pi/x.ts → src/cli/c.ts (static)',
      "adapters/pi/ imports another host's folder: adapters/pi/x.ts → adapters/omp/y.ts (static)",
      "adapters/pi-family/ imports another host's folder: adapters/pi-family/z.ts → adapters/omp/y.ts (static)",
      'production code imports a test module: adapters/pi/x.ts → test/support/w.ts (static)',
    ]);
    // Shared folders are excepted by name, and the host list above the folders may name them all.
    expect(problems(files, [edge('adapters/pi/x.ts', 'adapters/pi-family/z.ts'), edge('adapters/hosts.ts', 'adapters/omp/y.ts')], ['pi-family'])).toEqual([]);
  });
});
