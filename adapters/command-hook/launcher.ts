// The portable launcher committed with a project-scope install (and shipped in the plugins):
// a few lines that run the bundle `remit install` placed on this machine, so no committed file
// holds one machine's path. It reads `$XDG_DATA_HOME/remit/current` (else
// ~/.local/share/remit/current), which every install rewrites. With no remit installed it
// writes one line to stderr and exits 0: the host proceeds unguarded, and `remit doctor`
// on that machine says so.
export const LAUNCHER_SOURCE = `#!/usr/bin/env node
// remit portable launcher: runs the remit bundle installed on this machine (see \`remit install\`).
'use strict';
const fs = require('fs');
const path = require('path');
const os = require('os');
const xdg = process.env.XDG_DATA_HOME;
const home = process.env.HOME && path.isAbsolute(process.env.HOME) ? process.env.HOME : os.homedir();
const data = xdg && path.isAbsolute(xdg) ? path.join(xdg, 'remit') : path.join(home, '.local', 'share', 'remit');
let bundle = '';
try { bundle = fs.readFileSync(path.join(data, 'current'), 'utf8').trim(); } catch (e) {}
if (bundle && path.isAbsolute(bundle) && fs.existsSync(bundle)) {
  require(bundle);
} else {
  process.stderr.write('remit: not installed on this machine; this hook is inactive (run remit install)\\n');
}
`;
