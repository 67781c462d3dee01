// Downloads and archives: `curl -o`/`-O`, `wget`, `tar`, `unzip`, `zip`, and HTTP clients
// (`http`/`httpie`/`xh`). Fetching to standard output is a read; what lands on disk is a
// write of its path, and an extraction is a write of the folder it extracts into (standing
// for its subtree). Remote state is state: a request that can change the server (a method
// other than GET/HEAD/OPTIONS, a body, a form, an upload) is a mutation with no local path.
// An option these tables do not know leaves the command unproven.
import path from 'node:path';
import { hasOption, optionValues, parseArgs, type OptionSpec, type ParsedArgs } from '../options.js';
import { mayExpandToOption } from '../option-table.js';
import { parseTar } from '../parsers/tar.js';
import { compileSpec } from '../parsers/types.js';
import type { Handler, Invocation, ShellWalker } from '../walker.js';
import { type Arg, argPath } from '../words.js';
import { safeOverrideHeader, serviceHandlers } from './services.js';
import { handlerTable, type HandlerTable } from '../handler-table.js';
import { lookupTable } from '../../lookup-table.js';
import { cutAt } from '../../intents/line-text.js';

/**
 * The files of curl's `-w '%output{file}'` (`%output{>>file}` appends), as
 * `/%output\{(?:>>)?([^}]*)\}/g` finds them; a `%output{` with no `}` after it ends the search
 * (the expression ran to the end from every later one).
 */
export function writeOutFiles(format: string): string[] {
  const out: string[] = [];
  for (let at = format.indexOf('%output{'); at >= 0; ) {
    const from = at + '%output{'.length + (format.startsWith('>>', at + '%output{'.length) ? 2 : 0);
    const close = format.indexOf('}', from);
    if (close < 0) break;
    out.push(format.slice(from, close));
    at = format.indexOf('%output{', close + 1);
  }
  return out;
}

/**
 * The file of an HTTPie `field@file` item (`@file` alone too), as `/^[^=:]*@(.+)$/` takes it:
 * after the last `@` before any `=` or `:` with text after it, none of it a line break.
 */
export function fileItem(item: string): string | undefined {
  const stop = item.search(/[=:]/);
  const bound = Math.min(stop < 0 ? item.length : stop, item.length - 1) - 1;
  const at = bound < 0 ? -1 : item.lastIndexOf('@', bound);
  return at < 0 || /[\n\r\u2028\u2029]/.test(item.slice(at + 1)) ? undefined : item.slice(at + 1);
}

function urlBaseName(url: string): string | null {
  const noQuery = cutAt(url, '?#');
  const afterScheme = noQuery.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  const base = path.posix.basename(afterScheme);
  return base === '' || base === '/' ? null : base;
}

function inDir(w: ShellWalker, inv: Invocation, dir: Arg | undefined, name: string): void {
  if (dir) {
    const d = w.path(inv, dir);
    if (!d) return w.acc.unprovenWrite('dynamic_word', inv.text);
    return w.effectPath(inv, 'write', `${d}/${name}`);
  }
  w.effect(inv, 'write', { value: name, glob: false, tilde: false, text: name });
}

const CURL_LONG_VALUES = [
  'output',
  'dump-header',
  'cookie-jar',
  'trace',
  'trace-ascii',
  'stderr',
  'libcurl',
  'etag-save',
  'hsts',
  'alt-svc',
  'output-dir',
  'config',
  'data',
  'data-raw',
  'data-binary',
  'data-urlencode',
  'data-ascii',
  'json',
  'header',
  'request',
  'user',
  'user-agent',
  'referer',
  'cookie',
  'form',
  'form-string',
  'url',
  'max-time',
  'connect-timeout',
  'retry',
  'retry-delay',
  'retry-max-time',
  'proxy',
  'proxy-user',
  'cacert',
  'capath',
  'cert',
  'cert-type',
  'key',
  'key-type',
  'range',
  'write-out',
  'upload-file',
  'continue-at',
  'resolve',
  'connect-to',
  'interface',
  'limit-rate',
  'max-filesize',
  'max-redirs',
  'oauth2-bearer',
  'pass',
  'time-cond',
  'etag-compare',
  'url-query',
  'variable',
  'expect100-timeout',
  'keepalive-time',
  'dns-servers',
  'aws-sigv4',
  'preproxy',
  'noproxy',
  'proxy-header',
  'ciphers',
  'tls-max',
  'ech',
  'unix-socket',
  'abstract-unix-socket',
  'create-file-mode',
  'happy-eyeballs-timeout-ms',
  'login-options',
  'mail-from',
  'mail-rcpt',
  'quote',
  'speed-limit',
  'speed-time',
  'local-port',
];
const CURL_FILE_OUTPUTS = ['D', 'dump-header', 'c', 'cookie-jar', 'trace', 'trace-ascii', 'stderr', 'libcurl', 'etag-save', 'hsts', 'alt-svc'];

const SAFE_METHODS = /^(?:GET|HEAD|OPTIONS)$/i;

/**
 * URL schemes whose plain fetch only reads. Others send what the URL or standard input holds
 * to a service (`gopher://host/_…` any bytes, `telnet://` standard input, `dict:`, `mqtt:`,
 * `smtp:`, `ldap:` …): a request to one is a possible change of remote state.
 */
const READ_SCHEMES = /^(?:https?|ftps?|file|sftp|scp)$/i;

function schemeReads(url: string | null): boolean {
  if (url === null) return true;
  const m = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url.trim());
  return !m || READ_SCHEMES.test(m[1]!);
}

/** `-X POST`, `-d`, `--json`, `-F`, `-T`, mail recipients, FTP quote commands, a method-override header, a non-HTTP scheme; `-G` turns `-d` into a query. */
function curlChangesRemote(p: ReturnType<typeof parseArgs>): boolean {
  for (const m of optionValues(p, 'X', 'request')) if (m.value === null || !SAFE_METHODS.test(m.value)) return true;
  for (const h of optionValues(p, 'H', 'header')) if (h.value === null || !safeOverrideHeader(h.value)) return true;
  for (const u of [...p.operands, ...optionValues(p, 'url')]) if (!schemeReads(u.value)) return true;
  if (hasOption(p, 'F', 'form', 'form-string', 'T', 'upload-file', 'json', 'mail-rcpt', 'Q', 'quote', 'append')) return true;
  const data = hasOption(p, 'd', 'data', 'data-raw', 'data-binary', 'data-urlencode', 'data-ascii');
  return data && !hasOption(p, 'G', 'get');
}

export const CURL: OptionSpec = {
  values: 'AbcCdDeEFHKmoPQrtTuUwxXyYz',
  flags: '#0123456:aBfGgIiJjkLlMNnOpqRsSvVZh',
  longValues: CURL_LONG_VALUES,
  longFlags: [
    'remote-name',
    'remote-name-all',
    'remote-header-name',
    'silent',
    'show-error',
    'location',
    'fail',
    'insecure',
    'verbose',
    'include',
    'head',
    'compressed',
    'create-dirs',
    'no-progress-meter',
    'progress-bar',
    'get',
    'globoff',
    'http1.0',
    'http1.1',
    'http2',
    'http2-prior-knowledge',
    'http3',
    'http3-only',
    'fail-with-body',
    'no-buffer',
    'remove-on-error',
    'skip-existing',
    'no-clobber',
    'location-trusted',
    'ipv4',
    'ipv6',
    'tlsv1.2',
    'tlsv1.3',
    'ssl-reqd',
    'no-keepalive',
    'raw',
    'tcp-nodelay',
    'path-as-is',
    'no-sessionid',
    'no-alpn',
    'no-npn',
    'disable',
    'anyauth',
    'basic',
    'digest',
    'negotiate',
    'ntlm',
    'proxy-insecure',
    'fail-early',
    'styled-output',
    'no-styled-output',
    'show-headers',
    'ssl-no-revoke',
    'retry-connrefused',
    'retry-all-errors',
    'tr-encoding',
    'compressed-ssh',
    'no-progress',
    'suppress-connect-headers',
    'trace-time',
    'trace-ids',
    'junk-session-cookies',
    'xattr',
    'crlf',
    'list-only',
    'append',
    'ftp-pasv',
    'ftp-create-dirs',
    'manual',
    'help',
    'version',
    'mail-rcpt-allowfails',
    'sasl-ir',
    'ignore-content-length',
  ],
};

const curl: Handler = (w, inv) => {
  const p = parseArgs(inv.args, 1, CURL);
  if (hasOption(p, 'K', 'config')) return w.unknown(inv, 'shell_command_unproven');
  if (p.unknown.length > 0) return w.unknown(inv, 'shell_command_unproven');
  if (curlChangesRemote(p)) w.acc.write(inv.text);
  // curl and wget keep the last setting of an option that takes one value (`--output-dir a --output-dir b` writes in b).
  const outDir = optionValues(p, 'output-dir').pop();
  let wrote = false;
  for (const o of optionValues(p, 'o', 'output')) {
    if (o.value === '-') continue;
    wrote = true;
    if (outDir && o.value !== null && !o.value.startsWith('/')) inDir(w, inv, outDir, o.value);
    else w.effect(inv, 'write', o);
  }
  for (const o of optionValues(p, ...CURL_FILE_OUTPUTS)) {
    if (o.value === '-' || o.value === '%' || o.value === '/dev/null') continue;
    wrote = true;
    w.effect(inv, 'write', o);
  }
  // `-w '%output{file}…'` writes the rest of the write-out into a file (curl 8.3); `-w @file` reads a format that may.
  for (const o of optionValues(p, 'w', 'write-out')) {
    if (o.value === null || o.value.startsWith('@')) return w.unknown(inv, o.value === null ? 'dynamic_word' : 'shell_command_unproven');
    for (const file of writeOutFiles(o.value)) {
      wrote = true;
      w.effect(inv, 'write', { ...o, value: file, glob: false });
    }
  }
  for (const o of optionValues(p, 'T', 'upload-file')) w.effect(inv, 'read', o);
  for (const o of optionValues(p, 'd', 'data', 'data-binary', 'data-urlencode', 'data-ascii', 'json')) {
    if (o.value?.startsWith('@') && o.value.length > 1) w.effect(inv, 'read', { ...o, value: o.value.slice(1) });
  }
  if (hasOption(p, 'O', 'remote-name', 'remote-name-all')) {
    wrote = true;
    if (hasOption(p, 'J', 'remote-header-name')) {
      // The server names the file: it lands in the output folder, name unproven.
      const d = outDir ? w.path(inv, outDir) : inv.scope.cwd;
      if (d) w.effectPath(inv, 'write', d);
      else w.acc.unprovenWrite('dynamic_word', inv.text);
    } else {
      const urls = [...p.operands, ...optionValues(p, 'url')];
      if (urls.length === 0) w.acc.unprovenWrite('write_path_missing', inv.text);
      for (const u of urls) {
        const base = u.value === null ? null : urlBaseName(u.value);
        if (base === null) w.acc.unprovenWrite('dynamic_word', inv.text);
        else inDir(w, inv, outDir, base);
      }
    }
  }
  if (!wrote) w.acc.read();
};

export const WGET: OptionSpec = {
  values: 'oaiOPtTwQlARDIXUeB',
  flags: 'VhbvqdnNcSrmpkKEHLxF46',
  longValues: [
    'output-document',
    'directory-prefix',
    'output-file',
    'append-output',
    'input-file',
    'tries',
    'timeout',
    'wait',
    'quota',
    'level',
    'accept',
    'reject',
    'domains',
    'include-directories',
    'exclude-directories',
    'user-agent',
    'execute',
    'base',
    'header',
    'user',
    'password',
    'post-data',
    'post-file',
    'body-data',
    'body-file',
    'method',
    'load-cookies',
    'save-cookies',
    'ca-certificate',
    'certificate',
    'private-key',
    'limit-rate',
    'cut-dirs',
    'default-page',
    'restrict-file-names',
    'warc-file',
    'rejected-log',
    'config',
  ],
  longFlags: [
    'spider',
    'recursive',
    'mirror',
    'page-requisites',
    'force-directories',
    'content-disposition',
    'no-directories',
    'quiet',
    'verbose',
    'continue',
    'timestamping',
    'no-clobber',
    'convert-links',
    'no-check-certificate',
    'trust-server-names',
    'no-verbose',
    'server-response',
    'show-progress',
    'no-parent',
    'no-host-directories',
    'adjust-extension',
    'span-hosts',
    'inet4-only',
    'inet6-only',
    'no-cache',
    'no-cookies',
    'ignore-length',
    'auth-no-challenge',
    'no-proxy',
    'version',
    'help',
    'debug',
    'backups',
    'https-only',
    'no-hsts',
    'no-config',
    'retry-connrefused',
    'progress',
  ],
};

/**
 * Whether wget's boolean `--name` ends up on: wget takes `--name=on|yes|1` and `--name=off|no|0`
 * (any case) and the last setting wins, so `--spider=off` downloads.
 */
function wgetSwitchOn(p: ParsedArgs, name: string): boolean {
  let on = false;
  for (const o of p.options) {
    if (o.name !== name) continue;
    const v = o.value === undefined ? 'on' : o.value.value?.toLowerCase();
    on = v === 'on' || v === 'yes' || v === '1';
  }
  return on;
}

const wget: Handler = (w, inv) => {
  const p = parseArgs(inv.args, 1, WGET);
  if (hasOption(p, 'e', 'execute', 'config')) return w.unknown(inv, 'shell_command_unproven');
  if (p.unknown.length > 0) return w.unknown(inv, 'shell_command_unproven');
  const method = optionValues(p, 'method').pop();
  if ((method && (method.value === null || !SAFE_METHODS.test(method.value))) || hasOption(p, 'post-data', 'post-file', 'body-data', 'body-file'))
    w.acc.write(inv.text);
  else if (optionValues(p, 'header').some((h) => h.value === null || !safeOverrideHeader(h.value))) w.acc.write(inv.text);
  for (const o of optionValues(p, 'o', 'output-file', 'a', 'append-output', 'save-cookies', 'rejected-log', 'warc-file')) w.effect(inv, 'write', o);
  for (const o of optionValues(p, 'i', 'input-file', 'post-file', 'body-file', 'load-cookies')) if (o.value !== '-') w.effect(inv, 'read', o);
  // The last -O wins (`-O - -O out.html` writes out.html).
  const doc = optionValues(p, 'O', 'output-document').pop();
  const folders = hasOption(p, 'r', 'recursive', 'm', 'mirror', 'p', 'page-requisites', 'x', 'force-directories', 'content-disposition', 'trust-server-names');
  // --spider saves no page, but -O still opens (truncates) its file first and a recursive
  // spider still makes the host's folders (checked with wget 1.21).
  if (wgetSwitchOn(p, 'spider') && (!doc || doc.value === '-') && !folders) return w.acc.read();
  if (doc) {
    if (doc.value === '-') return w.acc.read();
    return w.effect(inv, 'write', doc);
  }
  const dir = optionValues(p, 'P', 'directory-prefix').pop();
  if (folders) {
    const d = dir ? w.path(inv, dir) : inv.scope.cwd;
    if (d) return w.effectPath(inv, 'write', d);
    return w.acc.unprovenWrite('dynamic_word', inv.text);
  }
  const urls = p.operands;
  if (urls.length === 0 && !hasOption(p, 'i', 'input-file')) return w.acc.read();
  if (urls.length === 0) return w.acc.unprovenWrite('write_path_missing', inv.text);
  for (const u of urls) {
    const base = u.value === null ? null : (urlBaseName(u.value) ?? 'index.html');
    if (base === null) w.acc.unprovenWrite('dynamic_word', inv.text);
    else inDir(w, inv, dir, base);
  }
};

const TAR_MODES = lookupTable<string>({
  __proto__: null,
  c: 'create',
  create: 'create',
  x: 'extract',
  extract: 'extract',
  get: 'extract',
  t: 'list',
  list: 'list',
  r: 'append',
  append: 'append',
  u: 'append',
  update: 'append',
  A: 'append',
  catenate: 'append',
  concatenate: 'append',
  d: 'list',
  diff: 'list',
  compare: 'list',
  delete: 'append',
});

/** Entries a look below an extraction folder reads before it gives up (then the members are unproven). */
const EXTRACT_LOOK_LIMIT = 4096;

/**
 * Extracting into `dir` writes members the classifier cannot see, and both GNU tar (for a
 * member below a link when the archive does not also hold that folder) and unzip follow a
 * symbolic link already on disk below `dir`: each such link's canonical target is written too,
 * and links below that target in turn.
 */
function extractInto(w: ShellWalker, inv: Invocation, dir: string): void {
  w.effectPath(inv, 'write', dir);
  const pending = [dir];
  const seen = new Set(pending);
  let n = 0;
  while (pending.length > 0) {
    const d = pending.pop()!;
    for (const e of w.ctx.files.entries(d) ?? []) {
      if (++n > EXTRACT_LOOK_LIMIT) return w.acc.unprovenWrite('too_complex', inv.text);
      const p = `${d === '/' ? '' : d}/${e.name}`;
      if (e.dir) pending.push(p);
      if (!e.link) continue;
      const real = argPath({ value: p, glob: false, tilde: false, text: p }, d, w.pc);
      if (real === null) return w.acc.unprovenWrite('write_path_missing', inv.text);
      w.effectPath(inv, 'write', real);
      if (!seen.has(real) && w.ctx.files.isDirectory(real)) {
        seen.add(real);
        pending.push(real);
      }
    }
  }
}

/**
 * GNU tar's options (1.34), one row a spelling, read by tar's parser family (parsers/tar.ts): the
 * old-style first word of letters takes the values of its letters from the next words in order
 * (`tar xCf out a.tar` extracts a.tar into out), then getopt_long with abbreviations.
 */
export const TAR_SPEC = compileSpec([
  ...[...'fCTXbgHKLNVIF'].map((c) => ({ names: [`-${c}`], arity: 'required' as const })),
  ...[...'cxtrudAzjJaZvkmpPOSWhUiBlMGsqwonR'].map((c) => ({ names: [`-${c}`], arity: 'none' as const })),
  ...[
    'file',
    'directory',
    'files-from',
    'exclude-from',
    'exclude',
    'use-compress-program',
    'to-command',
    'checkpoint-action',
    'info-script',
    'new-volume-script',
    'rsh-command',
    'rmt-command',
    'transform',
    'xform',
    'owner',
    'group',
    'mode',
    'mtime',
    'format',
    'listed-incremental',
    'newer',
    'newer-mtime',
    'label',
    'blocking-factor',
    'record-size',
    'tape-length',
    'volno-file',
    'index-file',
    'strip-components',
    'exclude-tag',
    'exclude-tag-all',
    'exclude-tag-under',
    'exclude-ignore',
    'exclude-ignore-recursive',
    'sort',
    'owner-map',
    'group-map',
    'pax-option',
    'suffix',
    'quoting-style',
    'warning',
    'level',
    'after-date',
    'starting-file',
    'hole-detection',
  ].map((n) => ({ names: [`--${n}`], arity: 'required' as const })),
  ...[
    'create',
    'extract',
    'get',
    'list',
    'append',
    'update',
    'catenate',
    'concatenate',
    'diff',
    'compare',
    'delete',
    'gzip',
    'gunzip',
    'ungzip',
    'bzip2',
    'xz',
    'zstd',
    'lzma',
    'lzip',
    'lzop',
    'compress',
    'uncompress',
    'auto-compress',
    'no-auto-compress',
    'verbose',
    'keep-old-files',
    'overwrite',
    'absolute-names',
    'to-stdout',
    'preserve-permissions',
    'same-owner',
    'no-same-owner',
    'exclude-vcs',
    'exclude-vcs-ignores',
    'exclude-caches',
    'exclude-caches-all',
    'exclude-caches-under',
    'exclude-backups',
    'one-file-system',
    'dereference',
    'hard-dereference',
    'recursion',
    'no-recursion',
    'wildcards',
    'no-wildcards',
    'wildcards-match-slash',
    'no-wildcards-match-slash',
    'anchored',
    'no-anchored',
    'ignore-case',
    'no-ignore-case',
    'skip-old-files',
    'keep-newer-files',
    'remove-files',
    'unlink-first',
    'recursive-unlink',
    'numeric-owner',
    'null',
    'no-null',
    'verbatim-files-from',
    'no-verbatim-files-from',
    'unquote',
    'no-unquote',
    'show-transformed-names',
    'show-stored-names',
    'ignore-failed-read',
    'ignore-zeros',
    'block-number',
    'utc',
    'full-time',
    'force-local',
    'seek',
    'no-seek',
    'sparse',
    'check-links',
    'same-order',
    'preserve-order',
    'touch',
    'no-same-permissions',
    'delay-directory-restore',
    'no-overwrite-dir',
    'keep-directory-symlink',
    'acls',
    'no-acls',
    'xattrs',
    'no-xattrs',
    'selinux',
    'no-selinux',
    'posix',
    'interactive',
    'confirmation',
    'multi-volume',
    'help',
    'usage',
    'version',
    'restrict',
    'verify',
    'read-full-records',
    'incremental',
    'old-archive',
    'portability',
  ].map((n) => ({ names: [`--${n}`], arity: 'none' as const })),
  ...['backup', 'checkpoint', 'totals'].map((n) => ({ names: [`--${n}`], arity: 'optional' as const })),
]);

const tar: Handler = (w, inv) => {
  const parsed = parseTar(inv.args, 1, TAR_SPEC);
  // The handler below reads options by name (`f`, `file`): each spelling is its own row.
  const p = {
    options: parsed.occurrences.map((o) => ({ name: o.def.id.replace(/^--?/, ''), value: o.value })),
    operands: parsed.operands,
    unknown: parsed.problem !== undefined && parsed.problem !== 'dynamic_option' ? [parsed.problemWord ?? ''] : [],
    maybeOptions: parsed.maybeOptions,
    rest: inv.args.length,
  };
  // Closed world (GNU tar manual): an option outside the list, or a word that may expand to one, is unproven.
  if (p.unknown.length > 0 || p.maybeOptions.length > 0) return w.unknown(inv, p.unknown.length > 0 ? 'shell_command_unproven' : 'dynamic_word');
  if (
    hasOption(p, 'to-command', 'I', 'use-compress-program', 'F', 'info-script', 'new-volume-script', 'rsh-command', 'rmt-command') ||
    optionValues(p, 'checkpoint-action').some((v) => v.value === null || v.value.includes('exec'))
  ) {
    return w.unknown(inv, 'shell_command_unproven');
  }
  // `--index-file` and `--volno-file` write the files they name.
  for (const o of optionValues(p, 'index-file', 'volno-file')) w.effect(inv, 'write', o);
  let mode: string | undefined;
  for (const o of p.options) if (TAR_MODES[o.name]) mode = TAR_MODES[o.name];
  // GNU tar uses the first `-f` (the next ones are later volumes), bsdtar the last: two that differ are unproven.
  const archives = optionValues(p, 'f', 'file');
  if (archives.some((a) => a.value !== archives[0]!.value)) return w.unknown(inv, 'shell_command_unproven');
  const archive = archives[0];
  // `host:file` is an archive on another machine, reached by running rsh/ssh (GNU tar), unless `--force-local`.
  if (archive && (archive.value === null || (/^[^/]*:/.test(archive.value) && !hasOption(p, 'force-local'))))
    return w.unknown(inv, archive.value === null ? 'dynamic_word' : 'shell_command_unproven');
  for (const g of optionValues(p, 'g', 'listed-incremental')) w.effect(inv, 'write', g);
  if (mode === undefined) return w.unknown(inv, 'shell_command_unproven');
  if (mode === 'list') {
    if (archive && archive.value !== '-') w.effect(inv, 'read', archive);
    return w.acc.read();
  }
  if (mode === 'extract') {
    if (archive && archive.value !== '-') w.effect(inv, 'read', archive);
    if (hasOption(p, 'O', 'to-stdout')) return w.acc.read();
    if (hasOption(p, 'P', 'absolute-names')) return w.unprovenWrite(inv, 'write_path_missing');
    const dir = optionValues(p, 'C', 'directory').pop();
    const d = dir ? w.path(inv, dir) : inv.scope.cwd;
    if (d) return extractInto(w, inv, d);
    return w.acc.unprovenWrite('dynamic_word', inv.text);
  }
  // create / append / update / delete: the archive file is written, its sources read.
  const cdir = optionValues(p, 'C', 'directory').pop();
  const srcScope = cdir ? { ...inv, scope: { ...inv.scope, cwd: w.path(inv, cdir) } } : inv;
  for (const s of p.operands) w.effect(srcScope, 'read', s);
  if (hasOption(p, 'remove-files')) for (const s of p.operands) w.effect(srcScope, 'delete', s);
  if (!archive || archive.value === '-') return w.acc.read();
  w.effect(inv, mode === 'create' ? 'create' : 'write', archive);
};

export const UNZIP: OptionSpec = { values: 'dxP', flags: 'lvtzZpfuocanjCLKMNqVX' };

/** Options a program reads from its environment before its own (zip 3.0 and unzip 6.0 manuals): set, they are unproven. */
function envOptions(inv: Invocation, names: readonly string[]): boolean {
  return names.some((n) => inv.scope.env.has(n));
}

/** zipinfo's options, which `unzip -Z` takes after it (zipinfo only lists: `-Z1` names, `-Zt` totals). */
const ZIPINFO_OPTIONS = /^-[12smlvhMtTzCx]+$/;

const unzip: Handler = (w, inv) => {
  // UNZIP and UNZIPOPT are options before the command's own: `UNZIP='-d ../docs'` moves the
  // extraction; ZIPINFO and ZIPINFOOPT are the same for `unzip -Z`.
  if (envOptions(inv, ['UNZIP', 'UNZIPOPT', 'ZIPINFO', 'ZIPINFOOPT'])) return w.unknown(inv, 'shell_command_unproven');
  if (/^-Z[12smlvhMtTzC]*$/.test(inv.args[1]?.value ?? '')) {
    const rest = inv.args.slice(2);
    if (rest.some((a) => a.value === null || (a.value.startsWith('-') && !ZIPINFO_OPTIONS.test(a.value)))) return w.unknown(inv, 'shell_command_unproven');
    const archive = rest.find((a) => !a.value!.startsWith('-'));
    if (archive) w.effect(inv, 'read', archive);
    return w.acc.read();
  }
  const p = parseArgs(inv.args, 1, UNZIP);
  if (p.unknown.length > 0) return w.unknown(inv, 'shell_command_unproven');
  if (hasOption(p, 'l', 'v', 't', 'z', 'Z', 'p')) {
    for (const a of p.operands.slice(0, 1)) w.effect(inv, 'read', a);
    return w.acc.read();
  }
  const archive = p.operands[0];
  if (archive) w.effect(inv, 'read', archive);
  const dir = optionValues(p, 'd')[0];
  const d = dir ? w.path(inv, dir) : inv.scope.cwd;
  if (d) return extractInto(w, inv, d);
  w.acc.unprovenWrite('dynamic_word', inv.text);
};

export const ZIP: OptionSpec = { values: 'xibPOntsb', flags: 'rRqjmduf0123456789TvDAlkgXyeSzFU@$' };

/**
 * Whether zip, reading its words as its own parser does, is given `-sf` (show files, then
 * exit): a word that is the value of a preceding option (`-n -sf`, `-P -sf`) or comes after
 * `--` (a file name) is not the option, and zip matches the two-letter `sf` before the
 * one-letter `s` that takes a value, in a cluster too (`-qsf`). Any long option but an
 * abbreviation of `--show-files` is not followed here (parseArgs leaves it unknown).
 */
function zipShowsFiles(args: readonly Arg[]): boolean {
  const values = ZIP.values!;
  for (let i = 1; i < args.length; i++) {
    const v = args[i]!.value;
    // A word known only at run time may be an option taking the next word as its value.
    if (mayExpandToOption(args[i]!)) return false;
    if (v === null || v.length < 2 || v.charCodeAt(0) !== 45 /* - */) continue;
    if (v === '--') return false;
    if (v.startsWith('--')) {
      const name = v.slice(2);
      if (name.length >= 6 && 'show-files'.startsWith(name)) return true;
      return false;
    }
    for (let j = 1; j < v.length; j++) {
      if (v.startsWith('sf', j)) return true;
      if (values.includes(v[j]!)) {
        if (j + 1 === v.length) i++;
        break;
      }
    }
  }
  return false;
}

const zip: Handler = (w, inv) => {
  // ZIPOPT and ZIP are words put just after `zip`: options and names alike (`ZIP=out.zip zip - a.txt` writes out.zip).
  if (envOptions(inv, ['ZIPOPT', 'ZIP'])) return w.unknown(inv, 'shell_command_unproven');
  for (const a of inv.args) if (a.value === '-TT' || a.value?.startsWith('--unzip-command')) return w.unknown(inv, 'shell_command_unproven');
  // `-sf` / `--show-files` lists what would be operated on and exits before anything is written.
  if (zipShowsFiles(inv.args)) return w.acc.read();
  const p = parseArgs(inv.args, 1, ZIP);
  if (p.unknown.length > 0 || p.maybeOptions.length > 0) return w.unknown(inv, 'shell_command_unproven');
  const out = optionValues(p, 'O')[0] ?? p.operands[0];
  if (!out) return w.unprovenWrite(inv, 'write_path_missing');
  const sources = optionValues(p, 'O').length ? p.operands : p.operands.slice(1);
  // `-m` moves the sources into the archive: they are deleted, to standard output too (`zip -m - a.txt`).
  for (const s of sources) w.effect(inv, hasOption(p, 'm') ? 'delete' : 'read', s);
  if (out.value === '-') return w.acc.read();
  w.effect(inv, 'write', out);
};

/**
 * httpie / xh: `http [METHOD] URL [ITEM…]`. Data items (`a=b`, `a:=1`, `f@file`) make the
 * default method POST; `==` (query) and `:` (header) items do not. `--offline` sends nothing;
 * `-d`/`--download` and `-o FILE` write a file. Options may come anywhere before `--`, after
 * the URL and the items too.
 */
const HTTPIE_METHODS = /^(?:GET|HEAD|OPTIONS|POST|PUT|PATCH|DELETE|CONNECT|TRACE|QUERY)$/;
/** Options that take no value; HTTPIE_VALUED holds the ones that do (the next word, or after `=`). */
export const HTTPIE_FLAGS = new Set([
  '-j',
  '--json',
  '-f',
  '--form',
  '--multipart',
  '-v',
  '--verbose',
  '-h',
  '--headers',
  '-b',
  '--body',
  '-m',
  '--meta',
  '-q',
  '--quiet',
  '-S',
  '--stream',
  '-F',
  '--follow',
  '--all',
  '--check-status',
  '-I',
  '--ignore-stdin',
  '--offline',
  '--pretty=all',
  '--pretty=none',
  '--pretty=colors',
  '--pretty=format',
  '--verify=no',
  '--verify=yes',
  '-d',
  '--download',
  '-c',
  '--continue',
  '--ignore-netrc',
  '--compress',
  '-x',
  '--chunked',
  '--debug',
  '--traceback',
  '--version',
  '--help',
  '--https',
  '--http2',
  '--raw',
  '--print=h',
  '--print=b',
  '--print=hb',
  '--print=HhBb',
  '--sorted',
  '--unsorted',
  '--path-as-is',
]);
export const HTTPIE_VALUED = new Set([
  // How the output is formatted, and whether (or with which CA bundle) TLS is verified.
  '--pretty',
  '--verify',
  '-p',
  '--print',
  '-P',
  '--history-print',
  '--timeout',
  '--max-redirects',
  '-a',
  '--auth',
  '-A',
  '--auth-type',
  '--style',
  '-s',
  '--session',
  '--session-read-only',
  '--proxy',
  '--cert',
  '--cert-key',
  '--ssl',
  '--ciphers',
  '--response-charset',
  '--response-mime',
  '--format-options',
  '--boundary',
  '--default-scheme',
  '-o',
  '--output',
  '--max-headers',
]);

const httpie: Handler = (w, inv) => {
  const args = inv.args;
  let method: string | null | undefined;
  let url: Arg | undefined;
  let data = false;
  let offline = false;
  let download = false;
  let override = false;
  const outputs: Arg[] = [];
  let endOfOptions = false;
  for (let i = 1; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (v === null) {
      if (url === undefined) return w.unknown(inv, 'dynamic_word');
      data = true;
      continue;
    }
    if (v === '--' && !endOfOptions) {
      endOfOptions = true;
      continue;
    }
    // Options may follow the URL and the items (`http GET URL --download`, `-o out`).
    if (v.startsWith('-') && v.length > 1 && !endOfOptions) {
      const name = v.includes('=') ? v.slice(0, v.indexOf('=')) : v;
      if (!HTTPIE_FLAGS.has(v) && !HTTPIE_FLAGS.has(name) && !HTTPIE_VALUED.has(name)) return w.unknown(inv, 'shell_command_unproven');
      if (name === '--offline') offline = true;
      if (name === '-d' || name === '--download') download = true;
      if (name === '--session') return w.unknown(inv, 'shell_command_unproven');
      if (name === '-o' || name === '--output') {
        // argparse keeps the `=` of a short option's attached value (`-o=x` writes `=x`).
        const o = v.includes('=') ? { ...a, value: v.slice(name === '-o' ? 2 : v.indexOf('=') + 1) } : args[++i];
        if (o) outputs.push(o);
        continue;
      }
      if (HTTPIE_VALUED.has(name) && !v.includes('=')) i++;
      continue;
    }
    if (url === undefined && method === undefined && HTTPIE_METHODS.test(v)) {
      method = v;
      continue;
    }
    if (url === undefined) {
      url = a;
      continue;
    }
    // Request items: `h:v` header, `q==v` query, `f=v` / `f:=json` / `f@file` / `@file` data.
    if (/^[^=:@]*==/.test(v)) continue;
    if (/^[^=:@]+:(?!=)/.test(v)) {
      if (!safeOverrideHeader(v)) override = true;
      continue;
    }
    data = true;
    const at = fileItem(v) ?? /^[^=]*=@(.+)$/.exec(v)?.[1] ?? /^[^:]*:=@(.+)$/.exec(v)?.[1];
    if (at !== undefined) w.effect(inv, 'read', { ...a, value: at });
  }
  if (!offline) {
    const m = method ?? (data || inv.stdinPath !== undefined || inv.stdin !== undefined ? 'POST' : 'GET');
    if (!SAFE_METHODS.test(m) || override) w.acc.write(inv.text);
  }
  for (const o of outputs) w.effect(inv, 'write', o);
  if (download && outputs.length === 0) w.unprovenWrite(inv, 'write_path_missing');
  if (outputs.length === 0 && !download) w.acc.read();
};

export const networkHandlers: HandlerTable = handlerTable(serviceHandlers, {
  __proto__: null,
  http: httpie,
  https: httpie,
  httpie,
  xh: httpie,
  xhs: httpie,
  curl,
  wget,
  tar,
  gtar: tar,
  bsdtar: tar,
  unzip,
  zip,
});
