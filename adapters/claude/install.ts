// The Claude Code half of `remit install` / `uninstall`: paths, handlers, and what to tell
// the user before Claude Code will run the hook.
import { teammateNote, type HostInstallSpec } from '../command-hook/install-run.js';
import { CLAUDE_SCOPES, type ClaudeScope } from './paths.js';
import {
  claudeHookEntries,
  claudeLauncherPath,
  claudeTakesOnFailure,
  CLAUDE_ON_FAILURE_FROM,
  claudeProjectCommand,
  claudeSettingsPath,
  claudeSkillPath,
  isClaudeRemitHandler,
} from './registration.js';

export const claudeInstallSpec: HostInstallSpec = {
  host: 'claude',
  scopes: CLAUDE_SCOPES,
  configPath: (scope, env, root) => claudeSettingsPath(scope as ClaudeScope, env, root),
  skillPath: (scope, env, root) => claudeSkillPath(scope as ClaudeScope, env, root),
  launcherPath: claudeLauncherPath,
  entries: (commandFor, ctx) => claudeHookEntries(commandFor, { failClosed: claudeTakesOnFailure(ctx?.hostVersion) }),
  projectCommand: claudeProjectCommand,
  isOurs: isClaudeRemitHandler,
  notes({ ctx }) {
    const notes = [
      'Interactive Claude Code runs settings hooks only in a folder whose workspace-trust dialog was accepted; `claude -p` runs them without asking. A session started before this install does not have them: start a new one.',
    ];
    notes.push(
      claudeTakesOnFailure(ctx.hostVersion)
        ? `Claude Code ${ctx.hostVersion}: remit's PreToolUse hook carries onFailure "block", so a hook that hangs past its timeout or crashes refuses the tool call instead of letting it run.`
        : `${ctx.hostVersion ? `Claude Code ${ctx.hostVersion}` : 'No Claude Code on PATH'}: remit's PreToolUse hook is written without onFailure (Claude Code ${CLAUDE_ON_FAILURE_FROM} and later take it), so a hook that hangs or crashes lets the tool run; run \`remit install claude\` again after upgrading.`,
    );
    if (ctx.scope === 'project') notes.push(teammateNote('.claude/remit/launch.cjs', 'claude'));
    if (ctx.scope === 'local')
      notes.push(
        'The local scope writes .claude/settings.local.json (not committed); the /remit command needs the Skill from the user or project scope — `$remit` works without it.',
      );
    return notes;
  },
};
