import { describe, expect, it } from 'vitest';
import { MAX_NODES, MAX_SEPARATORS, MAX_SOURCE, parseShell, type ShCommand, type ShNode } from './parse.js';

function parseOk(src: string): ShNode {
  const r = parseShell(src, { nodes: 0 });
  if (!r.ok) throw new Error(`expected a parse of ${src}: ${r.reason}`);
  return r.root;
}

function firstCommand(node: ShNode): ShCommand {
  if (node.k === 'cmd') return node;
  if (node.k === 'seq' || node.k === 'andor' || node.k === 'pipe') return firstCommand(node.items[0]!);
  throw new Error(`no command in ${node.k}`);
}

describe('parseShell', () => {
  it('decodes quotes and ANSI-C strings into literal words', () => {
    const cmd = firstCommand(parseOk("r''m $'\\x2d'rf \"a b\""));
    expect(cmd.words.map((w) => w.lit)).toEqual(['rm', '-rf', 'a b']);
  });

  it('keeps assignments apart from the command name', () => {
    const cmd = firstCommand(parseOk('FOO=1 BAR=$(id) rm x'));
    expect(cmd.assigns.map((a) => a.name)).toEqual(['FOO', 'BAR']);
    expect(cmd.words[0]!.lit).toBe('rm');
    expect(cmd.assigns[1]!.words[0]!.subs).toHaveLength(1);
  });

  it('marks variables, globs, tildes and brace lists in words', () => {
    const cmd = firstCommand(parseOk('ls "$D/x" *.ts ~/y {a,b}.c {1..3}'));
    const [, v, g, t, b, r] = cmd.words;
    expect(v!.lit).toBeUndefined();
    expect(v!.segs).toEqual([{ v: 'D', q: true }, '/x']);
    expect(g!.segs).toEqual([{ g: '*' }, '.ts']);
    expect(t!.tilde).toBe(true);
    expect(b!.segs).toEqual([{ b: ['a', 'b'] }, '.c']);
    expect(r!.segs).toEqual([{ b: ['1', '2', '3'] }]);
  });

  it('collects substitutions from everywhere inside a word', () => {
    const cmd = firstCommand(parseOk('echo "${x:-$(rm y)}" $((1 + $(ls))) <(cat a)'));
    expect(cmd.words[1]!.subs).toHaveLength(1);
    expect(cmd.words[1]!.segs).toBeNull();
    // The arithmetic expansion itself (its text is evaluated) and the substitution in it.
    expect(cmd.words[2]!.subs.map((s) => s.k)).toEqual(['evals', 'seq']);
    expect(cmd.words[3]!.procSub).toBe(true);
  });

  it('marks expansions that evaluate text: ${x@P}, ${!x}, arithmetic subscripts', () => {
    const cmd = firstCommand(parseOk('echo ${x@P} ${!y} ${a[$i]} ${a[0]} "${a[@]}" ${!a[@]} ${#a[@]}'));
    expect(cmd.words.slice(1).map((w) => w.subs.map((s) => s.k))).toEqual([['evals'], ['evals'], ['evals'], [], [], [], []]);
  });

  it('records the texts [[ ]] and (( )) evaluate as arithmetic', () => {
    const t = parseOk('[[ $x -eq "$y" && -f z ]]') as unknown as { items: { k: string; arith?: string[] }[] };
    expect(t.items[0]).toMatchObject({ k: 'expr', arith: ['$x', '$y'] });
    const a = parseOk('(( i += 2 ))') as unknown as { items: { k: string; arith?: string[] }[] };
    expect(a.items[0]!.arith![0]!.trim()).toBe('i += 2');
  });

  it('keeps here-document bodies and whether their delimiter was quoted', () => {
    const cmd = firstCommand(parseOk("python3 - <<'EOF'\nprint($x)\nEOF"));
    expect(cmd.redirects[0]!.heredoc).toMatchObject({ body: 'print($x)\n', quoted: true });
  });

  it('structures lists, pipelines, conditionals and functions', () => {
    const root = parseOk('a && b || c; d | e; if x; then y; fi; f() { g; }; (h)');
    if (root.k !== 'seq') throw new Error('root');
    expect(root.items.map((n) => n.k)).toEqual(['andor', 'pipe', 'if', 'func', 'seq']);
    const sub = root.items[4]!;
    expect(sub.k === 'seq' && sub.scoped).toBe(true);
  });

  it('treats an empty or comment-only input as an empty list', () => {
    expect(parseOk('')).toEqual({ k: 'seq', items: [], scoped: false });
    expect(parseOk('  # nothing\n')).toEqual({ k: 'seq', items: [], scoped: false });
  });

  it.each(["echo 'abc", 'echo "abc', 'if true; then', 'a &&', 'echo $(rm "x', 'rm (', 'echo a )', 'echo ${x'])('rejects malformed input %j', (src) => {
    expect(parseShell(src, { nodes: 0 })).toEqual({ ok: false, reason: 'shell_syntax_unproven' });
  });

  it('stops at the node budget, shared across parses', () => {
    const words = 'echo ' + 'a '.repeat(MAX_NODES + 10);
    expect(parseShell(words, { nodes: 0 })).toEqual({ ok: false, reason: 'too_complex' });
    expect(parseShell('echo a b c', { nodes: MAX_NODES - 1 })).toEqual({ ok: false, reason: 'too_complex' });
  });

  it('refuses inputs too long or with too many statements before parsing them', () => {
    expect(parseShell('x'.repeat(MAX_SOURCE + 1), { nodes: 0 })).toEqual({ ok: false, reason: 'too_complex' });
    expect(parseShell('a;'.repeat(MAX_SEPARATORS + 1), { nodes: 0 })).toEqual({ ok: false, reason: 'too_complex' });
  });

  it('refuses nesting deeper than the structural cap', () => {
    const deep = '( '.repeat(100) + 'ls' + ' )'.repeat(100);
    expect(parseShell(deep, { nodes: 0 })).toEqual({ ok: false, reason: 'too_complex' });
  });
});
