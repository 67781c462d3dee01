export { wholeFileIntents, fragmentIntents, patchFileIntents } from './file-intents.js';
export type { FileChangeIntent } from './file-intents.js';
export { manifestKind, isLockfile } from './manifest-kind.js';
export type { ManifestKind } from './manifest-kind.js';
export { codeFamily } from './code-language.js';
export { countHashCalls } from './hash-apis.js';
