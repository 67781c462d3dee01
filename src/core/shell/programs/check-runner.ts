// The check engine (docs/DESIGN.md#shell-classification): a test, lint or type-check run
// is a `check` only in its known forms. Each runner has a closed option table from its
// manual (option-table.ts notation): `read` options keep it a check, a `write` option is a
// write of its value, `exec` and `unsafe` options (code loaded, another project selected)
// and any option missing from the table leave it unproven. On top of the table a runner
// names the options that rewrite its operands (`--fix`, `-u`), the ones that write reports
// or caches where its configuration decides (`--coverage`), the ones whose value is a
// config file (allowed only inside the project under a conventional name) and the ones
// whose value must be a built-in name (reporters, environments: anything else is a
// module, which is code). A runner that executes the files it is given runs only test
// files or folders inside the project.
import { defineOptions, onFirstUse, scanOptions, type OptionScan, type OptionTable, type OptionTableSpec } from '../option-table.js';
import { isDeviceSink, type Invocation, type ShellWalker } from '../walker.js';
import type { Arg } from '../words.js';

export interface CheckSpec {
  readonly options: OptionTableSpec;
  /** Options that rewrite the files given (the folder when none): `--fix`, `-u`. */
  readonly fix?: string;
  /** Options that write reports or caches where the runner's configuration decides (`--coverage`). */
  readonly artifact?: string;
  /** Options whose value names a configuration file. */
  readonly config?: string;
  /** Conventional configuration file names (basename) for `config` options. */
  readonly configName?: RegExp;
  /** Options whose value must match (a built-in reporter or environment); anything else is code. */
  readonly values?: Readonly<Record<string, RegExp>>;
  /**
   * `files`: the runner executes the files it is given, so each operand must be a test file
   * or a folder inside the project. Otherwise operands are paths it reads or patterns that
   * filter the configured test files (a word we cannot see is already an unproven option).
   */
  readonly operands?: 'files';
  /** Options whose value is also a file the runner executes (`mocha --spec f`), screened like operands. */
  readonly operandOptions?: string;
  /** Formatters: they rewrite the operands unless one of `checkOptions` is given. */
  readonly writesByDefault?: boolean;
  readonly checkOptions?: string;
  /** The runner's parser camel-cases option names (yargs, cac): `--output-file` is `--outputFile`. */
  readonly camelCase?: boolean;
  /** `--no-x` turns off the known option `--x` (yargs, cac, optionator, clap for some flags). */
  readonly negation?: boolean;
  /** The table for words after a literal `--` (a test binary's own options). */
  readonly passthrough?: CheckSpec;
}

export interface Check {
  readonly spec: CheckSpec;
  readonly table: OptionTable;
  readonly fix: ReadonlySet<string>;
  readonly artifact: ReadonlySet<string>;
  readonly config: ReadonlySet<string>;
  readonly checkOptions: ReadonlySet<string>;
  readonly operandOptions: ReadonlySet<string>;
  readonly passthrough: Check | undefined;
}

const names = (text: string | undefined): Set<string> => new Set((text ?? '').split(/\s+/).filter(Boolean));

function buildCheck(spec: CheckSpec): Check {
  return {
    spec,
    table: defineOptions(spec.options),
    fix: names(spec.fix),
    artifact: names(spec.artifact),
    config: names(spec.config),
    checkOptions: names(spec.checkOptions),
    operandOptions: names(spec.operandOptions),
    passthrough: spec.passthrough ? buildCheck(spec.passthrough) : undefined,
  };
}

/** A check whose members are read from the one it stands for, built on first use. */
class DeferredCheck {
  constructor(readonly built: () => Check) {}
}
// Every member of Check, each exactly once (the type says so).
const MEMBERS: Record<keyof Check, true> = {
  spec: true,
  table: true,
  fix: true,
  artifact: true,
  config: true,
  checkOptions: true,
  operandOptions: true,
  passthrough: true,
};
for (const key of Object.keys(MEMBERS) as (keyof Check)[]) {
  Object.defineProperty(DeferredCheck.prototype, key, {
    get(this: DeferredCheck) {
      return this.built()[key];
    },
  });
}

/** A runner's check, built from its spec (or the function making it) when a command first names the runner. */
export function defineCheck(spec: CheckSpec | (() => CheckSpec)): Check {
  return new DeferredCheck(onFirstUse(() => buildCheck(typeof spec === 'function' ? spec() : spec))) as unknown as Check;
}

/**
 * File names test runners treat as tests (`a.test.ts`, `test_a.py`, `a_test.go`, files under
 * test folders): a folder of the path, or its last part. The name patterns are tried on the last
 * part alone, where one expression over the whole path ran `[^/]*$` to the next `/` from every
 * `_spec_` before it.
 */
const TEST_FOLDER = /(?:^|\/)(?:tests?|__tests__|specs?|e2e|spec-\w+)\//;
const TEST_NAME =
  /(?:^|[._-])(?:test|spec|tests|specs)[._-]|^test_[^/]*\.py$|_test\.(?:go|py|rb|exs?)$|_spec\.rb$|\.(?:test|spec|e2e|bench)\.[cm]?[jt]sx?$|\.bats$|Test\.(?:php|java|kt)$/;

export function isTestFile(p: string): boolean {
  return TEST_FOLDER.test(p) || TEST_NAME.test(p.slice(p.lastIndexOf('/') + 1));
}

function isInsideProject(w: ShellWalker, p: string): boolean {
  const root = w.ctx.projectRoot;
  return p === root || p.startsWith(root.endsWith('/') ? root : root + '/');
}

function relative(w: ShellWalker, p: string): string {
  const root = w.ctx.projectRoot;
  return p.startsWith(root + '/') ? p.slice(root.length + 1) : p;
}

/** A write of each operand (the working folder when there is none). */
export function writeOperands(w: ShellWalker, inv: Invocation, operands: readonly Arg[]): void {
  const ops = operands.filter((a) => a.value !== '-');
  if (ops.length === 0) {
    if (inv.scope.cwd) w.effectPath(inv, 'write', inv.scope.cwd);
    else w.acc.unprovenWrite('dynamic_word', inv.text);
    return;
  }
  for (const o of ops) w.effect(inv, 'write', o);
  w.extraTargets(inv);
}

const camel = (s: string): string => s.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Rewrites option words the way the runner's own parser reads them (camel case, `--no-x`). */
function normalise(args: readonly Arg[], c: Check): Arg[] {
  const out: Arg[] = [];
  for (const a of args) {
    const v = a.value;
    if (v === null || !v.startsWith('--') || v === '--') {
      out.push(a);
      continue;
    }
    const eq = v.indexOf('=');
    let name = eq >= 0 ? v.slice(2, eq) : v.slice(2);
    const rest = eq >= 0 ? v.slice(eq) : '';
    if (c.spec.camelCase) name = name.split('.').map(camel).join('.');
    if (c.spec.negation && !c.table.long.has(name) && /^no[A-Z-]/.test(name)) {
      // `--no-color`, `--noColor`: the negated option only turns something off.
      const base = name.startsWith('no-') ? name.slice(3) : name[2]!.toLowerCase() + name.slice(3);
      if (c.table.long.has(base) || c.table.long.has(camel(base))) continue;
    }
    // These parsers take `--flag=true|false` for any boolean: false turns it off, true is the flag itself.
    const def = c.table.long.get(name);
    if (c.spec.negation && def && def.arity !== 'required' && /^=(?:true|false)$/.test(rest)) {
      if (rest === '=false') continue;
      if (def.arity === 'none') {
        out.push({ ...a, value: `--${name}` });
        continue;
      }
    }
    out.push(rest === '' && name === v.slice(2) ? a : { ...a, value: `--${name}${rest}` });
  }
  return out;
}

/** Why a config file is not the project's own: outside the project, or not a conventional name. */
function foreignConfig(w: ShellWalker, inv: Invocation, c: Check, value: Arg | undefined): boolean {
  if (!value || value.value === null) return true;
  const p = w.path(inv, value);
  if (!p || !isInsideProject(w, p)) return true;
  const base = p.slice(p.lastIndexOf('/') + 1);
  return !c.spec.configName || !c.spec.configName.test(base);
}

/** Operands a file-running runner executes: test files or folders inside the project only. */
function foreignOperand(w: ShellWalker, inv: Invocation, a: Arg): boolean {
  if (a.value === null) return true;
  // pytest node ids (`tests/test_a.py::test_x`) run a test of that file.
  const file = a.value.includes('::') ? a.value.slice(0, a.value.indexOf('::')) : a.value;
  const p = w.path(inv, { ...a, value: file });
  if (!p || !isInsideProject(w, p)) return true;
  const rel = relative(w, p);
  // A folder named like a test folder (`tests`) holds tests; any other folder is collected by the runner's rules.
  if (isTestFile(rel) || isTestFile(`${rel}/`)) return false;
  return !w.isDirectory(p);
}

/**
 * Classifies `inv.args[from…]` as a run of the check `c`: a check, a write (write options,
 * fixers, formatters, reports) or unknown (an option outside the table, code, another project).
 */
export function runCheck(w: ShellWalker, inv: Invocation, from: number, c: Check): void {
  const tail = normalise(inv.args.slice(from), c);
  let main = tail;
  let after: Arg[] = [];
  if (c.passthrough) {
    const dd = tail.findIndex((a) => a.value === '--');
    if (dd >= 0) {
      main = tail.slice(0, dd);
      after = tail.slice(dd + 1);
    }
  }
  const scans: [OptionScan, Check][] = [[scanOptions(main, 0, c.table), c]];
  if (c.passthrough && after.length) scans.push([scanOptions(normalise(after, c.passthrough), 0, c.passthrough.table), c.passthrough]);
  let wrote = false;
  const operands: Arg[] = [];
  for (const [s, check] of scans) {
    if (s.problem !== undefined) return w.unknown(inv, s.problem === 'dynamic_option' ? 'dynamic_word' : 'shell_command_unproven');
    // A runner's table lists only the options remit knows; the real runner may have others that write.
    if (s.maybeOptions.length > 0) return w.unknown(inv, 'dynamic_word');
    for (const o of s.options) {
      if (o.kind === 'exec' || o.kind === 'unsafe') return w.unknown(inv, 'shell_command_unproven');
      const allowed = check.spec.values?.[o.name];
      if (allowed && (o.value === undefined || o.value.value === null || !allowed.test(o.value.value))) return w.unknown(inv, 'shell_command_unproven');
      if (check.config.has(o.name) && foreignConfig(w, inv, check, o.value)) return w.unknown(inv, 'shell_command_unproven');
    }
    for (const o of s.options) {
      if (o.kind === 'write') {
        const v = o.value;
        // `--outputFile=/dev/stdout`: the report goes to the terminal; the run is still a check.
        if (v && v.value !== null && !v.glob && isDeviceSink(v.value)) continue;
        wrote = true;
        if (!v || v.value === null || v.value === '' || v.value === '-') w.unprovenWrite(inv, v && v.value === null ? 'dynamic_word' : 'write_path_missing');
        else w.effect(inv, 'write', v);
      } else if (check.artifact.has(o.name)) {
        wrote = true;
        w.unprovenWrite(inv, 'write_path_missing');
      }
    }
    if (check === c) {
      operands.push(...s.operands);
      for (const o of s.options) if (check.operandOptions.has(o.name) && o.value) operands.push(o.value);
    }
  }
  const first = scans[0]![0];
  const has = (set: ReadonlySet<string>): boolean => first.options.some((o) => set.has(o.name));
  if (has(c.fix) || (c.spec.writesByDefault && !has(c.checkOptions))) {
    writeOperands(w, inv, operands);
    return;
  }
  if (wrote) return;
  if (c.spec.operands === 'files') {
    for (const a of operands) if (foreignOperand(w, inv, a)) return w.unknown(inv, a.value === null ? 'dynamic_word' : 'shell_command_unproven');
  }
  w.check(inv);
}
