// Command words (program + arguments, as typed) of every simple command in a bash string, by
// two independent parsers: remit's (unbash through parseShell) and tree-sitter-bash (wasm).
// The differential test compares them over the corpus.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Language, Parser, type Node } from 'web-tree-sitter';
import { parseShell, type ShNode, type ShWord } from '../../src/core/shell/parse.js';

/** One simple command's words joined by a single space, e.g. `rm -rf src`. */
export type Words = string;

/** Sorted, so the order in which each parser visits nested commands does not matter. */
export function remitWords(source: string): Words[] | 'parse-error' {
  const p = parseShell(source, { nodes: 0 });
  if (!p.ok) return 'parse-error';
  const out: Words[] = [];
  const word = (w: ShWord) => w.subs.forEach(node);
  function node(n: ShNode): void {
    switch (n.k) {
      case 'cmd':
        if (n.words.length) out.push(n.words.map((w) => w.text).join(' '));
        n.words.forEach(word);
        n.assigns.forEach((a) => a.words.forEach(word));
        for (const r of n.redirects) {
          if (r.target) word(r.target);
          r.heredoc?.subs.forEach(node);
        }
        return;
      case 'seq':
      case 'andor':
      case 'pipe':
        n.items.forEach(node);
        return;
      case 'if':
        for (const b of n.branches) {
          node(b.cond);
          node(b.body);
        }
        if (n.otherwise) node(n.otherwise);
        return;
      case 'loop':
        n.words.forEach(word);
        if (n.cond) node(n.cond);
        node(n.body);
        return;
      case 'case':
        word(n.word);
        for (const i of n.items) {
          i.patterns.forEach(word);
          node(i.body);
        }
        return;
      case 'func':
        node(n.body);
        return;
      case 'redir':
        node(n.body);
        for (const r of n.redirects) {
          if (r.target) word(r.target);
          r.heredoc?.subs.forEach(node);
        }
        return;
      case 'expr':
        n.subs.forEach(node);
        return;
      case 'evals':
        return;
    }
  }
  node(p.root);
  return out.sort();
}

let parser: Parser | undefined;

/** Loads web-tree-sitter and the grammar shipped in the tree-sitter-bash package (no network). */
export async function treeSitterReady(): Promise<void> {
  if (parser) return;
  const require = createRequire(import.meta.url);
  await Parser.init();
  const wasm = readFileSync(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm'));
  const lang = await Language.load(new Uint8Array(wasm));
  parser = new Parser();
  parser.setLanguage(lang);
}

export function treeSitterWords(source: string): Words[] | 'parse-error' {
  if (!parser) throw new Error('treeSitterReady() first');
  const tree = parser.parse(source);
  if (!tree) return 'parse-error';
  try {
    if (tree.rootNode.hasError) return 'parse-error';
    const out: Words[] = [];
    const visit = (n: Node): void => {
      if (n.type === 'command') {
        const parts: string[] = [];
        const name = n.childForFieldName('name');
        if (name) parts.push(name.text);
        for (const a of n.childrenForFieldName('argument')) if (a) parts.push(a.text);
        if (parts.length) out.push(parts.join(' '));
      }
      for (const c of n.namedChildren) if (c) visit(c);
    };
    visit(tree.rootNode);
    return out.sort();
  } finally {
    tree.delete();
  }
}
