// `remit doctor` for Gemini CLI: is every session on this machine guarded, and if not, why.
import path from 'node:path';
import { GEMINI_CAPABILITY } from './capability.js';
import { doctorSettingsHooks } from '../command-hook/doctor-settings.js';
import type { DoctorContext, DoctorRow } from '../host-module.js';
import { geminiFolderTrust } from './folder-trust.js';
import { geminiInstallSpec } from './install.js';
import { GEMINI_SCOPES } from './paths.js';
import { GEMINI_HOOK_EVENTS, GEMINI_HOOK_NAME, geminiHookEntries } from './registration.js';

/** `hooksConfig.enabled: false` turns every hook off; `hooksConfig.disabled` lists hooks turned off by name. */
function disabledBy(doc: Record<string, unknown>, file: string): string[] {
  const cfg = doc.hooksConfig && typeof doc.hooksConfig === 'object' ? (doc.hooksConfig as Record<string, unknown>) : {};
  const out: string[] = [];
  if (cfg.enabled === false) out.push(`${file} sets hooksConfig.enabled: false`);
  if (Array.isArray(cfg.disabled) && cfg.disabled.includes(GEMINI_HOOK_NAME)) out.push(`${file} lists "${GEMINI_HOOK_NAME}" in hooksConfig.disabled`);
  return out;
}

export function doctorGemini(ctx: DoctorContext, expect: { commandFor?: (event: string) => string } = {}): DoctorRow {
  return doctorSettingsHooks(
    {
      host: 'gemini',
      displayName: GEMINI_CAPABILITY.displayName,
      binary: 'gemini',
      scopes: GEMINI_SCOPES,
      install: geminiInstallSpec,
      events: GEMINI_HOOK_EVENTS,
      entries: geminiHookEntries,
      folderTrust: geminiFolderTrust,
      disabledBy,
      // Gemini CLI's own payloads (0.61.0): BeforeAgent carries the prompt, BeforeTool the call
      // (no call id), and a refusal is a top-level decision "deny".
      probe: (dir) => ({
        host: 'gemini',
        directive: '$remit review -- doctor probe',
        turnField: 'turn_id',
        promptEvent: 'BeforeAgent',
        preEvent: 'BeforeTool',
        events: { prompt: 'BeforeAgent', pre: 'BeforeTool' },
        write: { tool: 'write_file', input: { file_path: path.join(dir, 'remit-doctor-probe.txt'), content: 'probe\n' } },
        refused: (answer) => answer.decision === 'deny',
        env: (cwd) => ({ GEMINI_PROJECT_DIR: cwd, CLAUDE_PROJECT_DIR: cwd }),
      }),
    },
    ctx,
    expect,
  );
}
