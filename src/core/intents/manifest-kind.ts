// Which dependency manifest a file is, decided by its basename alone. Lockfiles are named
// so that no package name is read from one (a restore, `npm ci`, a tool regenerating it add
// none: the manifest is where a new name first appears); a lockfile changed by anything but
// its package manager is still a dependency change, a possible source swap (file-intents.ts,
// shell/result.ts).
import { basenameOf } from './code-language.js';

export type ManifestKind =
  | 'npm'
  | 'composer'
  | 'pyproject'
  | 'pipfile'
  | 'requirements'
  | 'cargo'
  | 'gomod'
  | 'gemfile'
  | 'gemspec'
  | 'maven'
  | 'gradle'
  | 'dotnet'
  | 'deno'
  | 'setuppy'
  | 'setupcfg'
  | 'conda'
  | 'gradle-catalog'
  | 'pubspec';

let exact: Record<string, ManifestKind> | undefined;
const EXACT = (): Record<string, ManifestKind> =>
  (exact ??= {
    'package.json': 'npm',
    'composer.json': 'composer',
    'pyproject.toml': 'pyproject',
    pipfile: 'pipfile',
    'cargo.toml': 'cargo',
    'go.mod': 'gomod',
    gemfile: 'gemfile',
    'gems.rb': 'gemfile',
    'pom.xml': 'maven',
    'build.gradle': 'gradle',
    'build.gradle.kts': 'gradle',
    'deno.json': 'deno',
    'deno.jsonc': 'deno',
    'import_map.json': 'deno',
    'setup.py': 'setuppy',
    'setup.cfg': 'setupcfg',
    'environment.yml': 'conda',
    'environment.yaml': 'conda',
    'libs.versions.toml': 'gradle-catalog',
    'pubspec.yaml': 'pubspec',
    'directory.packages.props': 'dotnet',
    'packages.config': 'dotnet',
  });

const LOCKFILE_NAMES = [
  'package-lock.json',
  'npm-shrinkwrap.json',
  'pnpm-lock.yaml',
  'yarn.lock',
  'bun.lockb',
  'bun.lock',
  'cargo.lock',
  'poetry.lock',
  'go.sum',
  'gemfile.lock',
  'gems.locked',
  'composer.lock',
  'uv.lock',
  'pipfile.lock',
  'pdm.lock',
  'packages.lock.json',
  'gradle.lockfile',
  'deno.lock',
  'pubspec.lock',
  'conda-lock.yml',
];

/**
 * `requirements.txt`, `requirements-dev.txt`, `dev-requirements.in`, `requirements_test.txt`, …:
 * what `/^(?:[\w.-]*[-_.])?requirements(?:[-_.][\w.-]*)?\.(?:txt|in)$/i` accepts, in one pass
 * (that expression tried every `requirements` in a name of them against every split).
 */
function isRequirementsName(base: string): boolean {
  if (!/^[\w.-]*$/.test(base)) return false;
  const lower = base.toLowerCase();
  const ext = lower.endsWith('.txt') ? 4 : lower.endsWith('.in') ? 3 : 0;
  const stop = lower.length - ext;
  for (let at = ext > 0 ? lower.indexOf('requirements') : -1; at >= 0; at = lower.indexOf('requirements', at + 1)) {
    const end = at + 'requirements'.length;
    if (at > 0 && !'-_.'.includes(lower[at - 1]!)) continue;
    if (end === stop || (end < stop && '-_.'.includes(lower[end]!))) return true;
  }
  return false;
}

// The name sets and table are built on first use: the hook chunk holds this module
// (intents/intent-free.ts), and a read or a prompt never asks it.
let lockfiles: Set<string> | undefined;
const lockfileNames = (): Set<string> => (lockfiles ??= new Set(LOCKFILE_NAMES));
let sources: Set<string> | undefined;
const sourceNames = (): Set<string> => (sources ??= new Set(SOURCE_NAMES));

export function isLockfile(path: string): boolean {
  return lockfileNames().has(basenameOf(path).toLowerCase());
}

export function manifestKind(path: string): ManifestKind | undefined {
  const base = basenameOf(path);
  const lower = base.toLowerCase();
  if (lockfileNames().has(lower)) return undefined;
  const named = EXACT()[lower];
  if (named) return named;
  // Each pattern below needs the word it is tested after (a regular expression costs a hook
  // its compilation on first use; most files written are none of these).
  if (path.toLowerCase().includes('requirements')) {
    if (isRequirementsName(base)) return 'requirements';
    // pip's other common layout: requirements/base.txt, requirements/dev.in.
    if (/(?:^|[\\/])requirements[\\/][^\\/]+\.(?:txt|in)$/i.test(path)) return 'requirements';
  }
  if (lower.endsWith('.gemspec')) return 'gemspec';
  if (lower.endsWith('proj') && /\.(?:cs|fs|vb)proj$/.test(lower)) return 'dotnet';
  // Gradle version catalogs may carry any name under gradle/ (`gradle/deps.versions.toml`).
  if (lower.endsWith('.versions.toml')) return 'gradle-catalog';
  if (lower.startsWith('environment') && /^environment[-_.][\w.-]*\.ya?ml$/.test(lower)) return 'conda';
  return undefined;
}

/**
 * Files that decide which dependencies a project gets or where they come from, for which
 * remit reads no dependency names: registry settings (`.npmrc`, `.yarnrc.yml`, `bunfig.toml`,
 * `pip.conf`, `uv.toml`: a source swap) and other ecosystems' manifests (Elixir, Swift,
 * CocoaPods, vcpkg, Conan, pixi, Go workspaces, Helm, Clojure, sbt, rebar, Haskell, Perl,
 * Julia, Homebrew, opam, LuaRocks, pip constraints). Any change to one is a dependency change.
 */
const SOURCE_NAMES = [
  '.npmrc',
  '.yarnrc',
  '.yarnrc.yml',
  '.pnpmfile.cjs',
  'pnpm-workspace.yaml',
  'bunfig.toml',
  'pip.conf',
  'pip.ini',
  'uv.toml',
  'constraints.txt',
  'mix.exs',
  'package.swift',
  'podfile',
  'cartfile',
  'vcpkg.json',
  'conanfile.txt',
  'conanfile.py',
  'pixi.toml',
  'go.work',
  'chart.yaml',
  'requirements.yaml',
  'project.clj',
  'deps.edn',
  'build.sbt',
  'rebar.config',
  'stack.yaml',
  'package.yaml',
  'cabal.project',
  'cpanfile',
  'project.toml',
  'brewfile',
  'flake.nix',
];

export function isUnmodeledManifest(path: string): boolean {
  const lower = basenameOf(path).toLowerCase();
  return sourceNames().has(lower) || /\.(?:cabal|rockspec|opam|nuspec)$/.test(lower);
}
