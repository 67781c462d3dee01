// What the rule table reads (docs/DESIGN.md#rule-table), in metadata only, so that the audit
// can keep it and `remit explain` can run the same rules over it, the way a policy engine's
// decision log keeps the input a verdict was made on. The hook derives the facts from the
// full DecisionInput and matches paths only when a rule asks; what a match found is noted in
// `input` (an effect's index, never its path). Words are apart from facts: the hook's name
// the paths and the command, a replay's name what the record holds.
import type { Action, ActionSummary, ContractSummary, DecisionInputSummary, TaskContract } from '../../generated/types.js';
import { actionSummary, contractSummary } from '../audit/summaries.js';
import { isWithin, relativeWithin } from '../paths/canonical.js';
import { compileGlobs, compileProtectedGlobs, type PathMatcher } from '../paths/globs.js';
import { globsOverlap } from '../paths/glob-overlap.js';
import { directiveFor } from './directive-text.js';
import type { DecisionInput } from './input.js';

export type Owner = 'remit' | 'hostConfig';
export type How = 'direct' | 'folder';
/** An effect's index, or `named`: an unknown action's text names the path. */
export type PathHit = number | 'named';

/** Where `input` notes each path rule's match. */
export const HIT_KEY = {
  remit: { direct: 'remit', folder: 'remitFolder' },
  hostConfig: { direct: 'hostConfig', folder: 'hostConfigFolder' },
} as const;

/** The path matches the rules ask for: made on demand by the hook, read back by a replay. */
export interface PathView {
  /** Rule `files-scope`: the first changing effect outside files=. */
  outside(): number | null;
  /** Rules `self-protection` (direct) and `protected-folder` (folder): the first change to a protected path. */
  hit(owner: Owner, how: How): PathHit | null;
}

/** Text for the explanations and next steps; no rule reads it to decide. */
export interface Words {
  /** The action's own words for a fact (`rm -rf build`), else `fallback`. */
  segment(kinds: readonly ('mutation' | 'unproven' | 'hash' | 'dependency')[], fallback: string): string;
  /** An effect's target as a person reads it. */
  effect(index: number): string;
  /** The target of what hit(owner, how) found. */
  hit(owner: Owner, how: How): string;
  /** files= as the user typed it ('' for none). */
  files(): string;
  /** The directive that restates the contract with `changes`. */
  directive(changes: Partial<TaskContract>): string;
  /** The directive that adds `target` to files=. */
  widenFiles(target: string): string;
  /** The pending directive error (its code, and the token where known). */
  directiveError(): string;
  /** The host's call id ('' when not known). */
  callId(): string;
}

export interface DecisionFacts {
  contract: ContractSummary;
  action: ActionSummary;
  /** What else the rules read; a path match adds its hit here. */
  input: DecisionInputSummary;
  /** Earlier runs of this check since the last write. */
  repeated: number;
  damaged?: { lastArmed: boolean; folder?: string };
  guardError: boolean;
  paths: PathView;
  words: Words;
}

const MUTATING_EFFECTS = new Set(['write', 'create', 'delete', 'move']);

function mutatingEffects(action: Action): { index: number; path: string }[] {
  const out: { index: number; path: string }[] = [];
  action.effects.forEach((e, index) => {
    if (MUTATING_EFFECTS.has(e.kind)) out.push({ index, path: e.path });
  });
  return out;
}

/** A path as the user reads it: relative to the project root when inside it. */
export function shownPath(p: string, contract: Pick<TaskContract, 'projectRoot' | 'caseInsensitivePaths'>): string {
  const root = contract.projectRoot;
  if (root && isWithin(p, root, contract.caseInsensitivePaths === true) && p !== root) {
    return relativeWithin(root, p) || p;
  }
  return p;
}

/**
 * The first change to a protected path. `direct`: a mutating effect on it or, for an
 * unknown action, a path its text names or a protected glob a pattern its code lists files
 * by can match (case-folded, as `matches` is). `folder`: a mutating effect on a folder above it
 * (`rm -rf .claude`, `mv ~/.remit x`, `tar -x -C .`), which changes it too.
 */
function protectedHit(
  action: Action,
  effects: { index: number; path: string }[],
  matcher: { matches: PathMatcher; folderHolds: PathMatcher },
  how: How,
  globs: readonly string[],
): { index?: number; path: string } | null {
  if (how === 'folder') {
    for (const e of effects) if (matcher.folderHolds(e.path)) return e;
    return null;
  }
  for (const e of effects) if (matcher.matches(e.path)) return e;
  if (action.mutability === 'unknown') {
    for (const p of action.mentionedPaths ?? []) if (matcher.matches(p)) return { path: p };
    for (const p of action.mentionedGlobs ?? []) if (matcher.matches(p) || globs.some((g) => globsOverlap(p, g, true))) return { path: p };
  }
  return null;
}

function directiveErrorText(input: DecisionInput): string {
  const err = input.directiveError;
  return err ? `${err.code} at \`${err.token}\`` : '';
}

/** The hook's facts: the input's summaries, and path matches made when a rule asks. */
export function liveFacts(input: DecisionInput): DecisionFacts {
  const { action, contract, ledger } = input;
  const noted: DecisionInputSummary = {};
  const effects = mutatingEffects(action);
  if (effects.length) {
    noted.mutating = effects.length;
    noted.first = effects[0]!.index;
  }
  if (action.remitCommand) noted.remitCommand = true;
  if (action.hiddenPaths) noted.hiddenPaths = true;
  if (input.approved) noted.approved = true;
  if (input.directiveError) noted.directiveError = input.directiveError.code;
  if (action.mutability === 'delegate') {
    noted.reserved = ledger.reserved;
    if (ledger.unresolved.length) noted.unresolved = [...ledger.unresolved];
    if (ledger.idState !== 'new') noted.idState = ledger.idState;
  }
  if (action.mutability === 'check' && input.repeatThreshold !== undefined && input.repeatThreshold !== 3) noted.threshold = input.repeatThreshold;

  const targets = new Map<string, string>();
  const roots = contract.projectRoot ? [contract.projectRoot] : [];
  const paths: PathView = {
    outside() {
      if (contract.files === null) return null;
      const inside = compileGlobs(contract.files, contract.caseInsensitivePaths === true);
      const e = effects.find((x) => !inside(x.path));
      if (!e) return null;
      noted.outside = e.index;
      targets.set('outside', e.path);
      return e.index;
    },
    hit(owner, how) {
      // Nothing that changes or names a path cannot touch a protected one: the protected lists
      // (resolved on first use, a look-up per folder) are not even read.
      if (effects.length === 0 && (how === 'folder' || action.mutability !== 'unknown' || !(action.mentionedPaths?.length || action.mentionedGlobs?.length)))
        return null;
      // Case-folded whatever the platform: on a default macOS or Windows file system
      // `.Claude/settings.json` is the host's settings file, and protection only widens.
      const h = protectedHit(action, effects, compileProtectedGlobs(input.protectedPaths[owner], roots, true), how, input.protectedPaths[owner]);
      if (!h) return null;
      const key = HIT_KEY[owner][how];
      const at: PathHit = h.index ?? 'named';
      (noted as Record<string, PathHit>)[key] = at;
      targets.set(key, h.path);
      return at;
    },
  };
  const shown = (p: string) => shownPath(p, contract);
  const words: Words = {
    segment(kinds, fallback) {
      for (const k of kinds) {
        const text = action.facts?.[k];
        if (text) return `\`${text}\``;
      }
      return fallback;
    },
    effect: (i) => shown(action.effects[i]?.path ?? ''),
    hit(owner, how) {
      const p = targets.get(HIT_KEY[owner][how]) ?? '';
      // remit's own paths stay absolute: they are never inside the project.
      return owner === 'remit' ? p : shown(p);
    },
    files: () => (contract.filesAsTyped ?? []).join('|'),
    directive: (changes) => directiveFor(contract, changes),
    widenFiles: (target) => directiveFor(contract, { filesAsTyped: [...(contract.filesAsTyped ?? []), target] }),
    directiveError: () => directiveErrorText(input),
    callId: () => action.id,
  };
  const facts: DecisionFacts = {
    contract: contractSummary(contract),
    action: actionSummary(action),
    input: noted,
    repeated: input.repeatedChecks ?? 0,
    guardError: input.guardError === true,
    paths,
    words,
  };
  if (input.damaged) facts.damaged = input.damaged;
  return facts;
}
