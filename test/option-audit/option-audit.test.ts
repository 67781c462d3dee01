// The option-completeness audit (issue 25 part 3): for every program remit models, every
// option and subcommand @withfig/autocomplete lists is known to remit's models (known.ts),
// decided whole by them (a mutation), accepted by a node that does not look at options (why
// in known.ts), or listed in unknown.txt with why. A name in none of these fails the test;
// so does a line of unknown.txt that lists nothing left unknown. The missing ones are written
// to $OPTION_AUDIT_OUT (default /tmp/remit-option-audit-missing.txt) in unknown.txt's format,
// for review.
import { rmSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { figSpec, type FigNode } from './fig.js';
import { knownNames, programNames, WHOLE, type Known } from './known.js';
import { loadUnknown, parseUnknown, UnknownFormatError, UnknownIndex } from './unknown.js';

interface Counts {
  items: number;
  known: number;
  whole: number;
  open: number;
  listed: number;
  missing: number;
}

const counts = new Map<string, Counts>();
const missing: string[] = [];
/** Options accepted unexamined, with the reason the node gives: written to $OPTION_AUDIT_OPEN_OUT for review when set. */
const opened: string[] = [];
let index: UnknownIndex;

/** Every option spelling and subcommand name below `fig`, for a subtree the models decide or the file lists as a whole. */
function size(fig: FigNode): number {
  return fig.options.reduce((n, o) => n + o.names.length, 0) + fig.subcommands.reduce((n, s) => n + s.names.length + size(s), 0);
}

function walk(fig: FigNode, known: Known, at: string[], c: Counts): void {
  if (known === WHOLE) {
    const n = size(fig);
    c.items += n;
    c.whole += n;
    return;
  }
  const item = (name: string, isKnown: boolean, open: boolean): boolean => {
    c.items++;
    if (isKnown) c.known++;
    else if (open) {
      c.open++;
      opened.push(`${at.join(' ')}\t${name}`);
    } else if (index.find(at, name)) c.listed++;
    else {
      c.missing++;
      missing.push(`${at.join(' ')}\t${name}`);
      return false;
    }
    return true;
  };
  // `--` ends the options for every parser family remit models.
  // A name without a dash that fig lists as an option (`bun pm bin`, tar's `czf` letters) may be a word the model takes as a subcommand.
  for (const o of fig.options)
    for (const n of o.names) item(n, n === '--' || known.option(n) || (!/^[-+]/.test(n) && known.sub(n) !== undefined), known.openOptions !== undefined);
  for (const s of fig.subcommands) {
    const subs = s.names.map((n) => known.sub(n));
    const next = subs.find((k) => k !== undefined && k !== WHOLE) ?? subs.find((k) => k !== undefined);
    const listed = s.names.map((n, i) => item(n, subs[i] !== undefined, false));
    if (next !== undefined) walk(s, next, [...at, s.names[0]!], c);
    else {
      // Listed (or missing) as a whole: what is below counts with it.
      const n = size(s);
      c.items += n;
      if (listed.every(Boolean)) c.listed += n;
      else c.missing += n;
    }
  }
}

beforeAll(async () => {
  index = new UnknownIndex(loadUnknown());
  for (const program of [...new Set(programNames())].sort()) {
    const fig = await figSpec(program);
    if (!fig) continue;
    const known = knownNames(program)!;
    const c: Counts = { items: 0, known: 0, whole: 0, open: 0, listed: 0, missing: 0 };
    walk(fig, known, [program], c);
    counts.set(program, c);
  }
  const total = [...counts.values()].reduce((t, c) => ({
    items: t.items + c.items,
    known: t.known + c.known,
    whole: t.whole + c.whole,
    open: t.open + c.open,
    listed: t.listed + c.listed,
    missing: t.missing + c.missing,
  }));
  const line = (name: string, c: Counts) =>
    `  ${name}: ${c.items} — known ${c.known}, decided whole ${c.whole}, accepted unexamined ${c.open}, listed unknown ${c.listed}${c.missing ? `, MISSING ${c.missing}` : ''}`;
  console.log(
    [
      `option audit: ${counts.size} modelled programs have an @withfig/autocomplete spec; their options and subcommands (spellings and aliases counted apart):`,
      line('all', total),
      ...[...counts].map(([p, c]) => line(p, c)),
    ].join('\n'),
  );
  if (process.env.OPTION_AUDIT_OPEN_OUT) writeFileSync(process.env.OPTION_AUDIT_OPEN_OUT, `${opened.join('\n')}\n`);
  const out = process.env.OPTION_AUDIT_OUT ?? '/tmp/remit-option-audit-missing.txt';
  if (missing.length) {
    writeFileSync(out, `${missing.map((m) => `${m}\t?: `).join('\n')}\n`);
    console.log(`  missing from the models and unknown.txt: ${out}`);
  } else rmSync(out, { force: true });
}, 120_000);

describe('option audit against @withfig/autocomplete', () => {
  it('audits the modelled programs fig has a spec for', () => {
    expect(counts.size).toBeGreaterThanOrEqual(250);
  });

  it('finds every option and subcommand fig lists in the models or in unknown.txt with why', () => {
    expect(missing.slice(0, 50), `${missing.length} missing`).toEqual([]);
  });

  it('keeps unknown.txt honest: every line lists something the models leave unknown', () => {
    expect(index.stale()).toEqual([]);
  });

  it('reads the file format: path, names or *, a class from the closed set with why', () => {
    const [l] = parseUnknown('git log **\t--output -o\twrites: the file it names\n');
    expect(l).toMatchObject({ path: ['git', 'log'], deep: true, cls: 'writes', why: 'the file it names' });
    expect([...l!.names!]).toEqual(['--output', '-o']);
    expect(parseUnknown('# a comment\n\nvim\t*\tinteractive: an editor\n')[0]!.names).toBeUndefined();
    for (const bad of ['vim\t*\n', 'vim\t*\tother: x\n', 'vim\t*\twrites:\n', '**\t*\twrites: x\n', 'a ** b\t*\twrites: x\n'])
      expect(() => parseUnknown(bad), bad).toThrow(UnknownFormatError);
  });

  it('matches a name where it is listed, a * at its node, and a ** above it, and reports what nothing used', () => {
    const ix = new UnknownIndex(
      parseUnknown(['git\t--exec-path\truns: x', 'git log\t*\twrites: y', 'gcloud **\t*\tunmodelled: z', 'git\t--bogus\truns: w'].join('\n')),
    );
    expect(ix.find(['git'], '--exec-path')?.line).toBe(1);
    expect(ix.find(['git'], '--other')).toBeUndefined();
    expect(ix.find(['git', 'log'], '--anything')?.line).toBe(2);
    expect(ix.find(['gcloud', 'compute', 'instances'], '--zone')?.line).toBe(3);
    expect(ix.stale()).toEqual(['unknown.txt:4: git --bogus lists nothing the models leave unknown']);
  });
});
