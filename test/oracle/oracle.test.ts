// The effect oracle itself: each kind of change it claims to see, seen; plain reads, clean; a
// batch rerun one by one when one of its commands changed something.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedAnything, createOracle, describeEffect, type Effect, type Oracle, realPrograms, typedReal, unavailable } from './oracle.js';

const skip = unavailable();

const CASES: [string, RegExp][] = [
  ['echo x > a.txt', /^modified w\/proj\/a\.txt$/],
  ['rm src/a.ts', /^deleted w\/proj\/src\/a\.ts$/],
  ['touch README.md', /^touched w\/proj\/README\.md$/],
  ['mv a.txt b.txt', /^renamed w\/proj\/a\.txt -> w\/proj\/b\.txt$/],
  ['chmod +x a.txt', /^mode w\/proj\/a\.txt -> 755$/],
  ['ln -sfn /etc src/lnk', /^retargeted w\/proj\/src\/lnk -> \/etc$/],
  ['echo x > /tmp/x', /^created tmp\/x$/],
  ['echo x > ~/.profile', /^created w\/home\/\.profile$/],
  ['echo x > ../beside', /^created w\/beside$/],
  ['vi notes.txt', /^canary program:vi notes\.txt$/],
  ['git commit -q --allow-empty -m x', /canary git-hook:pre-commit/],
  ['./canary.sh', /^canary project:canary\.sh $/],
  ['pkill sleep', /^signalled the victim process$/],
  ['echo x > >(cat > out.txt)', /^created w\/proj\/out\.txt$/],
  // No capabilities: the clock, like every other global setting, stays as it is.
  ['date -s 2020-01-01', /^$/],
];

// gpg and cargo in a HOME where they have run before (oracle.ts SEEDS): their first-run state is there.
const READS = [
  'git status',
  'git log --oneline',
  'ls -la',
  'cat package.json',
  'git diff HEAD~3 --stat',
  'sleep 10 &',
  'gpg --list-keys',
  'cargo install --list',
];

describe.skipIf(skip !== undefined)('effect oracle', () => {
  let oracle: Oracle;
  let effects: Effect[];
  beforeAll(async () => {
    oracle = createOracle({ parallel: 1 });
    effects = await oracle.run([...CASES.map(([cmd]) => ({ cmd })), ...READS.map((cmd) => ({ cmd })), { cmd: 'kill -9 -1' }, { cmd: 'ls' }]);
  }, 300_000);
  afterAll(() => oracle?.dispose());

  it.each(CASES.map(([cmd, want], i) => [cmd, want, i] as const))('%s', (_cmd, want, i) => {
    expect(describeEffect(effects[i]!)).toMatch(want);
  });

  it('plain reads change nothing, a background job included', () => {
    const got = READS.map((cmd, i) => [cmd, describeEffect(effects[CASES.length + i]!)]);
    expect(got).toEqual(READS.map((cmd) => [cmd, '']));
  });

  it('a command that kills the driver is an effect, and the next command runs in a fresh sandbox', () => {
    const killer = effects[CASES.length + READS.length]!;
    expect(killer.driverDied).toBe(true);
    expect(changedAnything(effects[CASES.length + READS.length + 1]!)).toBe(false);
  });

  it.skipIf(!realPrograms().has('vi'))(
    'a command that types an editor runs the real one; an editor another program starts is a canary',
    async () => {
      const real = realPrograms();
      const got = await oracle.run([
        { cmd: 'vi --version', real: typedReal(['vi'], real) },
        { cmd: 'env -u GIT_EDITOR -u EDITOR -u VISUAL git -c core.editor=vi commit --allow-empty -q', real: typedReal(['env', 'git'], real) },
      ]);
      expect(describeEffect(got[0]!)).toBe('');
      expect(describeEffect(got[1]!)).toMatch(/canary program:vi /);
    },
    120_000,
  );

  it('a batch that changed something is rerun one command at a time', async () => {
    const got = await oracle.runExpectedClean(['ls', 'echo x > a.txt', 'cat a.txt', 'git status'], { batch: 4, timeoutMs: 5000 });
    expect(got.map(describeEffect)).toEqual(['', 'modified w/proj/a.txt', '', '']);
  }, 120_000);
});
