// Bash arithmetic evaluates a variable's value as another arithmetic expression, and a
// subscript inside that value as well: `x='a[$(rm -rf ~)]'; (( x ))` runs rm. An
// arithmetic text is therefore safe only when every variable it reads holds a number we
// know of (a literal integer, or the result of an earlier safe arithmetic assignment).

/** The walker's variables as arithmetic reads them (words.ts builds them; null: value unknown). */
type Env = ReadonlyMap<string, string | null>;

/** Stored in the walker's variables for "some integer": the value is unknown but harmless to arithmetic. */
export const INT_VALUE = '\u0000int';

/** Shell variables bash itself keeps as integers. */
const INTEGER_SHELL_VARS = new Set([
  'RANDOM',
  'SECONDS',
  'LINENO',
  'BASHPID',
  'PPID',
  'UID',
  'EUID',
  'OPTIND',
  'SRANDOM',
  'EPOCHSECONDS',
  'SHLVL',
  'COLUMNS',
  'LINES',
  'HISTCMD',
]);

export interface ArithCheck {
  /** False when the text may run code (a subscript, a substitution, an unknown variable). */
  safe: boolean;
  /** Variables the text assigns (left of `=`, `+=`, `++`…). */
  targets: string[];
}

function isIntegerText(v: string): boolean {
  return /^\s*[-+]?\d+\s*$/.test(v) || v.trim() === '';
}

/** Whether a variable holds a value arithmetic may evaluate without running anything. */
function safeArithVariable(name: string, env: Env): boolean {
  const v = env.get(name);
  if (v === INT_VALUE) return true;
  if (typeof v === 'string') return isIntegerText(v);
  if (v === undefined) return INTEGER_SHELL_VARS.has(name);
  return false;
}

export function checkArith(text: string, env: Env): ArithCheck {
  const targets: string[] = [];
  // Integer-valued expansions first: `${#x}`, `${#a[@]}`, `$#`, `$?`, `$$`, `$!`.
  let t = text.replace(/\$\{#[A-Za-z_][A-Za-z0-9_]*(?:\[[@*]\])?\}/g, ' 0 ').replace(/\$[#?$!]/g, ' 0 ');
  // Anything that substitutes or subscripts: the result is evaluated again.
  if (/[`[\]]|\$\(|\$\{(?![A-Za-z_][A-Za-z0-9_]*\})|\$[0-9@*-]|['"\\]/.test(t)) return { safe: false, targets };
  t = t.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ' $1 ').replace(/\$([A-Za-z_][A-Za-z0-9_]*)/g, ' $1 ');
  if (t.includes('$')) return { safe: false, targets };
  // Numbers: 0x1f, 2#101, 10#08, 42.
  t = t
    .replace(/\b0[xX][0-9a-fA-F]+\b/g, ' 0 ')
    .replace(/\b\d+#[0-9A-Za-z@_]+/g, ' 0 ')
    .replace(/\b\d+\b/g, ' 0 ');
  if (/[^A-Za-z0-9_\s+\-*/%<>=!&|^~?:,()]/.test(t)) return { safe: false, targets };
  const re = /[A-Za-z_][A-Za-z0-9_]*/g;
  let m: RegExpExecArray | null;
  let safe = true;
  while ((m = re.exec(t)) !== null) {
    const name = m[0];
    const after = t.slice(m.index + name.length);
    const before = t.slice(0, m.index);
    const plainAssign = /^\s*=(?!=)/.test(after);
    const assigns = plainAssign || /^\s*(?:\+\+|--|(?:[-+*/%&|^]|<<|>>)=)/.test(after) || /(?:\+\+|--)\s*$/.test(before);
    if (assigns) targets.push(name);
    if (!plainAssign && !safeArithVariable(name, env)) safe = false;
  }
  return { safe, targets };
}
