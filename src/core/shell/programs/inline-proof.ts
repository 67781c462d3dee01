// Proves short inline programs read-only (`python -c 'print(1)'`, `node -e 'console.log(…)'`,
// `perl -ne 'print if /x/'`), closed-world: literals are blanked first, then every name
// the code uses must be a local it defines or one of a small list per language, and every
// call must be to a function on that language's side-effect-free list. Anything else —
// an unknown name, a dunder or constructor path, interpolation that runs code, a module
// outside the list — leaves the code unproven. The JSON files a Node program requires are
// returned so they can be recorded as reads.

import { cook } from '../code-fold.js';

const MAX = 2048;

export interface InlineProof {
  ok: boolean;
  /** Files the code reads (`require('./package.json')`, `open('x')`). */
  reads: string[];
  /** Files the code writes, each named by a literal (`open('src/a.ts', 'w')`); none for a read. */
  writes?: string[];
}

const NO: InlineProof = { ok: false, reads: [] };

interface Blanked {
  code: string;
  strings: string[];
}

/** Replaces quoted strings with `"S<n>"` placeholders; null on an unterminated string or a forbidden quote. */
function blankStrings(src: string, quotes: string, forbid: RegExp): Blanked | null {
  const strings: string[] = [];
  let code = '';
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (!quotes.includes(c)) {
      code += c;
      continue;
    }
    const triple = src.startsWith(c.repeat(3), i) && quotes.includes('T');
    const close = triple ? c.repeat(3) : c;
    let j = i + close.length;
    let raw = '';
    for (; j < src.length; j++) {
      if (src[j] === '\\') {
        raw += src.slice(j, j + 2);
        j++;
        continue;
      }
      if (src.startsWith(close, j)) break;
      if (!triple && src[j] === '\n') return null;
      raw += src[j];
    }
    if (j >= src.length) return null;
    // The value the language reads: `'\x2eclaude/settings.json'` is `.claude/settings.json`.
    const body = cook(raw);
    if (forbid.test(body)) return null;
    code += ` S${strings.length} `;
    strings.push(body);
    i = j + close.length - 1;
  }
  return { code, strings };
}

// ---- JavaScript (node -e / -p) ----

const JS_ROOTS = new Set([
  'console',
  'JSON',
  'Math',
  'Object',
  'Array',
  'String',
  'Number',
  'Boolean',
  'parseInt',
  'parseFloat',
  'isNaN',
  'isFinite',
  'Date',
  'process',
  'require',
  'true',
  'false',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  'typeof',
  'new',
  'const',
  'let',
  'var',
  'of',
  'in',
  'for',
  'if',
  'else',
  'return',
  'function',
  'instanceof',
  'void',
]);
const JS_ROOT_CALLS = new Set([
  'console.log',
  'console.info',
  'console.error',
  'console.warn',
  'console.dir',
  'console.table',
  'JSON.stringify',
  'JSON.parse',
  'Object.keys',
  'Object.values',
  'Object.entries',
  'Object.assign',
  'Object.fromEntries',
  'Array.isArray',
  'Array.from',
  'Array.of',
  'String',
  'Number',
  'Boolean',
  'parseInt',
  'parseFloat',
  'isNaN',
  'isFinite',
  'Date.now',
  'Date',
  'process.cwd',
  'process.uptime',
  'process.memoryUsage',
  'process.hrtime',
  'require',
]);
const JS_PROCESS = new Set([
  'version',
  'versions',
  'platform',
  'arch',
  'execPath',
  'env',
  'argv',
  'cwd',
  'pid',
  'uptime',
  'memoryUsage',
  'release',
  'hrtime',
  'exitCode',
]);
const JS_METHODS = new Set([
  'toString',
  'toFixed',
  'join',
  'map',
  'filter',
  'slice',
  'split',
  'trim',
  'trimStart',
  'trimEnd',
  'toUpperCase',
  'toLowerCase',
  'includes',
  'startsWith',
  'endsWith',
  'replace',
  'replaceAll',
  'padStart',
  'padEnd',
  'indexOf',
  'lastIndexOf',
  'concat',
  'flat',
  'flatMap',
  'find',
  'findIndex',
  'some',
  'every',
  'reduce',
  'sort',
  'reverse',
  'keys',
  'values',
  'entries',
  'forEach',
  'at',
  'charAt',
  'charCodeAt',
  'repeat',
  'match',
  'test',
  'localeCompare',
  'toISOString',
  'getTime',
  'getFullYear',
  'toJSON',
  'valueOf',
  'push',
  'pop',
  'shift',
  'unshift',
  'max',
  'min',
  'round',
  'floor',
  'ceil',
  'abs',
  'pow',
  'sqrt',
  'random',
  'trunc',
  'sign',
  'log',
  'has',
  'get',
  'hrtime',
]);
const JS_FORBIDDEN_MEMBER =
  /^(?:constructor|__proto__|prototype|__defineGetter__|__defineSetter__|__lookupGetter__|mainModule|binding|_linkedBinding|dlopen|defineProperty|setPrototypeOf|getPrototypeOf)$/;

export function proveNodeCode(src: string): InlineProof {
  if (src.length > MAX || src.includes('`')) return NO;
  const b = blankStrings(src, `'"`, /constructor|__proto__|prototype/);
  if (!b) return NO;
  const code = b.code;
  // Regex literals, computed access with a non-literal, assignments to globals, labels: out.
  if (/\/(?![\s\d(])|\bimport\b|\bawait\b|\bwith\b|\beval\b|\bthis\b|=>\s*\{/.test(code)) return NO;
  const locals = new Set<string>();
  // Locals that hold a function written here (`const f = x => …`): the only locals that may be called.
  const callable = new Set<string>();
  for (const m of code.matchAll(/\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)/g)) locals.add(m[1]!);
  for (const m of code.matchAll(/\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:\([\w$\s,]*\)|[A-Za-z_$][\w$]*)\s*=>/g)) callable.add(m[1]!);
  // Arrow parameters, each list from the start of its first name's word (the leading `\(?\s*` and
  // the `\s*\)?\s*` before `=>` made every split of the blanks a try: 2 s for 2 kB of them).
  for (const m of code.matchAll(/(?<![\w$])\d*([A-Za-z_$][\w$]*(?:\s*,\s*[A-Za-z_$][\w$]*)*)\s*(?:\)\s*)?=>/g))
    for (const n of m[1]!.split(',')) locals.add(n.trim());
  // Destructured parameters: `([k, v]) =>`, `({ a, b: c }) =>`.
  for (const m of code.matchAll(/\(\s*[[{]([\w$\s,:]*)[\]}]\s*\)\s*=>/g))
    for (const n of m[1]!.split(/[\s,:]+/)) if (/^[A-Za-z_$][\w$]*$/.test(n)) locals.add(n);
  const reads: string[] = [];
  // Every identifier: a member name after `.`, a root, a local or a string placeholder.
  const tokens = [...code.matchAll(/(\.\s*)?([A-Za-z_$][\w$]*)(\s*\()?/g)];
  for (let k = 0; k < tokens.length; k++) {
    const m = tokens[k]!;
    const name = m[2]!;
    const member = m[1] !== undefined;
    const call = m[3] !== undefined;
    if (!member && /^S\d+$/.test(name)) continue;
    // An object literal's key (`{a: 1, b: 2}`) names nothing that runs.
    if (!member && !call && /[{,]\s*$/.test(code.slice(0, m.index)) && /^\s*:(?!:)/.test(code.slice(m.index! + m[0].length))) continue;
    if (member) {
      if (JS_FORBIDDEN_MEMBER.test(name)) return NO;
      // The object of the member: the previous token when it is a root.
      const prev = tokens[k - 1];
      const rootName = prev && prev[1] === undefined && m.index === prev.index! + prev[0].length ? prev[2] : undefined;
      if (rootName === 'process' && !JS_PROCESS.has(name)) return NO;
      if (call) {
        const full = rootName && JS_ROOTS.has(rootName) ? `${rootName}.${name}` : undefined;
        if (full ? !JS_ROOT_CALLS.has(full) && !JS_METHODS.has(name) : !JS_METHODS.has(name)) return NO;
        if (full && rootName === 'process' && !JS_ROOT_CALLS.has(full)) return NO;
      }
      continue;
    }
    if (locals.has(name)) {
      // A parameter or a value may hold any function it was handed (`Object.values(process).map(f => f())`).
      if (call && !callable.has(name)) return NO;
      continue;
    }
    if (!JS_ROOTS.has(name)) return NO;
    // `process` only through one of its listed members, never as a value to enumerate or pass on.
    if (name === 'process' && !/^\s*\.\s*[A-Za-z_$]/.test(code.slice(m.index! + m[0].length))) return NO;
    if (name === 'require') {
      const arg = /^\s*\(\s*S(\d+)\s*\)/.exec(code.slice(m.index! + m[0].length - (call ? 1 : 0)));
      const path = arg ? b.strings[Number(arg[1])] : undefined;
      if (!path || !/^\.{0,2}\/[^$]*\.json$/.test(path)) return NO;
      reads.push(path);
      continue;
    }
    if (call && !JS_ROOT_CALLS.has(name)) {
      if (name === 'function' || name === 'if' || name === 'for' || name === 'typeof' || name === 'return') continue;
      return NO;
    }
  }
  // A computed member (`x[…]` after a value) must be a literal or a local; one that is
  // called must name a pure method; nothing of `process` is reached that way.
  for (const m of code.matchAll(/([\w$)\]])\s*\[([^\]]*)\]\s*(\()?/g)) {
    const inside = m[2]!.trim();
    if (!/^(?:S\d+|\d+|[A-Za-z_$][\w$]*)$/.test(inside)) return NO;
    if (/^[A-Za-z_$][\w$]*$/.test(inside) && !/^S\d+$/.test(inside) && !locals.has(inside)) return NO;
    if (/\bprocess\s*$/.test(code.slice(0, m.index! + 1))) return NO;
    if (m[3] !== undefined) {
      const str = /^S(\d+)$/.exec(inside);
      if (!str || !JS_METHODS.has(b.strings[Number(str[1])]!)) return NO;
    }
  }
  return { ok: true, reads };
}

// ---- Python (python -c) ----

const PY_MODULES = new Set([
  'sys',
  'json',
  'os',
  'os.path',
  'platform',
  'math',
  're',
  'datetime',
  'string',
  'textwrap',
  'pprint',
  'itertools',
  'functools',
  'collections',
  'statistics',
  'decimal',
  'fractions',
  'locale',
  'struct',
  'base64',
  'keyword',
  'operator',
]);
const PY_BUILTINS = new Set([
  'print',
  'len',
  'str',
  'int',
  'float',
  'repr',
  'sorted',
  'sum',
  'min',
  'max',
  'range',
  'list',
  'dict',
  'tuple',
  'set',
  'frozenset',
  'enumerate',
  'zip',
  'abs',
  'round',
  'format',
  'bool',
  'isinstance',
  'hex',
  'oct',
  'bin',
  'chr',
  'ord',
  'any',
  'all',
  'map',
  'filter',
  'reversed',
  'divmod',
  'pow',
  'hash',
  'id',
  'type',
  'bytes',
  'bytearray',
  'iter',
  'next',
  'slice',
  'ascii',
  'callable',
  'complex',
  'open',
]);
const PY_KEYWORDS = new Set([
  'import',
  'from',
  'as',
  'for',
  'in',
  'if',
  'else',
  'elif',
  'and',
  'or',
  'not',
  'is',
  'None',
  'True',
  'False',
  'lambda',
  'while',
  'break',
  'continue',
  'pass',
  'return',
  'def',
  'print',
]);
/** Module functions that only compute or read (prefix match on the dotted name). */
const PY_CALLS =
  /^(?:json\.(?:dumps|loads|load)|os\.getcwd|os\.environ\.get|os\.getenv|os\.listdir|os\.cpu_count|os\.path\.\w+|sys\.getdefaultencoding|sys\.getrecursionlimit|sys\.getsizeof|sys\.stdout\.write|platform\.(?!popen\b)[a-z]\w*|math\.\w+|re\.(?:match|search|fullmatch|findall|finditer|sub|subn|split|compile|escape)|datetime\.(?:datetime|date)\.(?:now|today|utcnow|fromisoformat|fromtimestamp)|datetime\.(?:date|datetime|timedelta)|textwrap\.(?:dedent|indent|fill|wrap|shorten)|pprint\.(?:pprint|pformat)|itertools\.\w+|functools\.(?:reduce|partial)|collections\.(?:Counter|OrderedDict|defaultdict|namedtuple|deque)|statistics\.\w+|decimal\.Decimal|fractions\.Fraction|base64\.(?:b64encode|b64decode|b32encode|b16encode|urlsafe_b64encode|urlsafe_b64decode)|struct\.(?:pack|unpack|calcsize)|string\.\w+|operator\.(?:add|sub|mul|truediv|floordiv|mod|pow|neg|pos|abs|and_|or_|xor|not_|truth|is_|is_not|lt|le|eq|ne|ge|gt|contains|countOf|indexOf|concat|itemgetter|getitem|index|inv|invert|lshift|rshift|length_hint)|keyword\.iskeyword|locale\.getlocale)$/;
/** Module attributes that are values, not functions (a function taken as a value may be called under any name). */
const PY_VALUES =
  /^(?:sys\.(?:platform|version|version_info|argv|executable|path|maxsize|byteorder|implementation|prefix|base_prefix|flags|float_info|stdout|stderr)|os\.(?:sep|linesep|name|environ|curdir|pardir|pathsep|extsep|altsep|devnull)|os\.path\.sep|math\.(?:pi|e|tau|inf|nan)|string\.\w+|platform|datetime\.(?:date|datetime|timedelta|timezone)\.(?:min|max|resolution)|datetime\.timezone\.utc|decimal\.\w+|json\.JSONDecodeError)$/;
const PY_METHODS = new Set([
  'format',
  'upper',
  'lower',
  'strip',
  'lstrip',
  'rstrip',
  'split',
  'rsplit',
  'splitlines',
  'join',
  'replace',
  'startswith',
  'endswith',
  'find',
  'rfind',
  'count',
  'index',
  'get',
  'keys',
  'values',
  'items',
  'encode',
  'decode',
  'title',
  'capitalize',
  'zfill',
  'isdigit',
  'isalpha',
  'isalnum',
  'copy',
  'group',
  'groups',
  'groupdict',
  'read',
  'readlines',
  'readline',
  'append',
  'extend',
  'add',
  'update',
  'pop',
  'sort',
  'reverse',
  'most_common',
  'hex',
  'isoformat',
  'strftime',
  'ljust',
  'rjust',
  'center',
  'partition',
  'rpartition',
  'casefold',
  'expandtabs',
  'setdefault',
  'intersection',
  'union',
  'difference',
  'issubset',
  'issuperset',
  // A file open() made: one opened for writing is a write of the file its literal names.
  'write',
  'writelines',
  'flush',
  'close',
]);
/** open()'s modes that write: one of w, a, x or r+, with b or t. */
const PY_WRITE_MODE = /^(?:[wax][bt]?\+?|[wax]\+[bt]|r[bt]?\+|r\+[bt])$/;

export function provePythonCode(src: string): InlineProof {
  if (src.length > MAX) return NO;
  // f-strings run their {expressions}: out. String prefixes r/b/u are fine.
  if (/\b[fF][rRbB]?['"]|\b[rRbB][fF]['"]/.test(src)) return NO;
  const b = blankStrings(src, `'"T`, /^$a/);
  if (!b) return NO;
  const code = b.code;
  if (
    /__|\bexec\b|\beval\b|\bcompile\b|\bgetattr\b|\bsetattr\b|\bdelattr\b|\bglobals\b|\blocals\b|\bvars\b|\bbreakpoint\b|\binput\b|\bclass\b|\bwith\b|\bglobal\b|\bnonlocal\b|@|\byield\b|\bawait\b|\basync\b|\bdel\b|\braise\b|\btry\b/.test(
      code,
    )
  )
    return NO;
  const locals = new Set<string>();
  // Locals that hold a function written here (def, lambda) or imported from the list: the only ones that may be called.
  const callable = new Set<string>();
  const modules = new Set<string>();
  const plainImports = code.replace(/\bfrom\s+[\w.]+[ \t]+import[ \t]+[\w \t,]+/g, ' ');
  if (/\bimport\s*\(|\bimport\s+\*/.test(code)) return NO;
  for (const m of plainImports.matchAll(/\bimport\s+([\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*)/g)) {
    for (const part of m[1]!.split(',')) {
      const [mod, alias] = part.trim().split(/\s+as\s+/);
      if (!PY_MODULES.has(mod!)) return NO;
      if (alias) return NO; // An alias would hide the module from the call list.
      modules.add(mod!.split('.')[0]!);
      modules.add(mod!);
    }
  }
  for (const m of code.matchAll(/\bfrom\s+([\w.]+)[ \t]+import[ \t]+([\w \t,]+)/g)) {
    if (!PY_MODULES.has(m[1]!)) return NO;
    for (const n of m[2]!.split(',')) {
      const name = n.trim();
      if (name === '' || name.includes(' ')) return NO;
      if (!PY_CALLS.test(`${m[1]}.${name}`)) return NO;
      locals.add(`=${m[1]}.${name}`);
      locals.add(name);
      callable.add(name);
    }
  }
  for (const m of code.matchAll(/(?:^|[;\n(,])\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*=(?!=)/g)) for (const n of m[1]!.split(',')) locals.add(n.trim());
  for (const m of code.matchAll(/\bfor\s+([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s+in\b/g)) for (const n of m[1]!.split(',')) locals.add(n.trim());
  for (const m of code.matchAll(/\blambda\s+([\w\s,]*):/g)) for (const n of m[1]!.split(',')) if (n.trim()) locals.add(n.trim());
  for (const m of code.matchAll(/(?:^|[;\n])[^\S\n]*([A-Za-z_]\w*)\s*=\s*lambda\b/g)) callable.add(m[1]!);
  for (const m of code.matchAll(/\bdef\s+(\w+)\s*\(([\w\s,=]*)\)/g)) {
    locals.add(m[1]!);
    callable.add(m[1]!);
    for (const n of m[2]!.split(',')) if (n.trim()) locals.add(n.trim().split('=')[0]!.trim());
  }
  const reads: string[] = [];
  const writes: string[] = [];
  // Dotted names and their calls: `os.path.join(`, `x.upper(`, `print(`.
  for (const m of plainImports.matchAll(/(\.\s*)?\b([A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*)(\s*\()?/g)) {
    if (m[1] !== undefined) {
      // A member of an expression (`"x".upper(`, `(a).b`): only pure methods may be called.
      const last = m[2]!.split('.').pop()!.trim();
      if (m[3] !== undefined && !PY_METHODS.has(last)) return NO;
      continue;
    }
    const dotted = m[2]!.replace(/\s+/g, '');
    const parts = dotted.split('.');
    const head = parts[0]!;
    if (/^S\d+$/.test(head) || PY_KEYWORDS.has(head) || /^\d/.test(head)) {
      if (m[3] !== undefined && head === 'print') continue;
      if (parts.length > 1 && m[3] !== undefined && !PY_METHODS.has(parts[parts.length - 1]!)) return NO;
      continue;
    }
    const call = m[3] !== undefined;
    if (modules.has(head)) {
      if (call && !PY_CALLS.test(dotted) && !(parts.length > 2 && PY_CALLS.test(parts.slice(0, -1).join('.')) && PY_METHODS.has(parts[parts.length - 1]!)))
        return NO;
      // Taken as a value (`f = os.system`), an attribute must be a listed function or a plain value.
      if (
        !call &&
        parts.length > 1 &&
        !PY_CALLS.test(dotted) &&
        !PY_VALUES.test(dotted) &&
        !(parts.length > 2 && PY_VALUES.test(parts.slice(0, -1).join('.')) && PY_METHODS.has(parts[parts.length - 1]!))
      )
        return NO;
      continue;
    }
    if (locals.has(head)) {
      if (call && parts.length > 1 && !PY_METHODS.has(parts[parts.length - 1]!)) return NO;
      if (call && parts.length === 1 && !callable.has(head)) return NO;
      continue;
    }
    if (PY_BUILTINS.has(head)) {
      if (parts.length > 1 && call && !PY_METHODS.has(parts[parts.length - 1]!)) return NO;
      if (head === 'open') {
        // `open('file')` or `open('file', 'r')`: a read; `open('file', 'w')`: a write of it.
        const args = /^\s*\(\s*S(\d+)\s*(?:,\s*S(\d+)\s*)?\)/.exec(plainImports.slice(m.index! + m[0].length - 1));
        if (!args) return NO;
        const mode = args[2] === undefined ? 'r' : b.strings[Number(args[2])]!;
        const file = b.strings[Number(args[1])]!;
        if (/^r[bt]?$/.test(mode)) reads.push(file);
        else if (PY_WRITE_MODE.test(mode) && file !== '') writes.push(file);
        else return NO;
      }
      continue;
    }
    return NO;
  }
  return { ok: true, reads, writes };
}

// ---- Perl (perl -ne / -pe / -e, and the code of perl -i) ----

const PERL_WORDS = new Set([
  'print',
  'printf',
  'say',
  'chomp',
  'chop',
  'split',
  'join',
  'lc',
  'uc',
  'lcfirst',
  'ucfirst',
  'length',
  'substr',
  'index',
  'rindex',
  'sprintf',
  'reverse',
  'sort',
  'keys',
  'values',
  'each',
  'exists',
  'defined',
  'push',
  'pop',
  'shift',
  'unshift',
  'abs',
  'int',
  'sqrt',
  'hex',
  'oct',
  'ord',
  'chr',
  'scalar',
  'grep',
  'map',
  'warn',
  'next',
  'last',
  'redo',
  'if',
  'unless',
  'else',
  'elsif',
  'while',
  'until',
  'for',
  'foreach',
  'my',
  'our',
  'and',
  'or',
  'not',
  'xor',
  'eq',
  'ne',
  'lt',
  'gt',
  'le',
  'ge',
  'cmp',
  'x',
  'STDOUT',
  'STDERR',
  'STDIN',
  'ARGV',
  'undef',
  'wantarray',
  'lc',
  'quotemeta',
  'pos',
  'local',
  'exit',
  'die',
  'uniq',
  'sum',
  'min',
  'max',
  'ucwords',
]);

/** Skips a quote-like operator body delimited by `open` starting at `i` (at the opening delimiter); returns the index after it. */
function skipDelimited(src: string, i: number): number {
  const open = src[i]!;
  const pairs: Record<string, string> = { '{': '}', '(': ')', '[': ']', '<': '>' };
  const close = pairs[open] ?? open;
  let depth = 0;
  for (let j = i + 1; j < src.length; j++) {
    const c = src[j]!;
    if (c === '\\') {
      j++;
      continue;
    }
    if (close !== open && c === open) depth++;
    else if (c === close) {
      if (depth === 0) return j + 1;
      depth--;
    }
  }
  return -1;
}

/** A `/` starts a match (not a division) after an operator, an opening bracket or a keyword like `if`. */
function regexAllowed(before: string): boolean {
  const t = before.trimEnd();
  if (t === '' || /[(,;{!=~&|?:]$/.test(t)) return true;
  const word = /(?:^|\W)\d*([A-Za-z_]\w*)$/.exec(t);
  return !!word && /^(?:if|unless|and|or|not|split|grep|map|return|while|until|x|print)$/.test(word[1]!) && !/[$@%]\w*$/.test(t);
}

export function provePerlFilter(src: string): InlineProof {
  if (src.length > MAX) return NO;
  let code = '';
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    const rest = src.slice(i);
    // Quote-like operators: s///, tr///, y///, m//, qr//, q//, qq//, qw//.
    const op = /^(?<![\w$@%])(s|tr|y|m|qr|qq|qw|q)(?=[^\w\s=,;)])/.exec(rest);
    if (op && !/[\w$@%]/.test(src[i - 1] ?? '')) {
      let j = i + op[1]!.length;
      const delim = src[j]!;
      const parts = op[1] === 's' || op[1] === 'tr' || op[1] === 'y' ? 2 : 1;
      let body = '';
      for (let p = 0; p < parts; p++) {
        while (p > 0 && /\s/.test(src[j] ?? '') && '{([<'.includes(delim)) j++;
        const end = skipDelimited(src, p > 0 && !'{([<'.includes(delim) ? j - 1 : j);
        if (end < 0) return NO;
        body += src.slice(j, end);
        j = end;
      }
      const flags = /^[a-z]*/.exec(src.slice(j))![0];
      // `/e` evaluates the replacement as code; interpolation of `@{[…]}`/`${\…}` runs code too.
      if (op[1] === 's' && flags.includes('e')) return NO;
      if (op[1] !== 'q' && op[1] !== 'qw' && op[1] !== 'tr' && op[1] !== 'y' && /[@$]\{|\(\?\??\{/.test(body)) return NO;
      code += ' Q ';
      i = j + flags.length - 1;
      continue;
    }
    if (c === '"' || c === "'" || (c === '/' && regexAllowed(code))) {
      const end = skipDelimited(src, i);
      if (end < 0) return NO;
      const body = src.slice(i + 1, end - 1);
      if (c !== "'" && /[@$]\{|\(\?\??\{/.test(body)) return NO;
      code += ' Q ';
      i = end - 1;
      continue;
    }
    if (c === '`' || c === '&') {
      if (c === '&' && src[i + 1] === '&') {
        code += '&&';
        i++;
        continue;
      }
      return NO;
    }
    code += c;
  }
  if (
    /\bBEGIN\b|\bEND\b|<\s*\$|<[^<>]*\*|::|->|\bsub\b|\beval\b|\bdo\b|\brequire\b|\buse\b|\bno\b|\bopen\b|\bsystem\b|\bexec\b|\breadpipe\b|\bqx\b|\bsyscall\b|\bfork\b|\bkill\b|\bunlink\b|\brename\b|\bmkdir\b|\brmdir\b|\bglob\b|\bselect\b|\bbinmode\b|\bchdir\b|\bchmod\b|\bsymlink\b|\blink\b|\butime\b|\btruncate\b/.test(
      code,
    )
  )
    return NO;
  // `<>` opens what @ARGV holds with two-argument open, so code that changes @ARGV
  // (`push @ARGV, ">x"`, `$ARGV[0] = "cmd|"`) or reaches a variable by name (`@$n`, `@{"ARGV"}`,
  // `$$n[0]`) may run a command or truncate a file.
  if (/@\s*ARGV\b|\$#\s*ARGV\b|\*\s*ARGV\b|\$\s*ARGV\s*[[{]|[@$%*&]\s*\{|[@%*&]\s*\$|\$\$\s*[A-Za-z_{]/.test(code)) return NO;
  for (const m of code.matchAll(/(?<![$@%&\w])([A-Za-z_]\w*)/g)) {
    const w = m[1]!;
    if (w === 'Q' || PERL_WORDS.has(w)) continue;
    // `$x{key}` hash keys are barewords.
    if (/\{\s*$/.test(code.slice(0, m.index)) && /^\s*\}/.test(code.slice(m.index! + w.length))) continue;
    return NO;
  }
  return { ok: true, reads: [] };
}

// ---- Ruby (ruby -e) ----

/** Names Ruby code may use without a receiver: printing, conversions and a few pure modules. */
const RUBY_ROOTS = new Set([
  'puts',
  'p',
  'print',
  'pp',
  'printf',
  'format',
  'sprintf',
  'Integer',
  'Float',
  'String',
  'Array',
  'Hash',
  'Rational',
  'Complex',
  'Math',
  'Time',
  'true',
  'false',
  'nil',
  'if',
  'elsif',
  'else',
  'end',
  'unless',
  'while',
  'until',
  'for',
  'in',
  'do',
  'then',
  'and',
  'or',
  'not',
  'ARGV',
  'RUBY_VERSION',
  'RUBY_PLATFORM',
  'RUBY_RELEASE_DATE',
  'ENV',
  'Comparable',
  'Enumerable',
  'Struct',
]);
/** Methods on a value that only compute (no IO, no reflection, no code from strings). */
const RUBY_METHODS = new Set([
  'to_s',
  'to_i',
  'to_f',
  'to_a',
  'to_h',
  'to_r',
  'to_c',
  'to_sym',
  'inspect',
  'length',
  'size',
  'upcase',
  'downcase',
  'capitalize',
  'swapcase',
  'reverse',
  'sort',
  'sort_by',
  'map',
  'collect',
  'each',
  'each_with_index',
  'each_with_object',
  'each_slice',
  'each_cons',
  'each_char',
  'each_line',
  'select',
  'filter',
  'reject',
  'find',
  'detect',
  'find_index',
  'index',
  'rindex',
  'include?',
  'empty?',
  'nil?',
  'zero?',
  'even?',
  'odd?',
  'positive?',
  'negative?',
  'any?',
  'all?',
  'none?',
  'one?',
  'start_with?',
  'end_with?',
  'key?',
  'has_key?',
  'value?',
  'member?',
  'join',
  'split',
  'strip',
  'lstrip',
  'rstrip',
  'chomp',
  'chop',
  'chars',
  'bytes',
  'lines',
  'sum',
  'min',
  'max',
  'minmax',
  'min_by',
  'max_by',
  'count',
  'first',
  'last',
  'take',
  'drop',
  'take_while',
  'drop_while',
  'zip',
  'flatten',
  'uniq',
  'compact',
  'keys',
  'values',
  'each_pair',
  'each_key',
  'each_value',
  'sub',
  'gsub',
  'tr',
  'squeeze',
  'center',
  'ljust',
  'rjust',
  'round',
  'floor',
  'ceil',
  'abs',
  'times',
  'upto',
  'downto',
  'step',
  'freeze',
  'dup',
  'to_proc',
  'succ',
  'pred',
  'ord',
  'chr',
  'hex',
  'oct',
  'divmod',
  'fdiv',
  'pow',
  'gcd',
  'lcm',
  'sqrt',
  'cbrt',
  'log',
  'log2',
  'log10',
  'sin',
  'cos',
  'tan',
  'now',
  'year',
  'month',
  'day',
  'hour',
  'min',
  'sec',
  'strftime',
  'iso8601',
  'to_date',
  'group_by',
  'partition',
  'tally',
  'reduce',
  'inject',
  'flat_map',
  'slice',
  'fetch',
  'dig',
  'values_at',
  'transform_values',
  'transform_keys',
  'merge',
  'invert',
  'rotate',
  'sample',
  'shuffle',
  'product',
  'combination',
  'permutation',
  'tap',
  'then',
  'format',
  'rjust',
  'encoding',
  'force_encoding',
  'unpack',
  'unpack1',
  'pack',
  'scan',
  'match',
  'match?',
  'upcase!',
  'downcase!',
  'strip!',
  'chomp!',
  'sort!',
  'map!',
  'uniq!',
  'push',
  'pop',
  'shift',
  'unshift',
  'append',
  'prepend',
  'concat',
  'new',
  'itself',
  'between?',
  'clamp',
  'abs2',
  'real',
  'imag',
  'numerator',
  'denominator',
]);

/**
 * `ruby -e 'puts 1+1'`: closed-world like the others. Strings are blanked (a double-quoted
 * one must not interpolate); backticks, `%` literals, symbols and `::`, globals, instance
 * variables, heredocs, `&` block passing and `?x` character literals are refused; every
 * name must be a local, a block parameter or on the lists, and `Struct.new`/`Hash.new`
 * are the only constructors that matter (they build values).
 */
export function proveRubyCode(src: string): InlineProof {
  if (src.length > MAX) return NO;
  const b = blankStrings(src, `'"`, /#[{@$]/);
  if (!b) return NO;
  const code = b.code;
  if (/[`$@\\]|::|<<|%[^\s=\d]|&(?!&)|(?<![\w?])\?|\bdef\b|\bclass\b|\bmodule\b|\balias\b|\bundef\b|\b__\w+|\bBEGIN\b|\bEND\b/.test(code.replace(/&&/g, ' ')))
    return NO;
  if (/(?<![|])\|(?![|])/.test(code.replace(/\{\s*\|[\w\s,]*\||\bdo\s*\|[\w\s,]*\|/g, ' '))) return NO;
  const locals = new Set<string>();
  for (const m of code.matchAll(/(?:^|[\n(,]|\s)([a-z_]\w*)\s*(?:\+|-|\*|\/|\|\||&&)?=(?![=~>])/g)) locals.add(m[1]!);
  for (const m of code.matchAll(/\|([\w\s,]*)\|/g)) for (const n of m[1]!.split(',')) if (n.trim()) locals.add(n.trim());
  for (const m of code.matchAll(/\bfor\s+([a-z_]\w*)\s+in\b/g)) locals.add(m[1]!);
  for (const m of code.matchAll(/(\.\s*)?\b([A-Za-z_]\w*[?!]?)/g)) {
    const name = m[2]!;
    if (/^S\d+$/.test(name) || /^\d/.test(name)) continue;
    // Hash keys written `{ a: 1 }` are symbols, refused with the other `:` forms above.
    if (m[1] !== undefined) {
      if (!RUBY_METHODS.has(name)) return NO;
      continue;
    }
    if (locals.has(name) || RUBY_ROOTS.has(name)) continue;
    return NO;
  }
  return { ok: true, reads: [] };
}
