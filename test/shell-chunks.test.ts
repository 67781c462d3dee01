// The shell classifier's chunks (scripts/build/shell-chunks.mjs; docs/DESIGN.md#performance-budget):
// the plan puts every module in exactly one chunk, the build's bundles hold what the plan says,
// and a shell command loads the core and the chunks of the families it names, nothing else.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkOneChunkEach, planShellChunks, SHELL_CORE, type ShellChunk } from '../scripts/build/shell-chunks.mjs';

/** A metafile for a graph: module -> the modules it imports, and each module's bytes in the bundle. */
function meta(graph: Record<string, string[]>, bytes: Record<string, number>): Metafile {
  const inputs = Object.fromEntries(
    Object.entries(graph).map(([m, imports]) => [m, { bytes: 0, imports: imports.map((p) => ({ path: p, kind: 'import-statement' as const, original: p })) }]),
  );
  const sized = Object.fromEntries(Object.keys(graph).map((m) => [m, { bytesInOutput: bytes[m] ?? 100 }]));
  return { inputs, outputs: { 'x.cjs': { bytes: 0, inputs: sized, imports: [], exports: [], entryPoint: 'e.ts' } } } as Metafile;
}

describe('the shell chunks plan', () => {
  const graph = {
    'e.ts': ['core.ts', 'lazy.ts'],
    'lazy.ts': ['fa.ts', 'fb.ts', 'fc.ts'],
    'core.ts': [],
    'fa.ts': ['core.ts', 'big.ts', 'small.ts', 'tiny.ts'],
    'fb.ts': ['big.ts', 'small.ts'],
    'fc.ts': ['core.ts', 'own.ts', 'fb.ts', 'tiny.ts', 'remit-builtin:path'],
    'own.ts': [],
    'big.ts': ['small.ts'],
    'small.ts': [],
    'tiny.ts': [],
    'remit-builtin:path': [],
  };
  const plan = planShellChunks(meta(graph, { 'big.ts': 20_000 }), { entry: 'e.ts', lazy: 'lazy.ts', sharedMin: 10_000 });
  const chunk = (file: string) => plan.chunks.find((c) => c.file === file)!;
  const layout = (p: typeof plan) => p.chunks.map((c) => [c.file, [...c.modules].sort()]);

  it('puts what the core reaches and small shared modules in the core, a family in its chunk, what the same families load together', () => {
    expect(layout(plan)).toEqual([
      [SHELL_CORE, ['core.ts', 'e.ts', 'lazy.ts', 'tiny.ts']],
      // Every family loads big.ts and small.ts (fc through fb).
      ['remit-shell-big.cjs', ['big.ts', 'small.ts']],
      ['remit-shell-fa.cjs', ['fa.ts']],
      ['remit-shell-fb.cjs', ['fb.ts']],
      ['remit-shell-fc.cjs', ['fc.ts', 'own.ts']],
    ]);
  });

  it('exposes each module another chunk imports, and knows which chunks each loads and imports', () => {
    expect(chunk(SHELL_CORE).exposes).toEqual(['core.ts', 'tiny.ts']);
    expect(chunk(SHELL_CORE).lazy).toEqual(['remit-shell-fa.cjs', 'remit-shell-fb.cjs', 'remit-shell-fc.cjs']);
    expect(chunk('remit-shell-fb.cjs').exposes).toEqual(['fb.ts']);
    expect(chunk('remit-shell-big.cjs').exposes).toEqual(['big.ts', 'small.ts']);
    expect(chunk('remit-shell-fc.cjs').imports).toEqual(['remit-shell-fb.cjs', SHELL_CORE]);
    expect(chunk('remit-shell-fa.cjs').imports).toEqual(['remit-shell-big.cjs', SHELL_CORE]);
  });

  it('holds in the core a family named to be there, and what it loads', () => {
    const withFa = planShellChunks(meta(graph, { 'big.ts': 20_000 }), { entry: 'e.ts', lazy: 'lazy.ts', sharedMin: 10_000, inCore: ['fa'] });
    expect(layout(withFa)).toEqual([
      [SHELL_CORE, ['big.ts', 'core.ts', 'e.ts', 'fa.ts', 'lazy.ts', 'small.ts', 'tiny.ts']],
      ['remit-shell-fb.cjs', ['fb.ts']],
      ['remit-shell-fc.cjs', ['fc.ts', 'own.ts']],
    ]);
    expect(withFa.chunks[0]!.lazy).toEqual(['remit-shell-fb.cjs', 'remit-shell-fc.cjs']);
    expect(() => planShellChunks(meta(graph, {}), { entry: 'e.ts', lazy: 'lazy.ts', inCore: ['fz'] })).toThrow(/no family fz/);
  });

  it('stops when the core imports a family other than through its loader', () => {
    expect(() => planShellChunks(meta({ ...graph, 'core.ts': ['fa.ts'] }, {}), { entry: 'e.ts', lazy: 'lazy.ts' })).toThrow(/imports fa\.ts/);
  });

  it('stops the build when a module is in two chunks, or in a chunk the plan did not give it', () => {
    const one = (m: string) => ({ [m]: {} });
    const right = Object.fromEntries(plan.chunks.map((c) => [c.file, Object.fromEntries(c.modules.map((m) => [m, {}]))]));
    expect(() => checkOneChunkEach(plan, right)).not.toThrow();
    expect(() => checkOneChunkEach(plan, { ...right, 'remit-shell-fc.cjs': { ...right['remit-shell-fc.cjs'], ...one('core.ts') } })).toThrow(
      /core\.ts is in remit-shell\.cjs and remit-shell-fc\.cjs/,
    );
    expect(() => checkOneChunkEach(plan, { ...right, 'remit-shell-fa.cjs': { ...right['remit-shell-fa.cjs'], ...one('own.ts') } })).toThrow(
      /own\.ts is in remit-shell-fa\.cjs, planned for remit-shell-fc\.cjs/,
    );
    // Node's own modules, as the build wraps them, hold no state and are in every chunk that imports them.
    expect(() => checkOneChunkEach(plan, { ...right, 'remit-shell-fa.cjs': { ...right['remit-shell-fa.cjs'], ...one('remit-builtin:path') } })).not.toThrow();
  });
});

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');

describe("the build's shell chunks", () => {
  let chunks: (ShellChunk & { bundled: string[] })[];
  beforeAll(() => {
    // The plan and what each chunk's bundle holds, from the build itself (nothing written).
    chunks = JSON.parse(execFileSync(process.execPath, [path.join(ROOT, 'scripts/build/build.mjs'), '--shell-plan'], { cwd: ROOT, encoding: 'utf8' }));
    if (!existsSync(path.join(DIST, SHELL_CORE))) execFileSync(process.execPath, [path.join(ROOT, 'scripts/build/build.mjs')]);
  }, 120_000);

  it('bundles each module into one chunk only: the core, or the family or shared chunk that alone holds it', () => {
    const where = new Map<string, string[]>();
    for (const c of chunks) for (const m of c.bundled) where.set(m, [...(where.get(m) ?? []), c.file]);
    expect([...where].filter(([, files]) => files.length > 1)).toEqual([]);
    for (const c of chunks) expect([...c.bundled].sort(), c.file).toEqual([...c.modules].sort());
    const core = chunks.find((c) => c.file === SHELL_CORE)!;
    expect(core.bundled).toContain('src/core/shell/walker.ts');
    expect(core.bundled).toContain('src/core/shell/programs/git.ts');
    expect(core.bundled).not.toContain('src/core/shell/programs/network.ts');
    expect(chunks.find((c) => c.file === 'remit-shell-network.cjs')?.bundled).toContain('src/core/shell/programs/network.ts');
  });

  /** The shell chunks a fresh process loads to classify `command`. */
  function loads(command: string, shell: 'bash' | 'powershell' = 'bash'): string[] {
    const script = `const {classifyShell}=require(${JSON.stringify(path.join(DIST, SHELL_CORE))});
classifyShell(process.argv[1],{cwd:'/p',projectRoot:'/p',home:'/h',files:{exists:()=>false,isDirectory:()=>false,read:()=>undefined,list:()=>undefined},config:{toolClassifications:{},checkCommands:[],checkScripts:[]},digestKey:'k',realpath:false},process.argv[2]);
process.stdout.write(JSON.stringify(Object.keys(require.cache).map((f)=>require('path').basename(f)).filter((f)=>f.startsWith('remit-shell')).sort()));`;
    return JSON.parse(execFileSync(process.execPath, ['-e', script, command, shell], { encoding: 'utf8' }));
  }
  /** The core, the chunks named and every chunk they import. */
  function closure(...named: string[]): string[] {
    const out = new Set([SHELL_CORE]);
    const todo = named.map((n) => `remit-shell-${n}.cjs`);
    while (todo.length > 0) {
      const f = todo.pop()!;
      if (out.has(f)) continue;
      out.add(f);
      todo.push(...chunks.find((c) => c.file === f)!.imports);
    }
    return [...out].sort();
  }

  it.each([
    // The families the core holds (scripts/build/build.mjs, SHELL_CORE_FAMILIES).
    ['git status --short && grep -rn TODO src | head -5', []],
    ['cd src && mkdir -p out && timeout 5 cat a.ts', []],
    ['curl -o out.html https://example.com', ['network']],
    ['npm test', ['packages']],
    ['sha256sum src/a.ts', ['hash']],
    ['python3 -c "print(1)" && redis-cli ping', ['interpreters', 'datastores']],
  ])('%s loads the core and the chunks of the families it names', (command, named) => {
    expect(loads(command)).toEqual(closure(...named));
  });

  it('a PowerShell command loads the PowerShell chunk', () => {
    expect(loads('Get-Content src/a.ts', 'powershell')).toEqual(closure('powershell'));
  });
});
