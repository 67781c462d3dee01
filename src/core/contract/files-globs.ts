// `files=` globs: validated and resolved once, at directive time, against the project root
// (docs/DESIGN.md#task-contract). Resolution and matching belong to src/core/paths; this file only decides
// which typed globs are acceptable.
import type { DirectiveError } from '../../generated/types.js';
import { isWindowsStylePath } from '../paths/canonical.js';
import { compileGlobs, resolveGlob } from '../paths/globs.js';
import { directiveError, displayToken, hasControlCharacter } from './directive-error.js';

export interface ResolvedFiles {
  /** Canonical absolute globs, in the order typed, duplicates removed. */
  files: string[];
  /** The globs as typed (empty segments dropped). */
  asTyped: string[];
  caseInsensitive: boolean;
}

/** Longer than any real path (PATH_MAX is 4096 on Linux); refusing early keeps a pasted blob cheap. */
const GLOB_LIMIT = 4096;

/** `value` is what follows `files=`, case kept. */
export function resolveFilesValue(token: string, value: string, projectRoot: string): ResolvedFiles | DirectiveError {
  const asTyped = value.split('|').filter((g) => g !== '');
  const caseInsensitive = isWindowsStylePath(projectRoot) || asTyped.some(isWindowsStylePath);
  const files: string[] = [];
  for (const glob of asTyped) {
    if (glob.length > GLOB_LIMIT) {
      return directiveError('INVALID_FILES_GLOB', token, `a files= glob is limited to ${GLOB_LIMIT} characters.`);
    }
    if (hasControlCharacter(glob)) {
      return directiveError('INVALID_FILES_GLOB', token, 'a files= glob may not hold NUL or control characters.');
    }
    const shown = displayToken(glob);
    if (glob.startsWith('!')) {
      return directiveError('INVALID_FILES_GLOB', token, `\`${shown}\`: files= lists where writes may go; negated globs are not supported.`);
    }
    if (/^["']|["']$/.test(glob)) {
      return directiveError('INVALID_FILES_GLOB', token, `\`${shown}\`: globs take no quotes; match a space with ? or *.`);
    }
    // resolveGlob joins a UNC glob onto the root (paths/globs.ts), so it could never match.
    if (/^\\\\/.test(glob) || (isWindowsStylePath(projectRoot) && /^[\\/]/.test(glob))) {
      return directiveError('INVALID_FILES_GLOB', token, `\`${shown}\`: UNC and drive-less absolute globs are not supported; start with a drive letter.`);
    }
    if (climbsAboveStart(glob)) {
      return directiveError(
        'INVALID_FILES_GLOB',
        token,
        `\`${shown}\` climbs out of its folder with \`..\`; name the folder from the project root or as an absolute path.`,
      );
    }
    // `src/` names a folder; a glob for a folder means everything in it.
    const typed = /[\\/]$/.test(glob) && !/^(?:[\\/]+|[A-Za-z]:[\\/])$/.test(glob) ? glob + '**' : glob;
    const resolved = resolveGlob(typed, projectRoot);
    // resolveGlob leaves `..` in Windows-style and `~/` globs as typed; such a glob would never
    // match a canonical path, so it is refused rather than silently matching nothing.
    if (/(?:^|\/)\.\.(?:\/|$)/.test(resolved)) {
      return directiveError('INVALID_FILES_GLOB', token, `\`${shown}\` keeps a \`..\` segment here; write the folder without \`..\`.`);
    }
    if (!files.includes(resolved)) files.push(resolved);
  }
  try {
    compileGlobs(files, caseInsensitive);
  } catch {
    return directiveError('INVALID_FILES_GLOB', token, 'the glob could not be compiled (too long or malformed).');
  }
  return { files, asTyped, caseInsensitive };
}

/** A `..` that leaves the folder the glob starts from: the project root, `/`, `~` or a drive. */
function climbsAboveStart(glob: string): boolean {
  const body = glob.replace(/^(?:[A-Za-z]:)?[\\/]+|^~(?=[\\/]|$)/, '');
  let depth = 0;
  for (const seg of body.split(/[\\/]/)) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (--depth < 0) return true;
    } else depth++;
  }
  return false;
}
