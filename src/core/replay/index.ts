// The replay runner's public surface (docs/DESIGN.md#cases-and-replay).
export { loadCases, loadCaseFile, conventionError, type LoadedCase } from './load-cases.js';
export { replayCase, describeExpect, describeFailure, type CaseResult, type StepResult, type ReplayOptions, type ArmName } from './replay-case.js';
export { replayAll, totals, type ReplayAllOptions, type ReplayRow, type ReplayTotals } from './replay-all.js';
export { CORE_TARGET, targetName, type ReplayTarget, type RuntimeFactory, type RuntimeOptions } from './target.js';
export { PROMPT_CODES, readControllerResult, type StepReading, type ReplayOutcome } from './reading.js';
export { applyDamage, type DamageKind, type FaultHooks } from './damage.js';
