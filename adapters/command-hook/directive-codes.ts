// The directive error codes; the Record type makes the compiler fail when the schema's enum
// gains a code this list lacks.
import type { DirectiveErrorCode } from '../../src/generated/types.js';

const CODES: Record<DirectiveErrorCode, true> = {
  INVALID_DIRECTIVE_TOKEN: true,
  CONFLICTING_DIRECTIVE: true,
  INVALID_AGENT_LIMIT: true,
  INVALID_POLICY_VALUE: true,
  INVALID_FILES_GLOB: true,
};

export const DIRECTIVE_ERROR_CODES: ReadonlySet<string> = new Set(Object.keys(CODES));
