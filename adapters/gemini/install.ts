// The Gemini CLI half of `remit install` / `uninstall`: paths, handlers, and what to tell the
// user before Gemini CLI will run the hook.
import type { HostInstallSpec } from '../command-hook/install-run.js';
import { geminiFolderTrust } from './folder-trust.js';
import { GEMINI_SCOPES, type GeminiScope } from './paths.js';
import { geminiHookEntries, geminiLauncherPath, geminiProjectCommand, geminiSettingsPath, isGeminiRemitHandler } from './registration.js';

export const geminiInstallSpec: HostInstallSpec = {
  host: 'gemini',
  scopes: GEMINI_SCOPES,
  configPath: (scope, env, root) => geminiSettingsPath(scope as GeminiScope, env, root),
  // Gemini CLI's skills and extensions have shapes of their own; `$remit` works without one.
  skillPath: () => null,
  launcherPath: geminiLauncherPath,
  entries: geminiHookEntries,
  projectCommand: geminiProjectCommand,
  isOurs: isGeminiRemitHandler,
  notes({ ctx, root }) {
    const notes = ['A Gemini CLI session started before this install does not have the hooks: start a new one.'];
    const trust = geminiFolderTrust(ctx.env, root);
    if (trust.line) notes.push(trust.line);
    if (ctx.scope === 'project')
      notes.push(
        'The committed entry runs .gemini/remit/launch.cjs with `node` from PATH; each teammate needs `remit install gemini` (any scope) so the launcher finds a remit bundle on their machine.',
      );
    return notes;
  },
};
