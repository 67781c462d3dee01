// A path run as a program (`./x.sh`, `.venv/bin/pytest`): the script it names, or the tool a
// virtualenv's bin folder holds. It dispatches to the package, interpreter and check tables,
// so it sits above them (scripts.ts, which packages.ts reads package.json through, stays below).
import type { Handler } from '../walker.js';
import { checkHandlers } from './checks.js';
import { intentsOf } from './installers.js';
import { interpreterFor, interpreterHandlers } from './interpreters.js';
import { packageHandlers } from './packages.js';
import { runScriptFile } from './scripts.js';

/** A virtualenv's own bin folder: its programs are the tools of those names, installed there. */
const VENV_BIN = /(?:^|\/)(?:\.?venv[\w.-]*|env|\.tox\/[^/]+|\.nox\/[^/]+|virtualenv)\/(?:bin|Scripts)\/([^/]+?)(?:\.exe)?$/;

/**
 * `./x.sh`, `scripts/build.sh`: a path run as a program. A virtualenv's `bin/python`,
 * `bin/pip`, `bin/pytest` are those tools. Any other path whose name is a package
 * manager's (`./tools/pip install x`) stays unproven, but its install intent still counts.
 */
export const pathProgram: Handler = (w, inv) => {
  const value = inv.args[0]!.value ?? '';
  const venv = VENV_BIN.exec(value);
  if (venv) {
    const handler = toolHandler(venv[1]!);
    if (handler) return handler(w, { ...inv, name: venv[1]! });
  }
  const base = value.slice(value.lastIndexOf('/') + 1).replace(/\.(?:exe|cmd|bat|ps1)$/i, '');
  const installer = packageHandlers[base] ?? (/^pip-?\d(?:\.\d+)?$/.test(base) ? interpreterFor(base) : undefined);
  if (installer) intentsOf(w, inv, installer);
  runScriptFile(w, inv, inv.args[0]!, false, true);
};

function toolHandler(name: string): Handler | undefined {
  return packageHandlers[name] ?? interpreterHandlers[name] ?? checkHandlers[name] ?? interpreterFor(name);
}
