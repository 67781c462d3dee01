// A command-line program with subcommands, as data: options before the subcommand, the
// subcommand paths that only read (each with the closed table of options it takes), the paths
// that change remote state, and a last check. The operations CLIs (services.ts) and the
// table models (program-model.ts) are read through it. Help of a known subcommand path
// (`docker container rm --help`, `kubectl delete -h`) is a read: these parsers print the
// subcommand's usage and exit on `--help` or `-h` before they act (help-version.ts is the rule
// for a program's own `--help`).
import { defineOptions, onFirstUse, readOrWriteOptions, scanOptions, unprovenOptions, withOptions, type OptionTable } from '../option-table.js';
import type { Handler, Invocation, ShellWalker } from '../walker.js';
import type { Arg } from '../words.js';
import { trimEndOf } from '../../intents/line-text.js';

export interface CliSpec {
  /** Options accepted before the subcommand (posix scan). */
  readonly global: OptionTable;
  /** Subcommand paths (`get`, `config view`, `pr list`) that only read, with the options they accept. */
  readonly reads: ReadonlyMap<string, OptionTable>;
  /** Subcommand paths (or first words) that change remote state. */
  readonly mutations: ReadonlySet<string>;
  readonly depth: number;
  /** A last check on a read (`gh api` with fields, `aws … get-object outfile`): returns false to leave it unproven, 'write' for a mutation. */
  readonly refine?: (path: string, inv: Invocation, rest: readonly Arg[], given: ReadonlySet<string>) => boolean | 'write';
  /**
   * Options naming a config file that can make the CLI run a program (a kubeconfig's `exec`
   * credential plugin), with the folder under HOME where the user keeps them: a file
   * anywhere else (one the agent may have written) leaves the command unproven.
   */
  readonly userConfig?: { readonly option: string; readonly dir: string };
  /** Paths neither read nor mutation that the program has, known only so that their help is a read. */
  readonly known?: ReadonlySet<string>;
  /** The words after a subcommand path that print its usage (default `--help` and `-h`). */
  readonly helpWords?: ReadonlySet<string>;
  /**
   * Global options may also come between the words of a path (cobra's persistent flags, clap's
   * global arguments, Mercurial's and Subversion's options anywhere): `pulumi stack --cwd x ls`.
   */
  readonly globalBetween?: boolean;
}

const HELP_WORDS: ReadonlySet<string> = new Set(['--help', '-h']);

/** Whether `words` is a known path or begins one (`compose` of `compose up`). */
function knownPathOrPrefix(spec: CliSpec, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  const p = words.join(' ');
  if (spec.reads.has(p) || spec.mutations.has(p) || spec.known?.has(p)) return true;
  const head = `${p} `;
  for (const k of spec.reads.keys()) if (k.startsWith(head)) return true;
  for (const k of spec.mutations) if (k.startsWith(head)) return true;
  for (const k of spec.known ?? []) if (k.startsWith(head)) return true;
  return false;
}

/** The value of `--name=v` / `--name v` options among `args`, null for one we cannot see. */
function optionValues(args: readonly Arg[], name: string): (string | null)[] {
  const out: (string | null)[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === name) out.push(args[i + 1]?.value ?? null);
    else if (v !== null && v.startsWith(`${name}=`)) out.push(v.slice(name.length + 1));
  }
  return out;
}

function userConfigProven(w: ShellWalker, inv: Invocation, c: { readonly option: string; readonly dir: string }): boolean {
  const prefix = `${w.ctx.home}/${c.dir}/`;
  for (const v of optionValues(inv.args, c.option)) {
    if (v === null) return false;
    const p = v.startsWith('~/') ? w.ctx.home + v.slice(1) : v;
    if (!p.startsWith(prefix) || p.includes('/../')) return false;
  }
  return true;
}

export function mutation(w: ShellWalker, inv: Invocation): void {
  w.acc.write(inv.text);
}

/** A CLI's handler; its spec (tables, subcommand maps) is made when a command first names the CLI. */
export function cli(make: () => CliSpec): Handler {
  const specOf = onFirstUse(make);
  return (w, inv) => {
    const spec = specOf();
    if (spec.userConfig && !userConfigProven(w, inv, spec.userConfig)) return w.unknown(inv, 'shell_command_unproven');
    const g = scanOptions(inv.args, 1, withOptions(spec.global, { posix: true }));
    if (unprovenOptions(w, inv, g)) return;
    const start = g.rest;
    // The options parsed, before, between and after the path's words: an option's value or a word after `--` is none.
    const given = new Set(g.options.map((o) => o.name));
    const words: string[] = [];
    let path: string | undefined;
    let kind: 'read' | 'mutation' | undefined;
    let end = start;
    for (let i = start; i < inv.args.length && words.length < spec.depth; i++) {
      const v = inv.args[i]!.value;
      if (v === null) return w.unknown(inv, 'dynamic_word');
      if (v.startsWith('-')) {
        // `pulumi stack --cwd x ls`: global options between a path's words, where the program takes them there (what
        // follows the last path found is scanned again with its table, these options too).
        if (spec.globalBetween && words.length > 0) {
          const between = scanOptions(inv.args, i, withOptions(spec.global, { posix: true }));
          if (between.problem === undefined && between.maybeOptions.length === 0 && between.rest > i) {
            for (const o of between.options) given.add(o.name);
            i = between.rest - 1;
            continue;
          }
        }
        break;
      }
      words.push(v);
      // `docker container rm --help`: the usage of a subcommand the model knows, nothing run.
      if (i + 2 === inv.args.length && (spec.helpWords ?? HELP_WORDS).has(inv.args[i + 1]!.value ?? '') && knownPathOrPrefix(spec, words)) return w.acc.read();
      const p = words.join(' ');
      if (spec.reads.has(p)) {
        path = p;
        kind = 'read';
        end = i + 1;
      } else if (spec.mutations.has(p)) {
        path = p;
        kind = 'mutation';
        end = i + 1;
        break;
      }
    }
    if (kind === 'mutation') return mutation(w, inv);
    if (!path) {
      if (words.length === 0 && inv.args.length === start) return w.acc.read();
      return w.unknown(inv, 'shell_command_unproven');
    }
    const table = spec.reads.get(path)!;
    const rest = inv.args.slice(end);
    const s = scanOptions(rest, 0, table);
    if (unprovenOptions(w, inv, s)) return;
    // These tables list what remit knows, not every option the CLI has: a hidden word may be another.
    if (s.maybeOptions.length > 0) return w.unknown(inv, 'dynamic_word');
    for (const o of s.options) given.add(o.name);
    const refined = spec.refine ? spec.refine(path, inv, rest, given) : true;
    if (refined === 'write') return mutation(w, inv);
    if (!refined) return w.unknown(inv, 'shell_command_unproven');
    readOrWriteOptions(w, inv, s);
  };
}

export function reads(entries: Record<string, string>, common: string, singleDash = false): Map<string, OptionTable> {
  const out = new Map<string, OptionTable>();
  const cache = new Map<string, OptionTable>();
  for (const [paths, extra] of Object.entries(entries)) {
    const key = extra;
    let t = cache.get(key);
    if (!t) {
      t = defineOptions({ read: dedupe(`${common} ${extra}`), abbrev: false, singleDash });
      cache.set(key, t);
    }
    for (const p of paths.split(',')) out.set(p.trim(), t);
  }
  return out;
}

/** Keeps the first spelling of each option (tables are unions of per-subcommand lists). */
function dedupe(list: string): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tok of list.trim().split(/\s+/)) {
    const name = trimEndOf(tok, ':=[]');
    if (seen.has(name)) continue;
    seen.add(name);
    out.push(tok);
  }
  return out.join(' ');
}
