// The rule table checked the way ESLint's RuleTester checks rules: every reason code belongs to
// exactly one rule, the catalogue agrees, and every rule and code is proven by a shipped case.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ReasonCode } from '../../generated/types.js';
import { loadCases } from '../replay/load-cases.js';
import { RULES } from './decide.js';
import { REASONS } from './reasons.js';
import { RULE_IDS } from './rule-ids.js';

const CASES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'cases');
const CODES = Object.keys(REASONS) as ReasonCode[];

/** Folders `cases/<family>/<REASON_CODE>/` that hold at least one case file. */
function caseFolders(): Set<string> {
  const out = new Set<string>();
  for (const family of readdirSync(CASES, { withFileTypes: true })) {
    if (!family.isDirectory()) continue;
    for (const code of readdirSync(path.join(CASES, family.name), { withFileTypes: true })) {
      if (!code.isDirectory()) continue;
      if (readdirSync(path.join(CASES, family.name, code.name)).some((f) => f.endsWith('.json'))) out.add(code.name);
    }
  }
  return out;
}

// Allow-only codes with nothing to refuse: a bad arm cannot expect them, so they are proven by
// the arms of other cases instead of a folder of their own.
const PROVEN_IN_ARMS: ReadonlySet<ReasonCode> = new Set(['RECOVERY_READ_ONLY', 'TAUGHT_READ', 'WITHIN_CONTRACT']);

describe('the rule table', () => {
  it('lists the rule ids in the order RULE_IDS gives, each once, kebab-case', () => {
    expect(RULES.map((r) => r.id)).toEqual([...RULE_IDS]);
    for (const id of RULE_IDS) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('gives every reason code to exactly one rule, and the catalogue names that rule', () => {
    const owners = new Map<string, string[]>();
    for (const rule of RULES) {
      expect(rule.codes.length, rule.id).toBeGreaterThan(0);
      for (const code of rule.codes) owners.set(code, [...(owners.get(code) ?? []), rule.id]);
    }
    for (const code of CODES) {
      expect(owners.get(code), code).toHaveLength(1);
      expect(REASONS[code].rule, code).toBe(owners.get(code)![0]);
    }
    expect([...owners.keys()].sort()).toEqual([...CODES].sort());
  });

  it('ends with a rule that always matches, so the loop never falls through to allow by accident', () => {
    expect(RULES[RULES.length - 1]!.id).toBe('within-contract');
  });
});

describe('every rule and code has cases', () => {
  const folders = caseFolders();
  const loaded = loadCases(CASES);
  const expected = new Set<string>();
  for (const l of loaded) {
    for (const arm of ['bad', 'good'] as const) {
      for (const step of l.case?.[arm].steps ?? []) if ('expect' in step && step.expect) expected.add(step.expect.reasonCode);
    }
  }

  it('finds the cases folder', () => {
    expect(existsSync(CASES)).toBe(true);
    expect(loaded.length).toBeGreaterThan(0);
  });

  it.each(RULES.map((r) => [r.id, r] as const))('rule %s has a case folder for one of its codes', (_id, rule) => {
    expect(rule.codes.some((c) => folders.has(c) || (PROVEN_IN_ARMS.has(c) && expected.has(c)))).toBe(true);
  });

  it.each(CODES.map((c) => [c] as const))('%s has a case folder (or, allow-only, an expecting arm)', (code) => {
    if (PROVEN_IN_ARMS.has(code)) expect(expected.has(code)).toBe(true);
    else expect(folders.has(code)).toBe(true);
  });

  it('has no case folder named for a code no rule emits', () => {
    const known = new Set<string>([
      ...CODES,
      'INVALID_DIRECTIVE_TOKEN',
      'CONFLICTING_DIRECTIVE',
      'INVALID_AGENT_LIMIT',
      'INVALID_POLICY_VALUE',
      'INVALID_FILES_GLOB',
    ]);
    for (const f of folders) expect(known.has(f), f).toBe(true);
  });
});
