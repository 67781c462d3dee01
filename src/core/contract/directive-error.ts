// Builds DirectiveError values. The token is shown back to the user and stored in session
// state, so it is made printable and short: a pasted megabyte or a bidi override in a
// token must not become the text of a warning.
import type { DirectiveError, DirectiveErrorCode } from '../../generated/types.js';

const TOKEN_DISPLAY_LIMIT = 120;

// C0, DEL, C1, zero-width and bidi controls, line/paragraph separators, BOM.
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

export function hasControlCharacter(s: string): boolean {
  UNPRINTABLE.lastIndex = 0;
  return UNPRINTABLE.test(s);
}

/** Shows control characters as `\uXXXX` so the text cannot forge lines or reorder itself. */
export function printable(s: string): string {
  return s.replace(UNPRINTABLE, (ch) => '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0'));
}

export function displayToken(token: string): string {
  const shown = printable(token.length > TOKEN_DISPLAY_LIMIT * 2 ? token.slice(0, TOKEN_DISPLAY_LIMIT * 2) : token);
  return shown.length > TOKEN_DISPLAY_LIMIT ? shown.slice(0, TOKEN_DISPLAY_LIMIT - 1) + '…' : shown;
}

export function directiveError(code: DirectiveErrorCode, token: string, why: string): DirectiveError {
  const shown = displayToken(token);
  return { code, token: shown, message: `\`${shown}\`: ${why}` };
}
