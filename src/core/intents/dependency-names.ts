// One entry point for "which packages does this manifest text declare", per manifest kind,
// for whole files and for fragments (an edit's old/new strings, a patch hunk's sides).
import { jsonDependencies, scanJsonDependencies } from './json-manifests.js';
import {
  goModDependencies,
  gradleDependencies,
  requirementsDependencies,
  rubyDependencies,
  setupCfgDependencies,
  setupPyDependencies,
} from './line-manifests.js';
import type { ManifestKind } from './manifest-kind.js';
import { gradleCatalogDependencies, scanTomlDependencies, tomlDependencies } from './toml-manifests.js';
import { condaDependencies, pubspecDependencies } from './yaml-manifests.js';
import { dotnetDependencies, mavenDependencies } from './xml-manifests.js';

/**
 * A line-read manifest's text with every line break a LF. The readers split on LF and match
 * lines with `.`, which stops at the other breaks (CR, U+2028, U+2029): a line holding one
 * after a run of blanks sent `\s*(.*)$` back over the run once per blank (quadratic). pip
 * reads them as line ends; for the rest they are no part of a name. JSON keeps them: a
 * string may hold U+2028 and JSON.parse reads it.
 */
function lfOnly(kind: ManifestKind, text: string): string {
  return kind === 'npm' || kind === 'composer' || kind === 'deno' ? text : text.replace(/\r\n?|[\u2028\u2029]/g, '\n');
}

/** Names declared by a whole manifest file. */
export function wholeDependencies(kind: ManifestKind, raw: string): Set<string> {
  const text = lfOnly(kind, raw);
  switch (kind) {
    case 'npm':
    case 'composer':
    case 'deno':
      return jsonDependencies(kind, text);
    case 'setuppy':
      return setupPyDependencies(text, true);
    case 'setupcfg':
      return setupCfgDependencies(text, true);
    case 'conda':
      return condaDependencies(text, true);
    case 'pubspec':
      return pubspecDependencies(text, true);
    case 'gradle-catalog':
      return gradleCatalogDependencies(text, true);
    case 'cargo':
    case 'pyproject':
    case 'pipfile':
      return tomlDependencies(kind, text);
    case 'requirements':
      return requirementsDependencies(text);
    case 'gomod':
      return goModDependencies(text, true);
    case 'gemfile':
    case 'gemspec':
      return rubyDependencies(text);
    case 'gradle':
      return gradleDependencies(text);
    case 'maven':
      return mavenDependencies(text, true);
    case 'dotnet':
      return dotnetDependencies(text);
  }
}

/** Names declared by a fragment whose surroundings are unknown. */
export function fragmentDependencies(kind: ManifestKind, raw: string): Set<string> {
  const text = lfOnly(kind, raw);
  switch (kind) {
    case 'npm':
    case 'composer':
    case 'deno':
      return scanJsonDependencies(kind, text, false);
    case 'setuppy':
      return setupPyDependencies(text, false);
    case 'setupcfg':
      return setupCfgDependencies(text, false);
    case 'conda':
      return condaDependencies(text, false);
    case 'pubspec':
      return pubspecDependencies(text, false);
    case 'gradle-catalog':
      return gradleCatalogDependencies(text, false);
    case 'cargo':
    case 'pyproject':
    case 'pipfile':
      return scanTomlDependencies(kind, text, false);
    case 'gomod':
      return goModDependencies(text, false);
    case 'maven':
      return mavenDependencies(text, false);
    default:
      return wholeDependencies(kind, text);
  }
}

/** Names in `after` that none of the `before` sets declares. */
export function newDependencyNames(kind: ManifestKind, after: Set<string>, ...before: Set<string>[]): string[] {
  const out: string[] = [];
  for (const name of after) {
    if (before.some((set) => hasDependency(kind, set, name))) continue;
    out.push(name);
  }
  return out;
}

function hasDependency(kind: ManifestKind, set: Set<string>, name: string): boolean {
  if (set.has(name)) return true;
  if (kind !== 'maven') return false;
  // A fragment may show an artifactId without its groupId (`?:artifact`).
  const artifact = name.slice(name.indexOf(':') + 1);
  for (const other of set) {
    if (other.slice(other.indexOf(':') + 1) !== artifact) continue;
    if (name.startsWith('?:') || other.startsWith('?:')) return true;
  }
  return false;
}
