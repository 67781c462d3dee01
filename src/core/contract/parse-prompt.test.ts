import { describe, expect, it } from 'vitest';
import type { DirectiveError, TaskContract } from '../../generated/types.js';
import { validateDirectiveError } from '../../generated/validate-directive-error.js';
import { validateTaskContract } from '../../generated/validate-task-contract.js';
import { controlStateOf, defaultContract } from './defaults.js';
import { parsePrompt, type PromptParse } from './parse-prompt.js';

const ROOT = '/work/proj';

function armed(over: Partial<TaskContract> = {}): TaskContract {
  return { ...defaultContract(), mode: 'change', level: 'guard', source: 'directive', projectRoot: ROOT, ...over };
}

function parse(text: string, previous: TaskContract = defaultContract(), projectRoot = ROOT): PromptParse {
  return parsePrompt(text, { projectRoot, previous });
}

function contractOf(text: string, previous?: TaskContract, projectRoot?: string): TaskContract {
  const r = parse(text, previous, projectRoot);
  if (r.kind !== 'directive') throw new Error(`expected a directive for ${JSON.stringify(text)}, got ${JSON.stringify(r)}`);
  expect(validateTaskContract(r.contract), JSON.stringify(validateTaskContract.errors)).toBe(true);
  return r.contract;
}

function errorOf(text: string, previous?: TaskContract): DirectiveError {
  const r = parse(text, previous);
  if (r.kind !== 'error') throw new Error(`expected an error for ${JSON.stringify(text)}, got ${JSON.stringify(r)}`);
  expect(validateDirectiveError(r.error), JSON.stringify(validateDirectiveError.errors)).toBe(true);
  return r.error;
}

describe('directive tokens', () => {
  it.each([
    ['answer', 'answer'],
    ['review', 'review'],
    ['monitor', 'monitor'],
    ['change', 'change'],
  ] as const)('mode %s alone arms at guard', (token, mode) => {
    const c = contractOf(`$remit ${token} -- task`);
    expect(c.mode).toBe(mode);
    expect(c.level).toBe('guard');
    expect(c.source).toBe('directive');
    expect(controlStateOf(c)).toBe('ARMED');
  });

  it.each([
    ['review watch', 'review', 'watch', 'OBSERVING'],
    ['review guard', 'review', 'guard', 'ARMED'],
    ['change lock', 'change', 'lock', 'ARMED'],
    ['monitor off', 'monitor', 'off', 'OFF'],
  ] as const)('%s → %s/%s', (head, mode, level, state) => {
    const c = contractOf(`$remit ${head}`);
    expect([c.mode, c.level, controlStateOf(c)]).toEqual([mode, level, state]);
  });

  it('is case-insensitive for the mention, tokens and values', () => {
    const c = contractOf('$REMIT LOCK CHANGE HASH=ALLOW Deps=Deny CHECKS=DENY HostConfig=Ask AGENTS=3 -- x');
    expect(c).toMatchObject({ mode: 'change', level: 'lock', hash: 'allow', deps: 'deny', checks: 'deny', hostconfig: 'ask', agents: 3 });
  });

  it.each(['deny', 'ask', 'allow'] as const)('deps, hash and hostconfig take %s', (v) => {
    const c = contractOf(`$remit change deps=${v} hash=${v} hostconfig=${v}`);
    expect([c.deps, c.hash, c.hostconfig]).toEqual([v, v, v]);
  });

  it('checks takes allow and deny', () => {
    expect(contractOf('$remit review checks=deny').checks).toBe('deny');
    expect(contractOf('$remit review checks=allow').checks).toBe('allow');
  });

  it('agents takes digits, including 0 and the largest safe integer', () => {
    expect(contractOf('$remit change agents=0').agents).toBe(0);
    expect(contractOf('$remit change agents=2').agents).toBe(2);
    expect(contractOf('$remit change agents=007').agents).toBe(7);
    expect(contractOf(`$remit change agents=${Number.MAX_SAFE_INTEGER}`).agents).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('files= resolves each glob against the project root and keeps what was typed', () => {
    const c = contractOf('$remit change files=src/**|test/*.ts|./docs/README.md -- go');
    expect(c.files).toEqual([`${ROOT}/src/**`, `${ROOT}/test/*.ts`, `${ROOT}/docs/README.md`]);
    expect(c.filesAsTyped).toEqual(['src/**', 'test/*.ts', './docs/README.md']);
    expect(c.projectRoot).toBe(ROOT);
    expect(c.caseInsensitivePaths).toBe(false);
  });

  it('files= keeps the case of paths while the key is case-insensitive', () => {
    const c = contractOf('$remit LOCK CHANGE FILES=/Workspace/Example/Config.toml|Src/Config.ts -- x');
    expect(c.files).toEqual(['/Workspace/Example/Config.toml', `${ROOT}/Src/Config.ts`]);
    expect(c.filesAsTyped).toEqual(['/Workspace/Example/Config.toml', 'Src/Config.ts']);
  });

  it('empty files= means no writes, and empty segments are dropped', () => {
    expect(contractOf('$remit change files= -- x').files).toEqual([]);
    expect(contractOf('$remit change files=| -- x').files).toEqual([]);
    expect(contractOf('$remit change files=a||b').files).toEqual([`${ROOT}/a`, `${ROOT}/b`]);
  });

  it('a glob ending in / names everything in that folder', () => {
    const c = contractOf('$remit change files=src/');
    expect(c.files).toEqual([`${ROOT}/src/**`]);
    expect(c.filesAsTyped).toEqual(['src/']);
  });

  it('a `..` that stays inside the project is normalised', () => {
    expect(contractOf('$remit change files=src/../lib/**').files).toEqual([`${ROOT}/lib/**`]);
  });

  it('a Windows-style project root makes paths case-insensitive and globs drive-absolute', () => {
    const c = contractOf('$remit change files=src/**|D:/Shared/x.txt', defaultContract(), 'C:\\Work\\Proj');
    expect(c.files).toEqual(['C:/Work/Proj/src/**', 'D:/Shared/x.txt']);
    expect(c.caseInsensitivePaths).toBe(true);
  });

  it('a Windows-style root refuses a drive-less absolute glob and a `..` it cannot normalise', () => {
    for (const glob of ['/x/**', '\\x', '\\\\server\\share\\x', '//server/share/x', 'src/../lib']) {
      const r = parse(`$remit change files=${glob}`, defaultContract(), 'C:\\Work');
      expect(r.kind === 'error' && r.error.code, glob).toBe('INVALID_FILES_GLOB');
    }
    expect(parse('$remit change files=\\\\server\\share\\x').kind).toBe('error');
  });

  it('`**` and absolute globs are kept', () => {
    expect(contractOf('$remit change files=**|/tmp/out/*.log').files).toEqual([`${ROOT}/**`, '/tmp/out/*.log']);
  });

  it('a Windows-style glob under a POSIX root is case-insensitive too', () => {
    const c = contractOf('$remit change files=C:/Work/a.ts: update');
    expect(c.files).toEqual(['C:/Work/a.ts']);
    expect(c.caseInsensitivePaths).toBe(true);
  });

  it('the same field twice with the same value is fine', () => {
    const c = contractOf('$remit change change CHANGE hash=allow HASH=ALLOW agents=2 agents=02 files=src/** files=./src/**');
    expect(c).toMatchObject({ mode: 'change', hash: 'allow', agents: 2, files: [`${ROOT}/src/**`] });
  });
});

describe('replace semantics and implied mode/level', () => {
  it('a second directive drops every field the first set', () => {
    const first = contractOf('$remit change lock files=src/** deps=allow hash=allow hostconfig=allow agents=1 checks=deny -- x');
    const second = contractOf('$remit review -- y', first);
    expect(second).toEqual({ ...defaultContract(), mode: 'review', level: 'guard', source: 'directive', projectRoot: ROOT, caseInsensitivePaths: false });
    expect(second.filesAsTyped).toBeUndefined();
  });

  it('bare $remit returns to the defaults, as a directive', () => {
    for (const text of ['$remit', '$remit   ', '$remit -- just the task', '$remit: the task', '$remit\nchange hash=allow']) {
      const c = contractOf(text, armed({ hash: 'allow', files: ['/x'] }));
      expect(c).toMatchObject({ mode: 'unconfirmed', level: 'watch', hash: 'deny', files: null, source: 'directive' });
    }
  });

  it('a field with no mode means change at guard', () => {
    for (const head of ['files=src/**', 'deps=allow', 'hash=ask', 'hostconfig=allow', 'agents=1', 'checks=deny']) {
      const c = contractOf(`$remit ${head}`);
      expect([c.mode, c.level]).toEqual(['change', 'guard']);
    }
  });

  it('guard or lock with no mode means change', () => {
    expect(contractOf('$remit guard')).toMatchObject({ mode: 'change', level: 'guard' });
    expect(contractOf('$remit lock')).toMatchObject({ mode: 'change', level: 'lock' });
  });

  it('watch with no mode means change, observed', () => {
    const c = contractOf('$remit watch');
    expect([c.mode, c.level, controlStateOf(c)]).toEqual(['change', 'watch', 'OBSERVING']);
  });

  it('off alone is the defaults at level off', () => {
    const c = contractOf('$remit off', armed());
    expect([c.mode, c.level, controlStateOf(c)]).toEqual(['unconfirmed', 'off', 'OFF']);
  });

  it('off with a field keeps the field under change', () => {
    expect(contractOf('$remit off deps=allow')).toMatchObject({ mode: 'change', level: 'off', deps: 'allow' });
  });
});

describe('directive errors: atomic, first bad token named', () => {
  it.each([
    ['$remit review Review the diff', 'INVALID_DIRECTIVE_TOKEN', 'the'],
    ['$remit revew -- x', 'INVALID_DIRECTIVE_TOKEN', 'revew'],
    ['$remit change example', 'INVALID_DIRECTIVE_TOKEN', 'example'],
    ['$remit change model=fast', 'INVALID_DIRECTIVE_TOKEN', 'model=fast'],
    ['$remit change total-agents=9', 'INVALID_DIRECTIVE_TOKEN', 'total-agents=9'],
    ['$remit change open', 'INVALID_DIRECTIVE_TOKEN', 'open'],
    ['$remit change,review', 'INVALID_DIRECTIVE_TOKEN', 'change,review'],
    ['$remit:review', 'INVALID_DIRECTIVE_TOKEN', ':review'],
    ['$remit change review', 'CONFLICTING_DIRECTIVE', 'review'],
    ['$remit lock off', 'CONFLICTING_DIRECTIVE', 'off'],
    ['$remit change agents=0 agents=3', 'CONFLICTING_DIRECTIVE', 'agents=3'],
    ['$remit change hash=deny hash=allow', 'CONFLICTING_DIRECTIVE', 'hash=allow'],
    ['$remit change files=src/** files=**', 'CONFLICTING_DIRECTIVE', 'files=**'],
    ['$remit change checks=allow checks=deny', 'CONFLICTING_DIRECTIVE', 'checks=deny'],
    ['$remit change agents', 'INVALID_AGENT_LIMIT', 'agents'],
    ['$remit change agents=', 'INVALID_AGENT_LIMIT', 'agents='],
    ['$remit change agents=-1', 'INVALID_AGENT_LIMIT', 'agents=-1'],
    ['$remit change agents=1.5', 'INVALID_AGENT_LIMIT', 'agents=1.5'],
    ['$remit change agents=NaN', 'INVALID_AGENT_LIMIT', 'agents=NaN'],
    ['$remit change agents=1e3', 'INVALID_AGENT_LIMIT', 'agents=1e3'],
    ['$remit change agents=+2', 'INVALID_AGENT_LIMIT', 'agents=+2'],
    ['$remit change agents=９', 'INVALID_AGENT_LIMIT', 'agents=９'],
    ['$remit change agents=9007199254740992', 'INVALID_AGENT_LIMIT', 'agents=9007199254740992'],
    ['$remit change hash=alow', 'INVALID_POLICY_VALUE', 'hash=alow'],
    ['$remit change deps=yes', 'INVALID_POLICY_VALUE', 'deps=yes'],
    ['$remit change hostconfig=', 'INVALID_POLICY_VALUE', 'hostconfig='],
    ['$remit change checks=ask', 'INVALID_POLICY_VALUE', 'checks=ask'],
    ['$remit change hash', 'INVALID_POLICY_VALUE', 'hash'],
    ['$remit change files', 'INVALID_FILES_GLOB', 'files'],
    ['$remit change files=../secret/**', 'INVALID_FILES_GLOB', 'files=../secret/**'],
    ['$remit change files=src/../../etc/**', 'INVALID_FILES_GLOB', 'files=src/../../etc/**'],
    ['$remit change files=src/**|*/../../x', 'INVALID_FILES_GLOB', 'files=src/**|*/../../x'],
    ['$remit change files=/../etc/passwd', 'INVALID_FILES_GLOB', 'files=/../etc/passwd'],
    ['$remit change files=~/../other', 'INVALID_FILES_GLOB', 'files=~/../other'],
    ['$remit change files=C:/Work/../x', 'INVALID_FILES_GLOB', 'files=C:/Work/../x'],
    ['$remit change files=..', 'INVALID_FILES_GLOB', 'files=..'],
    ['$remit change files=src/**|!src/gen/**', 'INVALID_FILES_GLOB', 'files=src/**|!src/gen/**'],
    ['$remit change files="src/**"', 'INVALID_FILES_GLOB', 'files="src/**"'],
    ["$remit change files='src/my", 'INVALID_FILES_GLOB', "files='src/my"],
    [`$remit change files=${'a'.repeat(4097)}`, 'INVALID_FILES_GLOB', `files=${'a'.repeat(113)}…`],
  ] as const)('%s → %s on %s', (text, code, token) => {
    const previous = armed({ mode: 'review', hash: 'ask' });
    const e = errorOf(text, previous);
    expect(e.code).toBe(code);
    expect(e.token).toBe(token);
    expect(e.message).toContain(`\`${token}\``);
  });

  it('reports the FIRST bad token when several are bad', () => {
    expect(errorOf('$remit change hash=alow agents=-1 bogus')).toMatchObject({ code: 'INVALID_POLICY_VALUE', token: 'hash=alow' });
    expect(errorOf('$remit bogus hash=alow')).toMatchObject({ code: 'INVALID_DIRECTIVE_TOKEN', token: 'bogus' });
    expect(errorOf('$remit review change hash=alow')).toMatchObject({ code: 'CONFLICTING_DIRECTIVE', token: 'change' });
  });

  it('an error carries no contract: the caller keeps the previous one', () => {
    const r = parse('$remit change hash=allow oops', armed({ mode: 'review' }));
    expect(r.kind).toBe('error');
    expect('contract' in r).toBe(false);
  });

  it('rejects control characters in tokens, showing them escaped', () => {
    const nul = errorOf('$remit change files=src/\u0000x');
    expect(nul.code).toBe('INVALID_FILES_GLOB');
    expect(nul.token).toBe('files=src/\\u0000x');
    const esc = errorOf('$remit change files=a\u001b[31m');
    expect(esc.code).toBe('INVALID_FILES_GLOB');
    const bidi = errorOf('$remit change files=src/\u202e**');
    expect(bidi.code).toBe('INVALID_FILES_GLOB');
    expect(bidi.token).not.toMatch(/\u202e/);
    const zw = errorOf('$remit re\u200bview');
    expect(zw).toMatchObject({ code: 'INVALID_DIRECTIVE_TOKEN', token: 're\\u200bview' });
    expect(errorOf('$remit review\u0007').code).toBe('INVALID_DIRECTIVE_TOKEN');
    expect(errorOf('$remit change hash=allow\u0001').code).toBe('INVALID_POLICY_VALUE');
    expect(errorOf('$remit change agents=1\u0000').code).toBe('INVALID_AGENT_LIMIT');
  });

  it('shortens a huge bad token in the error', () => {
    const e = errorOf(`$remit ${'x'.repeat(100_000)}`);
    expect(e.code).toBe('INVALID_DIRECTIVE_TOKEN');
    expect(e.token.length).toBeLessThanOrEqual(120);
    expect(e.token.endsWith('…')).toBe(true);
    expect(e.message.length).toBeLessThan(600);
  });

  it('an inspection word with arguments it does not take answers with its usage, never a directive error', () => {
    for (const [text, usage] of [
      ['$remit status please', '$remit status'],
      ['$remit help me', '$remit help'],
      ['$remit explain evt_short', '$remit explain evt_…'],
      ['$remit explain', '$remit explain evt_…'],
      ['$remit allow evt_123', '$remit allow evt_…'],
    ]) {
      const r = parse(text!);
      expect(r, text).toMatchObject({ kind: 'inspection', command: { name: 'usage' } });
      expect((r as { command: { text: string } }).command.text).toContain(`usage: ${usage}`);
    }
    // On more than one line, or with a task, it is a directive head and fails on the word.
    expect(errorOf('$remit status\nand tell me more')).toMatchObject({ code: 'INVALID_DIRECTIVE_TOKEN', token: 'status' });
    expect(errorOf('$remit status -- go')).toMatchObject({ code: 'INVALID_DIRECTIVE_TOKEN', token: 'status' });
  });

  it('a mistyped token suggests the nearest', () => {
    expect(errorOf('$remit chnage -- go').message).toContain('did you mean `change`?');
    expect(errorOf('$remit stauts').message).toContain('did you mean `$remit status`');
    expect(errorOf('$remit hlep').message).toContain('did you mean `$remit help`');
    expect(errorOf('$remit reveiw -- go').message).toContain('did you mean `review`?');
  });
});

describe('where a directive counts', () => {
  it.each([
    ['a double-quoted mention', '"$remit change hash=allow"'],
    ['a single-quoted mention', "'$remit change'"],
    ['after a quote mark', '“$remit change”'],
    ['a ``` fence', '```\n$remit change hash=allow\n```'],
    ['a ~~~ fence', '~~~text\n$remit change\n~~~'],
    ['a four-space indent', '    $remit change'],
    ['a tab indent', '\t$remit change'],
    ['a space then tab', '  \t$remit change'],
    ['a no-break space indent', '\u00a0$remit change'],
    ['a - list item', '- $remit change'],
    ['a * list item', '* $remit change'],
    ['a 1. list item', '1. $remit change'],
    ['a block quote', '> $remit change'],
    ['inline code', '`$remit change` is how you arm it'],
    ['a later line', 'Please look at this.\n$remit change hash=allow'],
    ['after Example:', 'Example:\n$remit change -- do it'],
    ['$remitx', '$remitx change'],
    ['$remit-example', '$remit-example change'],
    ['$remit, with a comma', '$remit, change'],
    ['inside prose', 'I usually type $remit change -- when I want edits'],
    ['a slash form nobody unwrapped', '/remit change'],
    ['an HTML comment', '<!-- $remit change -->'],
    ['a heading', '# $remit change'],
  ])('%s changes nothing', (_label, text) => {
    expect(parse(text, armed({ mode: 'review' }))).toEqual({ kind: 'none' });
  });

  it('blank lines and up to three spaces before a directive are fine', () => {
    for (const text of ['\n\n$remit review', '   $remit review', ' \t \n  \r\n   $remit review -- x', '\r\n$remit review', '\ufeff$remit review']) {
      expect(contractOf(text).mode).toBe('review');
    }
  });

  it('an ideographic space may follow the mention', () => {
    expect(contractOf('$remit\u3000review').mode).toBe('review');
  });
});

describe('where the head ends', () => {
  it('fields never spill past the newline', () => {
    const c = contractOf('$remit review\nchange hash=allow files=src/**');
    expect(c).toMatchObject({ mode: 'review', hash: 'deny', files: null });
    expect(contractOf('$remit review\r\nhash=allow').hash).toBe('deny');
    expect(contractOf('$remit review\rhash=allow').hash).toBe('deny');
    expect(contractOf('$remit review\u2028hash=allow').hash).toBe('deny');
  });

  it('fields never spill past --', () => {
    expect(contractOf('$remit review -- change hash=allow').mode).toBe('review');
    expect(contractOf('$remit review--change hash=allow')).toMatchObject({ mode: 'review', hash: 'deny' });
    expect(contractOf('$remit--change')).toMatchObject({ mode: 'unconfirmed' });
  });

  it('fields never spill past `: `', () => {
    expect(contractOf('$remit review: change hash=allow')).toMatchObject({ mode: 'review', hash: 'deny' });
    expect(contractOf('$remit review:')).toMatchObject({ mode: 'review' });
    expect(contractOf('$remit review:\tchange')).toMatchObject({ mode: 'review' });
  });

  it('a full-width colon ends the head', () => {
    expect(contractOf('$remit review：看一下这个改动')).toMatchObject({ mode: 'review' });
  });

  it('a drive colon is not a delimiter', () => {
    const c = contractOf('$remit change files=C:/Work/a.ts: update it');
    expect(c.files).toEqual(['C:/Work/a.ts']);
    expect(c.filesAsTyped).toEqual(['C:/Work/a.ts']);
  });

  it('tabs and runs of spaces split tokens; nothing else does', () => {
    expect(contractOf('$remit \t review \t  hash=ask   -- x')).toMatchObject({ mode: 'review', hash: 'ask' });
    expect(errorOf('$remit review;hash=ask').token).toBe('review;hash=ask');
  });
});

describe('inspection commands', () => {
  const previous = armed({ mode: 'review' });
  it.each([
    ['$remit status', { name: 'status' }],
    ['$remit STATUS  \n\n', { name: 'status' }],
    ['\n  $remit status', { name: 'status' }],
    ['$remit runtime', { name: 'runtime', all: false }],
    ['$remit runtime all', { name: 'runtime', all: true }],
    ['$remit   Runtime\tALL ', { name: 'runtime', all: true }],
    ['$remit help', { name: 'help' }],
    ['$remit explain evt_01J9Z8ABCDEF', { name: 'explain', eventId: 'evt_01J9Z8ABCDEF' }],
    ['$remit explain EVT_01j9z8abcdef', { name: 'explain', eventId: 'evt_01j9z8abcdef' }],
    ['$remit label evt_0123456789ab correct', { name: 'label', eventId: 'evt_0123456789ab', label: 'correct' }],
    ['$remit label evt_0123456789ab INCORRECT', { name: 'label', eventId: 'evt_0123456789ab', label: 'incorrect' }],
    ['$remit label evt_a-b_c-d_e inconclusive', { name: 'label', eventId: 'evt_a-b_c-d_e', label: 'inconclusive' }],
    ['$remit allow evt_01J9Z8ABCDEF', { name: 'allow', eventId: 'evt_01J9Z8ABCDEF' }],
  ] as const)('%j', (text, command) => {
    expect(parse(text, previous)).toEqual({ kind: 'inspection', command });
  });

  it('rejects malformed event ids and labels (as usage answers, never as commands)', () => {
    for (const text of [
      '$remit explain evt_1234567',
      `$remit explain evt_${'a'.repeat(65)}`,
      '$remit explain evt_1234567$',
      '$remit explain 12345678',
      '$remit label evt_12345678 wrong',
      '$remit label evt_12345678',
      '$remit allow evt_12345678 evt_87654321',
      '$remit runtime some',
    ]) {
      expect(parse(text, previous), text).toMatchObject({ kind: 'inspection', command: { name: 'usage' } });
    }
  });

  it('is told by the word after `$remit` before any pattern runs: other words, glued or missing words are no command', () => {
    for (const text of ['$remit statusx', '$remitstatus', '$remit', '$remit 1status', '$remit change files=src/** -- status', 'status']) {
      expect(parse(text, previous), text).not.toMatchObject({ kind: 'inspection' });
    }
    expect(parse('$REMIT\tHelp', previous)).toEqual({ kind: 'inspection', command: { name: 'help' } });
    expect(parse('$remit Status now', previous)).toMatchObject({ kind: 'inspection', command: { name: 'usage' } });
  });

  it('an indented or quoted command is nothing', () => {
    expect(parse('    $remit status', previous)).toEqual({ kind: 'none' });
    expect(parse('`$remit status`', previous)).toEqual({ kind: 'none' });
  });
});

describe('size and hostile input', () => {
  it('parses a 10 kB and a 1 MB prompt', () => {
    const tenK = '$remit review -- ' + 'look at this code. '.repeat(550);
    expect(contractOf(tenK).mode).toBe('review');
    const megabyte = 'x'.repeat(1_000_000);
    expect(parse(megabyte, armed()).kind).toBe('none');
    expect(parse('$remit change -- ' + megabyte, armed()).kind).toBe('directive');
    expect(parse(`$remit change files=${'a/'.repeat(500_000)}`, armed()).kind).toBe('error');
  });

  it('survives a megabyte of pathological shapes', () => {
    const shapes = [
      '\n'.repeat(1_000_000),
      ' \n'.repeat(500_000) + '$remit review',
      '"'.repeat(1_000_000),
      "a' ".repeat(333_333),
      '`'.repeat(1_000_000),
      '` ``'.repeat(250_000),
      '```\n'.repeat(250_000),
      'please '.repeat(150_000) + "don't edit anything",
      'review only '.repeat(80_000),
      '不要'.repeat(500_000),
      '$remit ' + 'review '.repeat(140_000),
      '$remit ' + '- '.repeat(500_000),
      '$remit ' + ':'.repeat(1_000_000),
    ];
    for (const text of shapes) {
      const r = parse(text, armed());
      expect(['none', 'directive', 'correction', 'error']).toContain(r.kind);
    }
  });

  it('treats non-text as saying nothing', () => {
    expect(parse(undefined as unknown as string)).toEqual({ kind: 'none' });
  });
});
