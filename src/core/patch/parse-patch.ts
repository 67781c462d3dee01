// The one patch parser: Codex/OpenCode `apply_patch`, Hermes V4A and unified diffs all
// become the same PatchFile list, so file effects and intents never depend on the host.
import { parseApplyPatch } from './apply-patch-format.js';
import type { PatchFile } from './patch-file.js';
import { parseUnifiedDiff } from './unified-diff.js';
import { parseV4a } from './v4a-format.js';

export type PatchFormat = 'apply_patch' | 'v4a' | 'unified';
export type PatchParse = { ok: true; files: PatchFile[] } | { ok: false; reason: 'patch_unparsable' };

const PATCH_UNPARSABLE: PatchParse = { ok: false, reason: 'patch_unparsable' };

export function parsePatch(text: string, format: PatchFormat): PatchParse {
  if (typeof text !== 'string') return PATCH_UNPARSABLE;
  try {
    const files = format === 'apply_patch' ? parseApplyPatch(text) : format === 'v4a' ? parseV4a(text) : parseUnifiedDiff(text);
    if (!files || files.length === 0) return PATCH_UNPARSABLE;
    return { ok: true, files };
  } catch {
    return PATCH_UNPARSABLE;
  }
}
