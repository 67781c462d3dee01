// Intents of one file change, decided from file text alone: a dependency intent is a
// package name the new manifest text declares and the old one did not (a version bump,
// a reorder or a removal is not); a hash intent is a code file with more hashing call
// sites after the change than before. Whole texts are compared when they can be had
// (an edit or patch is replayed onto the old file for that), fragments otherwise.
import { applyHunks } from '../patch/apply-hunks.js';
import type { PatchFile } from '../patch/patch-file.js';
import { codeFamily } from './code-language.js';
import { fragmentDependencies, newDependencyNames, wholeDependencies } from './dependency-names.js';
import { countHashCalls, firstGrownApi, type HashCount } from './hash-apis.js';
import { isLockfile, isUnmodeledManifest, manifestKind } from './manifest-kind.js';

export interface FileChangeIntent {
  dependency: boolean;
  hash: boolean;
  /** e.g. `package.json adds "left-pad"`. */
  dependencyFact?: string;
  /** e.g. `src/a.ts adds createHash( call`. */
  hashFact?: string;
}

const NONE: FileChangeIntent = { dependency: false, hash: false };

function lf(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

function dependencyFact(path: string, names: string[]): string {
  const first = `${path} adds "${names[0]}"`;
  return names.length > 1 ? `${first} (+${names.length - 1} more)` : first;
}

function combine(dep: string[] | undefined, depPath: string, hash: { api: string } | undefined, hashPath: string): FileChangeIntent {
  const out: FileChangeIntent = { dependency: !!dep && dep.length > 0, hash: !!hash };
  if (out.dependency) out.dependencyFact = dependencyFact(depPath, dep!);
  if (hash) out.hashFact = `${hashPath} adds ${hash.api} call`;
  return out;
}

const EMPTY_COUNT: HashCount = { total: 0, byApi: new Map() };

/** What a change to a lockfile, or to a manifest or registry file whose dependencies remit does not parse, adds. */
const UNMODELED = '(dependencies or their source; file not parsed)';

/** Compares two whole texts; the old one may sit at another path (a move) or not exist. */
function compareWhole(oldPath: string, oldText: string | undefined, newPath: string, newText: string): FileChangeIntent {
  const kind = manifestKind(newPath);
  let added: string[] | undefined;
  if (kind) {
    const before = oldText !== undefined && manifestKind(oldPath) === kind ? wholeDependencies(kind, oldText) : new Set<string>();
    added = newDependencyNames(kind, wholeDependencies(kind, newText), before);
  } else if ((isUnmodeledManifest(newPath) || isLockfile(newPath)) && (oldText !== newText || oldPath !== newPath)) added = [UNMODELED];
  let hash: { api: string } | undefined;
  const family = codeFamily(newPath);
  if (family) {
    const oldFamily = oldText !== undefined ? codeFamily(oldPath) : undefined;
    const before = oldFamily ? countHashCalls(oldText!, oldFamily) : EMPTY_COUNT;
    const after = countHashCalls(newText, family);
    if (after.total > before.total) hash = { api: firstGrownApi(before, after) ?? 'a hashing' };
  }
  return combine(added, newPath, hash, newPath);
}

/** A whole-file write: `oldText` undefined when the file is new. */
export function wholeFileIntents(path: string, oldText: string | undefined, newText: string): FileChangeIntent {
  try {
    return compareWhole(path, oldText === undefined ? undefined : lf(oldText), path, lf(newText));
  } catch {
    return NONE;
  }
}

/** Fragment pairs compared without the rest of the file (sections unknown). */
function compareFragments(oldPath: string, newPath: string, pairs: { before: string; after: string }[], fullOldText: string | undefined): FileChangeIntent {
  const kind = manifestKind(newPath);
  let added: string[] | undefined;
  let unseen: string | undefined;
  if (!kind && (isUnmodeledManifest(newPath) || isLockfile(newPath)) && (oldPath !== newPath || pairs.some((p) => p.before !== p.after))) added = [UNMODELED];
  if (kind) {
    const after = new Set<string>();
    for (const p of pairs) for (const n of fragmentDependencies(kind, p.after)) after.add(n);
    if (manifestKind(oldPath) === kind) {
      const before = new Set<string>();
      for (const p of pairs) for (const n of fragmentDependencies(kind, p.before)) before.add(n);
      const known = fullOldText !== undefined ? wholeDependencies(kind, fullOldText) : new Set<string>();
      added = newDependencyNames(kind, after, before, known);
    } else if (fullOldText !== undefined) {
      // Moved here from a path that was not this kind of manifest: everything it declares is new.
      added = newDependencyNames(kind, new Set([...after, ...wholeDependencies(kind, fullOldText)]));
    } else {
      // Moved into a manifest name with contents we cannot see: assume it declares something.
      if (after.size === 0) unseen = `${oldPath} becomes manifest ${newPath} (contents not read)`;
      added = [...after];
    }
  }
  let hash: { api: string } | undefined;
  const family = codeFamily(newPath);
  if (family) {
    const oldFamily = codeFamily(oldPath);
    let before = 0;
    let after = 0;
    const beforeApis = new Map<string, number>();
    const afterApis = new Map<string, number>();
    for (const p of pairs) {
      const b = oldFamily ? countHashCalls(p.before, oldFamily) : EMPTY_COUNT;
      const a = countHashCalls(p.after, family);
      before += b.total;
      after += a.total;
      for (const [k, v] of b.byApi) beforeApis.set(k, (beforeApis.get(k) ?? 0) + v);
      for (const [k, v] of a.byApi) afterApis.set(k, (afterApis.get(k) ?? 0) + v);
    }
    if (!oldFamily && fullOldText !== undefined) {
      const whole = countHashCalls(fullOldText, family);
      after += whole.total;
      for (const [k, v] of whole.byApi) afterApis.set(k, (afterApis.get(k) ?? 0) + v);
    }
    if (after > before) {
      hash = { api: firstGrownApi({ total: before, byApi: beforeApis }, { total: after, byApi: afterApis }) ?? 'a hashing' };
    }
  }
  const out = combine(added, newPath, hash, newPath);
  if (unseen) {
    out.dependency = true;
    out.dependencyFact = unseen;
  }
  return out;
}

/** An edit or patch hunk: old and new fragments of the same file (fullOldText when known resolves sections). */
export function fragmentIntents(path: string, oldFragment: string, newFragment: string, fullOldText?: string): FileChangeIntent {
  try {
    const before = lf(oldFragment);
    const after = lf(newFragment);
    const full = fullOldText === undefined ? undefined : lf(fullOldText);
    if (full !== undefined && before !== '') {
      const at = full.indexOf(before);
      if (at >= 0) return compareWhole(path, full, path, full.slice(0, at) + after + full.slice(at + before.length));
    }
    return compareFragments(path, path, [{ before, after }], full);
  } catch {
    return NONE;
  }
}

/** A patch file (uses the hunks; a move compares old vs new path). */
export function patchFileIntents(file: PatchFile, fullOldText?: string): FileChangeIntent {
  try {
    const full = fullOldText === undefined ? undefined : lf(fullOldText);
    if (file.op === 'delete') return NONE;
    if (file.op === 'add') {
      // Codex's Add File overwrites an existing file: compare against it when it is known.
      return compareWhole(file.path, full, file.path, file.added.join('\n'));
    }
    const target = file.moveTo ?? file.path;
    if (full !== undefined) {
      const rebuilt = applyHunks(full, file.hunks);
      if (rebuilt !== undefined) return compareWhole(file.path, full, target, rebuilt);
    }
    const pairs = file.hunks.map((h) => {
      // The `@@` line is a line of the old file (a section or function header): context for both sides.
      const head = h.header ? [h.header] : [];
      return { before: [...head, ...h.oldLines].join('\n'), after: [...head, ...h.newLines].join('\n') };
    });
    return compareFragments(file.path, target, pairs, full);
  } catch {
    return NONE;
  }
}
