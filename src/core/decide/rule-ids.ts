// The ids of the decision rules, in the order decide() tries them. Each names what its rule
// protects; docs/DESIGN.md (The rule table) describes them, and each reason code's catalogue
// entry names the one rule that emits it.
export const RULE_IDS = [
  'damaged-state',
  'guard-error',
  'invalid-directive',
  'control-inactive',
  'approved-once',
  'self-protection',
  'checks-policy',
  'mode-forbids-mutation',
  'mode-requires-proof',
  'hash-policy',
  'files-scope',
  'protected-folder',
  'dependency-policy',
  'agent-budget',
  'lock-requires-proof',
  'repeated-check',
  'taught-read',
  'within-contract',
] as const;

export type RuleId = (typeof RULE_IDS)[number];
