// PowerShell on the same model as bash, with a small tokenizer instead of a parser:
// statements split on `;`, newlines, `|`, `&&`, `||`; script blocks and subexpressions
// are classified as nested code; known cmdlets and their aliases read or write the paths
// of `-Path`/`-LiteralPath`/positional parameters; native programs go to the bash table;
// anything else is `powershell_unproven`.
import { isWindowsStylePath } from '../paths/canonical.js';
import { isExecEnv } from './exec-env.js';
import { cloneScope, MAX_DEPTH, type Invocation, type Scope, type ShellWalker } from './walker.js';
import { argPath, type Arg } from './words.js';
import { cutAt } from '../intents/line-text.js';

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

type CmdletKind =
  | 'read'
  | 'hash'
  | 'delete'
  | 'create'
  | 'write'
  | 'move'
  | 'copy'
  | 'rename'
  | 'cd'
  | 'download'
  | 'archive-in'
  | 'archive-out'
  | 'tee'
  | 'install';

const CMDLETS = new Map<string, CmdletKind>();
function def(kind: CmdletKind, ...names: string[]): void {
  for (const n of names) CMDLETS.set(n.toLowerCase(), kind);
}
def(
  'read',
  'Get-Content',
  'gc',
  'cat',
  'type',
  'Get-ChildItem',
  'gci',
  'ls',
  'dir',
  'Select-String',
  'sls',
  'Test-Path',
  'Get-Item',
  'gi',
  'Get-ItemProperty',
  'gp',
  'Get-Location',
  'gl',
  'pwd',
  'Resolve-Path',
  'rvpa',
  'Get-Command',
  'gcm',
  'Write-Output',
  'echo',
  'write',
  'Write-Host',
  'Select-Object',
  'select',
  'Where-Object',
  'where',
  '?',
  'ForEach-Object',
  'foreach',
  '%',
  'Sort-Object',
  'sort',
  'Measure-Object',
  'measure',
  'Format-Table',
  'ft',
  'Format-List',
  'fl',
  'Format-Wide',
  'fw',
  'Out-String',
  'Out-Host',
  'Out-Null',
  'ConvertTo-Json',
  'ConvertFrom-Json',
  'Get-Date',
  'Get-Process',
  'gps',
  'ps',
  'Get-Help',
  'help',
  'man',
  'Get-Member',
  'gm',
  'Compare-Object',
  'compare',
  'diff',
  'Group-Object',
  'group',
  'Get-Unique',
  'gu',
  'Join-Path',
  'Split-Path',
  'Get-Variable',
  'gv',
  'Get-Module',
  'Get-PSDrive',
  'gdr',
  'Get-Acl',
  'Get-Service',
  'gsv',
  'Get-Culture',
  'Get-Host',
  'Get-Uptime',
  'Write-Error',
  'Write-Warning',
  'Write-Verbose',
  'Write-Debug',
  'Write-Information',
  'Select-Xml',
  'ConvertTo-Csv',
  'ConvertFrom-Csv',
  'Import-Csv',
  'ipcsv',
  'Import-Clixml',
  'Start-Sleep',
  'sleep',
  'Get-History',
  'h',
  'history',
  'Get-Alias',
  'gal',
  'Clear-Host',
  'cls',
  'clear',
  'Out-Default',
  'Get-Random',
  'Measure-Command',
  'Get-ExecutionPolicy',
  'Get-PSReadLineOption',
  'Test-Json',
  'ConvertTo-Html',
  'Get-Error',
  'Get-Event',
  'Get-Job',
  'Receive-Job',
  'Wait-Job',
  'Get-TimeZone',
  'Get-Counter',
  'Get-CimInstance',
  'Get-WmiObject',
  'gwmi',
  'Get-Verb',
  'Get-FormatData',
  'Test-Connection',
  'Get-NetIPAddress',
  'Get-ComputerInfo',
  'Get-Disk',
  'Get-Volume',
  'Out-GridView',
  'ogv',
  'Format-Hex',
  'fhx',
);
def('hash', 'Get-FileHash');
def('delete', 'Remove-Item', 'rm', 'del', 'erase', 'rd', 'ri', 'rmdir');
def('create', 'New-Item', 'ni', 'md', 'mkdir');
def(
  'write',
  'Set-Content',
  'sc',
  'Add-Content',
  'ac',
  'Out-File',
  'Clear-Content',
  'clc',
  'Set-Item',
  'si',
  'Clear-Item',
  'cli',
  'Export-Csv',
  'epcsv',
  'Export-Clixml',
  'Start-Transcript',
  'Set-ItemProperty',
  'sp',
  'New-ItemProperty',
  'Remove-ItemProperty',
  'rp',
  'Set-Acl',
);
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
  (
    'path literalpath filepath destination destinationpath outfile value name newname itemtype filter include exclude encoding ' +
    'pattern first last skip property delimiter depth uri method body headers contenttype algorithm target type totalcount tail ' +
    'readcount stream inputobject width erroraction warningaction outvariable errorvariable credential repository scope ' +
    'requiredversion minimumversion source providername compressionlevel'
  ).split(' '),
);
const PATH_PARAMS = new Set(['path', 'literalpath', 'filepath', 'pspath', 'lp']);
const DEST_PARAMS = new Set(['destination', 'destinationpath', 'outfile', 'target']);

/** Parameters every cmdlet accepts (value-taking ones marked). */
const COMMON_VALUE = [
  'erroraction',
  'warningaction',
  'informationaction',
  'errorvariable',
  'warningvariable',
  'informationvariable',
  'outvariable',
  'outbuffer',
  'pipelinevariable',
  'progressaction',
];
const COMMON_SWITCH = ['verbose', 'debug', 'whatif', 'confirm'];

interface ParamTable {
  readonly values: readonly string[];
  readonly switches: readonly string[];
}

function params(values: string, switches: string): ParamTable {
  return {
    values: [...values.toLowerCase().split(' ').filter(Boolean), ...COMMON_VALUE],
    switches: [...switches.toLowerCase().split(' ').filter(Boolean), ...COMMON_SWITCH],
  };
}

/**
 * The real parameters of the cmdlets that change files, so an abbreviation is resolved the
 * way PowerShell resolves it: an exact name, else the one parameter it is a prefix of;
 * ambiguous or unknown is unproven (PowerShell would refuse it, or we would guess).
 */
const PARAMS = new Map<string, ParamTable>();
function paramTable(table: ParamTable, ...names: string[]): void {
  for (const n of names) PARAMS.set(n.toLowerCase(), table);
}
const CONTENT = params('Path LiteralPath Value Filter Include Exclude Credential Encoding Stream', 'PassThru Force NoNewline AsByteStream');
paramTable(CONTENT, 'Set-Content', 'sc', 'Add-Content', 'ac');
paramTable(params('Path LiteralPath Filter Include Exclude Credential Stream', 'Recurse Force'), 'Remove-Item', 'rm', 'del', 'erase', 'rd', 'ri', 'rmdir');
paramTable(params('Path LiteralPath Filter Include Exclude Credential Stream', 'Force'), 'Clear-Content', 'clc');
paramTable(params('FilePath LiteralPath Encoding Width InputObject', 'Append Force NoClobber NoNewline'), 'Out-File');
paramTable(params('Path Name ItemType Value Credential Target', 'Force'), 'New-Item', 'ni', 'md', 'mkdir');
paramTable(
  params('Path LiteralPath Destination Filter Include Exclude Credential ToSession FromSession', 'Container Force Recurse PassThru'),
  'Copy-Item',
  'cp',
  'cpi',
  'copy',
);
paramTable(params('Path LiteralPath Destination Filter Include Exclude Credential', 'Force PassThru'), 'Move-Item', 'mv', 'mi', 'move');
paramTable(params('Path LiteralPath NewName Credential', 'Force PassThru'), 'Rename-Item', 'ren', 'rni');
paramTable(params('FilePath LiteralPath Variable InputObject Encoding', 'Append'), 'Tee-Object', 'tee');
paramTable(params('Path LiteralPath StackName', 'PassThru'), 'Set-Location', 'sl', 'cd', 'chdir', 'Push-Location', 'pushd');
paramTable(params('Path LiteralPath DestinationPath', 'Force PassThru'), 'Expand-Archive');
paramTable(params('Path LiteralPath DestinationPath CompressionLevel', 'Update Force PassThru'), 'Compress-Archive');
paramTable(
  params(
    'Path LiteralPath InputObject Delimiter Encoding QuoteFields UseQuotes',
    'NoTypeInformation Append Force NoClobber UseCulture IncludeTypeInformation NoHeader',
  ),
  'Export-Csv',
  'epcsv',
);
paramTable(
  params(
    'Uri OutFile Method CustomMethod Body Headers ContentType UserAgent TimeoutSec Credential Proxy ProxyCredential SessionVariable WebSession InFile MaximumRedirection MaximumRetryCount RetryIntervalSec Form Authentication Token HttpVersion TransferEncoding CertificateThumbprint Certificate ResponseHeadersVariable StatusCodeVariable ConnectionTimeoutSeconds OperationTimeoutSeconds',
    'UseBasicParsing UseDefaultCredentials ProxyUseDefaultCredentials PassThru SkipCertificateCheck SkipHttpErrorCheck SkipHeaderValidation Resume AllowUnencryptedAuthentication DisableKeepAlive NoProxy PreserveAuthorizationOnRedirect AllowInsecureRedirect FollowRelLink SslProtocol',
  ),
  'Invoke-WebRequest',
  'iwr',
  'Invoke-RestMethod',
  'irm',
);

interface CmdletCall {
  named: Map<string, Token>;
  switches: Set<string>;
  positional: Token[];
  /** A parameter the cmdlet does not have, or an abbreviation of more than one. */
  unresolved: string | undefined;
}

function paramName(t: Token): string {
  return cutAt(t.text.replace(/^-/, ''), ':').toLowerCase();
}

/** Resolves an abbreviated parameter (`-Pa` for `-Path`) against the names we know. */
function canonicalParam(name: string): string {
  if (VALUE_PARAMS.has(name) || PATH_PARAMS.has(name)) return name;
  const matches = [...VALUE_PARAMS].filter((p) => p.startsWith(name));
  return matches.length === 1 ? matches[0]! : name;
}

/** Resolves `raw` against one cmdlet's parameters: the full name, or undefined when unknown or ambiguous. */
function resolveParam(table: ParamTable, raw: string): { name: string; value: boolean } | undefined {
  if (table.values.includes(raw)) return { name: raw, value: true };
  if (table.switches.includes(raw)) return { name: raw, value: false };
  const v = table.values.filter((p) => p.startsWith(raw));
  const sw = table.switches.filter((p) => p.startsWith(raw));
  if (v.length + sw.length !== 1) return undefined;
  return v.length ? { name: v[0]!, value: true } : { name: sw[0]!, value: false };
}

function splitParams(tokens: readonly Token[], table?: ParamTable): CmdletCall {
  const named = new Map<string, Token>();
  const switches = new Set<string>();
  const positional: Token[] = [];
  let unresolved: string | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.param) {
      const raw = paramName(t);
      let name: string;
      let takesValue: boolean;
      if (table) {
        const r = resolveParam(table, raw);
        if (!r) {
          unresolved ??= t.text;
          continue;
        }
        name = r.name;
        takesValue = r.value;
      } else {
        name = canonicalParam(raw);
        takesValue = VALUE_PARAMS.has(name);
      }
      const colon = t.text.indexOf(':');
      if (colon > 0 && colon < t.text.length - 1) {
        const v = t.text.slice(colon + 1);
        // `-Force:$false` is a switch given a value; `-Path:x` a value. A switch is on only for a
        // value that is true as written: `-WhatIf:0`, `-WhatIf:$null` or `-WhatIf:$x` turn it off
        // (or may), and `-WhatIf` off is what makes a write stay a write.
        if (takesValue) named.set(name, { value: /[$`(]/.test(v) ? null : v, text: v, param: false, nested: [] });
        else if (/^(?:\$true|1)$/i.test(v)) switches.add(name);
      } else if (takesValue && i + 1 < tokens.length) named.set(name, tokens[++i]!);
      else if (takesValue) unresolved ??= t.text;
      else if (colon > 0) {
        // `-WhatIf: $false`: after a bare colon the next word is the switch's value.
        const v = tokens[++i];
        if (v && /^(?:\$true|1)$/i.test(v.text)) switches.add(name);
      } else switches.add(name);
      continue;
    }
    positional.push(t);
  }
  return { named, switches, positional, unresolved };
}

// ---- .NET calls from PowerShell expressions ----

/** Static members that only compute or read (`[IO.Path]::Combine`, `[Math]::Max`). Anything else is unproven. */
const STATIC_READS = new Set(
  [
    'io.path::combine',
    'io.path::getfilename',
    'io.path::getdirectoryname',
    'io.path::getextension',
    'io.path::getfilenamewithoutextension',
    'io.path::getfullpath',
    'io.path::isrooted',
    'io.path::join',
    'io.path::getrelativepath',
    'io.path::directoryseparatorchar',
    'io.path::pathseparator',
    'io.path::gettemppath',
    'io.path::hasextension',
    'io.path::changeextension',
    'io.file::exists',
    'io.file::readalltext',
    'io.file::readalllines',
    'io.file::readallbytes',
    'io.file::readlines',
    'io.file::getattributes',
    'io.file::getlastwritetime',
    'io.file::getcreationtime',
    'io.directory::exists',
    'io.directory::getfiles',
    'io.directory::getdirectories',
    'io.directory::enumeratefiles',
    'io.directory::enumeratedirectories',
    'io.directory::getcurrentdirectory',
    'io.directory::getfilesystementries',
    'math::max',
    'math::min',
    'math::abs',
    'math::round',
    'math::floor',
    'math::ceiling',
    'math::pow',
    'math::sqrt',
    'math::pi',
    'math::truncate',
    'datetime::now',
    'datetime::utcnow',
    'datetime::today',
    'datetime::parse',
    'datetime::parseexact',
    'timespan::fromseconds',
    'timespan::fromminutes',
    'environment::getenvironmentvariable',
    'environment::machinename',
    'environment::username',
    'environment::osversion',
    'environment::newline',
    'environment::currentdirectory',
    'environment::processorcount',
    'environment::is64bitprocess',
    'environment::getfolderpath',
    'environment::version',
    'convert::tobase64string',
    'convert::frombase64string',
    'convert::toint32',
    'convert::toint64',
    'convert::tostring',
    'convert::toboolean',
    'convert::tohexstring',
    'string::join',
    'string::isnullorempty',
    'string::isnullorwhitespace',
    'string::format',
    'string::empty',
    'string::concat',
    'string::compare',
    'text.encoding::utf8',
    'text.encoding::unicode',
    'text.encoding::ascii',
    'text.encoding::default',
    'int::parse',
    'int::maxvalue',
    'int32::parse',
    'regex::match',
    'regex::matches',
    'regex::ismatch',
    'regex::escape',
    'regex::split',
    'regex::replace',
    'guid::newguid',
    'guid::empty',
    'version::parse',
    'uri::escapedatastring',
    'uri::unescapedatastring',
    'bitconverter::tostring',
    'char::isdigit',
    'char::isletter',
    'runtime.interopservices.runtimeinformation::osdescription',
    'runtime.interopservices.runtimeinformation::isosplatform',
    'system.io.path::combine',
    'consolecolor::red',
  ].map((k) => k.replace(/^system\./, '')),
);

/** Static members that write the path given as their first argument. */
const STATIC_WRITES = new Map<string, 'write' | 'delete' | 'create'>([
  ['io.file::writealltext', 'write'],
  ['io.file::writealllines', 'write'],
  ['io.file::writeallbytes', 'write'],
  ['io.file::appendalltext', 'write'],
  ['io.file::appendalllines', 'write'],
  ['io.file::appendtext', 'write'],
  ['io.file::create', 'create'],
  ['io.file::createtext', 'create'],
  ['io.file::delete', 'delete'],
  ['io.file::open', 'write'],
  ['io.file::openwrite', 'write'],
  ['io.file::setattributes', 'write'],
  ['io.file::setlastwritetime', 'write'],
  ['io.directory::createdirectory', 'create'],
  ['io.directory::delete', 'delete'],
]);

/** Instance methods that only compute (string and collection helpers); anything else on an object is unproven (`.Delete()`, `.MoveTo()`). */
const METHOD_READS = new Set(
  (
    'tostring toupper tolower toupperinvariant tolowerinvariant trim trimstart trimend split substring contains startswith endswith ' +
    'indexof lastindexof padleft padright equals gettype compareto toarray getenumerator where foreach join count length format ' +
    'tochararray isnullorempty normalize matches getvalue getproperty getfilename getextension readtoend tostringinvariant ' +
    'gethashcode containskey containsvalue trygetvalue first last tolist getbytes getstring adddays addhours addminutes addseconds tolocaltime touniversaltime'
  ).split(' '),
);

const FOREACH = new Set(['foreach-object', 'foreach', '%']);
const HELP = new Set(['get-help', 'help', 'man']);

/** Whether `raw` is a (PowerShell-abbreviated) prefix of one of `names`. */
function isPrefixOf(raw: string, ...names: string[]): boolean {
  return raw.length > 0 && names.some((n) => n.startsWith(raw));
}
/** Properties `ForEach-Object Name` may print (a member we cannot tell from a method is unproven). */
const PROPERTY_READS = new Set(
  'name fullname basename extension length directory directoryname parent root exists mode lastwritetime lastaccesstime creationtime attributes linktype target id processname path version value key count source definition commandtype'.split(
    ' ',
  ),
);

/** `[IO.File]::WriteAllText(…)` split into type, member and the argument text. */
const STATIC_CALL = /\[\s*([\w.]+)\s*\]\s*::\s*(\w+)\s*(\()?/g;
const METHOD_CALL = /\.\s*(\w+)\s*\(/g;

function literalArgs(argText: string): (string | null)[] {
  const out: (string | null)[] = [];
  for (const part of argText.split(',')) {
    const p = part.trim();
    const m = /^'([^']*)'$|^"([^"$`]*)"$/.exec(p);
    out.push(m ? (m[1] ?? m[2]!) : null);
  }
  return out;
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
    const assigns = first.value === null && rest[0] !== undefined && !rest[0].param && /^(?:[-+*/%]|\?\?)?=$/.test(rest[0].text);
    if (assigns && /^\$(?:\{env:[\w.]+\}|[\w:]+)$/i.test(first.text)) {
      // `$env:PATH = 'src'`: native programs started later in this session see the variable.
      const env = /^\$\{?env:([\w.]+)\}?$/i.exec(first.text);
      if (env) {
        const name = env[1]!;
        const value = rest[1] && rest.length === 2 && rest[0]!.text === '=' ? rest[1].value : null;
        if (isExecEnv(name, value, w.ctx.home) || isExecEnv(name.toUpperCase(), value, w.ctx.home)) w.acc.unproven('shell_command_unproven', this.segment);
      }
      if (rest.length < 2) return w.acc.read();
      first = rest[1]!;
      rest = rest.slice(2);
    } else if (assigns) {
      // `(Get-Item a).LastWriteTime = …`, `$f.Attributes = 'ReadOnly'`, `$a[0] += 1`: assigning a
      // member may change the file behind the object (its times, attributes, length).
      return this.unknown(words, scope, 'powershell_unproven');
    }
    // `&('Remove-Item')`, `&$cmd`, `.{…}`, `& "x"`: the call operator glued to what it runs.
    if (/^[&.][('"$@{]/.test(first.text) && first.value === null) return this.unknown(words, scope, 'dynamic_word');
    if (words.some((t) => this.dotnet(t, scope, words))) return;
    // `& "Remove-Item" x`: after the call operator a quoted word is the command's name, not a string to print.
    let called = false;
    if (first.text === '&' || first.text === '.') {
      const target = rest[0];
      if (!target || target.value === null) return this.unknown(words, scope, 'dynamic_word');
      if (first.text === '.') return this.unknown(words, scope, 'powershell_unproven');
      first = target;
      rest = rest.slice(1);
      called = true;
    }
    if (first.value === null) {
      // Expressions (`$a.Length`, `(1+2)`) compute values; their nested code was classified above.
      if (!called && (first.nested.length > 0 || /^\$[\w:.]+$/.test(first.text))) return w.acc.read();
      return this.unknown(words, scope, 'dynamic_word');
    }
    if (!called && (/^[-+]?\d/.test(first.value) || first.text.startsWith("'") || first.text.startsWith('"'))) return w.acc.read();
    const name = first.value.toLowerCase().replace(/\.exe$/, '');
    // A PowerShell script (`./x.ps1`, `& "tools/x.ps1"`) is read and classified as PowerShell.
    if (/\.ps1$/.test(name)) return this.script(first, scope, depth, words);
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

  /**
   * .NET reached from an expression token: a static call (`[IO.File]::WriteAllText('a', …)`)
   * or a method on an object (`(Get-Item a).Delete()`, `$ExecutionContext.InvokeCommand.InvokeScript(…)`).
   * Known reads pass; known file writes are effects; anything else is unproven. Returns
   * true when it settled the statement.
   */
  private dotnet(t: Token, scope: Scope, words: Token[]): boolean {
    if (t.value !== null || t.param) return false;
    const text = t.text;
    // `[Security.Cryptography.SHA256]::Create()`, `[System.Security.Cryptography.HashAlgorithm]`: .NET hashing.
    if (/\bCryptography\s*\.\s*(?:\w*(?:SHA|MD5|HMAC|Hash|RIPEMD|Rfc2898|Pbkdf2|Crc))|\[\s*(?:System\.)?Security\.Cryptography\b/i.test(text)) {
      this.w.acc.addHash('code', words.map((x) => x.text).join(' '));
    }
    let settled = false;
    const seg = words.map((x) => x.text).join(' ');
    STATIC_CALL.lastIndex = 0;
    for (let m = STATIC_CALL.exec(text); m; m = STATIC_CALL.exec(text)) {
      const key = `${m[1]!.toLowerCase().replace(/^system\./, '')}::${m[2]!.toLowerCase()}`;
      if (STATIC_READS.has(key)) continue;
      const write = STATIC_WRITES.get(key);
      settled = true;
      if (write && m[3]) {
        const close = matchCloseIn(text, m.index + m[0].length - 1);
        const first = close > 0 ? literalArgs(text.slice(m.index + m[0].length, close - 1))[0] : null;
        const p = first ? this.path({ value: first, text: first, param: false, nested: [] }, scope) : null;
        if (p) this.w.acc.effect(write, p, seg);
        else this.w.acc.unprovenWrite('dynamic_word', seg);
        continue;
      }
      this.unknown(words, scope, 'powershell_unproven');
      return true;
    }
    // Strip the static calls and string literals, then look at method calls on what remains.
    const rest = text.replace(STATIC_CALL, '').replace(/'[^']*'|"[^"]*"/g, "''");
    METHOD_CALL.lastIndex = 0;
    for (let m = METHOD_CALL.exec(rest); m; m = METHOD_CALL.exec(rest)) {
      if (METHOD_READS.has(m[1]!.toLowerCase())) continue;
      this.unknown(words, scope, 'powershell_unproven');
      return true;
    }
    if (/\$ExecutionContext\b|\[\s*scriptblock\s*\]/i.test(text) && /\(/.test(text)) {
      this.unknown(words, scope, 'powershell_unproven');
      return true;
    }
    return settled;
  }

  private script(file: Token, scope: Scope, depth: number, words: Token[]): void {
    const p = this.path(file, scope);
    const text = p ? this.w.readFile(p) : undefined;
    if (text === undefined) return this.unknown(words, scope, 'powershell_unproven');
    this.run(text, cloneScope(scope), depth + 1);
  }

  private unknown(words: Token[], scope: Scope, reason: 'dynamic_word' | 'powershell_unproven'): void {
    this.w.acc.unproven(reason, words.map((t) => t.text).join(' '));
    this.w.mentionArgs(
      words.map((t) => this.arg(t, scope)),
      scope.cwd,
    );
    for (const t of words) if (t.value === null) this.w.mentionText(t.text, scope.cwd);
  }

  private cmdlet(kind: CmdletKind, name: string, rest: Token[], scope: Scope, words: Token[]): void {
    const w = this.w;
    const seg = words.map((t) => t.text).join(' ');
    const call = splitParams(rest, PARAMS.get(name));
    if (call.unresolved !== undefined) return this.unknown(words, scope, 'powershell_unproven');
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
        // `Get-Help x -Online` opens the help page in a browser; `-ShowWindow` opens a window.
        if (HELP.has(name) && words.some((t) => t.param && isPrefixOf(paramName(t), 'online', 'showwindow')))
          return this.unknown(words, scope, 'powershell_unproven');
        // `ForEach-Object Delete` / `-MemberName Delete` calls that method on every input object.
        if (FOREACH.has(name)) {
          // A script block is the -Process body (classified above); any other first word names a member
          // (`% MoveTo('x')` is the member MoveTo with an argument).
          const first = call.named.get('membername') ?? call.positional[0];
          if (first && !first.text.startsWith('{')) {
            const member = first.value ?? /^([A-Za-z_]\w*)\(/.exec(first.text)?.[1] ?? null;
            if (member === null || !(METHOD_READS.has(member.toLowerCase()) || PROPERTY_READS.has(member.toLowerCase())))
              return this.unknown(words, scope, 'powershell_unproven');
          }
        }
        return w.acc.read();
      case 'hash':
        w.acc.addHash('command', seg);
        return w.acc.read();
      case 'delete':
        return effect('delete', pathTok());
      case 'write':
        if (name === 'out-file' || name === 'export-csv' || name === 'export-clixml' || name === 'start-transcript')
          return effect('write', pathTok() ?? call.named.get('outputpath'));
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
        // Remote state is state: a method other than GET/HEAD/OPTIONS, a body, a form or an upload changes it.
        const method = call.named.get('method') ?? call.named.get('custommethod');
        if (method && (method.value === null || !/^(?:get|head|options)$/i.test(method.value))) w.acc.write(seg);
        else if (call.named.has('body') || call.named.has('infile') || call.named.has('form')) w.acc.write(seg);
        const out = call.named.get('outfile');
        if (call.named.has('infile')) effect('read', call.named.get('infile'));
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

const PWSH_SWITCHES = new Set(['-noprofile', '-nop', '-nologo', '-nol', '-noninteractive', '-noni', '-sta', '-mta', '-login', '-l', '-noprofileloadtime']);

/** `pwsh -c …`, `powershell -Command …`, `-EncodedCommand`, `-File x.ps1` from bash. */
export function powershellFromArgs(w: ShellWalker, invocation: Invocation): void {
  let inv = invocation;
  const args = inv.args;
  for (let i = 1; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    const lower = v.toLowerCase();
    if (/^-c(?:o(?:m(?:m(?:a(?:n(?:d)?)?)?)?)?)?$/.test(lower) || lower === '/c') {
      const rest = args.slice(i + 1).map((a) => a.value);
      if (rest.some((r) => r === null)) return w.unknown(inv, 'dynamic_word');
      if (rest.length === 1 && rest[0] === '-') break;
      return new PowerShellRunner(w, inv.text).run(rest.join(' '), cloneScope(inv.scope), inv.depth + 1);
    }
    if (/^-e(?:c|n(?:c(?:o(?:d(?:e(?:d(?:c(?:o(?:m(?:m(?:a(?:n(?:d)?)?)?)?)?)?)?)?)?)?)?)?)?$/.test(lower)) {
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
    if (/^-f(?:i(?:l(?:e)?)?)?$/.test(lower)) {
      const f = args[i + 1];
      if (!f) return w.unknown(inv, 'powershell_unproven');
      const p = w.path(inv, f);
      const text = p ? w.readFile(p) : undefined;
      if (text === undefined) return w.unknown(inv, p ? 'script_unread' : 'dynamic_word');
      return new PowerShellRunner(w, inv.text).run(text, cloneScope(inv.scope), inv.depth + 1);
    }
    if (lower === '-version' || lower === '-v' || lower === '--version' || lower === '-help' || lower === '-?') return w.acc.read();
    if (lower === '-workingdirectory' || lower === '-wd' || lower === '-wo' || lower === '-wor' || lower === '-work') {
      // The command runs in that folder: later relative paths resolve there.
      const dir = args[i + 1];
      const p = dir ? w.path(inv, dir) : null;
      if (!p) return w.unknown(inv, 'dynamic_word');
      inv = { ...inv, scope: { ...cloneScope(inv.scope), cwd: p } };
      i++;
      continue;
    }
    if (
      [
        '-executionpolicy',
        '-ex',
        '-ep',
        '-windowstyle',
        '-w',
        '-win',
        '-outputformat',
        '-of',
        '-o',
        '-inputformat',
        '-if',
        '-i',
        '-configurationname',
        '-config',
        '-settingsfile',
        '-settings',
        '-custompipename',
      ].includes(lower)
    ) {
      i++;
      continue;
    }
    if (PWSH_SWITCHES.has(lower)) continue;
    // An option pwsh has that we do not model (`-NoExit` reads a terminal, `-Interactive`), or one it does not have.
    if (lower.startsWith('-')) return w.unknown(inv, 'powershell_unproven');
    // A bare first operand is a command (Windows PowerShell) or a script file (pwsh).
    const rest = args.slice(i).map((a) => a.value);
    if (rest.some((r) => r === null)) return w.unknown(inv, 'dynamic_word');
    return new PowerShellRunner(w, inv.text).run(rest.join(' '), cloneScope(inv.scope), inv.depth + 1);
  }
  w.unknown(inv, 'powershell_unproven');
}
