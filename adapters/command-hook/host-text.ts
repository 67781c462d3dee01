// Text remit hands a host for the model or the user: control and bidi characters made
// visible (a hidden U+202E could reorder what the user reads), and a size bound that keeps
// the head, where the most important line sits, when a host would otherwise cut or spill it.

// C0 controls except tab and newline, DEL, C1, line/paragraph separators, bidi embeddings,
// overrides and isolates, and the implicit direction marks.
const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function escapeHidden(text: string): string {
  return text.replace(HIDDEN, (c) => `\\u{${c.codePointAt(0)!.toString(16).padStart(4, '0')}}`);
}

/** At most `maxChars` characters, cut at a line end when one is near, with a visible marker. */
export function boundText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const marker = (n: number) => `\n[remit: ${n} more characters not shown]`;
  const room = Math.max(0, maxChars - marker(text.length).length);
  let cut = text.lastIndexOf('\n', room);
  if (cut < room * 0.8) cut = room;
  return text.slice(0, cut) + marker(text.length - cut);
}

/** One line for a user-visible status field. */
export function oneLine(text: string, maxChars: number): string {
  const flat = escapeHidden(text.replace(/\s*[\r\n]+\s*/g, ' ').trim());
  return flat.length <= maxChars ? flat : `${flat.slice(0, Math.max(0, maxChars - 1))}…`;
}

export function hostText(text: string, maxChars: number): string {
  return boundText(escapeHidden(text), maxChars);
}
