// Plain-language corrections (docs/DESIGN.md#task-contract): in a session a directive armed, a few
// phrases tighten the mode without `$remit`. They only ever tighten — from `change` to a
// non-mutating mode, or to `answer` on a bare "stop" — so a misread phrase costs the user one
// `$remit change`, while a loosening phrase ("fix it") is never read at all.
//
// The negative phrases ("don't edit anything", "no changes", "read-only", 不要修改) count
// only as a whole clause, because with an object they usually narrow a change instead of
// forbidding it: "no changes to the API", "make the field readonly", 不要改变接口.
import type { TaskContract } from '../../generated/types.js';
import { isSpaceCode } from './ascii.js';
import { withoutQuotedText } from './dequote.js';

export type CorrectionMode = 'answer' | 'review' | 'monitor';

export interface CorrectionPhrase {
  mode: CorrectionMode;
  /** The phrase as matched (lower-cased), for the echo and the audit summary. */
  phrase: string;
  /** A bare "stop": the only phrase that moves a non-mutating mode, and only to `answer`. */
  stop: boolean;
}

// The ASCII letters spelled in both cases rather than with the `i` flag: without the `u` flag,
// `i` folds nothing else here, and with `\s` in the pattern it makes V8 close every whitespace
// range over Unicode case on a process's first use (some 0.1 ms of each prompt).
const STOP = /^(?:[Ss][Tt][Oo][Pp](?:\s+[Nn][Oo][Ww])?|停止|停下来)[\s.!。！]*$/;

const LEAD = '(?:(?:please|pls|and|but|so|now|then|just|also|ok|okay|again|instead|remember|hey|for now|from now on|right now|this time|for this task)\\s+)*';
const TAIL =
  '(?:\\s+(?:please|pls|at all|for now|yet|now|here|this time|whatsoever|anymore|any more|from now on|until i say so|until further notice|thanks|thank you))*';
const ZH_LEAD = '(?:请|你|您|先|现在|这次|本次|暂时|接下来|继续|千万|都|就)*';
// `就可以了` is `就可以` and `了`: listed too, it gave the repetition two ways through each (exponential).
const ZH_TAIL = '(?:了|哦|喔|啊|呀|吧|啦|即可|就好|就行|一下|就可以)*';
/** What, right before a phrase, negates it: "not only review", "don't just answer", 不只审查. */
const NEGATED_BEFORE = /(?:\bnot|n't|\bdont|\bnever)(?: just| only)? $|不$|不是$/;
/** Longer clauses carry more than a correction; whole-clause phrases are not looked for there. */
const CLAUSE_LIMIT = 160;

interface PhraseRule {
  mode: CorrectionMode;
  pattern: RegExp;
  /** The phrase must be the whole clause (with a few filler words), not just appear in it. */
  whole: boolean;
}

const RULES: readonly PhraseRule[] = [
  // English, anywhere in a clause unless negated.
  { mode: 'review', whole: false, pattern: /\b(?:review only|only review)\b/g },
  { mode: 'answer', whole: false, pattern: /\b(?:answer only|just answer)\b/g },
  { mode: 'monitor', whole: false, pattern: /\bmonitor only\b/g },
  // English, whole clause.
  {
    mode: 'review',
    whole: true,
    pattern: new RegExp(`^${LEAD}(?:don't|dont|do not) (?:edit|change|modify|touch) (?:anything|the code|any files?|any code)${TAIL}$`),
  },
  { mode: 'review', whole: true, pattern: new RegExp(`^${LEAD}(?:make )?no changes${TAIL}$`) },
  {
    mode: 'review',
    whole: true,
    pattern: new RegExp(
      `^${LEAD}(?:(?:stay|be|remain|go|work|keep it|stay in|be in|work in|switch to|go to)\\s+)?(?:read-only|readonly|read only)(?: mode)?${TAIL}$`,
    ),
  },
  // Chinese, anywhere in a clause unless negated.
  { mode: 'review', whole: false, pattern: /只审查|只看不改/g },
  { mode: 'answer', whole: false, pattern: /只回答/g },
  // Chinese, whole clause: 只观察实际定时轮次 names what to watch and is not a correction.
  { mode: 'review', whole: true, pattern: new RegExp(`^${ZH_LEAD}(?:不要|别)(?:修改|改动|改)(?:任何(?:东西|代码|文件)?|代码|文件)?${ZH_TAIL}$`) },
  { mode: 'monitor', whole: true, pattern: new RegExp(`^${ZH_LEAD}(?:只监控|只观察)${ZH_TAIL}$`) },
];

/** Cheap screen: a prompt with none of these words holds no correction. */
const MAY_CORRECT = /review|answer|monitor|edit|change|modify|touch|read.?only|只|不要|别/g;

function firstMatch(rule: PhraseRule, clause: string): { at: number; text: string } | null {
  if (rule.whole) {
    if (clause.length > CLAUSE_LIMIT) return null;
    const m = rule.pattern.exec(clause);
    return m ? { at: 0, text: m[0] } : null;
  }
  rule.pattern.lastIndex = 0;
  for (let m = rule.pattern.exec(clause); m; m = rule.pattern.exec(clause)) {
    if (!NEGATED_BEFORE.test(clause.slice(Math.max(0, m.index - 16), m.index))) return { at: m.index, text: m[0] };
  }
  return null;
}

/** The first correction phrase in the prompt, ignoring quoted, fenced and block-quoted text. */
export function findCorrectionPhrase(text: string): CorrectionPhrase | null {
  const said = withoutQuotedText(text);
  const whole = said.trim();
  if (whole.length <= 16 && STOP.test(whole)) {
    return {
      mode: 'answer',
      phrase: whole
        .replace(/[\s.!。！]+$/, '')
        .toLowerCase()
        .replace(/\s+/g, ' '),
      stop: true,
    };
  }
  const lower = said.toLowerCase();
  // Every MAY_CORRECT word holds a RULE_WORD word, which starts at most five characters after
  // it (`read-only`): a prompt with no RULE_WORD word has none, and MAY_CORRECT is looked for
  // only from five before the first one.
  RULE_WORD.lastIndex = 0;
  const first = RULE_WORD.exec(lower);
  if (!first) return null;
  MAY_CORRECT.lastIndex = Math.max(0, first.index - 5);
  if (!MAY_CORRECT.test(lower)) return null;
  // The clauses are those a split at every clause break gives, walked by offsets; only one
  // that holds a word some rule needs is cut out and read, so a megabyte of blank lines or of
  // short clauses builds no string per clause.
  let hit = first.index;
  for (let start = 0, i = 0; ; ) {
    if (hit < start) {
      RULE_WORD.lastIndex = start;
      const m = RULE_WORD.exec(lower);
      if (!m) return null;
      hit = m.index;
    }
    // The first clause break from i: a run of break characters, or `\s-+\s`.
    let end = lower.length;
    let next = -1;
    for (const n = lower.length; i < n; i++) {
      const c = lower.charCodeAt(i);
      const k = charKind(c);
      if (k === 0) continue;
      if (k === BREAK) {
        end = i;
        for (i++; i < n && charKind(lower.charCodeAt(i)) === BREAK; ) i++;
        next = i;
        break;
      }
      if (i + 1 < n && lower.charCodeAt(i + 1) === 0x2d) {
        let j = i + 2;
        while (j < n && lower.charCodeAt(j) === 0x2d) j++;
        if (j < n && isSpaceCode(lower.charCodeAt(j))) {
          end = i;
          next = i = j + 1;
          break;
        }
      }
    }
    if (end > hit) {
      const found = phraseIn(lower.slice(start, end));
      if (found) return found;
    }
    if (next < 0) return null;
    start = next;
  }
}

/**
 * Every word one of RULES needs (MAY_CORRECT's, with `only` for its `read.?only`, which a run of
 * blanks collapsed to one space also makes): a clause without one holds no phrase.
 */
const RULE_WORD = /review|answer|monitor|edit|change|modify|touch|only|只|不要|别/g;

/**
 * Clause boundaries: sentence and clause punctuation (ASCII and CJK), brackets, dashes used
 * as breaks, and the line breaks dequoting leaves where quoted text was — the expression
 * `/[\n.,;:!?()[\]{}。，；：！？、（）…–—]+|\s-+\s/`, told by code in one pass. This is its
 * first branch's class.
 */
function isBreakChar(c: number): boolean {
  if (c < 0x80)
    return (
      c === 0x0a ||
      c === 0x2e ||
      c === 0x2c ||
      c === 0x3b ||
      c === 0x3a ||
      c === 0x21 ||
      c === 0x3f ||
      c === 0x28 ||
      c === 0x29 ||
      c === 0x5b ||
      c === 0x5d ||
      c === 0x7b ||
      c === 0x7d
    );
  return (
    c === 0x3002 ||
    c === 0xff0c ||
    c === 0xff1b ||
    c === 0xff1a ||
    c === 0xff01 ||
    c === 0xff1f ||
    c === 0x3001 ||
    c === 0xff08 ||
    c === 0xff09 ||
    c === 0x2026 ||
    c === 0x2013 ||
    c === 0x2014
  );
}

const BREAK = 1;
const SPACE = 2;
/** Per ASCII code: BREAK, SPACE or 0 (a line feed is a break first: the expression's first branch takes it). */
const ASCII_KIND = (() => {
  const t = new Uint8Array(128);
  for (let c = 0; c < 128; c++) t[c] = isBreakChar(c) ? BREAK : isSpaceCode(c) ? SPACE : 0;
  return t;
})();

/** A character's part in a clause break: BREAK (`[\n.,;:…]`), SPACE (`\s`, which may open `\s-+\s`) or 0. */
function charKind(c: number): number {
  if (c < 0x80) return ASCII_KIND[c]!;
  return isBreakChar(c) ? BREAK : isSpaceCode(c) ? SPACE : 0;
}

/** The first phrase in one clause (lower-cased, as split), or null; exported for the test of the clause walk. */
export function phraseIn(raw: string): CorrectionPhrase | null {
  // Blank clauses (a prompt of blank lines has hundreds of thousands) are passed over first.
  const trimmed = raw.trim();
  if (trimmed === '') return null;
  // Each rewrite only when it changes something: a clause can be a megabyte long.
  const apostrophes = /[’ʼ]/.test(trimmed) ? trimmed.replace(/[’ʼ]/g, "'") : trimmed;
  const clause = /\s\s|[^\S ]/.test(apostrophes) ? apostrophes.replace(/\s+/g, ' ') : apostrophes;
  let best: { at: number; rule: PhraseRule; text: string } | null = null;
  for (const rule of RULES) {
    const m = firstMatch(rule, clause);
    if (m && (best === null || m.at < best.at)) best = { ...m, rule };
  }
  return best ? { mode: best.rule.mode, phrase: best.text.trim(), stop: false } : null;
}

const ARMING_SOURCES: ReadonlySet<TaskContract['source']> = new Set(['directive', 'correction', 'project-default']);

/** A correction can only act on a contract the user armed; a default or recovered one is never armed by prose. */
export function acceptsCorrection(previous: TaskContract): boolean {
  return (previous.level === 'guard' || previous.level === 'lock') && ARMING_SOURCES.has(previous.source);
}

/** The tightened contract, or null when the phrase would not tighten this contract. */
export function applyCorrection(previous: TaskContract, found: CorrectionPhrase): TaskContract | null {
  if (!acceptsCorrection(previous)) return null;
  const tightens = found.stop ? previous.mode === 'change' || previous.mode === 'review' || previous.mode === 'monitor' : previous.mode === 'change';
  if (!tightens) return null;
  return {
    ...previous,
    files: previous.files === null ? null : [...previous.files],
    ...(previous.filesAsTyped ? { filesAsTyped: [...previous.filesAsTyped] } : {}),
    mode: found.mode,
    source: 'correction',
  };
}
