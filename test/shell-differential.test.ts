// Differential check of remit's shell parser against tree-sitter-bash over the published corpus:
// every bash entry's command words (program + arguments per simple command, as typed) from both
// parsers. Every disagreement is printed; one not explained in differential-allow.txt fails.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR, loadCorpus } from './shell-corpus/harness.js';
import { remitWords, treeSitterReady, treeSitterWords } from './shell-corpus/command-words.js';

function loadAllowList(): Map<string, string> {
  const out = new Map<string, string>();
  for (const raw of readFileSync(path.join(CORPUS_DIR, 'differential-allow.txt'), 'utf8').split('\n')) {
    if (!raw.trim() || raw.startsWith('#')) continue;
    const tab = raw.lastIndexOf('\t');
    if (tab <= 0 || !raw.slice(tab + 1).trim()) throw new Error(`differential-allow.txt: expected command<TAB>reason: ${raw}`);
    out.set(raw.slice(0, tab).replace(/\\n/g, '\n'), raw.slice(tab + 1));
  }
  return out;
}

beforeAll(async () => {
  await treeSitterReady();
});

describe('command-word extraction', () => {
  it('finds the commands inside substitutions, pipelines, lists and heredocs with both parsers', () => {
    const src = 'ls -la | grep x && echo "$(rm -rf src)"; cat <<E\n$(touch p)\nE';
    const want = ['cat', 'echo "$(rm -rf src)"', 'grep x', 'ls -la', 'rm -rf src', 'touch p'];
    expect(remitWords(src)).toEqual(want);
    expect(treeSitterWords(src)).toEqual(want);
  });
  it('reports a parse error instead of guessing', () => {
    expect(remitWords('if then fi (')).toBe('parse-error');
    expect(treeSitterWords('if then fi (')).toBe('parse-error');
  });
});

describe('differential: remit vs tree-sitter-bash over the corpus', () => {
  it('agrees on every bash entry, or the difference is explained', () => {
    const allow = loadAllowList();
    const unexplained: string[] = [];
    const seen = new Set<string>();
    let n = 0;
    let disagree = 0;
    const lines: string[] = [];
    for (const f of loadCorpus()) {
      for (const e of f.entries) {
        if (e.shell !== 'bash' || seen.has(e.command)) continue;
        seen.add(e.command);
        n++;
        const a = remitWords(e.command);
        const b = treeSitterWords(e.command);
        if (JSON.stringify(a) === JSON.stringify(b)) continue;
        disagree++;
        const explained = allow.has(e.command);
        lines.push(
          `  ${explained ? 'explained' : 'UNEXPLAINED'} ${f.kind}/${f.name}\t${JSON.stringify(e.command)}\n    remit       ${JSON.stringify(a)}\n    tree-sitter ${JSON.stringify(b)}`,
        );
        if (!explained) unexplained.push(`${f.kind}/${f.name}: ${e.command}`);
        allow.delete(e.command);
      }
    }
    console.log([`differential: ${n} distinct bash commands, ${disagree} disagreements`, ...lines].join('\n'));
    expect(unexplained).toEqual([]);
    expect([...allow.keys()], 'allow-list entries that now agree or left the corpus: remove them').toEqual([]);
  });
});
