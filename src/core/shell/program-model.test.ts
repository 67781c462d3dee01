// Every program model under src/core/shell/models/ is valid against
// schemas/program-model.schema.json and names only options it has; the interpreter decides
// each family's commands from the parsed state (the corpus in test/shell-corpus/ holds the
// bypass lines and their benign twins).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { virtualContext as ctx } from '../../../test/support/classify-context.js';
import type { ModelCondition, ModelOption, ModelOutcome, ModelSubcommand, ProgramModel } from '../../generated/types.js';
import { validateProgramModel } from '../../generated/validate-program-model.js';
import { classifyShell } from './classify-shell.js';
import { defineOptions } from './option-table.js';
import { fullOption, modelHandler } from './program-model.js';
import { reads as readTables } from './programs/cli-model.js';
import { modelHandlers } from './programs/models.js';
import type { Arity } from './parsers/types.js';

const DIR = path.join(path.dirname(new URL(import.meta.url).pathname), 'models');
const models = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({ file: f, model: JSON.parse(readFileSync(path.join(DIR, f), 'utf8')) as ProgramModel }));

/** An option's id: its first spelling. */
function firstName(o: ModelOption): string {
  return fullOption(o).names[0];
}

/** Option ids a node's rules and actions name. */
function named(c: ModelCondition | undefined, out: Set<string>): void {
  if (!c) return;
  if (c.option) out.add(c.option);
  if (c.given) out.add(c.given);
  for (const x of [...(c.all ?? []), ...(c.any ?? [])]) named(x, out);
  named(c.not, out);
}
function outcomeNames(o: ModelOutcome | undefined, out: Set<string>): void {
  if (!o || typeof o === 'string') return;
  for (const a of o) {
    named(a.when, out);
    if (a.option) out.add(a.option);
  }
}

describe('program models', () => {
  it('finds the models', () => expect(models.length).toBeGreaterThan(0));
  it.each(models)('$file is valid against the schema and names only its own options', ({ model }) => {
    expect(validateProgramModel(model)).toBe(true);
    const check = (node: ProgramModel | ModelSubcommand, where: string): void => {
      const ids = new Set<string>(['-#', '-<algorithm>']);
      for (const o of node.options ?? []) ids.add(firstName(o));
      for (const s of node.include ?? []) {
        expect(model.optionSets?.[s], `${where}: option set ${s}`).toBeDefined();
        for (const o of model.optionSets?.[s] ?? []) ids.add(firstName(o));
      }
      const used = new Set<string>();
      for (const r of node.rules ?? []) {
        named(r.when, used);
        outcomeNames(r.then, used);
      }
      outcomeNames(node.default, used);
      for (const id of used) expect(ids.has(id), `${where}: ${id} is not an option id (an option's first name)`).toBe(true);
      for (const [name, sub] of Object.entries(node.subcommands ?? {})) if (sub) check(sub, `${where} ${name}`);
    };
    check(model, model.names[0]!);
  });
});

describe('table models', () => {
  const tables = models.filter(({ model }) => model.parser === 'table');
  it('finds them', () => expect(tables.length).toBeGreaterThan(100));
  it.each(tables)('$file: its option lists and operand pattern build, and the models family answers its names', ({ model }) => {
    const singleDash = model.parserRules?.singleDash ?? false;
    // A table builds on first use: `short` builds it (a notation mistake throws); a read path's is its global options and its own (cli-model.ts).
    for (const read of [model.readOptions, model.global])
      if (read !== undefined) expect(defineOptions({ read, abbrev: false, singleDash }).short).toBeDefined();
    for (const t of readTables((model.reads ?? {}) as Record<string, string>, model.global ?? '', singleDash).values()) expect(t.short).toBeDefined();
    if (model.operand !== undefined) expect(new RegExp(model.operand)).toBeInstanceOf(RegExp);
    for (const n of model.names) expect(Object.hasOwn(modelHandlers, n), n).toBe(true);
  });
  it('a code condition no module supplies stops the handler being made', () => {
    expect(() => modelHandler({ names: ['x'], parser: 'table', readOptions: '', check: 'nowhere' })).toThrow(/no code condition nowhere/);
    expect(() => modelHandler({ names: ['x'], parser: 'table', repoConfig: { marker: '.x', file: '.x/c', safe: 'nowhere' } })).toThrow(/nowhere/);
  });
});

describe('decisions read the parsed state', () => {
  const m = (cmd: string) => classifyShell(cmd, ctx()).mutability;
  it('xxd: the outfile after xxd-style options', () => {
    expect(m('xxd -ps a.txt out')).toBe('write');
    expect(m('xxd -cols 4 a.txt out')).toBe('write');
    expect(m('xxd -c4 a.txt')).toBe('read');
    expect(m('xxd -ps a.txt')).toBe('read');
    expect(m('xxd a.txt -')).toBe('read');
    expect(m('xxd -h a.txt out')).toBe('read');
    expect(m('xxd -Z a.txt out')).toBe('unknown');
  });

  it('git: the parsed state, not the tokens', () => {
    expect(m('git add -n --no-dry-run -A')).toBe('write');
    expect(m('git add --no-dry-run --dry -A')).toBe('read');
    expect(m('git commit -m --dry-run -a')).toBe('write');
    expect(m('git commit --dry-run -m x')).toBe('read');
    expect(m('git branch -- newbr')).toBe('write');
    expect(m("git branch --list 'f*'")).toBe('read');
    expect(m('git branch --no-contains main')).toBe('read');
    // PARSE_OPT_LASTARG_DEFAULT: the next word is the value, HEAD when there is none.
    expect(m('git branch --no-merged')).toBe('read');
    expect(m('git branch newbr --merged')).toBe('read');
    expect(m('git branch newbr --merged -f')).toBe('read');
    expect(m('git branch -f newbr --merged')).toBe('write');
    expect(m("git grep -nO'touch p' x")).toBe('unknown');
    expect(m('git grep -n5 x')).toBe('read');
    expect(m('git stash list --output=f')).toBe('write');
    expect(m('git stash list --oneline')).toBe('read');
    expect(m('git stash')).toBe('write');
    expect(m('git archive -oout.tar HEAD')).toBe('write');
    expect(m('git log --onel')).toBe('unknown');
    expect(m('git log -5 --oneline')).toBe('read');
    expect(m('git log -h')).toBe('read');
    // --no-contains cannot be unset (PARSE_OPT_NONEG): --cont is --contains alone, a listing.
    expect(m('git tag --cont HEAD v2')).toBe('read');
    expect(m('git tag --merg HEAD')).toBe('read');
    // git remote's own -v before the subcommand, clustered or abbreviated, is passed over.
    expect(m('git remote -vv show -n origin')).toBe('read');
    expect(m('git remote --verb show -n origin')).toBe('read');
    expect(m('git remote -vv rename origin up')).toBe('write');
    expect(m('git remote -vx show -n origin')).toBe('unknown');
    expect(classifyShell('git diff --full-index', ctx()).intents.hash).toBe(true);
  });

  it("openssl: OpenSSL's parser and its writing options", () => {
    expect(m('openssl x509 -in c.pem --out=o.pem')).toBe('write');
    expect(m('openssl x509 -in c.pem -out=o.pem')).toBe('write');
    expect(m('openssl x509 -in c.pem -noout -writerand s.bin')).toBe('write');
    expect(m('openssl x509 -in c.pem -ou o.pem')).toBe('unknown');
    expect(m('openssl x509 -in c.pem -noout -text')).toBe('read');
    expect(m('openssl x509 -in c.pem -text=1')).toBe('unknown');
    expect(m('openssl s_client -connect h:443 -sess_out s.pem')).toBe('write');
    expect(m('openssl s_client -connect h:443 -keylogfile k.log')).toBe('write');
    expect(m('openssl x509 -in c.pem -engine e')).toBe('unknown');
    expect(classifyShell('openssl sha256 a.txt', ctx()).intents.hash).toBe(true);
    expect(m('openssl sha256 a.txt')).toBe('read');
    // openssl req 3.0: -precert, and -CA or -x509 without -in, make a new request and its key (privkey.pem).
    for (const c of ['openssl req -precert', 'openssl req -CA ca.pem', 'openssl req -x509', 'openssl req -new']) expect(m(c), c).toBe('unknown');
    expect(m('openssl req -in r.csr -noout -text')).toBe('read');
    expect(m('openssl req -CA ca.pem -CAkey ca.key -in r.csr')).toBe('read');
  });

  it('compressors: the last mode wins, -c and -k are kept', () => {
    const fx = (cmd: string) => classifyShell(cmd, ctx()).effects.map((e) => `${e.kind} ${e.path.replace(/^.*\//, '')}`);
    expect(fx('xz -t -z a.txt')).toEqual(['delete a.txt', 'create a.txt.xz']);
    expect(m('xz -z -t a.txt')).toBe('read');
    expect(fx('unxz -k a.txz')).toEqual(['create a.tar']);
    expect(fx('gzip -S .z -d a.z')).toEqual(['delete a.z', 'create a']);
    expect(fx('unxz a.txt')).toEqual(['delete a.txt']);
    expect(m('gzip -t -d a.gz')).toBe('read');
    expect(m('gzip --fil a')).toBe('unknown');
    expect(m('xz --files=list')).toBe('unknown');
    expect(m('bzip2 --comp a.txt')).toBe('unknown');
    // bzip2 1.0.8: after `--` every word is a file, and a name without a bzip2 suffix decompresses to name.out.
    expect(fx('bzip2 -fk -d -- -n data.bin -v')).toEqual(['create -n.out', 'create data.bin.out', 'create -v.out']);
    expect(fx('bzip2 -d a.bz2')).toEqual(['delete a.bz2', 'create a']);
    expect(m('bzip2 -t -- -n a.bz2')).toBe('read');
    expect(fx('gzip -r src')).toEqual(['write src']);
  });
});

describe.skipIf(spawnSync('git', ['--version']).status !== 0)("git's model against `git <subcommand> -h`", () => {
  const git = models.find((m) => m.file === 'git.json')!.model;
  /** Each option `git <sub> -h` lists, with whether it takes a value: ` <x>` required, `[=<x>]` or `[<x>]` (attached) optional. */
  function helped(sub: string): Map<string, Arity> {
    const out = new Map<string, Arity>();
    const r = spawnSync('git', [sub, '-h'], { encoding: 'utf8' });
    const text = r.stdout + r.stderr;
    for (const line of text.split('\n')) {
      const m = /^ {4}(-[^\s,[<]+)(?:, (--[^\s[<=]+))?( ?\[?=?<[^>]*>\]?|\[[^\]]*\]| [[(]\S+)?/.exec(line);
      if (!m || m[1] === '-NUM') continue;
      const arity: Arity = m[3] === undefined ? 'none' : m[3].startsWith('[') ? 'optional' : 'required';
      out.set(m[1]!, arity);
      if (m[2]) out.set(m[2], arity);
    }
    return out;
  }
  /** The modelled subcommands whose `-h` lists their options (remote, worktree and sparse-checkout print only their usage lines). */
  const HELPED = [
    'add',
    'commit',
    'grep',
    'branch',
    'archive',
    'status',
    'rm',
    'mv',
    'push',
    'fetch',
    'prune',
    'tag',
    'replace',
    'fsck',
    'help',
    'config',
    'apply',
    'format-patch',
    'symbolic-ref',
    'clone',
    'init',
    'reset',
  ];
  function modelled(sub: string): Map<string, Arity> {
    const out = new Map<string, Arity>();
    const node = git.subcommands![sub]!;
    // As the interpreter compiles them: the included sets, then the node's own (which win a spelling they share).
    for (const o of [...(node.include ?? []).flatMap((set) => git.optionSets![set]!), ...(node.options ?? [])]) {
      const f = fullOption(o);
      // git's usage prints a lastarg-default value as a required one (`--merged <commit>`).
      for (const n of f.names) out.set(n, (f.value === 'lastarg' ? 'required' : (f.value ?? 'none')) as Arity);
    }
    return out;
  }
  it.each(HELPED)('git %s: every option it lists, with its value', (sub) => {
    const real = helped(sub);
    const mine = modelled(sub);
    expect(real.size).toBeGreaterThan(5);
    const wrong: string[] = [];
    for (const [name, arity] of real) if (mine.get(name) !== arity) wrong.push(`${name}: git ${arity}, model ${mine.get(name) ?? 'missing'}`);
    expect(wrong, wrong.join('; ')).toEqual([]);
  });
});
