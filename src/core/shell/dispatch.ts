// The program table: one map from program name to handler, assembled from the program
// families, plus the rules that come before it (user-configured checks, paths run as
// programs) and after it (versioned interpreter names, then `shell_command_unproven`).
import type { Handler } from './walker.js';
import { powershellFromArgs } from './powershell.js';
import { builtinHandlers } from './programs/builtins.js';
import { checkHandlers, runChecker } from './programs/checks.js';
import { datastoreHandlers } from './programs/datastores.js';
import { fileHandlers } from './programs/files.js';
import { git } from './programs/git.js';
import { hashHandlers } from './programs/hash.js';
import { interpreterFor, interpreterHandlers } from './programs/interpreters.js';
import { networkHandlers } from './programs/network.js';
import { packageHandlers } from './programs/packages.js';
import { readHandlers } from './programs/reads.js';
import { remit } from './programs/remit.js';
import { pathProgram } from './programs/path-program.js';
import { scriptHandlers } from './programs/scripts.js';
import { systemHandlers } from './programs/system.js';
import { wrapperHandlers } from './programs/wrappers.js';

const pwsh: Handler = (w, inv) => powershellFromArgs(w, inv);

/** Every program's handler, by family; a later family's entry wins, as in one object spread. */
const FAMILIES: readonly Record<string, Handler>[] = [
  readHandlers,
  fileHandlers,
  builtinHandlers,
  wrapperHandlers,
  checkHandlers,
  packageHandlers,
  interpreterHandlers,
  networkHandlers,
  hashHandlers,
  scriptHandlers,
  systemHandlers,
  datastoreHandlers,
  { git, remit, pwsh, powershell: pwsh, 'pwsh-preview': pwsh },
];

/**
 * The handler of a program name: looked up in the families, the last first. A map of some four
 * hundred handlers built when the shell classifier loads served the one or two names a hook's
 * command holds, and its allocation helped push a shell hook into a garbage collection.
 */
export function programHandler(name: string): Handler | undefined {
  for (let i = FAMILIES.length - 1; i >= 0; i--) {
    const family = FAMILIES[i]!;
    if (Object.hasOwn(family, name)) return family[name];
  }
  return undefined;
}

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
    if (match) return runChecker(w, inv, prefix.length);
  }
  const name = inv.name;
  if (name.includes('/')) {
    const base = name.slice(name.lastIndexOf('/') + 1);
    const wrapperScript = base === 'gradlew' || base === 'mvnw' ? programHandler(base) : undefined;
    if (wrapperScript) return wrapperScript(w, inv);
    return pathProgram(w, inv);
  }
  const handler = programHandler(name) ?? interpreterFor(name);
  if (handler) return handler(w, inv);
  w.unknown(inv, 'shell_command_unproven');
};
