// Every parser on the hook's text path, fed a megabyte of hostile shapes (docs/DESIGN.md
// #performance-budget): the directive, the correction phrases, the shell classifier, the three
// patch formats and every dependency manifest plus the code hash scan. Each row is the slowest
// shape's least CPU time of nine at 1 MB against the 50 ms limit, and the slowest ratio of 1 MB to 256 kB
// (4 when linear, 16 when quadratic; over 8 fails), both in CPU time. The shell classifier
// refuses a command over 256 KiB unread (parse.ts MAX_SOURCE), so it is measured at 64 and
// 256 kB; but an apply_patch heredoc is taken out of the command and judged as a patch before
// that cap (classify-request.ts), so those shapes have a row of their own at 1 MB. Prints one JSON row per
// parser; --verbose also prints every shape's figures on stderr; --shape <text> measures only
// the shapes whose parser or shape name holds the text (for a profile: node --cpu-prof
// .bench/hostile-input.cjs --shape 'many files'). --once <kB> [--dry]: each matched shape is
// warmed, then parsed once at that size (with --dry its text is only made); under valgrind
// --tool=callgrind the two runs' difference is the parse's instruction count, which other
// work on the machine does not change.
import { classifyToolRequest } from '../../src/core/classify/classify-request.js';
import { findCorrectionPhrase } from '../../src/core/contract/corrections.js';
import { defaultContract } from '../../src/core/contract/defaults.js';
import { parsePrompt } from '../../src/core/contract/parse-prompt.js';
import { wholeFileIntents } from '../../src/core/intents/file-intents.js';
import { parsePatch, type PatchFormat } from '../../src/core/patch/parse-patch.js';
import type { TaskContract } from '../../src/generated/types.js';
import { BENCH_ROOT, benchContext } from './lib/context.js';
import { ms, row } from './lib/rows.js';

const quick = process.argv.includes('--quick');
const verbose = process.argv.includes('--verbose');
const shapeAt = process.argv.indexOf('--shape');
const only = shapeAt > 0 ? process.argv[shapeAt + 1] : undefined;
const onceAt = process.argv.indexOf('--once');
const once = onceAt > 0 ? Number(process.argv[onceAt + 1]) * 1024 : undefined;
const dry = process.argv.includes('--dry');
const MB = 1024 * 1024;
const LIMIT_MS = 50;
/** The largest 4x-input time ratio taken as linear (4 when linear, 16 when quadratic; a loaded machine's noise reaches some 7.5). */
const MAX_RATIO = 8;
const kB = (n: number) => (n >= MB ? `${n / MB} MB` : `${n / 1024} kB`);
const ROOT = BENCH_ROOT;

/**
 * `unit` repeated to exactly `size` characters, as one flat string: a hook's text comes from
 * JSON.parse, while `repeat` and `+` make a tree of pieces that every character read walks.
 */
const fill = (unit: string, size: number, head = '', tail = ''): string => {
  const body = unit.repeat(Math.ceil(Math.max(0, size - head.length - tail.length) / unit.length));
  return flat((head + body).slice(0, size - tail.length) + tail);
};
const flat = (s: string): string => JSON.parse(JSON.stringify(s)) as string;

type Shape = (size: number) => string;
interface Parser {
  name: string;
  shapes: Record<string, Shape>;
  run(text: string): unknown;
  /** The two sizes measured (default 256 kB and 1 MB). */
  sizes?: [number, number];
}

const armed: TaskContract = { ...defaultContract(), mode: 'change', level: 'guard', source: 'directive' };
const ctx = benchContext({ 'package.json': '{"dependencies":{}}' });

const base64 = (size: number) => {
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let s = '';
  let x = 12345;
  while (s.length < size) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    s += abc[x % 64];
  }
  return s;
};

const promptShapes: Record<string, Shape> = {
  'colons after $remit': (n) => fill(':', n, '$remit '),
  'one long token after $remit': (n) => fill('a', n, '$remit '),
  'base64 paste after $remit': (n) => flat(`$remit ${base64(n - 7)}`),
  'files= of a megabyte': (n) => fill('a/', n, '$remit change files='),
  'tokens after $remit': (n) => fill('review ', n, '$remit '),
  'dashes after $remit': (n) => fill('- ', n, '$remit '),
  'unmatched quotes': (n) => fill('"', n),
  'unmatched backticks': (n) => fill('` ``', n),
  fences: (n) => fill('```\n', n),
  'blank lines then $remit': (n) => fill(' \n', n, '', '$remit review'),
};

const correctionShapes: Record<string, Shape> = {
  "please … don't edit": (n) => fill('please ', n, '', "don't edit anything"),
  'review only, repeated': (n) => fill('review only ', n),
  'no clause break': (n) => fill('do not ', n),
  'quotes and negations': (n) => fill('"don\'t" not ', n),
  CJK: (n) => fill('不要', n),
  'one long word': (n) => fill('x', n),
};

/** Commands the shell tool's request hands to the patch parser whole, at any length. */
const applyPatchHeredocShapes: Record<string, Shape> = {
  'heredoc apply_patch': (n) => fill('+x\n', n, "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: a.ts\n", '*** End Patch\nEOF\n'),
  'heredoc apply_patch, many files': (n) => fill('*** Add File: a.ts\n+x\n', n, "apply_patch <<'EOF'\n*** Begin Patch\n", '*** End Patch\nEOF\n'),
};

const shellShapes: Record<string, Shape> = {
  'one long word': (n) => fill('a', n, 'echo '),
  separators: (n) => fill(';', n, 'true'),
  'many &&': (n) => fill(' && true', n, 'true'),
  'many short lines': (n) => fill('ls\n', n),
  'open quote': (n) => fill('x', n, 'echo "'),
  'long quoted string': (n) => fill('x', n, "echo '", "'"),
  'nested substitutions': (n) => fill('$(', n),
  ...applyPatchHeredocShapes,
  'heredoc to cat': (n) => fill('line\n', n, 'cat <<EOF > /dev/null\n', 'EOF\n'),
  'many words': (n) => fill('ab ', n, 'ls '),
  'inline code, open( repeated': (n) => fill('open(x', n, 'python3 -c "', '"'),
  'inline code, blanks after open': (n) => fill(' ', n, "perl -ne 'open", "'"),
  'inline code, blanks in join()': (n) => fill('\t', n, `node -e "[''].join(`, '"'),
  'inline code, unclosed strings': (n) => fill("\\'", n, `node -e "'`, '"'),
  // The folder (src/core/shell/code-fold.ts): nesting, chains, interpolations and decoders.
  'inline code, nested calls': (n) => fill('f(g(', n, 'python3 -c "', '"'),
  'inline code, a chain of concatenations': (n) => fill("'a'.", n, "perl -e '", "'"),
  'inline code, templates in templates': (n) => fill('`${', n, "node -e '", "'"),
  'inline code, decoders on decoders': (n) => fill('chr(b64decode(', n, 'python3 -c "', '"'),
  'inline code, a dotted chain': (n) => fill('x.y.', n, 'python3 -c "', '"'),
  // String operations, names in interpolations, the working folder and globs.
  'inline code, slices of slices': (n) => fill('[1:-1].slice(0,-1)', n, `python3 -c "open('abc'`, ",'w')\""),
  'inline code, a name in f-strings': (n) => fill("f'{d}/{d}'+", n, `python3 -c "d='x'; open(`, "'','w')\""),
  'inline code, comprehensions': (n) => fill('[f(x) for x in ', n, `python3 -c "open('a','w');`, '"'),
  'inline code, chdir and globs': (n) => fill("os.chdir('a');glob.glob('*');open('b','w');", n, 'python3 -c "', '"'),
  'curl write-out, unclosed %output{': (n) => fill('%output{x', n, "curl -w '", "' http://localhost/"),
};

const patchShapes: Record<string, [PatchFormat, Shape]> = {
  'apply_patch, one added file': ['apply_patch', (n) => fill('+x\n', n, '*** Begin Patch\n*** Add File: a.ts\n', '*** End Patch\n')],
  'apply_patch, many files': ['apply_patch', (n) => fill('*** Add File: a.ts\n+x\n', n, '*** Begin Patch\n', '*** End Patch\n')],
  'apply_patch, unterminated': ['apply_patch', (n) => fill('*** Update File: a\n@@', n, '*** Begin Patch\n')],
  'apply_patch, no newline': ['apply_patch', (n) => fill('@', n)],
  'apply_patch, one long line': ['apply_patch', (n) => fill('x', n, '*** Begin Patch\n*** Add File: a.ts\n+', '\n*** End Patch\n')],
  'V4A, marker then blanks and U+2028': ['v4a', (n) => fill(' ', n, '*** Begin Patch\n*** Update File:', '\u2028x\n*** End Patch\n')],
  'unified, one hunk': ['unified', (n) => fill('+x\n', n, '--- a/a.ts\n+++ b/a.ts\n@@ -0,0 +1,999999 @@\n')],
  'unified, many headers': ['unified', (n) => fill('--- a/a\n+++ b/a\n', n)],
  'v4a, one hunk': ['v4a', (n) => fill('+x\n', n, '*** Begin Patch\n*** Update File: a.ts\n@@\n', '*** End Patch\n')],
  'v4a, many hunks': ['v4a', (n) => fill('@@\n-x\n+y\n', n, '*** Begin Patch\n*** Update File: a.ts\n', '*** End Patch\n')],
};

const manifest = (file: string, unit: string, head = '', tail = ''): [string, Shape] => [file, (n) => fill(unit, n, head, tail)];
const manifestShapes: Record<string, [string, Shape]> = {
  'package.json, many deps': manifest('package.json', '"a":"1",', '{"dependencies":{', '"z":"1"}}'),
  'package.json, deep nesting': manifest('package.json', '{"dependencies":', ''),
  'package.json, open string': manifest('package.json', 'x', '{"dependencies":{"'),
  'Cargo.toml, many tables': manifest('Cargo.toml', '[dependencies]\na = "1"\n'),
  'pyproject.toml, long array': manifest('pyproject.toml', '"a>=1", ', '[project]\ndependencies = ['),
  'requirements.txt': manifest('requirements.txt', 'a==1\n'),
  'requirements.txt, blanks before an option': manifest('requirements.txt', '\t', 'a', 'x\n'),
  'requirements.txt, comment marks': manifest('requirements.txt', '#', '', '\u2028#\n'),
  'go.mod, open block': manifest('go.mod', 'example.com/a v1.0.0\n', 'module m\nrequire (\n'),
  Gemfile: manifest('Gemfile', "gem 'a'\n"),
  'Gemfile, blank lines': manifest('Gemfile', '\n'),
  'build.gradle, open braces': manifest('build.gradle', 'dependencies { '),
  'pom.xml': manifest('pom.xml', '<dependency><artifactId>a</artifactId></dependency>', '<project><dependencies>'),
  'environment.yml': manifest('environment.yml', '  - a\n', 'dependencies:\n'),
  'environment.yml, blanks before U+2028': manifest('environment.yml', ' ', 'dependencies:\n  - ', '\u2028x\n'),
  'pubspec.yaml': manifest('pubspec.yaml', '  a: ^1.0.0\n', 'dependencies:\n'),
  'setup.py, open call': manifest('setup.py', "'a', ", 'setup(install_requires=['),
  'setup.cfg': manifest('setup.cfg', '    a\n', '[options]\ninstall_requires =\n'),
  'code file hash scan': manifest('a.ts', 'createHash(', ''),
  'code file, a chain of mmh3 members': manifest('a.py', 'mmh3.', ''),
  'code file, blanks after digest': manifest('a.ts', '\t', 'digest'),
  'code file, Hmac< repeated': manifest('a.rs', 'Hmac<\t', ''),
  'Cargo.toml, blanks in a table header': manifest('Cargo.toml', '\t', '[a', 'x'),
  'pom.xml, blanks in a tag': manifest('pom.xml', '\t', '<project><dependencies><dependency><groupId>', 'x'),
  'code file, open comment': manifest('a.ts', 'x', '/*'),
};

/** A Bash tool call of the command, as a hook classifies it. */
const bash = (command: string) => classifyToolRequest({ type: 'shell', command }, { id: 'c', tool: 'Bash', cwd: ROOT }, ctx);

const parsers: Parser[] = [
  { name: 'directive (parsePrompt, fresh session)', shapes: promptShapes, run: (t) => parsePrompt(t, { projectRoot: ROOT, previous: defaultContract() }) },
  { name: 'corrections (parsePrompt, armed session)', shapes: correctionShapes, run: (t) => parsePrompt(t, { projectRoot: ROOT, previous: armed }) },
  { name: 'correction phrase scan (findCorrectionPhrase)', shapes: { ...correctionShapes, ...promptShapes }, run: (t) => findCorrectionPhrase(t) },
  {
    name: 'shell (classifyToolRequest, Bash)',
    shapes: shellShapes,
    run: bash,
    sizes: [MB / 16, MB / 4],
  },
  {
    name: 'apply_patch heredoc in a shell command (classifyToolRequest, Bash)',
    shapes: applyPatchHeredocShapes,
    run: bash,
  },
];

/**
 * The least CPU time (user + system, this process) of `rounds` calls: on a machine shared with
 * other work the wall clock measures the queue, not the parser, and other work only ever adds
 * to a call's CPU time too (cache and core sharing), so the least is the parser's own cost.
 * Nine calls: on the 2-core development machine (a virtual one) the least of five still varied
 * from 24 to 48 ms for the same shape between runs a minute apart at a load average of 1.
 */
async function least(fn: () => unknown, rounds: number): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < rounds; i++) {
    const c0 = process.cpuUsage();
    await fn();
    const c = process.cpuUsage(c0);
    best = Math.min(best, (c.user + c.system) / 1000);
  }
  return best;
}

async function measure(name: string, all: [string, (size: number) => () => unknown][], [smallSize, bigSize]: [number, number] = [MB / 4, MB]): Promise<void> {
  const shapes = only === undefined || name.includes(only) ? all : all.filter(([shape]) => shape.includes(only));
  if (shapes.length === 0) return;
  if (once !== undefined) {
    for (const [, at] of shapes) {
      for (let i = 0; i < 2; i++) at(64 * 1024)();
      const run = at(once);
      if (!dry) await run();
    }
    return;
  }
  const rounds = quick ? 3 : 9;
  let worst = { shape: '', t: 0 };
  let steepest = { shape: '', r: 0 };
  for (const [shape, at] of shapes) {
    await least(at(64 * 1024), 2); // warm the code paths
    const small = await least(at(smallSize), rounds);
    const big = await least(at(bigSize), rounds);
    if (verbose) console.error(`${name} / ${shape}: ${kB(smallSize)} ${ms(small)}, ${kB(bigSize)} ${ms(big)}`);
    if (big > worst.t) worst = { shape, t: big };
    // Below two milliseconds the ratio is timer noise, not growth.
    const r = big < 2 ? 0 : big / Math.max(small, 0.05);
    if (r > steepest.r) steepest = { shape, r };
  }
  const ok = worst.t <= LIMIT_MS && steepest.r <= MAX_RATIO;
  row(
    `${kB(bigSize)} hostile input: ${name}, ${shapes.length} shapes`,
    `worst ${ms(worst.t)} (${worst.shape}); ${kB(bigSize)}/${kB(smallSize)} ${steepest.r ? `x${steepest.r.toFixed(1)} (${steepest.shape})` : 'under 2 ms'}`,
    `<= ${LIMIT_MS} ms, x <= ${MAX_RATIO}`,
    ok,
    { worstMs: worst.t, ratio: steepest.r },
  );
}

async function main(): Promise<void> {
  for (const p of parsers) {
    await measure(
      p.name,
      Object.entries(p.shapes).map(([shape, make]) => [
        shape,
        (size: number) => {
          const text = make(size);
          return () => p.run(text);
        },
      ]),
      p.sizes,
    );
  }
  await measure(
    'patch (parsePatch, in its format)',
    Object.entries(patchShapes).map(([shape, [format, make]]) => [
      shape,
      (size: number) => {
        const text = make(size);
        return () => parsePatch(text, format);
      },
    ]),
  );
  await measure(
    'manifests and code (wholeFileIntents, new text only)',
    Object.entries(manifestShapes).map(([shape, [file, make]]) => [
      shape,
      (size: number) => {
        const text = make(size);
        return () => wholeFileIntents(`${ROOT}/${file}`, '', text);
      },
    ]),
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
