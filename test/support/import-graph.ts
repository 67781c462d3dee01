// remit's own import graph, read with the TypeScript compiler's parser (no type checking):
// every relative import, export-from, `import()` and `import('…')` type, with its kind. The
// layering test judges it; nothing else here knows a rule.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type ImportKind = 'static' | 'type' | 'dynamic';
export interface ImportEdge {
  from: string;
  to: string;
  kind: ImportKind;
}

/** Relative specifiers in one module's text, with how each is imported. */
export function importsOf(fileName: string, text: string): { spec: string; kind: ImportKind }[] {
  const kind = /\.[cm]?js$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const out: { spec: string; kind: ImportKind }[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier))
      out.push({ spec: n.moduleSpecifier.text, kind: n.importClause?.isTypeOnly ? 'type' : 'static' });
    else if (ts.isExportDeclaration(n) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier))
      out.push({ spec: n.moduleSpecifier.text, kind: n.isTypeOnly ? 'type' : 'static' });
    else if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteralLike(n.arguments[0]))
      out.push({ spec: n.arguments[0].text, kind: 'dynamic' });
    else if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument) && ts.isStringLiteral(n.argument.literal))
      out.push({ spec: n.argument.literal.text, kind: 'type' });
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out.filter((i) => i.spec.startsWith('.'));
}

/** A `./x.js` specifier names x.ts in the sources; `./x.mjs` a build script. */
function resolve(root: string, from: string, spec: string): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  for (const c of [base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts'), base])
    if (existsSync(path.join(root, c)) && statSync(path.join(root, c)).isFile()) return c;
  return null;
}

const SOURCE = /\.(ts|mts|mjs|cjs)$/;

function walk(root: string, dir: string, out: string[]): void {
  for (const e of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && rel !== 'src/generated') walk(root, rel, out);
    } else if (SOURCE.test(e.name) && !e.name.endsWith('.d.ts') && !e.name.endsWith('.d.mts')) out.push(rel);
  }
}

/** Every module under `dirs` (repository-relative, `/`-separated), its edges, and any specifier that names no file. */
export function importGraph(root: string, dirs: readonly string[]): { files: string[]; edges: ImportEdge[]; unresolved: string[] } {
  const files: string[] = [];
  for (const d of dirs) walk(root, d, files);
  const edges: ImportEdge[] = [];
  const unresolved: string[] = [];
  for (const from of files) {
    for (const i of importsOf(from, readFileSync(path.join(root, from), 'utf8'))) {
      const to = resolve(root, from, i.spec);
      if (to) edges.push({ from, to, kind: i.kind });
      else unresolved.push(`${from}: ${i.spec}`);
    }
  }
  return { files, edges, unresolved };
}

/** Strongly connected groups of more than one module (or a module importing itself): the cycles. */
export function cycles(files: readonly string[], edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const e of edges) next.get(e.from)?.push(e.to);
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!next.has(w)) continue;
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (next.get(v) ?? []).includes(v)) found.push(group.sort());
    }
  };
  for (const f of files) if (!index.has(f)) connect(f);
  return found;
}
