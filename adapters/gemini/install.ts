// The Gemini CLI half of `remit install` / `uninstall`: paths, handlers, and what to tell the
// user before Gemini CLI will run the hook.
import { newSessionNote, teammateNote, type HostInstallSpec } from '../command-hook/install-run.js';
import { geminiFolderTrust } from './folder-trust.js';
import { migrateGeminiSettings } from './settings-migration.js';
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
  // Gemini CLI 0.61.0 strips line and block comments (strip-json-comments) before it parses settings.json.
  comments: true,
  migrate: migrateGeminiSettings,
  notes({ ctx, root }) {
    const notes = [newSessionNote('Gemini CLI')];
    const trust = geminiFolderTrust(ctx.env, root);
    if (trust.line) notes.push(trust.line);
    if (ctx.scope === 'project') notes.push(teammateNote('.gemini/remit/launch.cjs', 'gemini'));
    return notes;
  },
};
