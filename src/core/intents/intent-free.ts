// Whether a whole-file write carries no intent, told without the intent readers (the
// remit-files chunk, loaded only when this says it may): a file that is no manifest, lockfile
// or dependency source, and either no code or code whose new text holds none of the words a
// hashing call needs, gets no dependency and no hash intent from wholeFileIntents
// (file-intents.ts; intent-free.test.ts holds the two together). Most writes are such files.
import { codeFamily } from './code-language.js';
import { mayHoldComputedAccess, mayHoldHashCall } from './hash-words.js';
import { isLockfile, isUnmodeledManifest, manifestKind } from './manifest-kind.js';

export function wholeFileIntentFree(path: string, newText: string): boolean {
  if (manifestKind(path) !== undefined || isUnmodeledManifest(path) || isLockfile(path)) return false;
  return codeFamily(path) === undefined || (!mayHoldHashCall(newText) && !mayHoldComputedAccess(newText));
}
