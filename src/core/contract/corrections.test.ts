import { describe, expect, it } from 'vitest';
import type { TaskContract } from '../../generated/types.js';
import { validateTaskContract } from '../../generated/validate-task-contract.js';
import { findCorrectionPhrase } from './corrections.js';
import { defaultContract } from './defaults.js';
import { parsePrompt, type PromptParse } from './parse-prompt.js';

const ROOT = '/work/proj';

function contract(over: Partial<TaskContract> = {}): TaskContract {
  return {
    ...defaultContract(),
    mode: 'change',
    level: 'guard',
    source: 'directive',
    projectRoot: ROOT,
    files: [`${ROOT}/src/**`],
    filesAsTyped: ['src/**'],
    deps: 'allow',
    agents: 2,
    ...over,
  };
}

function parse(text: string, previous: TaskContract): PromptParse {
  return parsePrompt(text, { projectRoot: ROOT, previous });
}

function correctedMode(text: string, previous: TaskContract = contract()): string | null {
  const r = parse(text, previous);
  if (r.kind === 'none') return null;
  if (r.kind !== 'correction') throw new Error(`unexpected ${r.kind} for ${JSON.stringify(text)}`);
  expect(validateTaskContract(r.contract)).toBe(true);
  return r.contract.mode;
}

describe('English corrections tighten an armed change', () => {
  it.each([
    ['Review only.', 'review'],
    ['review only please', 'review'],
    ['Please only review the diff in src/parser.ts', 'review'],
    ["Don't edit anything.", 'review'],
    ['Don’t edit anything, just look.', 'review'],
    ['dont touch anything', 'review'],
    ['Do not edit anything at all.', 'review'],
    ['Do not change the code.', 'review'],
    ['do not modify any files', 'review'],
    ['Do not touch any file for now', 'review'],
    ["Hmm. Don't change anything!", 'review'],
    ['No changes.', 'review'],
    ['Make no changes please', 'review'],
    ['Read-only.', 'review'],
    ['stay read-only for now', 'review'],
    ['Switch to read-only mode.', 'review'],
    ['Answer only.', 'answer'],
    ['Just answer the question: why does this fail?', 'answer'],
    ['Monitor only.', 'monitor'],
    ['OK so monitor only, report back', 'monitor'],
  ] as const)('%j → %s', (text, mode) => {
    expect(correctedMode(text)).toBe(mode);
  });

  it('keeps every other field and marks the source', () => {
    const before = contract({ level: 'lock' });
    const r = parse("Don't edit anything.", before);
    expect(r).toEqual({
      kind: 'correction',
      phrase: "don't edit anything",
      contract: { ...before, mode: 'review', source: 'correction' },
    });
    if (r.kind === 'correction') expect(r.contract.files).not.toBe(before.files);
  });

  it('the first phrase in the prompt decides', () => {
    expect(correctedMode('Answer only. Actually review only.')).toBe('answer');
    expect(correctedMode('Monitor only, then review only.')).toBe('monitor');
  });
});

describe('Chinese corrections', () => {
  it.each([
    ['只审查', 'review'],
    ['只审查，不要修改', 'review'],
    ['请只看不改。', 'review'],
    ['不要修改', 'review'],
    ['不要修改任何代码。', 'review'],
    ['请不要修改代码', 'review'],
    ['不要修改文件', 'review'],
    ['不要改！', 'review'],
    ['先别改', 'review'],
    ['只回答这个问题', 'answer'],
    ['只监控', 'monitor'],
    ['请继续只观察。', 'monitor'],
    ['这次只观察就好', 'monitor'],
  ] as const)('%j → %s', (text, mode) => {
    expect(correctedMode(text)).toBe(mode);
  });

  it.each([
    '只观察实际定时轮次',
    '只观察 实际定时轮次',
    '只监控生产日志里的错误数',
    '不要改变接口，修复这个问题',
    '不要修改测试文件，修复解析器',
    '不只审查，也要修复',
    '不是只回答，要改代码',
  ])('%j is not a correction', (text) => {
    expect(correctedMode(text)).toBeNull();
  });
});

describe('what never counts as a correction', () => {
  it.each([
    'Add a "review only" badge to the README',
    "Add the label 'review only' to the enum",
    'Mention “don’t edit anything” in the docs',
    'Set the status text to 「只审查」',
    '> review only\nThat was the reviewer; now fix it.',
    '```\nreview only\n```\nimplement the above',
    "~~~\nDon't edit anything.\n~~~\nnow implement it",
    'Rename `reviewOnly` and `review only` in the tests',
    'No changes to the public API, but fix the bug.',
    'Make the config field readonly.',
    'Mark these properties as read-only in the type.',
    "Don't change the code in vendor/, fix src/ instead.",
    "Don't edit anything except README.md",
    'if there are no changes then commit',
    'not only review the code but also fix it',
    "Don't just answer, fix it.",
    'fix it',
    'Go ahead and change the parser.',
    'please implement the retry option',
    'stop the server before running the tests',
    'Please avoid overengineering this task.',
  ])('%j', (text) => {
    expect(correctedMode(text)).toBeNull();
  });
});

describe('corrections only tighten, and only an armed contract', () => {
  it('never arms an unarmed session', () => {
    for (const previous of [
      defaultContract(),
      contract({ level: 'watch' }),
      contract({ level: 'off' }),
      contract({ source: 'default' }),
      contract({ source: 'recovery' }),
      contract({ mode: 'unconfirmed' }),
    ]) {
      expect(parse('Review only.', previous)).toEqual({ kind: 'none' });
      expect(parse('stop', previous)).toEqual({ kind: 'none' });
    }
  });

  it('acts on a project default that armed the session', () => {
    expect(correctedMode('review only', contract({ source: 'project-default' }))).toBe('review');
    expect(correctedMode('review only', contract({ source: 'correction', mode: 'change' }))).toBe('review');
  });

  it('never moves between two non-mutating modes', () => {
    expect(correctedMode('monitor only', contract({ mode: 'review' }))).toBeNull();
    expect(correctedMode('review only', contract({ mode: 'answer' }))).toBeNull();
    expect(correctedMode('answer only', contract({ mode: 'monitor' }))).toBeNull();
    expect(correctedMode('review only', contract({ mode: 'review' }))).toBeNull();
  });

  it('never loosens', () => {
    for (const mode of ['review', 'answer', 'monitor'] as const) {
      for (const text of ['fix it', 'Fix the P1 finding now.', 'go ahead and change it', 'please implement it', '修复这个问题', '可以修改了']) {
        expect(parse(text, contract({ mode }))).toEqual({ kind: 'none' });
      }
    }
  });

  it.each(['stop', 'Stop.', 'STOP NOW!', 'sToP nOw', '  stop now \n', '停止', '停下来。'])('%j alone moves to answer', (text) => {
    expect(correctedMode(text, contract({ mode: 'change' }))).toBe('answer');
    expect(correctedMode(text, contract({ mode: 'review' }))).toBe('answer');
    expect(correctedMode(text, contract({ mode: 'monitor' }))).toBe('answer');
    expect(correctedMode(text, contract({ mode: 'answer' }))).toBeNull();
  });

  it('"stop" inside a longer prompt or quoted is not a stop', () => {
    expect(correctedMode('stop and fix it', contract({ mode: 'review' }))).toBeNull();
    expect(correctedMode('"stop"', contract({ mode: 'review' }))).toBeNull();
    expect(correctedMode('`stop`', contract())).toBeNull();
  });

  it('a directive on the first line wins over correction phrases', () => {
    const r = parse('$remit change hash=allow -- review only, do not edit anything', contract({ mode: 'review' }));
    expect(r.kind).toBe('directive');
    if (r.kind === 'directive') expect(r.contract).toMatchObject({ mode: 'change', hash: 'allow', source: 'directive' });
    expect(parse('$remit oops -- review only', contract()).kind).toBe('error');
  });

  it('a directive that does not count leaves the phrases to act', () => {
    expect(correctedMode('Example:\n$remit change\nreview only')).toBe('review');
  });
});

describe('findCorrectionPhrase', () => {
  it('reports the phrase as matched', () => {
    expect(findCorrectionPhrase('OK. Review only, thanks')).toEqual({ mode: 'review', phrase: 'review only', stop: false });
    expect(findCorrectionPhrase('Stop now!')).toEqual({ mode: 'answer', phrase: 'stop now', stop: true });
    expect(findCorrectionPhrase('请只看不改')).toEqual({ mode: 'review', phrase: '只看不改', stop: false });
  });

  it('finds nothing in ordinary prose', () => {
    expect(findCorrectionPhrase('Please refactor the parser and keep the tests green.')).toBeNull();
    expect(findCorrectionPhrase('')).toBeNull();
  });
});
