// The program table: each program name's handler, from the program families, plus the rules
// that come before it (user-configured checks, paths run as programs) and after it (versioned
// interpreter names, then `shell_command_unproven`). A family's module is loaded when a
// command first names one of its programs (program-modules.ts): which family holds a name is
// in program-index.ts, made from the families by scripts/gen/program-index.mjs.
import type { Handler } from './walker.js';
import { PROGRAM_NAMES } from './program-index.js';
import { isHelpOrVersion } from './help-version.js';
import { taughtMatch } from './taught.js';
import { load } from './program-modules.js';

const pwsh: Handler = (w, inv) => load.powershell().powershellFromArgs(w, inv);

/**
 * Every program's handler, by family, each table loaded on first use; a later family's entry
 * wins, as in one object spread (program-index.ts lists each name under the last family that
 * has it).
 */
export const FAMILIES: readonly (() => Readonly<Record<string, Handler>>)[] = [
  () => load.reads().readHandlers,
  () => load.files().fileHandlers,
  () => load.builtins().builtinHandlers,
  () => load.wrappers().wrapperHandlers,
  () => load.checks().checkHandlers,
  () => load.packages().packageHandlers,
  () => load.interpreters().interpreterHandlers,
  () => load.network().networkHandlers,
  () => load.hash().hashHandlers,
  () => load.scripts().scriptHandlers,
  () => load.system().systemHandlers,
  () => load.datastores().datastoreHandlers,
  models,
  lastFamily,
];

/** The models family (models.ts), told how to reach the families its entries add reads to. */
function models(): Readonly<Record<string, Handler>> {
  const m = load.models();
  m.setFamilyLookup((family, name) => {
    const table =
      family === 'packages'
        ? load.packages().packageHandlers
        : family === 'system'
          ? load.system().systemHandlers
          : family === 'network'
            ? load.network().networkHandlers
            : family === 'files'
              ? load.files().fileHandlers
              : family === 'reads'
                ? load.reads().readHandlers
                : family === 'checks'
                  ? load.checks().checkHandlers
                  : load.hash().hashHandlers;
    return Object.hasOwn(table, name) ? table[name] : undefined;
  });
  return m.modelHandlers;
}

let last: Readonly<Record<string, Handler>> | undefined;
function lastFamily(): Readonly<Record<string, Handler>> {
  last ??= { git: load.git().git, remit: load.remit().remit, pwsh, powershell: pwsh, 'pwsh-preview': pwsh };
  return last;
}

/**
 * The handler of a program name: the family program-index.ts names for it, loaded then. Looked
 * up in every family, a hook's one or two names loaded the tables of some four hundred
 * programs, and building them was most of what the shell classifier cost a hook.
 */
function programHandler(name: string): Handler | undefined {
  const i = familyIndex(name);
  return i < 0 ? undefined : FAMILIES[i]!()[name];
}

function familyIndex(name: string): number {
  const key = ` ${name} `;
  for (let i = 0; i < PROGRAM_NAMES.length; i++) if (PROGRAM_NAMES[i]!.includes(key)) return i;
  return -1;
}

/** The builtins' place in FAMILIES: zsh's `source --help` reads a file named --help, its `eval --help` runs it. */
const NO_HELP_RULE = new Set([2]);

/** Splits each configured check command once per config object. */
const configuredCache = new WeakMap<readonly string[], string[][]>();

function configuredChecks(list: readonly string[]): string[][] {
  let out = configuredCache.get(list);
  if (!out) {
    out = list.map((c) => c.trim().split(/\s+/).filter(Boolean)).filter((p) => p.length > 0);
    configuredCache.set(list, out);
  }
  return out;
}

export const dispatch: Handler = (w, inv) => {
  // A read the user taught (taught.ts) turns what no model proves into a read; a proven read
  // stays one, and a write, a dependency or a hash the models see stands.
  const taught = w.ctx.config.taughtReads;
  if (taught && taught.length > 0 && taughtMatch(taught, inv)) {
    const trial = w.isolate(() => decide(w, inv)).finish();
    if (trial.mutability === 'unknown' && !trial.intents.dependency && !trial.intents.hash) {
      w.acc.taught();
      return w.acc.read();
    }
  }
  decide(w, inv);
};

function decide(w: Parameters<Handler>[0], inv: Parameters<Handler>[1]): void {
  const configured = configuredChecks(w.ctx.config.checkCommands);
  for (const prefix of configured) {
    if (prefix.length > inv.args.length) continue;
    let match = true;
    for (let i = 0; i < prefix.length; i++) {
      if (inv.args[i]!.value !== prefix[i]) {
        match = false;
        break;
      }
    }
    if (match) return load.checks().runChecker(w, inv, prefix.length);
  }
  const name = inv.name;
  if (name.includes('/')) {
    const base = name.slice(name.lastIndexOf('/') + 1);
    const wrapperScript = base === 'gradlew' || base === 'mvnw' ? programHandler(base) : undefined;
    if (wrapperScript) return wrapperScript(w, inv);
    return load.pathProgram().pathProgram(w, inv);
  }
  const family = familyIndex(name);
  const handler = (family < 0 ? undefined : FAMILIES[family]!()[name]) ?? load.interpreters().interpreterFor(name);
  if (handler) {
    // Help and version of a modelled program found on PATH (help-version.ts).
    if (!NO_HELP_RULE.has(family) && isHelpOrVersion(name, inv.args)) return w.acc.read();
    return handler(w, inv);
  }
  w.unknown(inv, 'shell_command_unproven');
}
