export { parsePatch, splitPatchLines } from './parse-patch.js';
export type { PatchFile, PatchHunk, PatchFormat, PatchParse } from './parse-patch.js';
export { extractApplyPatchFromShell, extractApplyPatchInvocation } from './shell-heredoc.js';
export type { ApplyPatchInvocation } from './shell-heredoc.js';
export { applyHunks } from './apply-hunks.js';
