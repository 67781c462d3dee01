// Gemini CLI 0.61.0 rewrites its settings.json when it starts (migrateDeprecatedSettings in its
// bundle): a deprecated `disable…` boolean becomes its `enable…` opposite, `tools.approvalMode`
// moves to `general.defaultApprovalMode`, and the file is saved. After a run, the file remit
// edited is no longer the one it backed up, though the user changed nothing. Uninstall applies
// the same renames to the backup before comparing (install-run.ts `migrate`), so such a file keeps
// Gemini's form without remit's hooks — what Gemini writes for the file without them (checked
// against the real CLI) — and the stale backup goes. Gemini's renames of experimental settings
// are not mirrored: a file changed by one of those keeps its backup, as any other change does.
import type { Json } from '../command-hook/hooks-config.js';

function object(v: unknown): Json | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
}

/** `disable…: b` → `enable…: !b` unless the new key is set; the old key goes either way. */
function renameBoolean(o: Json | undefined, oldKey: string, newKey: string): void {
  if (!o || typeof o[oldKey] !== 'boolean') return;
  if (typeof o[newKey] !== 'boolean') o[newKey] = !o[oldKey];
  delete o[oldKey];
}

/** The settings as Gemini CLI 0.61.0 saves them after its start-up migration (the object is changed in place and returned). */
export function migrateGeminiSettings(doc: Json): Json {
  const general = object(doc.general);
  renameBoolean(general, 'disableAutoUpdate', 'enableAutoUpdate');
  renameBoolean(general, 'disableUpdateNag', 'enableAutoUpdateNotification');
  const ui = object(doc.ui);
  const accessibility = object(ui?.accessibility);
  renameBoolean(accessibility, 'disableLoadingPhrases', 'enableLoadingPhrases');
  if (ui && accessibility && accessibility.enableLoadingPhrases === false && ui.loadingPhrases === undefined) ui.loadingPhrases = 'off';
  renameBoolean(object(object(doc.context)?.fileFiltering), 'disableFuzzySearch', 'enableFuzzySearch');
  const tools = object(doc.tools);
  if (tools && tools.approvalMode !== undefined) {
    const g = general ?? (doc.general = {});
    if ((g as Json).defaultApprovalMode === undefined) (g as Json).defaultApprovalMode = tools.approvalMode;
    delete tools.approvalMode;
  }
  return doc;
}
