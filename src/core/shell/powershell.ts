// PowerShell on the same model as bash, with a small tokenizer instead of a parser:
// statements split on `;`, newlines, `|`, `&&`, `||`; script blocks and subexpressions
// are classified as nested code; known cmdlets and their aliases read or write the paths
// of `-Path`/`-LiteralPath`/positional parameters; native programs go to the bash table;
// anything else is `powershell_unproven`.
import { isWindowsStylePath } from '../paths/canonical.js';
import { cloneScope, MAX_DEPTH, type Invocation, type Scope, type ShellWalker } from './walker.js';
import { argPath, type Arg } from './words.js';

interface Token {
  /** Literal value; null when it expands at run time. */
  value: string | null;
  text: string;
  /** `-Name` parameter token (bare, unquoted). */
  param: boolean;
  /** Redirection operator (`>`, `2>>`, `*>`, `2>&1`). */
  redirect?: string;
  /** Code inside `{…}`, `(…)`, `$(…)`, `@(…)` in this token. */
  nested: string[];
}

type Statement = Token[];

const MAX_TOKENS = 20_000;

class Unparsable {}
const UNPARSABLE = new Unparsable();

/** Splits source into statements of tokens; throws UNPARSABLE on unterminated constructs. */
function tokenize(src: string): Statement[] {
  const statements: Statement[] = [];
  let cur: Statement = [];
  let count = 0;
  const push = (t: Token): void => {
    if (++count > MAX_TOKENS) throw UNPARSABLE;
    cur.push(t);
  };
  const end = (): void => {
    if (cur.length) statements.push(cur);
    cur = [];
  };
  const n = src.length;
  let i = 0;
  /** Index after the bracket that closes the one at `start`, honouring quotes and nesting. */
  const matchClose = (start: number): number => {
    const open = src[start]!;
    const close = open === '{' ? '}' : ')';
    let depth = 0;
    for (let j = start; j < n; j++) {
      const c = src[j]!;
      if (c === "'") {
        j = skipSingle(j);
        continue;
      }
      if (c === '"') {
        j = skipDouble(j);
        continue;
      }
      if (c === '`') {
        j++;
        continue;
      }
      if (c === '#' && (j === 0 || /\s/.test(src[j - 1]!))) {
        while (j < n && src[j] !== '\n') j++;
        continue;
      }
      if (c === '{' || c === '(') depth++;
      else if (c === '}' || c === ')') {
        depth--;
        if (depth === 0) {
          if (c !== close) throw UNPARSABLE;
          return j + 1;
        }
      }
    }
    throw UNPARSABLE;
  };
  const skipSingle = (start: number): number => {
    for (let j = start + 1; j < n; j++) {
      if (src[j] === "'") {
        if (src[j + 1] === "'") {
          j++;
          continue;
        }
        return j;
      }
    }
    throw UNPARSABLE;
  };
  const skipDouble = (start: number): number => {
    for (let j = start + 1; j < n; j++) {
      const c = src[j];
      if (c === '`') {
        j++;
        continue;
      }
      if (c === '$' && src[j + 1] === '(') {
        j = matchClose(j + 1) - 1;
        continue;
      }
      if (c === '"') {
        if (src[j + 1] === '"') {
          j++;
          continue;
        }
        return j;
      }
    }
    throw UNPARSABLE;
  };

  while (i < n) {
    const c = src[i]!;
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '\n' || c === ';') {
      end();
      i++;
      continue;
    }
    if (c === '#') {
      while (i < n && src[i] !== '\n') i++;
      continue;
    }
    if (c === '<' && src[i + 1] === '#') {
      const close = src.indexOf('#>', i + 2);
      if (close < 0) throw UNPARSABLE;
      i = close + 2;
      continue;
    }
    if (c === '|' || (c === '&' && src[i + 1] === '&')) {
      end();
      i += src[i + 1] === c ? 2 : 1;
      continue;
    }
    const redir = /^(?:[*1-6]?>>?(?:&[12])?|[*1-6]?>&[12])/.exec(src.slice(i, i + 5));
    if (redir && (c === '>' || /[*1-6]/.test(c))) {
      push({ value: null, text: redir[0], param: false, redirect: redir[0], nested: [] });
      i += redir[0].length;
      continue;
    }
    if (c === '<') throw UNPARSABLE;
    // One token: runs of quoted parts, bracketed parts and bare characters.
    const start = i;
    let value: string | null = '';
    const nested: string[] = [];
    while (i < n) {
      const d = src[i]!;
      if (d === ' ' || d === '\t' || d === '\r' || d === '\n' || d === ';' || d === '|') break;
      if (d === '&' && src[i + 1] === '&') break;
      if (d === '>' && i > start) break;
      if (d === "'") {
        const e = skipSingle(i);
        if (value !== null) value += src.slice(i + 1, e).replace(/''/g, "'");
        i = e + 1;
        continue;
      }
      if (d === '"') {
        const e = skipDouble(i);
        const inner = src.slice(i + 1, e);
        const subs = /\$\(/.exec(inner);
        if (subs) {
          const s = inner.indexOf('$(');
          const close = matchCloseIn(inner, s + 1);
          if (close > 0) nested.push(inner.slice(s + 2, close - 1));
        }
        if (/[$`]/.test(inner)) value = null;
        else if (value !== null) value += inner.replace(/""/g, '"');
        i = e + 1;
        continue;
      }
      if (d === '{' || d === '(' || ((d === '$' || d === '@') && (src[i + 1] === '(' || src[i + 1] === '{'))) {
        const open = d === '{' || d === '(' ? i : i + 1;
        const close = matchClose(open);
        nested.push(src.slice(open + 1, close - 1));
        value = null;
        i = close;
        continue;
      }
      if (d === '$' || d === '`') {
        value = null;
        i += d === '`' ? 2 : 1;
        continue;
      }
      if (value !== null) value += d;
      i++;
    }
    const text = src.slice(start, i);
    const param = /^-[A-Za-z][\w-]*:?$/.test(text) || /^-[A-Za-z][\w-]*:/.test(text);
    push({ value, text, param, nested });
  }
  end();
  return statements;
}

function matchCloseIn(s: string, open: number): number {
  let depth = 0;
  for (let j = open; j < s.length; j++) {
    if (s[j] === '(') depth++;
    else if (s[j] === ')') {
      depth--;
      if (depth === 0) return j + 1;
    }
  }
  return -1;
}

type CmdletKind = 'read' | 'hash' | 'delete' | 'create' | 'write' | 'move' | 'copy' | 'rename' | 'cd' | 'download' | 'archive-in' | 'archive-out' | 'tee' | 'install';

const CMDLETS = new Map<string, CmdletKind>();
function def(kind: CmdletKind, ...names: string[]): void {
  for (const n of names) CMDLETS.set(n.toLowerCase(), kind);
}
def('read', 'Get-Content', 'gc', 'cat', 'type', 'Get-ChildItem', 'gci', 'ls', 'dir', 'Select-String', 'sls', 'Test-Path', 'Get-Item', 'gi',
  'Get-ItemProperty', 'gp', 'Get-Location', 'gl', 'pwd', 'Resolve-Path', 'rvpa', 'Get-Command', 'gcm', 'Write-Output', 'echo', 'write',
  'Write-Host', 'Select-Object', 'select', 'Where-Object', 'where', '?', 'ForEach-Object', 'foreach', '%', 'Sort-Object', 'sort',
  'Measure-Object', 'measure', 'Format-Table', 'ft', 'Format-List', 'fl', 'Format-Wide', 'fw', 'Out-String', 'Out-Host', 'Out-Null',
  'ConvertTo-Json', 'ConvertFrom-Json', 'Get-Date', 'Get-Process', 'gps', 'ps', 'Get-Help', 'help', 'man', 'Get-Member', 'gm',
  'Compare-Object', 'compare', 'diff', 'Group-Object', 'group', 'Get-Unique', 'gu', 'Join-Path', 'Split-Path', 'Get-Variable', 'gv',
  'Get-Module', 'Get-PSDrive', 'gdr', 'Get-Acl', 'Get-Service', 'gsv', 'Get-Culture', 'Get-Host', 'Get-Uptime', 'Write-Error', 'Write-Warning',
  'Write-Verbose', 'Write-Debug', 'Write-Information', 'Select-Xml', 'ConvertTo-Csv', 'ConvertFrom-Csv', 'Import-Csv', 'ipcsv', 'Import-Clixml',
  'Start-Sleep', 'sleep', 'Get-History', 'h', 'history', 'Get-Alias', 'gal', 'Clear-Host', 'cls', 'clear', 'Out-Default', 'Get-Random',
  'Measure-Command', 'Get-ExecutionPolicy', 'Get-PSReadLineOption', 'Test-Json', 'ConvertTo-Html', 'Get-Error', 'Get-Event', 'Get-Job',
  'Receive-Job', 'Wait-Job', 'Get-TimeZone', 'Get-Counter', 'Get-CimInstance', 'Get-WmiObject', 'gwmi', 'Get-Verb', 'Get-FormatData',
  'Test-Connection', 'Get-NetIPAddress', 'Get-ComputerInfo', 'Get-Disk', 'Get-Volume', 'Out-GridView', 'ogv', 'Format-Hex', 'fhx');
def('hash', 'Get-FileHash');
def('delete', 'Remove-Item', 'rm', 'del', 'erase', 'rd', 'ri', 'rmdir');
def('create', 'New-Item', 'ni', 'md', 'mkdir');
def('write', 'Set-Content', 'sc', 'Add-Content', 'ac', 'Out-File', 'Clear-Content', 'clc', 'Set-Item', 'si', 'Clear-Item', 'cli',
  'Export-Csv', 'epcsv', 'Export-Clixml', 'Start-Transcript', 'Set-ItemProperty', 'sp', 'New-ItemProperty', 'Remove-ItemProperty', 'rp', 'Set-Acl');
def('move', 'Move-Item', 'mv', 'mi', 'move');
def('copy', 'Copy-Item', 'cp', 'cpi', 'copy');
def('rename', 'Rename-Item', 'ren', 'rni');
def('cd', 'Set-Location', 'sl', 'cd', 'chdir', 'Push-Location', 'pushd');
def('download', 'Invoke-WebRequest', 'iwr', 'Invoke-RestMethod', 'irm');
def('archive-in', 'Expand-Archive');
def('archive-out', 'Compress-Archive');
def('tee', 'Tee-Object', 'tee');
def('install', 'Install-Module', 'Install-Package', 'Install-Script', 'Install-PSResource');

/** Parameters that take a value, for every cmdlet we know (anything else is a switch). */
const VALUE_PARAMS = new Set(
  ('path literalpath filepath destination destinationpath outfile value name newname itemtype filter include exclude encoding ' +
    'pattern first last skip property delimiter depth uri method body headers contenttype algorithm target type totalcount tail ' +
    'readcount stream inputobject width erroraction warningaction outvariable errorvariable credential repository scope ' +
    'requiredversion minimumversion source providername compressionlevel').split(' '),
);
const PATH_PARAMS = new Set(['path', 'literalpath', 'filepath', 'pspath', 'lp']);
const DEST_PARAMS = new Set(['destination', 'destinationpath', 'outfile', 'target']);

interface CmdletCall {
  named: Map<string, Token>;
  switches: Set<string>;
  positional: Token[];
}

function paramName(t: Token): string {
  return t.text.replace(/^-/, '').replace(/:.*$/, '').toLowerCase();
}

/** Resolves an abbreviated parameter (`-Pa` for `-Path`) against the names we know. */
function canonicalParam(name: string): string {
  if (VALUE_PARAMS.has(name) || PATH_PARAMS.has(name)) return name;
  const matches = [...VALUE_PARAMS].filter((p) => p.startsWith(name));
  return matches.length === 1 ? matches[0]! : name;
}

function splitParams(tokens: readonly Token[]): CmdletCall {
  const named = new Map<string, Token>();
  const switches = new Set<string>();
  const positional: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.param) {
      const name = canonicalParam(paramName(t));
      const colon = t.text.indexOf(':');
      if (colon > 0 && colon < t.text.length - 1) {
        const v = t.text.slice(colon + 1);
        named.set(name, { value: /[$`(]/.test(v) ? null : v, text: v, param: false, nested: [] });
      } else if (VALUE_PARAMS.has(name) && i + 1 < tokens.length) named.set(name, tokens[++i]!);
      else switches.add(name);
      continue;
    }
    positional.push(t);
  }
  return { named, switches, positional };
}

export class PowerShellRunner {
  constructor(
    private readonly w: ShellWalker,
    private readonly segment: string,
  ) {}

  run(source: string, scope: Scope, depth: number): void {
    const w = this.w;
    if (depth > MAX_DEPTH) return w.acc.unproven('too_complex', this.segment);
    let statements: Statement[];
    try {
      statements = tokenize(source);
    } catch {
      w.acc.unproven('shell_syntax_unproven', this.segment);
      w.mentionText(source, scope.cwd);
      return;
    }
    for (const st of statements) this.statement(st, scope, depth);
  }

  private arg(t: Token, scope: Scope): Arg {
    let v = t.value;
    if (v !== null && !isWindowsStylePath(v) && !(scope.cwd !== null && isWindowsStylePath(scope.cwd))) v = v.replace(/\\/g, '/');
    return { value: v, glob: v !== null && /[*?[]/.test(v), tilde: v !== null && (v === '~' || v.startsWith('~/')), text: t.text };
  }

  private path(t: Token | undefined, scope: Scope): string | null {
    if (!t) return null;
    const a = this.arg(t, scope);
    // Registry, environment and function drives are not files.
    if (a.value !== null && /^[A-Za-z]{2,}:/.test(a.value)) return null;
    return argPath(a, scope.cwd, this.w.pc);
  }

  private statement(tokens: Token[], scope: Scope, depth: number): void {
    const w = this.w;
    for (const t of tokens) for (const code of t.nested) this.run(code, cloneScope(scope), depth + 1);
    const words: Token[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (t.redirect) {
        if (/&[12]$/.test(t.redirect)) continue;
        const target = tokens[++i];
        if (!target) return w.acc.unproven('shell_syntax_unproven', this.segment);
        if (target.text.toLowerCase() === '$null') continue;
        const p = this.path(target, scope);
        if (p) w.acc.effect('write', p, this.segment);
        else w.acc.unprovenWrite('dynamic_word', this.segment);
        continue;
      }
      words.push(t);
    }
    if (words.length === 0) return;
    let first = words[0]!;
    let rest = words.slice(1);
    // `$x = Get-Content f`: the right-hand side is the command.
    if (first.value === null && /^\$[\w:]+$/.test(first.text) && rest[0]?.text === '=') {
      if (rest.length < 2) return w.acc.read();
      first = rest[1]!;
      rest = rest.slice(2);
    }
    if (first.text === '&' || first.text === '.') {
      const target = rest[0];
      if (!target || target.value === null) return this.unknown(words, scope, 'dynamic_word');
      if (first.text === '.' ) return this.unknown(words, scope, 'powershell_unproven');
      first = target;
      rest = rest.slice(1);
    }
    if (first.value === null) {
      // Expressions (`$a.Length`, `(1+2)`) compute values; their nested code was classified above.
      if (first.nested.length > 0 || /^\$[\w:.]+$/.test(first.text)) return w.acc.read();
      return this.unknown(words, scope, 'dynamic_word');
    }
    if (/^[-+]?\d/.test(first.value) || first.text.startsWith("'") || first.text.startsWith('"')) return w.acc.read();
    const name = first.value.toLowerCase().replace(/\.exe$/, '');
    const kind = CMDLETS.get(name);
    if (kind) return this.cmdlet(kind, name, rest, scope, words);
    if (/^[a-z]+-[a-z]+$/i.test(name)) return this.unknown(words, scope, 'powershell_unproven');
    if (name === 'iex' || name === 'start' || name === 'saps' || name === 'icm' || name === 'ii') return this.unknown(words, scope, 'powershell_unproven');
    // A native program: the bash table knows it (git, npm, node, python …).
    const args: Arg[] = [this.arg(first, scope), ...rest.map((t) => this.arg(t, scope))];
    const text = words.map((t) => t.text).join(' ');
    const inv: Invocation = { args, name: '', scope, depth, text, stdin: undefined, stdinDynamic: false, extraArgs: false };
    w.invoke(inv);
  }

  private unknown(words: Token[], scope: Scope, reason: 'dynamic_word' | 'powershell_unproven'): void {
    this.w.acc.unproven(reason, words.map((t) => t.text).join(' '));
    this.w.mentionArgs(words.map((t) => this.arg(t, scope)), scope.cwd);
    for (const t of words) if (t.value === null) this.w.mentionText(t.text, scope.cwd);
  }

  private cmdlet(kind: CmdletKind, name: string, rest: Token[], scope: Scope, words: Token[]): void {
    const w = this.w;
    const seg = words.map((t) => t.text).join(' ');
    const call = splitParams(rest);
    const pathTok = (): Token | undefined => {
      for (const p of PATH_PARAMS) {
        const t = call.named.get(p);
        if (t) return t;
      }
      return call.positional[0];
    };
    const destTok = (): Token | undefined => {
      for (const p of DEST_PARAMS) {
        const t = call.named.get(p);
        if (t) return t;
      }
      return call.positional[1];
    };
    const effect = (k: 'read' | 'write' | 'create' | 'delete' | 'move', t: Token | undefined): void => {
      const p = this.path(t, scope);
      if (p) w.acc.effect(k, p, seg);
      else if (k !== 'read') {
        if (t && t.value !== null && /^[A-Za-z]{2,}:/.test(t.value)) w.acc.unproven('powershell_unproven', seg);
        else w.acc.unprovenWrite(t ? 'dynamic_word' : 'write_path_missing', seg);
      }
    };
    if (call.switches.has('whatif')) return w.acc.read();
    switch (kind) {
      case 'read':
        return w.acc.read();
      case 'hash':
        w.acc.addHash('command', seg);
        return w.acc.read();
      case 'delete':
        return effect('delete', pathTok());
      case 'write':
        if (name === 'out-file' || name === 'export-csv' || name === 'export-clixml' || name === 'start-transcript') return effect('write', pathTok() ?? call.named.get('outputpath'));
        return effect('write', pathTok());
      case 'create': {
        const base = pathTok();
        const leaf = call.named.get('name');
        if (leaf && leaf.value !== null) {
          const dir = base ? this.path(base, scope) : scope.cwd;
          if (!dir) return w.acc.unprovenWrite('dynamic_word', seg);
          return w.acc.effect('create', `${dir}/${leaf.value.replace(/\\/g, '/')}`, seg);
        }
        return effect('create', base);
      }
      case 'move':
        effect('move', pathTok());
        return effect('move', destTok());
      case 'copy':
        effect('read', pathTok());
        return effect('write', destTok());
      case 'rename': {
        const src = pathTok();
        effect('move', src);
        const newName = call.named.get('newname') ?? call.positional[1];
        const srcPath = this.path(src, scope);
        if (!srcPath || !newName || newName.value === null) return w.acc.unprovenWrite('dynamic_word', seg);
        return w.acc.effect('move', `${srcPath.slice(0, srcPath.lastIndexOf('/'))}/${newName.value}`, seg);
      }
      case 'cd': {
        w.acc.read();
        const t = pathTok();
        scope.cwd = t ? this.path(t, scope) : null;
        return;
      }
      case 'download': {
        const out = call.named.get('outfile');
        if (!out) return w.acc.read();
        return effect('write', out);
      }
      case 'archive-in': {
        effect('read', pathTok());
        const d = destTok();
        if (d) return effect('write', d);
        if (scope.cwd) return w.acc.effect('write', scope.cwd, seg);
        return w.acc.unprovenWrite('dynamic_word', seg);
      }
      case 'archive-out':
        return effect('write', destTok());
      case 'tee': {
        const f = call.named.get('filepath') ?? call.named.get('path') ?? call.named.get('literalpath') ?? call.positional[0];
        return effect('write', f);
      }
      case 'install':
        for (const t of [call.named.get('name'), ...call.positional]) if (t) w.acc.addDependency('command', t.value ?? '(dynamic)');
        return w.acc.unprovenWrite('write_path_missing', seg);
    }
  }
}

/** `pwsh -c …`, `powershell -Command …`, `-EncodedCommand`, `-File x.ps1` from bash. */
export function powershellFromArgs(w: ShellWalker, inv: Invocation): void {
  const args = inv.args;
  for (let i = 1; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    const lower = v.toLowerCase();
    if (lower === '-c' || lower === '-command' || lower === '/c' || lower === '-com') {
      const rest = args.slice(i + 1).map((a) => a.value);
      if (rest.some((r) => r === null)) return w.unknown(inv, 'dynamic_word');
      if (rest.length === 1 && rest[0] === '-') break;
      return new PowerShellRunner(w, inv.text).run(rest.join(' '), cloneScope(inv.scope), inv.depth + 1);
    }
    if (lower === '-encodedcommand' || lower === '-enc' || lower === '-e' || lower === '-ec') {
      const b64 = args[i + 1]?.value;
      if (!b64) return w.unknown(inv, 'dynamic_word');
      let code: string;
      try {
        code = Buffer.from(b64, 'base64').toString('utf16le');
      } catch {
        return w.unknown(inv, 'powershell_unproven');
      }
      return new PowerShellRunner(w, inv.text).run(code, cloneScope(inv.scope), inv.depth + 1);
    }
    if (lower === '-file' || lower === '-f') {
      const f = args[i + 1];
      if (!f) return w.unknown(inv, 'powershell_unproven');
      const p = w.path(inv, f);
      const text = p ? w.readFile(p) : undefined;
      if (text === undefined) return w.unknown(inv, p ? 'script_unread' : 'dynamic_word');
      return new PowerShellRunner(w, inv.text).run(text, cloneScope(inv.scope), inv.depth + 1);
    }
    if (lower === '-version' || lower === '-v' || lower === '--version' || lower === '-help' || lower === '-?') return w.acc.read();
    if (['-executionpolicy', '-ex', '-ep', '-windowstyle', '-w', '-outputformat', '-of', '-inputformat', '-if', '-workingdirectory', '-wd', '-configurationname', '-settingsfile'].includes(lower)) {
      i++;
      continue;
    }
    if (lower.startsWith('-')) continue;
    // A bare first operand is a command (Windows PowerShell) or a script file (pwsh).
    const rest = args.slice(i).map((a) => a.value);
    if (rest.some((r) => r === null)) return w.unknown(inv, 'dynamic_word');
    return new PowerShellRunner(w, inv.text).run(rest.join(' '), cloneScope(inv.scope), inv.depth + 1);
  }
  w.unknown(inv, 'powershell_unproven');
}
