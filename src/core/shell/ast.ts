// remit's own shell tree (docs/DESIGN.md#shell-classification): what parse.ts makes of unbash's
// tree and every other shell module reads. Types only, so a module that inspects the tree
// (plain-words.ts) needs no import of the parser.
/** A piece of a word after quote removal. */
export type Seg =
  | string
  /** `$NAME` / `${NAME}`; `q` = inside double quotes (no word splitting). */
  | { readonly v: string; readonly q: boolean }
  /** Unquoted glob characters (`*`, `?`, `[…]`). */
  | { readonly g: string }
  /** A simple brace expansion's alternatives (`{a,b}`, `{1..3}`). */
  | { readonly b: readonly string[] };

export interface ShWord {
  /** As typed. */
  readonly text: string;
  /** The whole word when it is one literal string after quote removal. */
  readonly lit: string | undefined;
  /** Pieces to evaluate against known variables; null when the word can never be static. */
  readonly segs: readonly Seg[] | null;
  /** Starts with an unquoted `~`. */
  readonly tilde: boolean;
  /** Command and process substitutions inside the word, in order. */
  readonly subs: readonly ShNode[];
  /** Assigns a variable while expanding (`${x:=v}`, `$((x=1))`). */
  readonly assigns: boolean;
  /** The whole word is one process substitution (`>(tee f)`): a pipe, not a file. */
  readonly procSub?: boolean;
  /**
   * Dynamic, but every word it can expand to is a revision (plain-words.ts): substitutions
   * of git commands that print commit ids or ref names, joined with plain literal text.
   */
  readonly plain?: boolean;
}

export interface ShAssign {
  readonly name: string;
  /** null for arrays (`x=(a b)`) and indexed assignments. */
  readonly value: ShWord | null;
  /** Every word inside the assignment (value, array elements, index), for their substitutions. */
  readonly words: readonly ShWord[];
  /** `a[i]=v`: the subscript as typed (arithmetic for indexed arrays). */
  readonly index?: string;
}

export interface ShRedirect {
  readonly op: string;
  readonly fd: number | undefined;
  /** `{var}>file`: the descriptor is a variable. */
  readonly fdVar: boolean;
  readonly target: ShWord | undefined;
  /** Here-document body text (as written) and whether its delimiter was quoted. */
  readonly heredoc?: { readonly body: string; readonly quoted: boolean; readonly subs: readonly ShNode[] };
}

export interface ShCommand {
  readonly k: 'cmd';
  readonly assigns: readonly ShAssign[];
  readonly words: readonly ShWord[];
  readonly redirects: readonly ShRedirect[];
  readonly text: string;
  readonly assignsInExpansion: boolean;
}

export type ShNode =
  | ShCommand
  /** Statements in order; `scoped` = runs in a subshell (cd and variables do not leak). */
  | { readonly k: 'seq'; readonly items: readonly ShNode[]; readonly scoped: boolean }
  | { readonly k: 'andor'; readonly items: readonly ShNode[]; readonly ops: readonly ('&&' | '||')[] }
  | { readonly k: 'pipe'; readonly items: readonly ShNode[] }
  | { readonly k: 'if'; readonly branches: readonly { cond: ShNode; body: ShNode }[]; readonly otherwise: ShNode | undefined }
  | { readonly k: 'loop'; readonly variable: string | undefined; readonly words: readonly ShWord[]; readonly cond: ShNode | undefined; readonly body: ShNode }
  | { readonly k: 'case'; readonly word: ShWord; readonly items: readonly { patterns: readonly ShWord[]; body: ShNode }[] }
  | { readonly k: 'func'; readonly name: string; readonly body: ShNode }
  | { readonly k: 'redir'; readonly body: ShNode; readonly redirects: readonly ShRedirect[] }
  /**
   * `[[ … ]]` and `(( … ))`: nothing runs but their substitutions; `assigns` when `(( ))` may
   * set variables; `arith` holds the texts bash evaluates as arithmetic (where a variable's
   * value is itself evaluated, so `a[$(cmd)]` in it runs cmd).
   */
  | { readonly k: 'expr'; readonly subs: readonly ShNode[]; readonly assigns: boolean; readonly arith: readonly string[] }
  /** An expansion that runs text when expanded (`${x@P}`, `${!x}`, an arithmetic subscript `${a[$i]}`). */
  | { readonly k: 'evals'; readonly text: string; readonly arith: readonly string[] };

export type ShellParse = { ok: true; root: ShNode } | { ok: false; reason: 'shell_syntax_unproven' | 'too_complex' };
