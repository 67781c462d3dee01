// Property-based fuzzing of the shell classifier (issue 9): random compositions of known-write
// fragments inside quoting, substitutions, backticks, eval, bash -c, wrappers, pipelines, lists,
// subshells, groups and functions must never classify as `read` (nor as a `check`). Fixed seed,
// bounded run count, classification through the same runtime path the corpus uses.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJudge, refused, type Judge } from './shell-corpus/harness.js';

const SEED = 9;
const RUNS = 20_000;
const SCOPE_RUNS = 400;

/** Each one writes a file, changes remote or local state, or runs written code. */
const WRITES = [
  'rm -rf src',
  'touch p',
  'echo x > a.txt',
  'printf x >> a.txt',
  'sed -i s/a/b/ a.txt',
  'sed --in s/a/b/ a.txt',
  'cp a.txt b.txt',
  'mv a.txt b.txt',
  'tee out.txt',
  'dd of=out.txt',
  'truncate -s0 a.txt',
  'sort -o x a.txt',
  'find . -delete',
  'ln -s a.txt l',
  'chmod 777 a.txt',
  'mkdir d',
  'install a.txt b.txt',
  'git commit -m x',
  'git -c core.pager=sh log',
  'curl -X POST http://api.example/x',
  "python3 -c \"open('x','w')\"",
  "node -e \"require('fs').rmSync('src')\"",
  'awk \'{print > "o"}\' a.txt',
  'perl -pi -e s/a/b/ a.txt',
  'vitest run --outputFile=out.json',
  'cargo test --target-dir t',
  'eslint --fix .',
  'pytest --basetemp=t',
  'make SHELL=./evil.sh test',
  'git commit -n -m x',
  'ip link set eth0 down',
  'systemctl restart nginx',
  "sqlite3 db.sqlite 'DELETE FROM t'",
  'redis-cli set k v',
  'helm install x ./chart',
  'fd -x rm',
  'ruby -e \'File.delete("a.txt")\'',
  'python3 -c "import os; f = os.remove; f(\'a.txt\')"',
];
/** Writes outside `src/**`: under `change files=src/**` each must be refused, whatever wraps it. */
const OUT_OF_SCOPE = [
  'echo x > docs/b.ts',
  'rm README.md',
  'cp src/a.ts docs/a.ts',
  'sed -i s/a/b/ a.txt',
  'touch test/x.ts',
  'echo x > src/lnk/guide.md',
  'echo x > src/lnk/../b.ts',
  'ln docs/b.ts src/h.ts',
  'tee docs/x.md',
  'mv src/a.ts docs/',
];
const READS = ['ls', 'cat a.txt', 'grep -n x a.txt', 'git status', 'echo hi', 'wc -l a.txt', 'true'];

const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const dq = (s: string) => `"${s.replace(/[\\"$`]/g, (m) => `\\${m}`)}"`;

type Wrap = (c: string) => string;
const WRAPS: Wrap[] = [
  (c) => `env ${c}`,
  (c) => `env X=1 ${c}`,
  (c) => `nice ${c}`,
  (c) => `nice -n 5 ${c}`,
  (c) => `timeout 5 ${c}`,
  (c) => `command ${c}`,
  (c) => `stdbuf -o0 ${c}`,
  (c) => `sudo ${c}`,
  (c) => `nohup ${c}`,
  (c) => `time ${c}`,
  (c) => `bash -c ${sq(c)}`,
  (c) => `sh -c ${dq(c)}`,
  (c) => `eval ${sq(c)}`,
  (c) => `echo $(${c})`,
  (c) => `x=$(${c})`,
  (c) => `echo "$(${c})"`,
  (c) => (c.includes('`') ? `echo $(${c})` : `echo \`${c}\``),
  (c) => `cat <(${c})`,
  (c) => `(${c})`,
  (c) => `{ ${c}; }`,
  (c) => `f() { ${c}; }; f`,
  (c) => `for i in a b; do ${c}; done`,
  (c) => `while read -r l; do ${c}; done < a.txt`,
  (c) => `if true; then ${c}; fi`,
  (c) => `for i in 1; do ${c}; done`,
  (c) => `while true; do ${c}; break; done`,
  (c) => `case x in *) ${c};; esac`,
  (c) => `! ${c}`,
  (c) => `${c} &`,
  (c) => `echo ${sq(c)} | bash`,
  (c) => `bash <<< ${sq(c)}`,
];
type Join = (c: string, r: string) => string;
const JOINS: Join[] = [
  (c, r) => `${r} | ${c}`,
  (c, r) => `${c} | ${r}`,
  (c, r) => `${r} && ${c}`,
  (c, r) => `${c} && ${r}`,
  (c, r) => `false || ${c}; ${r}`,
  (c, r) => `${r}; ${c}`,
  (c, r) => `${c}; ${r}`,
  (c, r) => `${r}\n${c}`,
  (c, r) => `${r} |& ${c}`,
];

function composed(depth: number, leaves: readonly string[] = WRITES): fc.Arbitrary<string> {
  const leaf = fc.constantFrom(...leaves);
  if (depth === 0) return leaf;
  const inner = composed(depth - 1, leaves);
  return fc.oneof(
    { weight: 1, arbitrary: leaf },
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...WRAPS), inner).map(([w, c]) => w(c)) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...JOINS), inner, fc.constantFrom(...READS)).map(([j, c, r]) => j(c, r)) },
  );
}

let judge: Judge;
beforeAll(() => {
  judge = createJudge();
});
afterAll(() => judge?.dispose());

async function mutability(command: string): Promise<string> {
  return (await judge.classify({ command, shell: 'bash' })).mutability;
}

describe('shell classifier fuzz', () => {
  it('can answer read, so the property below is not vacuous', async () => {
    expect(await mutability('ls | grep x && cat a.txt')).toBe('read');
    expect(await mutability('sudo rm -rf src')).not.toBe('read');
  });

  it(`never classifies a composition of known writes as read (seed ${SEED}, ${RUNS} runs)`, async () => {
    let runs = 0;
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(composed(3), async (command) => {
        runs++;
        const m = await mutability(command);
        return m !== 'read' && m !== 'check';
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    console.log(`shell fuzz: ${runs} runs in ${Date.now() - started} ms (seed ${SEED}), none classified read`);
    expect(runs).toBe(RUNS);
  }, 60_000);

  it(`refuses every composition of out-of-scope writes under change files=src/** (seed ${SEED}, ${SCOPE_RUNS} runs)`, async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(composed(2, OUT_OF_SCOPE), async (command) => {
        runs++;
        const v = await judge.judge({ kind: 'bypass', family: 'fuzz', contract: 'change files=src/**', shell: 'bash', command, why: 'fuzz', line: 0 });
        return refused(v);
      }),
      { seed: SEED, numRuns: SCOPE_RUNS, endOnFailure: true },
    );
    console.log(`shell fuzz (files=src/**): ${runs} runs through the decision path, every one refused`);
    expect(runs).toBe(SCOPE_RUNS);
  }, 60_000);
});
