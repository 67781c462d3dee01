// zsh runs text bash does not (docs/DESIGN.md#shell-classification). Hosts run an agent's
// command in the user's shell, which is zsh on a default macOS, so a command is judged for
// both: what bash would do (the walker) and these zsh-only ways of running code, each of
// which leaves the command unproven.
//
// - Glob qualifiers: a word ending in `(…)` is a pattern with qualifiers under zsh's default
//   bareglobqual; `e:code:` evaluates code for each file and `+func` calls a function
//   (`ls *(e:'rm -rf src':)`).
// - Parameter flags: `${(e)x}` evaluates the value's substitutions; `${~x}` globs the value,
//   qualifiers and all.
// - `=(cmd)` runs cmd and names a temporary file.
// - Functions zsh calls by name: TRAPEXIT, TRAPDEBUG, TRAPZERR … (traps), and the hooks
//   zshexit, precmd, preexec, chpwd, periodic, zshaddhistory, command_not_found_handler.

/** Function names zsh calls without being asked. */
export function zshHookFunction(name: string): boolean {
  return /^TRAP[A-Z0-9]+$/.test(name) || /^(?:zshexit|precmd|preexec|chpwd|periodic|zshaddhistory|command_not_found_handler)(?:_functions)?$/.test(name);
}

/**
 * Whether a word as typed runs code under zsh: an unquoted `(…)` that is not a substitution
 * (`$(`, `$((`, `<(`, `>(`) or an alternation (`@(a|b)`), whose text holds a qualifier that
 * evaluates (`e`) or calls (`+`); `${(…)…}` flags with `e`; a leading `=(`. A bash extglob
 * group without `|` that holds those letters (`!(node_modules)`) is unproven too.
 */
export function zshRunsCode(text: string): boolean {
  // `${~x}` makes the value a pattern, qualifiers included: what it holds is not seen here.
  if (text.includes('$~') || text.includes('${~')) return true;
  if (!text.includes('(')) return false;
  if (text.startsWith('=(')) return true;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') i++;
      continue;
    }
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      continue;
    }
    if (c !== '(') continue;
    const prev = text[i - 1];
    // `${(e)x}`: parameter expansion flags.
    if (prev === '{' && text[i - 2] === '$') {
      const close = text.indexOf(')', i);
      if (close < 0 || /e/.test(text.slice(i + 1, close))) return true;
      continue;
    }
    // A group up to its matching `)`, quotes inside it included (`e:'rm -rf src':`).
    const group = groupText(text, i);
    // `$(…)`, `$((…))`, `<(…)`, `>(…)`: substitutions, whose commands the walker judges itself.
    if (prev === '$' || prev === '<' || prev === '>') {
      if (group === null) return true;
      i += group.length + 1;
      continue;
    }
    // zsh takes a trailing group as qualifiers only when it holds no `|` (an alternation otherwise).
    if (group === null || (!group.includes('|') && /[e+]/.test(group))) return true;
  }
  return false;
}

/** The text inside the `(` at `open` up to its matching unquoted `)`; null when it never closes. */
function groupText(text: string, open: number): string | null {
  let depth = 0;
  let quote: string | undefined;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return null;
}
