// What every patch grammar parses into (parse-patch.ts), and the helpers its format readers
// build it with: one shape, so file effects and intents never depend on the host's format.
//
// A megabyte of patch can hold a hundred thousand hunks or files, and what made parsing it
// slow was not reading but keeping: an array per hunk side (grown by push, room for 17 lines
// each) and a string per line, all alive until the parse ends, which the collector copies
// and marks again and again. So the readers keep no line array (PatchLines holds where each
// line starts and makes a line's string when it is read, which dies young), every line a
// parse keeps goes into one pool of flat lists, and a file holds only where its share of the
// pool lies: its `added`, `removed` and `hunks` are made from the pool when they are read.

export interface PatchHunk {
  /** The hunk's old side in file order (context and removed lines). */
  readonly oldLines: readonly string[];
  /** The hunk's new side in file order (context and added lines). */
  readonly newLines: readonly string[];
  /** Text after `@@` (a section or function line of the old file), when the patch gives one. */
  readonly header?: string;
}

export interface PatchFile {
  readonly op: 'add' | 'update' | 'delete';
  /** As written in the patch (relative or absolute). */
  readonly path: string;
  /** Rename target. */
  readonly moveTo?: string;
  /** Added line texts (without the leading '+'). */
  readonly added: readonly string[];
  /** Removed line texts. */
  readonly removed: readonly string[];
  /** Per hunk, for fragment comparison. An `add` carries one hunk holding the whole new text. */
  readonly hunks: readonly PatchHunk[];
}

/** The one empty list every side without lines shares (nothing writes to it). */
const NO_LINES: readonly string[] = Object.freeze([]);

/**
 * A text's lines, split on LF with the CR of a CRLF end dropped, without an array of them:
 * where each line starts (a typed array the collector does not scan), and a line's string made
 * when it is read. Linear in the text length.
 */
export class PatchLines {
  readonly length: number;
  /** starts[i] is where line i begins; starts[length] is one past the text's end. */
  private readonly starts: Int32Array;

  constructor(private readonly text: string) {
    // One pass over the characters into room for a line per character, used only as far as
    // the lines go (a first pass to count them cost as much again, and a loop of indexOf calls
    // some three times as much on short lines). The room lives as long as the parse.
    const room = new Int32Array(text.length + 2);
    let n = 1;
    for (let k = 0; k < text.length; k++) if (text.charCodeAt(k) === 10) room[n++] = k + 1;
    room[n] = text.length + 1;
    this.length = n;
    this.starts = room.subarray(0, n + 1);
  }

  /** Where line `i` ends, before its LF and the CR of a CRLF. */
  private end(i: number): number {
    const end = this.starts[i + 1]! - 1;
    return end > this.starts[i]! && this.text.charCodeAt(end - 1) === 13 ? end - 1 : end;
  }

  /** Line `i` (0 ≤ i < length), without its line end. */
  at(i: number): string {
    return this.text.slice(this.starts[i]!, this.end(i));
  }

  /** Line `i` without its first character (a hunk line without its ' ', '-' or '+'). */
  rest(i: number): string {
    return this.text.slice(this.starts[i]! + 1, Math.max(this.starts[i]! + 1, this.end(i)));
  }

  /** Whether line `i` is `s`, without cutting the line out. */
  is(i: number, s: string): boolean {
    const start = this.starts[i]!;
    return this.end(i) - start === s.length && this.text.startsWith(s, start);
  }

  /** Whether line `i` is empty. */
  empty(i: number): boolean {
    return this.end(i) === this.starts[i]!;
  }

  /** The first character of line `i` ('' for an empty line). */
  first(i: number): string {
    const start = this.starts[i]!;
    // Where the LF (or the text's end) is: the line is empty when it starts there, or when a
    // lone CR stands before it. (Told without end(): this is asked of every line.)
    const next = this.starts[i + 1]! - 1;
    if (next === start || (next === start + 1 && this.text.charCodeAt(start) === 13)) return '';
    return this.text[start]!;
  }

  /** Lines [lo, hi) joined by LF (what `split` and `join` would give), a slice of the text when it can be. */
  joined(lo: number, hi: number): string {
    if (hi <= lo) return '';
    const s = this.text.slice(this.starts[lo]!, this.starts[hi]! - 1);
    if (!s.includes('\r')) return s;
    const parts: string[] = [];
    for (let i = lo; i < hi; i++) parts.push(this.at(i));
    return parts.join('\n');
  }
}

/** A list of `size` slots holding the first `count` of `list`. */
function grown<T>(list: T[], count: number, size: number): T[] {
  const out = new Array<T>(size);
  for (let i = 0; i < count; i++) out[i] = list[i]!;
  return out;
}

/** A hunk line's kind in the pool: context, removed, added. */
const CONTEXT = 0;
const REMOVED = 1;
const ADDED = 2;

/**
 * Every line one parse keeps, in order; each file and hunk names a range of it. Hunk lines
 * carry their kind; an Add block's lines, all added, are a list of their own. The lists are
 * made at the size the parse announced (its text's line count, which no list outgrows) and
 * filled by index, counted: pushing a megabyte of short lines one at a time cost more than
 * reading them (each growth of a large list copies it into new space).
 */
class LinePool {
  constructor(private readonly capacity: number) {}
  /** Add blocks' lines: [0, wholeCount) are set. */
  whole: string[] = [];
  wholeCount = 0;
  /** Hunk lines: [0, lineCount) are set. */
  lines: string[] = [];
  /** Per hunk line: CONTEXT, REMOVED or ADDED. */
  kinds = new Uint8Array(0);
  lineCount = 0;
  /** Two numbers per hunk: where its lines start and end. */
  spans: number[] = [];
  /** Per hunk, the text after `@@` ('' for none): [0, hunkCount) are set. */
  headers: string[] = [];
  hunkCount = 0;

  addWhole(text: string): void {
    if (this.wholeCount === this.whole.length) this.whole = grown(this.whole, this.wholeCount, Math.max(this.capacity, 2 * this.wholeCount, 16));
    this.whole[this.wholeCount++] = text;
  }

  addLine(text: string, kind: number): void {
    if (this.lineCount === this.kinds.length) {
      // The announced size at once; past it (never, for a parse that announced its line count) twice as much.
      const size = Math.max(this.capacity, 2 * this.lineCount, 16);
      const kinds = new Uint8Array(size);
      kinds.set(this.kinds);
      this.kinds = kinds;
      this.lines = grown(this.lines, this.lineCount, size);
    }
    this.lines[this.lineCount] = text;
    this.kinds[this.lineCount++] = kind;
  }

  addHunk(from: number, to: number, header: string): void {
    if (this.hunkCount === this.headers.length) {
      // Most patches have a few hunks: room for 16 first, then for as many as the lines.
      const size = this.hunkCount === 0 ? Math.max(1, Math.min(this.capacity, 16)) : Math.max(this.capacity, 2 * this.hunkCount);
      this.headers = grown(this.headers, this.hunkCount, size);
      this.spans = grown(this.spans, 2 * this.hunkCount, 2 * size);
    }
    this.spans[2 * this.hunkCount] = from;
    this.spans[2 * this.hunkCount + 1] = to;
    this.headers[this.hunkCount++] = header;
  }

  /** The hunk lines of [from, to) of kind `kind`, or (`but`) of any other kind. */
  pick(from: number, to: number, kind: number, but: boolean): readonly string[] {
    const out: string[] = [];
    const { lines, kinds } = this;
    for (let i = from; i < to; i++) if ((kinds[i] === kind) !== but) out.push(lines[i]!);
    return out.length === 0 ? NO_LINES : out;
  }
}

class PooledFile implements PatchFile {
  declare readonly moveTo?: string;
  constructor(
    readonly op: PatchFile['op'],
    readonly path: string,
    moveTo: string | undefined,
    private readonly pool: LinePool,
    /** The file's hunks: [hunk0, hunk1) of the pool's hunks. */
    private readonly hunk0: number,
    private readonly hunk1: number,
    /** The file's lines: [line0, line1) of the pool's hunk lines, or of its Add block lines when `isWhole`. */
    private readonly line0: number,
    private readonly line1: number,
    private readonly isWhole: boolean,
  ) {
    if (moveTo !== undefined) (this as { moveTo?: string }).moveTo = moveTo;
  }

  get added(): readonly string[] {
    if (this.isWhole) return this.line1 === this.line0 ? [] : this.pool.whole.slice(this.line0, this.line1);
    return this.pool.pick(this.line0, this.line1, ADDED, false);
  }

  get removed(): readonly string[] {
    return this.isWhole ? NO_LINES : this.pool.pick(this.line0, this.line1, REMOVED, false);
  }

  get hunks(): readonly PatchHunk[] {
    if (this.isWhole) return [{ oldLines: NO_LINES, newLines: this.added }];
    const { spans, headers } = this.pool;
    const out: PatchHunk[] = [];
    for (let h = this.hunk0; h < this.hunk1; h++) {
      const from = spans[2 * h]!;
      const to = spans[2 * h + 1]!;
      const oldLines = this.pool.pick(from, to, ADDED, true);
      const newLines = this.pool.pick(from, to, REMOVED, true);
      const header = headers[h]!;
      out.push(header === '' ? { oldLines, newLines } : { oldLines, newLines, header });
    }
    return out;
  }
}

/**
 * Builds one parse's files: an update's (or a unified diff's) hunks line by line, an Add
 * block's text line by line, or a file with no lines. One builder per parse.
 */
export class PatchBuilder {
  private readonly pool: LinePool;
  private hunk0 = 0;
  private line0 = 0;
  private whole0 = 0;
  /** Where the open hunk's lines start. */
  private hunkStart = 0;
  private header = '';
  /** Whether a hunk is open (an `@@` line or a body line started it). */
  open = false;

  /** `lineCount`: how many lines the patch text has (no file, hunk or line outnumbers them). */
  constructor(lineCount: number) {
    this.pool = new LinePool(lineCount);
  }

  /** Opens a hunk (the previous one closed first); `header` is the text after `@@`. */
  openHunk(header?: string): void {
    this.closeHunk();
    this.open = true;
    this.header = header ?? '';
    this.hunkStart = this.pool.lineCount;
  }

  /** A hunk body line; opens a hunk with no header when none is open. */
  line(kind: ' ' | '-' | '+', text: string): void {
    if (!this.open) this.openHunk();
    this.pool.addLine(text, kind === ' ' ? CONTEXT : kind === '-' ? REMOVED : ADDED);
  }

  /** Closes the open hunk: kept when it holds a line, or when `keepEmpty` (a unified diff's `@@ -0,0 +0,0 @@`). */
  closeHunk(keepEmpty = false): void {
    if (!this.open) return;
    const p = this.pool;
    if (keepEmpty || p.lineCount > this.hunkStart) p.addHunk(this.hunkStart, p.lineCount, this.header);
    this.open = false;
  }

  /** Hunks the file being built holds so far (closed ones). */
  get hunkCount(): number {
    return this.pool.hunkCount - this.hunk0;
  }

  /** The file built from the hunks since the last file (the open one closed first). */
  build(op: PatchFile['op'], path: string, moveTo?: string): PatchFile {
    this.closeHunk();
    return this.finish(op, path, moveTo);
  }

  /** A line of an Add block's text. */
  addLine(text: string): void {
    this.pool.addWhole(text);
  }

  /** Lines of the Add block being built. */
  get addCount(): number {
    return this.pool.wholeCount - this.whole0;
  }

  /** The Add block's last line; drops it when `drop`. */
  lastAdded(drop = false): string | undefined {
    if (this.addCount === 0) return undefined;
    const p = this.pool;
    return drop ? p.whole[--p.wholeCount] : p.whole[p.wholeCount - 1];
  }

  /** An Add block's file: its lines since the last file are its whole text, held as one hunk (even an empty one). */
  buildAdd(path: string): PatchFile {
    const p = this.pool;
    const f = new PooledFile('add', path, undefined, p, 0, 0, this.whole0, p.wholeCount, true);
    this.whole0 = p.wholeCount;
    return f;
  }

  /** A file with no lines: a delete, or a rename alone. Lines and hunks gathered since the last file are dropped. */
  bare(op: PatchFile['op'], path: string, moveTo?: string): PatchFile {
    this.open = false;
    this.hunk0 = this.pool.hunkCount;
    this.line0 = this.pool.lineCount;
    return this.finish(op, path, moveTo);
  }

  private finish(op: PatchFile['op'], path: string, moveTo: string | undefined): PatchFile {
    const p = this.pool;
    const f = new PooledFile(op, path, moveTo, p, this.hunk0, p.hunkCount, this.line0, p.lineCount, false);
    this.hunk0 = p.hunkCount;
    this.line0 = p.lineCount;
    return f;
  }
}
