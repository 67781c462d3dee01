// The modules behind the program table and PowerShell, each reached through its loader: the
// classifier asks for a module only when a command names one of its programs. Here every
// module is imported as usual, so a loader just returns it; the shell chunk's build
// (scripts/build/build.mjs, `lazyModules`) rewrites each loader into a require() of its
// module, so that a shell hook initialises only the families its command names, not the
// tables of some four hundred programs; a family outside the shell core is a chunk of its
// own, loaded by that require() (scripts/build/shell-chunks.mjs, docs/DESIGN.md#performance-budget). The build accepts
// exactly this shape (namespace imports, then one `name: () => module` loader a line) and
// stops on anything else.
import * as builtins from './programs/builtins.js';
import * as checks from './programs/checks.js';
import * as datastores from './programs/datastores.js';
import * as files from './programs/files.js';
import * as git from './programs/git.js';
import * as hash from './programs/hash.js';
import * as interpreters from './programs/interpreters.js';
import * as models from './programs/models.js';
import * as network from './programs/network.js';
import * as packages from './programs/packages.js';
import * as pathProgram from './programs/path-program.js';
import * as powershell from './powershell.js';
import * as reads from './programs/reads.js';
import * as remit from './programs/remit.js';
import * as scripts from './programs/scripts.js';
import * as system from './programs/system.js';
import * as wrappers from './programs/wrappers.js';

export const load = {
  builtins: () => builtins,
  checks: () => checks,
  datastores: () => datastores,
  files: () => files,
  git: () => git,
  hash: () => hash,
  interpreters: () => interpreters,
  models: () => models,
  network: () => network,
  packages: () => packages,
  pathProgram: () => pathProgram,
  powershell: () => powershell,
  reads: () => reads,
  remit: () => remit,
  scripts: () => scripts,
  system: () => system,
  wrappers: () => wrappers,
};
