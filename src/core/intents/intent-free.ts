// Whether a whole-file write carries no intent, told without the intent readers (the
// remit-files chunk, loaded only when this says it may): a file that is no manifest, lockfile
// or dependency source, and either no code or code whose new text holds none of the words a
// hashing call needs, gets no dependency and no hash intent from wholeFileIntents
// (file-intents.ts; intent-free.test.ts holds the two together). Most writes are such files.
// An edit's new whole text depends on the old one, so only its path is asked (pathIntentFree).
import { codeFamily } from './code-language.js';
import { mayHoldComputedAccess, mayHoldHashCall } from './hash-words.js';
import { isLockfile, isUnmodeledManifest, manifestKind } from './manifest-kind.js';

/** No change to this file carries an intent: it is no manifest, lockfile, dependency source or code. */
export function pathIntentFree(path: string): boolean {
  return codeFamily(path) === undefined && !dependencySource(path);
}

export function wholeFileIntentFree(path: string, newText: string): boolean {
  if (dependencySource(path)) return false;
  return codeFamily(path) === undefined || (!mayHoldHashCall(newText) && !mayHoldComputedAccess(newText));
}

function dependencySource(path: string): boolean {
  return manifestKind(path) !== undefined || isUnmodeledManifest(path) || isLockfile(path);
}
