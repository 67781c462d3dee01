// Every regular expression written in the core (the hook's text path: prompts, shell commands,
// patches, manifests, code) runs in time linear in its input, by recheck, a ReDoS checker
// that analyses the expression (a quadratic one, fed a megabyte, runs for hours and outlasts
// the hook's timeout). Nothing is timed, so no machine load makes this flaky.
//
// recheck's verdicts are kept in test/regex-verdicts.json, keyed by the literal: a verdict is
// a function of the expression alone, and checking all nine hundred literals takes minutes.
// A run checks only the literals the file does not hold yet (new or changed ones) and fails on
// a non-linear one; REGEX_RECHECK=1 checks every literal again, and REGEX_VERDICTS=write
// rewrites the file with what the run found. The non-linear literals still there each carry
// what recheck found, and `why` when the input they are given in the file named cannot hold
// it (else they are open work). The patterns program models hold as data (`operand` in
// src/core/shell/models/*.json, compiled by program-model.ts) are checked as literals of their
// file; other expressions built at run time (`new RegExp(...)`) are not seen here.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const CORE = path.join(ROOT, 'src', 'core');
const VERDICTS = path.join(ROOT, 'test', 'regex-verdicts.json');
const recheckAll = process.env.REGEX_RECHECK === '1';

interface Found {
  /** Path from the repository root. */
  file: string;
  line: number;
  regex: string;
}

/** A literal's verdict: linear, or what recheck found (its kind and an input that shows it). */
interface Verdict {
  linear: boolean;
  found?: string;
  /** Why the input this expression is given cannot hold what recheck found; absent while it is open. */
  why?: string;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

function literals(file: string): Found[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: Found[] = [];
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const line = sf.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      out.push({ file: path.relative(ROOT, file), line, regex: node.getText() });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The `operand` patterns of the program models, each as the literal it compiles to. */
function modelPatterns(dir: string): Found[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => {
      const m = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { operand?: unknown };
      return typeof m.operand === 'string' ? [{ file: path.relative(ROOT, path.join(dir, f)), line: 1, regex: `/${m.operand}/` }] : [];
    });
}

/** recheck's verdict on one literal (no time limit: a limit made the verdict depend on the machine's load). */
function check(regex: string): Verdict {
  const end = regex.lastIndexOf('/');
  const r = checkSync(regex.slice(1, end), regex.slice(end + 1), { timeout: null, randomSeed: 1 });
  if (r.status === 'safe') return { linear: true };
  if (r.status === 'vulnerable') return { linear: false, found: `${r.complexity.summary}: ${r.attack.pattern}` };
  return { linear: false, found: `${r.status}: recheck could not decide${r.error ? ` (${r.error.kind})` : ''}` };
}

describe('regular expressions on the hook path', () => {
  const kept: Record<string, Verdict> = JSON.parse(readFileSync(VERDICTS, 'utf8'));
  const patterns = modelPatterns(path.join(CORE, 'shell', 'models'));
  const all = [...sources(CORE).flatMap(literals), ...patterns];

  it('sees the patterns program models hold as data', () => {
    expect(patterns.length).toBeGreaterThan(0);
  });

  it('finds the expressions it checks', () => {
    // The core holds some nine hundred literals; far fewer means the walk lost its way.
    expect(all.length).toBeGreaterThan(500);
  });

  it('each is linear in its input, or kept in test/regex-verdicts.json with what recheck found', { timeout: 1_800_000 }, () => {
    const verdicts: Record<string, Verdict> = {};
    const unlisted: string[] = [];
    for (const f of all) {
      if (!(f.regex in verdicts)) {
        const old = kept[f.regex];
        const v = old !== undefined && !recheckAll ? old : check(f.regex);
        // A verdict found again keeps the reason written for it.
        verdicts[f.regex] = old?.why !== undefined && !v.linear ? { ...v, why: old.why } : v;
        if (!v.linear && old?.linear !== false) unlisted.push(`${f.file}:${f.line} ${f.regex} — ${v.found}`);
      }
    }
    if (process.env.REGEX_VERDICTS === 'write') {
      const sorted = Object.fromEntries(Object.entries(verdicts).sort(([a], [b]) => (a < b ? -1 : 1)));
      writeFileSync(VERDICTS, `${JSON.stringify(sorted, null, 1)}\n`);
      return;
    }
    expect(unlisted, 'not linear (make it so: src/core/intents/line-text.ts has stand-ins for the usual shapes)').toEqual([]);
    const gone = Object.keys(kept).filter((r) => !(r in verdicts));
    expect(gone, 'no longer in the source: run REGEX_VERDICTS=write').toEqual([]);
  });
});
