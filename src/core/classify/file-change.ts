// The file-content classifiers (patch parsing, manifest and hash intents) behind one module,
// loaded only when a tool writes, edits or patches: a read never pays for them.
export { parsePatch } from '../patch/parse-patch.js';
export { extractApplyPatchInvocation } from '../patch/shell-heredoc.js';
export { fragmentIntents, patchFileIntents, wholeFileIntents, type FileChangeIntent } from '../intents/file-intents.js';
