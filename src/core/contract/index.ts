// The task-contract parser's public surface (docs/DESIGN.md#task-contract).
export { defaultContract, controlStateOf, type ControlState } from './defaults.js';
export { parsePrompt, type PromptParse, type ParseContext, type InspectionCommand } from './parse-prompt.js';
export { contractLine, helpText } from './echo.js';
export { fromSlashCommand, rewriteSlashPrompt, unwrapOpencodeRunQuotes } from './slash.js';
