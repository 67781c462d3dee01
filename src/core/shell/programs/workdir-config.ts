// Configuration a program finds from its working folder (docs/DESIGN.md#shell-classification,
// "Configuration a read loads"). cargo reads `.cargo/config.toml` in every folder up from
// where it runs, yarn its `.yarnrc`, npm the `.npmrc` beside the package, mvn `.mvn/`, tsc
// the tsconfig.json it finds: files the agent can write where its contract lets it, and some
// of their keys run a program (`build.rustc`, `yarn-path`, `script-shell`) or move where the
// program writes. A command that reads such a file is proven only when each file it would
// read is proven harmless, the way git's repository config is (git-config.ts).
import path from 'node:path';
import type { ShellWalker } from '../walker.js';

const MAX_CONFIG = 256 * 1024;

/**
 * The folders a program searches from `cwd` upwards: up to the project root when `cwd` is in
 * the project (the user's own files above it are theirs), every folder up to `/` otherwise.
 */
export function foldersUp(w: ShellWalker, cwd: string): string[] {
  const root = w.ctx.projectRoot;
  const inside = cwd === root || cwd.startsWith(root.endsWith('/') ? root : `${root}/`);
  const out: string[] = [];
  let d = cwd;
  for (let i = 0; i < 128; i++) {
    out.push(d);
    if (inside && d === root) break;
    const parent = path.posix.dirname(d);
    if (parent === d) break;
    d = parent;
  }
  return out;
}

/**
 * Whether every file in `files` is either absent or readable and `harmless`. A file this
 * command may already have written, or one that cannot be read, is not proven.
 */
export function configFilesHarmless(w: ShellWalker, files: readonly string[], harmless: (text: string) => boolean): boolean {
  for (const f of files) {
    if (w.acc.mayHaveChanged(f)) return false;
    if (!w.exists(f)) continue;
    const text = w.readFile(f, MAX_CONFIG);
    if (text === undefined || !harmless(text)) return false;
  }
  return true;
}

/**
 * Keys of cargo's configuration (cargo(1) "Configuration") that name a program cargo runs
 * (`build.rustc` runs for `cargo tree` and `cargo metadata` too), pull in another file,
 * change what it builds with or where it writes, or set the environment of what it starts.
 * A text that holds none of these words, and no escape that could spell one, is harmless:
 * TOML's quoted keys take escapes, so a backslash anywhere is not proven.
 */
const CARGO_RUNS =
  /\b(?:rustc|rustc-wrapper|rustc-workspace-wrapper|rustdoc|linker|runner|credential-provider|global-credential-providers|include|env|target-dir|build-dir|git-fetch-with-cli|browser|paths|patch|source|unstable|rustflags|rustdocflags|alias)\b/;

export function cargoConfigHarmless(text: string): boolean {
  return !text.includes('\\') && !CARGO_RUNS.test(text);
}

/** The config files cargo reads when run in `cwd` (`.cargo/config.toml` and the older `.cargo/config`, every folder up). */
function cargoConfigFiles(w: ShellWalker, cwd: string): string[] {
  return foldersUp(w, cwd).flatMap((d) => [`${d === '/' ? '' : d}/.cargo/config.toml`, `${d === '/' ? '' : d}/.cargo/config`]);
}

/**
 * `.npmrc` and yarn classic's `.yarnrc` are `key=value` / `key value` lines; yarn's also take
 * `--option value` lines, which it adds to every command's arguments. Only keys that choose
 * a registry, its credentials, or how output and saving look are harmless: `script-shell`,
 * `node-options`, `yarn-path`, `prefix`, `cache`, `logs-dir`, `userconfig`, `globalconfig`,
 * `editor`, `git`, `shell` and any other key run a program or move where the tool writes.
 */
const RC_HARMLESS_KEY =
  /^(?:@[\w.-]+:registry|\/\/.*:(?:_authToken|_auth|_password|username|email|always-auth|certfile|keyfile)|registry|always-auth|strict-ssl|save-exact|save-prefix|engine-strict|fund|audit|audit-level|progress|loglevel|package-lock|legacy-peer-deps|strict-peer-deps|auto-install-peers|shamefully-hoist|ignore-scripts|update-notifier|color|unicode|lastUpdateCheck|disable-self-update-check|network-timeout|network-concurrency|email|username|init-author-name|init-author-email|init-author-url|init-license|init-version|prefer-offline|prefer-online|fetch-retries|fetch-timeout|optional|include|omit|lockfile-version|link-workspace-packages|save-workspace-protocol|prefer-workspace-packages|resolution-mode|node-linker|public-hoist-pattern|hoist-pattern|engine-strict|yarn-offline-mirror-pruning|workspaces-experimental|strict-peer-dependencies|dedupe-peer-dependents|enable-pre-post-scripts|use-lockfile-v6|package-manager-strict|prefer-frozen-lockfile|frozen-lockfile|tag-version-prefix|git-tag-version|sign-git-tag|message|access|provenance|install-links|install-strategy|ignore-engines|ignore-optional|child-concurrency|save-dev|save-peer|global-style|legacy-bundling|dedupe-direct-deps|hoist|shared-workspace-lockfile|recursive-install|side-effects-cache|verify-store-integrity)(?:\[\])?$/;

export function rcConfigHarmless(text: string): boolean {
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const m = /^("?)([^"=\s]+)\1\s*(?:=|\s)/.exec(line) ?? /^("?)([^"=\s]+)\1$/.exec(line);
    if (!m || !RC_HARMLESS_KEY.test(m[2]!)) return false;
  }
  return true;
}

/**
 * yarn berry's `.yarnrc.yml`: `yarnPath` runs another yarn, and plugins, `injectEnvironmentFiles`,
 * cache and install folders are code or writes. Harmless keys only, one per top-level line
 * (anything nested belongs to a key checked here).
 */
const YML_HARMLESS_KEY =
  /^(?:nodeLinker|npmRegistryServer|npmAuthToken|npmAlwaysAuth|npmScopes|enableTelemetry|enableGlobalCache|enableImmutableInstalls|enableProgressBars|enableColors|enableInlineBuilds|enableMessageNames|enableHyperlinks|checksumBehavior|compressionLevel|defaultSemverRangePrefix|httpTimeout|httpRetry|logFilters|preferInteractive|progressBarStyle|supportedArchitectures|tsEnableAutoTypes|nmMode|nmHoistingLimits|pnpMode|enableStrictSsl)$/;

export function yarnYmlHarmless(text: string): boolean {
  for (const raw of text.split(/\r?\n/)) {
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) continue;
    if (/^\s/.test(raw)) continue;
    const m = /^["']?([A-Za-z][\w-]*)["']?\s*:/.exec(raw);
    if (!m || !YML_HARMLESS_KEY.test(m[1]!)) return false;
  }
  return !text.includes('\\');
}

/** The rc files yarn (classic and berry) and npm read from `cwd` upwards. */
function yarnConfigFiles(w: ShellWalker, cwd: string): { rc: string[]; yml: string[] } {
  const dirs = foldersUp(w, cwd).map((d) => (d === '/' ? '' : d));
  return { rc: dirs.flatMap((d) => [`${d}/.yarnrc`, `${d}/.npmrc`]), yml: dirs.map((d) => `${d}/.yarnrc.yml`) };
}

/** Whether yarn, run in `cwd`, reads only harmless configuration. */
export function yarnConfigProven(w: ShellWalker, cwd: string | null): boolean {
  if (cwd === null) return false;
  const { rc, yml } = yarnConfigFiles(w, cwd);
  return configFilesHarmless(w, rc, rcConfigHarmless) && configFilesHarmless(w, yml, yarnYmlHarmless);
}

/** Whether npm (or pnpm), whose project is `pkgDir`, reads only a harmless project `.npmrc`. */
export function npmConfigProven(w: ShellWalker, pkgDir: string | null): boolean {
  if (pkgDir === null) return false;
  return configFilesHarmless(w, [`${pkgDir === '/' ? '' : pkgDir}/.npmrc`], rcConfigHarmless);
}

/** Whether cargo, run in `cwd`, reads only harmless configuration. */
export function cargoConfigProven(w: ShellWalker, cwd: string | null): boolean {
  return cwd !== null && configFilesHarmless(w, cargoConfigFiles(w, cwd), cargoConfigHarmless);
}

/**
 * Maven reads `.mvn/maven.config` (more command-line options), `.mvn/jvm.config` (JVM
 * options: `-javaagent:x.jar` runs code) and `.mvn/extensions.xml` (build extensions, code)
 * from the first folder up that holds `.mvn`: any of them leaves the run unproven.
 */
export function mavenConfigProven(w: ShellWalker, cwd: string | null): boolean {
  if (cwd === null) return false;
  for (const d of foldersUp(w, cwd)) {
    const mvnDir = `${d === '/' ? '' : d}/.mvn`;
    if (w.acc.mayHaveChanged(mvnDir)) return false;
    if (!w.isDirectory(mvnDir)) continue;
    return ['maven.config', 'jvm.config', 'extensions.xml'].every((f) => !w.exists(`${mvnDir}/${f}`));
  }
  return true;
}

/**
 * A go.mod or go.work line that names a toolchain: any line that starts with the `toolchain`
 * verb but `toolchain default` (a `toolchain (` block, a comment after the name, a form we do not
 * read, all count). Matched within one line: `^\s*` under the m flag ran over blank lines from
 * every line start, quadratic in a file of blank lines.
 */
function namesToolchain(text: string): boolean {
  for (const m of text.matchAll(/^[ \t]*toolchain(?![\w.-])([^\n]*)/gm)) if (m[1]!.trim() !== 'default') return true;
  return false;
}

/**
 * Whether go runs itself, not another toolchain: before any command (`go version`, `go build
 * -h` too) go reads the go.work and go.mod in effect and, under GOTOOLCHAIN=auto (the default),
 * runs the toolchain a `toolchain` line names instead (one on PATH by that name, else one it
 * downloads into the module cache; Go toolchains, go.dev/doc/toolchain). Proven with
 * GOTOOLCHAIN=local given, or when no such file from `cwd` up names one. A `go` line newer than
 * the installed go switches to that release of go itself, checked against the checksum
 * database; remit cannot see the installed version and takes that for the same program.
 */
export function goToolchainProven(w: ShellWalker, cwd: string | null, env: ReadonlyMap<string, string | null>): boolean {
  if (env.has('GOTOOLCHAIN')) return env.get('GOTOOLCHAIN') === 'local';
  if (cwd === null || (env.has('GOWORK') && env.get('GOWORK') !== 'off')) return false;
  const files = foldersUp(w, cwd).flatMap((d) => [`${d === '/' ? '' : d}/go.work`, `${d === '/' ? '' : d}/go.mod`]);
  return configFilesHarmless(w, files, (text) => !namesToolchain(text));
}

/** An installed.json entry of a composer plugin (Composer 2) or installer (Composer 1). */
const COMPOSER_PLUGIN = /"type"\s*:\s*"composer-(?:plugin|installer)"/;
/** A JSON `\u` escape could spell any key or type. */
const JSON_ESCAPE = /\\u/i;
/** installed.json lists every package with its autoload rules: megabytes in a large project. */
const MAX_INSTALLED = 16 * 1024 * 1024;

/**
 * Whether no composer plugin is installed for a project run in `dir`: composer reads the nearest
 * composer.json from there up and loads the plugins its vendor folder lists. A composer.json
 * that moves the vendor folder (`vendor-dir`), a file this command may have changed, or one we
 * cannot read is not proven.
 */
export function composerProjectPluginFree(w: ShellWalker, dir: string): boolean {
  for (const d of foldersUp(w, dir)) {
    const base = d === '/' ? '' : d;
    if (!configFilesHarmless(w, [`${base}/composer.json`], (text) => !/"vendor-dir"/.test(text) && !JSON_ESCAPE.test(text))) return false;
    const installed = `${base}/vendor/composer/installed.json`;
    if (w.acc.mayHaveChanged(installed)) return false;
    if (!w.exists(installed)) continue;
    const text = w.readFile(installed, MAX_INSTALLED);
    if (text === undefined || COMPOSER_PLUGIN.test(text) || JSON_ESCAPE.test(text)) return false;
  }
  return true;
}
