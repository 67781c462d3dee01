// `remit doctor` for Qwen Code: is every session on this machine guarded, and if not, why.
import path from 'node:path';
import { QWEN_CAPABILITY } from './capability.js';
import { doctorSettingsHooks } from '../command-hook/doctor-settings.js';
import type { DoctorContext, DoctorRow } from '../host-module.js';
import { qwenFolderTrust } from './folder-trust.js';
import { qwenInstallSpec } from './install.js';
import { QWEN_SCOPES } from './paths.js';
import { QWEN_HOOK_EVENTS, qwenHookEntries } from './registration.js';

export function doctorQwen(ctx: DoctorContext, expect: { commandFor?: (event: string) => string } = {}): DoctorRow {
  return doctorSettingsHooks(
    {
      host: 'qwen',
      displayName: QWEN_CAPABILITY.displayName,
      binary: 'qwen',
      scopes: QWEN_SCOPES,
      install: qwenInstallSpec,
      events: QWEN_HOOK_EVENTS,
      entries: qwenHookEntries,
      folderTrust: qwenFolderTrust,
      disabledBy: (doc, file) => (doc.disableAllHooks === true ? [`${file} sets disableAllHooks: true`] : []),
      // Qwen Code's own payloads (0.24.4): a typed prompt carries `submitted_prompt`; every hook gets QWEN_PROJECT_DIR.
      probe: (dir) => ({
        host: 'qwen',
        directive: '$remit review -- doctor probe',
        turnField: 'prompt_id',
        promptEvent: 'UserPromptSubmit',
        preEvent: 'PreToolUse',
        promptFields: (directive) => ({ submitted_prompt: directive, permission_mode: 'default' }),
        write: { tool: 'write_file', input: { file_path: path.join(dir, 'remit-doctor-probe.txt'), content: 'probe\n' } },
        env: (cwd) => ({ QWEN_PROJECT_DIR: cwd, CLAUDE_PROJECT_DIR: cwd, GEMINI_PROJECT_DIR: cwd }),
      }),
    },
    ctx,
    expect,
  );
}
