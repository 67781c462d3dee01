// The Qwen Code half of `remit install` / `uninstall`: paths, handlers, and what to tell the
// user before Qwen Code will run the hook.
import { newSessionNote, teammateNote, type HostInstallSpec } from '../command-hook/install-run.js';
import { QWEN_SCOPES, type QwenScope } from './paths.js';
import { isQwenRemitHandler, qwenHookEntries, qwenLauncherPath, qwenProjectCommand, qwenSettingsPath } from './registration.js';
import { qwenFolderTrust } from './folder-trust.js';

export const qwenInstallSpec: HostInstallSpec = {
  host: 'qwen',
  scopes: QWEN_SCOPES,
  configPath: (scope, env, root) => qwenSettingsPath(scope as QwenScope, env, root),
  // Qwen Code has skills of its own shape; `$remit` works without one.
  skillPath: () => null,
  launcherPath: qwenLauncherPath,
  entries: qwenHookEntries,
  projectCommand: qwenProjectCommand,
  isOurs: isQwenRemitHandler,
  notes({ ctx, root }) {
    const notes = [newSessionNote('Qwen Code')];
    if (ctx.scope === 'project') {
      const trust = qwenFolderTrust(ctx.env, root);
      if (trust.line) notes.push(trust.line);
      notes.push(teammateNote('.qwen/remit/launch.cjs', 'qwen'));
    }
    return notes;
  },
};
