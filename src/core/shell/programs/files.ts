// Programs that create, change, move or delete the files their operands name. A folder
// effect stands for the whole subtree below it (`tar -x -C out` writes somewhere in `out`).
import path from 'node:path';
import type { EffectKind } from '../../../generated/types.js';
import { hasOption, optionValues, parseArgs, type OptionSpec, type ParsedArgs } from '../options.js';
import { defineOptions, optionsOfKind, readerHandler, scanned, scanOptions, unprovenOptions } from '../option-table.js';
import { SORT, UNIQ } from '../read-tables.js';
import type { Handler, Invocation, ShellWalker } from '../walker.js';
import type { Arg } from '../words.js';
import { patchTargets } from './git.js';
import { configFilesHarmless } from './workdir-config.js';
import { lookupTable } from '../../lookup-table.js';
import { modelHandler } from '../program-model.js';
import BZIP2 from '../models/bzip2.json' with { type: 'json' };
import GZIP from '../models/gzip.json' with { type: 'json' };
import XZ from '../models/xz.json' with { type: 'json' };
import { cutAt, trimEndOf } from '../../intents/line-text.js';

function effects(w: ShellWalker, inv: Invocation, kind: EffectKind, args: readonly Arg[]): void {
  for (const a of args) w.effect(inv, kind, a);
  if (kind !== 'read') {
    w.extraTargets(inv);
    if (args.length === 0 && !inv.extraArgs) w.acc.write(inv.text);
  }
}

function simple(kind: EffectKind, spec: OptionSpec, readOptions: string[] = []): Handler {
  return (w, inv) => {
    const p = parseArgs(inv.args, 1, spec);
    for (const r of optionValues(p, ...readOptions)) w.effect(inv, 'read', r);
    effects(w, inv, kind, p.operands);
  };
}

function baseName(v: string): string {
  return path.posix.basename(trimEndOf(v.replace(/\\/g, '/'), '/'));
}

/** A destination that names a folder the sources land in. */
function mayBeDir(w: ShellWalker, dest: string, destArg: Arg, sources: number, explicitDir: boolean): boolean {
  if (explicitDir || sources > 1) return true;
  if (destArg.value !== null && /[/\\]$/.test(destArg.value)) return true;
  return w.exists(dest) && w.readFile(dest) === undefined;
}

/**
 * The backup suffixes `--backup[=CONTROL]`/`-b` with `-S SUFFIX` make beside each replaced
 * file; empty when no backup is made. Numbered backups (`f.~1~`) are kept as a pattern.
 */
function backupSuffixes(p: ParsedArgs): string[] | null {
  let on = false;
  let control: string | null | undefined;
  for (const o of p.options) {
    if (o.name === 'b') on = true;
    // The last value given wins; a bare `--backup` keeps it (`--backup=none --backup` makes none).
    if (o.name === 'backup') {
      on = true;
      if (o.value) control = o.value.value;
    }
  }
  if (!on) return [];
  // The last -S wins (`-S .a -S .b` backs up to f.b).
  const suffixArg = optionValues(p, 'S', 'suffix').pop();
  const suffix = suffixArg ? suffixArg.value : '~';
  if (suffix === null || control === null) return null;
  if (control === 'none' || control === 'off') return [];
  if (control === 'simple' || control === 'never') return [suffix];
  if (control === 'numbered' || control === 't') return ['.~*~'];
  return [suffix, '.~*~'];
}

function destFiles(_w: ShellWalker, destPath: string, _dest: Arg, sources: readonly Arg[], dirLike: boolean): string[] {
  if (!dirLike) return [destPath];
  const out: string[] = [];
  for (const s of sources) if (s.value !== null) out.push(destPath.endsWith('/') ? destPath + baseName(s.value) : `${destPath}/${baseName(s.value)}`);
  return out;
}

/** How the destination relates to the sources: a copy, a hard link or a symbolic link. */
type LinkMode = 'copy' | 'hard' | 'symbolic';

/** mv / cp / install / ln: sources, a destination, `-t DIR`; backups and links are effects too. */
function transfer(
  w: ShellWalker,
  inv: Invocation,
  p: ParsedArgs,
  srcKind: EffectKind,
  destKind: EffectKind,
  targetOpt: string[],
  mode: LinkMode = 'copy',
): void {
  // `cp "$f" dest/` with f=--target-directory=.. writes elsewhere: a hidden word may be an option.
  if (p.maybeOptions.length > 0) w.acc.unprovenWrite('dynamic_word', inv.text);
  const tdir = optionValues(p, ...targetOpt)[0];
  let sources = p.operands;
  let dest: Arg | undefined = tdir;
  if (!dest) {
    if (sources.length < 2 && !inv.extraArgs) {
      w.unprovenWrite(inv, 'write_path_missing');
      return;
    }
    dest = sources[sources.length - 1];
    sources = sources.slice(0, -1);
  }
  // A hard link shares the original's data: a later write through it changes the original.
  for (const s of sources) w.effect(inv, mode === 'hard' ? 'write' : srcKind, s);
  if (!dest) return;
  const destPath = w.path(inv, dest);
  if (!destPath) {
    w.acc.unprovenWrite('dynamic_word', inv.text);
    return;
  }
  const dirLike = mayBeDir(w, destPath, dest, sources.length + (inv.extraArgs ? 2 : 0), tdir !== undefined);
  // Into a folder, only `folder/<name>` changes; the folder itself is an effect only when
  // a source name is hidden (a dynamic word, xargs) or it may itself be the target file.
  const hidden = inv.extraArgs || sources.some((s) => s.value === null);
  if (!dirLike || hidden || !(tdir !== undefined || /[/\\]$/.test(dest.value ?? '') || (w.exists(destPath) && w.readFile(destPath) === undefined))) {
    w.effectPath(inv, destKind, destPath);
  }
  const files = destFiles(w, destPath, dest, sources, dirLike);
  for (const f of files) if (f !== destPath) w.effectPath(inv, destKind, f);
  const backups = backupSuffixes(p);
  if (backups === null) w.acc.unprovenWrite('dynamic_word', inv.text);
  else for (const f of files) for (const b of backups) w.effectPath(inv, 'create', f + b);
  if (mode === 'symbolic') {
    for (let i = 0; i < sources.length; i++) {
      const src = sources[i]!;
      const f = dirLike ? files[i] : destPath;
      const target = src.value === null ? null : w.path(inv, src);
      if (f && target) w.acc.link(f, target);
    }
  }
  w.extraTargets(inv);
}

export const MV: OptionSpec = {
  flags: 'finuvbTZ',
  values: 'tS',
  longFlags: ['force', 'interactive', 'no-clobber', 'verbose', 'no-target-directory', 'strip-trailing-slashes', 'exchange', 'context', 'no-copy'],
  longValues: ['target-directory', 'suffix'],
  longOptional: ['backup', 'update'],
};

export const CP: OptionSpec = {
  flags: 'aRrfinpvulsLPHdxTbZ',
  values: 'tS',
  longFlags: [
    'archive',
    'recursive',
    'force',
    'interactive',
    'no-clobber',
    'parents',
    'verbose',
    'link',
    'symbolic-link',
    'dereference',
    'no-dereference',
    'one-file-system',
    'remove-destination',
    'strip-trailing-slashes',
    'attributes-only',
    'debug',
    'no-target-directory',
    'copy-contents',
    'keep-directory-symlink',
  ],
  longValues: ['target-directory', 'suffix', 'no-preserve', 'sparse'],
  longOptional: ['preserve', 'backup', 'reflink', 'update', 'context'],
};

const mv: Handler = (w, inv) => {
  const p = parseArgs(inv.args, 1, MV);
  if (p.unknown.length > 0) return w.unknown(inv, 'shell_command_unproven');
  transfer(w, inv, p, 'move', 'move', ['t', 'target-directory']);
};
const cp: Handler = (w, inv) => {
  const p = parseArgs(inv.args, 1, CP);
  if (p.unknown.length > 0) return w.unknown(inv, 'shell_command_unproven');
  const mode: LinkMode = hasOption(p, 'l', 'link') ? 'hard' : hasOption(p, 's', 'symbolic-link') ? 'symbolic' : 'copy';
  transfer(w, inv, p, 'read', 'write', ['t', 'target-directory'], mode);
};

export const INSTALL: OptionSpec = {
  flags: 'bcCdDpsvTZ',
  values: 'gmoStM',
  longFlags: ['compare', 'directory', 'preserve-timestamps', 'strip', 'verbose', 'no-target-directory'],
  longValues: ['group', 'mode', 'owner', 'suffix', 'target-directory', 'strip-program'],
  longOptional: ['backup', 'context'],
};
const install: Handler = (w, inv) => {
  const p = parseArgs(inv.args, 1, INSTALL);
  if (p.unknown.length > 0) return w.unknown(inv, 'shell_command_unproven');
  if (hasOption(p, 'd', 'directory')) return effects(w, inv, 'create', p.operands);
  transfer(w, inv, p, 'read', 'write', ['t', 'target-directory']);
};

/**
 * ln: a symbolic link is created (and remembered, so a later write through it in the same
 * command lands on its target, resolved from the link's folder); a hard link is also a
 * write to the original, whose data it shares.
 */
export const LN: OptionSpec = {
  flags: 'bdfFinLPrsTv',
  values: 'St',
  longFlags: ['directory', 'force', 'interactive', 'logical', 'no-dereference', 'physical', 'relative', 'symbolic', 'no-target-directory', 'verbose'],
  longValues: ['suffix', 'target-directory'],
  longOptional: ['backup'],
};
const ln: Handler = (w, inv) => {
  const p = parseArgs(inv.args, 1, LN);
  if (p.unknown.length > 0) return w.unknown(inv, 'shell_command_unproven');
  const symbolic = hasOption(p, 's', 'symbolic');
  const tdir = optionValues(p, 't', 'target-directory')[0];
  const targets = tdir || p.operands.length === 1 ? p.operands : p.operands.slice(0, -1);
  let linkDir: Arg | undefined = tdir ?? (p.operands.length > 1 ? p.operands[p.operands.length - 1] : undefined);
  if (!linkDir) {
    const t = p.operands[0];
    if (!t) return w.unprovenWrite(inv, 'write_path_missing');
    if (t.value === null) return w.unprovenWrite(inv, 'dynamic_word');
    linkDir = { value: '.', glob: false, tilde: false, text: '.' };
  }
  const dest = w.path(inv, linkDir);
  if (!dest) return w.unprovenWrite(inv, 'dynamic_word');
  const dirLike = tdir !== undefined || p.operands.length === 1 || mayBeDir(w, dest, linkDir, targets.length, false);
  const backups = backupSuffixes(p);
  if (backups === null) w.acc.unprovenWrite('dynamic_word', inv.text);
  if (!dirLike) w.effectPath(inv, 'create', dest);
  for (const t of targets) {
    if (t.value === null) {
      w.acc.unprovenWrite('dynamic_word', inv.text);
      continue;
    }
    const link = dirLike ? `${dest}/${baseName(t.value)}` : dest;
    if (dirLike) w.effectPath(inv, 'create', link);
    for (const b of backups ?? []) w.effectPath(inv, 'create', link + b);
    if (symbolic) {
      // A relative target is resolved from the folder that holds the link; with `-r` ln
      // takes it from here and rewrites it relative to the link, so it names the same file.
      const from = link.slice(0, link.lastIndexOf('/')) || '/';
      const relative = hasOption(p, 'r', 'relative');
      const target = w.path({ ...inv, scope: { ...inv.scope, cwd: t.value.startsWith('/') || relative ? inv.scope.cwd : from } }, t);
      if (target) w.acc.link(link, target);
    } else w.effect(inv, 'write', t);
  }
};

const rm = simple('delete', {
  flags: 'rRfiIdv',
  longFlags: ['recursive', 'force', 'dir', 'verbose', 'one-file-system', 'no-preserve-root'],
  longOptional: ['interactive', 'preserve-root'],
});
const rmdir = simple('delete', { flags: 'pv', longFlags: ['parents', 'verbose', 'ignore-fail-on-non-empty'] });
const unlink = simple('delete', {});
const touch = simple('create', { flags: 'acfhm', values: 'drt', longFlags: ['no-create', 'no-dereference'], longValues: ['date', 'reference', 'time'] }, [
  'r',
  'reference',
]);
const mkdir = simple('create', { flags: 'pvZ', values: 'm', longFlags: ['parents', 'verbose'], longValues: ['mode'], longOptional: ['context'] });
const truncate = simple('write', { flags: 'co', values: 'rs', longFlags: ['no-create', 'io-blocks'], longValues: ['reference', 'size'] }, ['r', 'reference']);
const tee = simple('write', { flags: 'aip', longFlags: ['append', 'ignore-interrupts'], longOptional: ['output-error'] });
const sponge = simple('write', { flags: 'a' });

const shred: Handler = (w, inv) => {
  const p = parseArgs(inv.args, 1, {
    flags: 'fuvxz',
    values: 'ns',
    longFlags: ['force', 'verbose', 'exact', 'zero'],
    longValues: ['iterations', 'size', 'random-source'],
    longOptional: ['remove'],
  });
  effects(w, inv, hasOption(p, 'u', 'remove') ? 'delete' : 'write', p.operands);
};

/** chmod/chown/chgrp: the first operand is the mode or owner unless `--reference` names a file. */
function attributes(isChmod: boolean): Handler {
  return (w, inv) => {
    const args = inv.args.map((a) =>
      isChmod && a.value !== null && /^[-+=][rwxXstugo0-7]*$/.test(a.value) && a.value.length > 1 ? { ...a, value: `MODE:${a.value}` } : a,
    );
    const p = parseArgs(args, 1, {
      flags: 'RvcfhHLP',
      longFlags: ['recursive', 'verbose', 'changes', 'silent', 'quiet', 'dereference', 'no-dereference', 'no-preserve-root', 'preserve-root'],
      longValues: ['reference', 'from'],
    });
    const ref = optionValues(p, 'reference')[0];
    if (ref) w.effect(inv, 'read', ref);
    effects(w, inv, 'write', ref ? p.operands : p.operands.slice(1));
  };
}

const dd: Handler = (w, inv) => {
  let wrote = false;
  for (let i = 1; i < inv.args.length; i++) {
    const a = inv.args[i]!;
    if (a.value === null) {
      w.unprovenWrite(inv, 'dynamic_word');
      wrote = true;
      continue;
    }
    if (a.value.startsWith('of=')) {
      const target = a.value.slice(3);
      if (target === '/dev/null' || target === '/dev/stdout' || target === '/dev/stderr') continue;
      w.effect(inv, 'write', { ...a, value: target, tilde: target.startsWith('~') });
      wrote = true;
    } else if (a.value.startsWith('if=')) {
      w.effect(inv, 'read', { ...a, value: a.value.slice(3), tilde: a.value.startsWith('if=~') });
    }
  }
  if (!wrote) w.acc.read();
};

export const RSYNC = defineOptions({
  read:
    '-v -q -c -a -r -R -b -u -l -L -k -K -H -p -E -A -X -o -g -D -t -U -N -O -J -m -n -W -x -C -y -z -0 -4 -6 -8 -h -i -P -F -S -s -d -I ' +
    '--verbose --quiet --no-motd --checksum --archive --recursive --relative --no-implied-dirs --backup --update --inplace --append ' +
    '--append-verify --dirs --mkpath --links --copy-links --copy-unsafe-links --safe-links --munge-links --copy-dirlinks --keep-dirlinks ' +
    '--hard-links --perms --executability --acls --xattrs --owner --group --devices --specials --times --atimes --open-noatime --crtimes ' +
    '--omit-dir-times --omit-link-times --super --fake-super --sparse --preallocate --dry-run --whole-file --one-file-system --existing ' +
    '--ignore-existing --delete --delete-before --delete-during --delete-delay --delete-after --delete-excluded --ignore-missing-args ' +
    '--delete-missing-args --ignore-errors --force --partial --delay-updates --prune-empty-dirs --numeric-ids --size-only --cvs-exclude ' +
    '--compress --stats --8-bit-output --human-readable --progress --itemize-changes --list-only --ipv4 --ipv6 --version --help --from0 ' +
    '--fuzzy --secluded-args --protect-args --trust-sender --blocking-io --fsync --no-perms --no-owner --no-group --no-times ' +
    '--no-recursive --no-inc-recursive --no-i-r --no-whole-file --no-compress --no-links --no-devices --no-specials ' +
    '--ignore-times --copy-devices --write-devices --old-args --no-D --no-o --no-g --no-p --no-t ' +
    '-f: -B: --suffix= --chmod= --chown= --usermap= --groupmap= --timeout= --contimeout= --modify-window= --compare-dest= ' +
    '--copy-dest= --compress-choice= --zc= --compress-level= --zl= --skip-compress= --filter= --exclude= --exclude-from= --include= ' +
    '--include-from= --files-from= --address= --port= --sockopts= --outbuf= --log-file-format= --password-file= --bwlimit= --stop-after= ' +
    '--stop-at= --protocol= --iconv= --checksum-choice= --cc= --checksum-seed= --block-size= --max-delete= --max-size= --min-size= ' +
    '--max-alloc= --out-format= --info= --debug= --stderr= --copy-as= --early-input= --msgs2stderr --noatime -@: --time-limit=',
  // Files written besides the destination; `--link-dest` hard-links its files into it.
  // `-T` is `--temp-dir`; `-M` is `--remote-option`.
  write: '--log-file= --write-batch= --only-write-batch= --backup-dir= --temp-dir= -T: --link-dest= --partial-dir=',
  exec: '-e: --rsh= -M: --remote-option= --rsync-path= --read-batch=',
  unsafe: '--remove-source-files',
  // popt: no abbreviations (`--dry-r` is an error), and `-T=dir` names `dir` (checked, rsync 3.5.0).
  abbrev: false,
  shortEquals: true,
});

/** rsync's own output files, named from where it was started (the rest are below the destination). */
const RSYNC_CWD_FILES = new Set(['--log-file', '--write-batch', '--only-write-batch']);

/**
 * An rsync operand naming another machine, as rsync reads it: `rsync://…`, or a colon before any
 * slash (`host:src`, `a:src`, `:src` and `host::module` alike; `./a:b` is a local file). Unknown
 * text may name one.
 */
function rsyncRemote(a: Arg): boolean {
  if (a.value === null) return true;
  if (a.value.startsWith('rsync://')) return true;
  const colon = a.value.indexOf(':');
  if (colon < 0) return false;
  const slash = a.value.indexOf('/');
  return slash < 0 || colon < slash;
}

/**
 * popt's alias files: a line `rsync alias -q --log-file=x` rewrites rsync's own options before
 * it reads them (checked, rsync 3.5.0 with ~/.popt), and `rsync exec` runs a program. Proven only
 * where no such file names rsync; /etc/popt.d is a folder of them, not read here.
 */
function poptAliasesFree(w: ShellWalker): boolean {
  if (w.exists('/etc/popt.d')) return false;
  return configFilesHarmless(w, ['/etc/popt', `${w.pc.home}/.popt`], (text) => !text.includes('rsync'));
}

/** rsync: closed table; the destination tree, named extra files, sources it removes. */
const rsync: Handler = (w, inv) => {
  if (!poptAliasesFree(w)) return w.unknown(inv, 'shell_command_unproven');
  const s = scanOptions(inv.args, 1, RSYNC);
  if (s.problem !== undefined) return w.unknown(inv, s.problem === 'dynamic_option' ? 'dynamic_word' : 'shell_command_unproven');
  if (optionsOfKind(s, 'exec').length > 0) return w.unknown(inv, 'shell_command_unproven');
  // `-c` compares whole-file checksums instead of sizes and times.
  if (scanned(s, '-c', '--checksum')) w.acc.addHash('command', inv.text);
  const dry = scanned(s, '-n', '--dry-run', '--list-only');
  const ops = s.operands;
  for (const o of optionsOfKind(s, 'write')) {
    if (RSYNC_CWD_FILES.has(o.name) && o.value) w.effect(inv, 'write', o.value);
  }
  // A remote end, even for a dry run or a listing: rsync starts the remote shell (ssh, with the
  // user's own configuration) or connects to a daemon, and what runs there we cannot see from here.
  if (ops.some(rsyncRemote)) return w.unknown(inv, 'shell_command_unproven');
  if (dry) return w.acc.read();
  if (ops.length < 2) return ops.length === 1 ? w.acc.read() : w.unprovenWrite(inv, 'write_path_missing');
  const dest = ops[ops.length - 1]!;
  if (scanned(s, '--remove-source-files')) for (const src of ops.slice(0, -1)) w.effect(inv, 'delete', src);
  const destPath = w.path(inv, dest);
  if (!destPath) return w.unprovenWrite(inv, 'dynamic_word');
  // The receiver works inside the destination: a relative backup, temp, partial or link-dest
  // folder is below it (`--backup-dir=../docs` from `src/` is docs/, wherever rsync was started).
  for (const o of optionsOfKind(s, 'write')) {
    if (RSYNC_CWD_FILES.has(o.name)) continue;
    const v = o.value?.value;
    if (v === null || v === undefined) w.unprovenWrite(inv, 'dynamic_word');
    else if (v.startsWith('/') || o.value!.tilde) w.effect(inv, 'write', o.value!);
    // A partial folder is below each file's own folder, which may be deeper than the destination.
    else if (o.name === '--partial-dir' && v.split('/').includes('..')) w.unprovenWrite(inv, 'shell_command_unproven');
    else {
      // A destination that is not a folder (`rsync a.txt src/b.txt`) has the receiver in its parent.
      w.effect(inv, 'write', { ...o.value!, value: `${destPath}/${v}`, glob: false });
      if (!dest.value?.endsWith('/') && !w.isDirectory(destPath))
        w.effect(inv, 'write', { ...o.value!, value: `${destPath.slice(0, destPath.lastIndexOf('/')) || '/'}/${v}`, glob: false });
    }
  }
  // The whole destination folder: new files, deletions (`--delete`) and backups (`-b`) land there.
  w.effectPath(inv, 'write', destPath);
  for (const src of ops.slice(0, -1)) {
    if (src.value === null) continue;
    if (!src.value.endsWith('/')) w.effectPath(inv, 'write', `${destPath}/${baseName(src.value)}`);
    w.effect(inv, 'read', src);
  }
  w.extraTargets(inv);
};

const mktemp: Handler = (w, inv) => {
  const p = parseArgs(inv.args, 1, {
    flags: 'dqut',
    values: 'p',
    longFlags: ['directory', 'quiet', 'dry-run'],
    longValues: ['suffix'],
    longOptional: ['tmpdir'],
  });
  if (hasOption(p, 'u', 'dry-run')) return w.acc.read();
  const dirOpt = p.options.find((o) => o.name === 'p' || o.name === 'tmpdir');
  const template = p.operands[0];
  const tmp = '/tmp';
  if (!template) {
    const base = dirOpt?.value ? w.path(inv, dirOpt.value) : tmp;
    if (!base) return w.unprovenWrite(inv, 'dynamic_word');
    return w.effectPath(inv, 'create', `${base}/tmp.XXXXXXXXXX`);
  }
  if (template.value === null) return w.unprovenWrite(inv, 'dynamic_word');
  if (dirOpt || hasOption(p, 't')) {
    const base = dirOpt?.value ? w.path(inv, dirOpt.value) : tmp;
    if (!base) return w.unprovenWrite(inv, 'dynamic_word');
    return w.effectPath(inv, 'create', `${base}/${template.value}`);
  }
  w.effect(inv, 'create', template);
};

/** sort writes only its `-o` file; `--compress-program` runs one. */
const sort = readerHandler(SORT);

/** uniq writes its second operand. */
const uniq: Handler = (w, inv) => {
  const s = scanOptions(inv.args, 1, UNIQ);
  if (unprovenOptions(w, inv, s)) return;
  const out = s.operands[1];
  if (out && out.value !== '-') w.effect(inv, 'write', out);
  else w.acc.read();
};

/**
 * patch (GNU patch 2.7's getopt_long table, every option): the files named in the patch (read
 * from `-i`, an operand or standard input), or the one file given on the command line. Only
 * `-p0`/`-p1` paths are trusted; other strip levels leave the targets unproven. `--dry-run`
 * writes no target and no reject file, but still creates the `-o` output file (checked against
 * the real patch). An option outside the table is unproven; `-g`/`--get` (and `PATCH_GET`) may
 * check the file out of RCS or SCCS by running their programs; a backup `--prefix` with a
 * folder in it puts backups where the patch does not say.
 */
const PATCH_OPTIONS = {
  flags: 'bceEflmnNRstTuvZ',
  values: 'BdDFgiopVrxYz',
  longFlags: [
    'backup',
    'context',
    'ed',
    'remove-empty-files',
    'force',
    'ignore-whitespace',
    'normal',
    'forward',
    'reverse',
    'quiet',
    'silent',
    'batch',
    'set-time',
    'unified',
    'version',
    'set-utc',
    'dry-run',
    'verbose',
    'binary',
    'help',
    'backup-if-mismatch',
    'no-backup-if-mismatch',
    'posix',
    'follow-symlinks',
  ],
  longValues: [
    'prefix',
    'directory',
    'ifdef',
    'fuzz',
    'get',
    'input',
    'output',
    'strip',
    'reject-file',
    'version-control',
    'debug',
    'basename-prefix',
    'suffix',
    'quoting-style',
    'reject-format',
    'read-only',
  ],
  longOptional: ['merge'],
};

/**
 * Whether `-p<strip>` names the files the unified-diff parser finds: that parser drops git's
 * `a/` and `b/` and keeps any other path whole, so -p1 agrees only where every header path has
 * such a prefix and -p0 only where none has (`patch -p1` on `--- src/docs/b.ts` patches docs/b.ts).
 */
function stripAgrees(w: ShellWalker, inv: Invocation, files: readonly Arg[], strip: '0' | '1'): boolean {
  const texts: (string | undefined)[] = [];
  if (files.length === 0) texts.push(inv.stdin ?? (inv.stdinPath !== undefined ? w.readFile(inv.stdinPath) : undefined));
  for (const f of files) {
    const p = w.path(inv, f);
    texts.push(p === null ? undefined : w.readFile(p));
  }
  for (const t of texts) {
    if (t === undefined) return false;
    for (const line of t.split('\n')) {
      if (!line.startsWith('--- ') && !line.startsWith('+++ ')) continue;
      const name = cutAt(line.slice(4), '\t');
      if (name === '/dev/null') continue;
      if ((name.startsWith('a/') || name.startsWith('b/')) !== (strip === '1')) return false;
    }
  }
  return true;
}

const patch: Handler = (w, inv) => {
  const p = parseArgs(inv.args, 1, PATCH_OPTIONS);
  if (p.unknown.length > 0) return w.unknown(inv, 'shell_command_unproven');
  if (p.maybeOptions.length > 0) return w.unknown(inv, 'dynamic_word');
  if (hasOption(p, 'help', 'v', 'version')) return w.acc.read();
  // patch changes folder at each -d as it reads it (`-d a -d b` works in a/b), before it opens
  // any file: the patch (-i or the second operand), -o and -r are read and written from there.
  let scoped = inv;
  for (const dir of optionValues(p, 'd', 'directory')) scoped = { ...scoped, scope: { ...scoped.scope, cwd: w.path(scoped, dir) } };
  const out = optionValues(p, 'o', 'output').pop();
  if (hasOption(p, 'dry-run')) {
    if (out && out.value !== '-') return w.effect(scoped, 'write', out);
    return w.acc.read();
  }
  if (inv.scope.env.has('PATCH_GET') || optionValues(p, 'g', 'get').some((g) => g.value !== '0')) return w.unknown(inv, 'shell_command_unproven');
  if (optionValues(p, 'B', 'prefix').some((b) => b.value === null || b.value.includes('/'))) return w.unprovenWrite(inv, 'write_path_missing');
  for (const r of optionValues(p, 'r', 'reject-file')) w.effect(scoped, 'write', r);
  const input = optionValues(p, 'i', 'input');
  const [original, patchFile] = p.operands;
  if (patchFile) input.push(patchFile);
  for (const f of input) w.effect(scoped, 'read', f);
  if (out && out.value !== '-') return w.effect(scoped, 'write', out);
  // `-o -` prints the patched file; a hunk that fails is saved to `-.rej` unless `-r` names a file.
  if (out) return optionValues(p, 'r', 'reject-file').length ? undefined : w.effect(scoped, 'write', { ...out, value: '-.rej' });
  if (original) return w.effect(scoped, 'write', original);
  // The last -p wins (`-p1 -p2` strips two).
  const strip = optionValues(p, 'p', 'strip').pop()?.value;
  if ((strip !== '0' && strip !== '1') || !stripAgrees(w, scoped, input, strip)) return w.unprovenWrite(inv, 'write_path_missing');
  if (!patchTargets(w, scoped, input, scoped.scope.cwd, scoped.scope.cwd, hasOption(p, 'R', 'reverse'))) w.unprovenWrite(inv, 'write_path_missing');
};

export const fileHandlers = lookupTable<Handler>({
  __proto__: null,
  patch,
  rm,
  rmdir,
  unlink,
  shred,
  mv,
  cp,
  install,
  ln,
  touch,
  mkdir,
  truncate,
  tee,
  sponge,
  dd,
  chmod: attributes(true),
  chown: attributes(false),
  chgrp: attributes(false),
  rsync,
  mktemp,
  sort,
  uniq,
  // gzip/xz/bzip2 replace their operands with a compressed or decompressed file: models/*.json.
  gzip: modelHandler(GZIP),
  gunzip: modelHandler(GZIP),
  bzip2: modelHandler(BZIP2),
  bunzip2: modelHandler(BZIP2),
  xz: modelHandler(XZ),
  unxz: modelHandler(XZ),
});
