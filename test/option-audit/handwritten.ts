// What the hand-written handlers know, by program: each entry reads the constants its handler
// decides by (exported from the handler's module for this), never a copy of them. A handler
// that does not look at options it does not name says so with `openOptions` and why; one that
// decides a subcommand from its words alone answers `WHOLE` for it. knownNames() (known.ts)
// joins these with the option tables and models it reads itself.
import { DATE, FD, JQ, SED, SORT, TOP, UNIQ } from '../../src/core/shell/read-tables.js';
import { BAT_REFUSED, HOSTNAME_PRINTS, MAN, READ_ONLY } from '../../src/core/shell/programs/reads.js';
import { CP, INSTALL, LN, MV, RSYNC } from '../../src/core/shell/programs/files.js';
import { COMMAND_LOOKUP, ENV, EXEC, SUDO, TIME, XARGS } from '../../src/core/shell/programs/wrappers.js';
import {
  AWS_CONFIGURE_READS,
  AWS_GLOBAL,
  AWS_MUTATING_OP,
  AWS_NOT_READ,
  AWS_READ_OP,
  AWS_S3_READS,
  AZ_FLAGS,
  AZ_READ_VERB,
  AZ_VALUED,
  AZ_WRITE_VERB,
  DOCKER_CLI,
  GCLOUD_FLAGS,
  GCLOUD_READ_VERB,
  GCLOUD_STORAGE_READ,
  GCLOUD_WRITE_VERB,
  GH_CLI,
  HELM_CLI,
  KUBECTL_CLI,
  MYSQL,
  PSQL,
  TERRAFORM_FMT_FLAGS,
  TERRAFORM_MUTATIONS,
  TERRAFORM_PLAN,
  TERRAFORM_READ_FLAGS,
  TERRAFORM_READS,
  VAULT_FLAGS,
  VAULT_MUTATIONS,
  VAULT_READS,
} from '../../src/core/shell/programs/services.js';
import { CURL, HTTPIE_FLAGS, HTTPIE_VALUED, TAR_SPEC, UNZIP, WGET, ZIP } from '../../src/core/shell/programs/network.js';
import { defineOptions } from '../../src/core/shell/option-table.js';
import { NODE_MANAGER_READ_FLAGS, NPM_READ_FLAGS, PIP_READ_FLAGS } from '../../src/core/shell/programs/packages.js';
import { MINIMAL, MINIMAL_FILE_RUNNERS, MINIMAL_FILES, MINIMAL_NAMES, TABLES } from '../../src/core/shell/programs/checks.js';
import type { Check } from '../../src/core/shell/programs/check-runner.js';
import { TSC } from '../../src/core/shell/programs/checks-js.js';
import { RUFF_CHECK, RUFF_FORMAT } from '../../src/core/shell/programs/checks-python.js';
import { GRADLE, MVN_FLAGS, MVN_UNSAFE, MVN_VALUES } from '../../src/core/shell/programs/checks-build.js';
import { JOURNALCTL, RUSTUP_GLOBAL, SYSTEMCTL, VERSION_ONLY, VERSION_WORDS } from '../../src/core/shell/programs/system.js';
import { NODE, PY_SAFE_FLAGS, PY_VALUE, RUBY_SAFE_FLAGS } from '../../src/core/shell/programs/interpreters.js';
import { MAKE_OPTIONS } from '../../src/core/shell/programs/scripts.js';
import { SQLITE } from '../../src/core/shell/programs/datastores.js';
import { GIT, GLOBAL_FLAGS, READ_LONG, READ_SHORT_FLAGS, READ_SHORT_VALUE, readOnly } from '../../src/core/shell/programs/git.js';
import {
  cliNode,
  decision,
  flatNode,
  pathNode,
  parsedSpecOptions,
  patternOptions,
  specOptions,
  tableOptions,
  WHOLE,
  type Known,
  type KnownNode,
} from './nodes.js';

const sets =
  (...s: readonly ReadonlySet<string>[]) =>
  (n: string): boolean =>
    s.some((x) => x.has(n));

const names =
  (...lists: readonly (readonly string[])[]) =>
  (n: string): boolean =>
    lists.some((l) => l.includes(n));

/** A program remit judges a write of its operands whatever options it is given (files.ts `simple`). */
const writesOperands = (what: string): Known => flatNode(() => false, { openOptions: `${what}: a write of its operands whatever its options (files.ts)` });

// ---- git.ts ----

/** git's own options (before the subcommand), and the subcommands it reads with one table of options: the log, diff and plumbing readers. */
const gitReadOptions = (n: string) =>
  n === '--output' ||
  (n.startsWith('--') ? READ_LONG.has(n.slice(2)) : /^-.$/.test(n) && (READ_SHORT_FLAGS.includes(n[1]!) || READ_SHORT_VALUE.includes(n[1]!)));

function gitNode(): KnownNode {
  const reader = flatNode(gitReadOptions);
  return {
    // Besides the flags it passes over, git.ts follows -C and -c itself and reads --version and the
    // other options that print and exit: those, asked of the classifier.
    option: (n) => GLOBAL_FLAGS.has(n) || decision(['git', n, ...(n === '-C' ? ['.'] : n === '-c' ? ['color.ui=auto'] : [])]) === 'read',
    sub: (w) => (Object.hasOwn(GIT, w) && GIT[w] === readOnly ? reader : undefined),
  };
}

// ---- checks ----

/** A check's options (check-runner.ts): its table, camel-cased and `--no-` spellings where its parser takes them. */
function checkOptions(c: Check): (name: string) => boolean {
  const t = tableOptions(c.table);
  const camel = (n: string) => n.replace(/-([a-z])/g, (_, x: string) => x.toUpperCase());
  return (n) =>
    t(n) ||
    (c.spec.camelCase === true && n.startsWith('--') && t(`--${camel(n.slice(2))}`)) ||
    (c.spec.negation === true && n.startsWith('--no-') && t(`--${n.slice(5)}`));
}

/** Words a runner takes as its own tasks or goals (gradle tasks, maven goals): decided by name, each a check, a report or a build. */
const tasks = (option: (n: string) => boolean, why: string): KnownNode => ({ option, sub: () => WHOLE, openSubs: why });

// ---- services.ts: the operations CLIs ----

/** aws: a service's operations are reads by name (describe-, list-, get- …, less those that write a file), mutations by name, else unknown. */
function awsNode(): KnownNode {
  const readOp = flatNode(() => false, { openOptions: "an operation's parameters choose what the API reads (services.ts: any --name of a read operation)" });
  const global = tableOptions(defineOptions({ read: AWS_GLOBAL, abbrev: false }));
  const service: KnownNode = {
    option: global,
    sub: (op) => (op === 'help' || AWS_MUTATING_OP.test(op) ? WHOLE : AWS_READ_OP.test(op) && !AWS_NOT_READ.test(op) ? readOp : undefined),
  };
  // s3's transfers are writes (reads with --dryrun) and its other commands mutations.
  const s3: KnownNode = { option: global, sub: (op) => (AWS_S3_READS.includes(op) ? readOp : WHOLE) };
  const configure: KnownNode = { option: global, sub: (op) => (AWS_CONFIGURE_READS.includes(op) ? readOp : WHOLE) };
  return {
    option: (n) => n === '--version' || global(n),
    sub: (w) => (w === 'help' ? WHOLE : w === 's3' ? s3 : w === 'configure' ? configure : service),
  };
}

/** gcloud and az decide by the command's verb wherever it comes; every other word is a command group. */
function verbNode(
  option: (n: string) => boolean,
  read: (w: string, path: readonly string[]) => boolean,
  write: RegExp,
  why: string,
  path: readonly string[] = [],
): KnownNode {
  return {
    option,
    sub: (w) => (write.test(w) ? WHOLE : read(w, path) ? flatNode(option) : verbNode(option, read, write, why, [...path, w])),
    openSubs: why,
  };
}

function terraformNode(): KnownNode {
  const reads = flatNode(patternOptions(TERRAFORM_READ_FLAGS));
  const paths = new Map<string, Known>([
    ['plan', flatNode(patternOptions(TERRAFORM_PLAN))],
    ['fmt', flatNode(patternOptions(TERRAFORM_FMT_FLAGS))],
    ['init', WHOLE],
    ['get', WHOLE],
  ]);
  for (const r of TERRAFORM_READS) paths.set(r, reads);
  // `terraform plan -help`: usage, read last on the line at any path (services.ts wordsThenHelp).
  const node = pathNode((n) => /^-(?:chdir|version|v|help|h)$/.test(n), paths, {}, new Set(['-help', '-h', '--help']));
  // `state` and `workspace` read with their listing actions, and change state with any other.
  return { ...node, sub: (w) => node.sub(w) ?? (TERRAFORM_MUTATIONS.includes(w) ? WHOLE : undefined) };
}

function vaultNode(): KnownNode {
  // `vault kv get -h`: usage, read last on the line at any path (services.ts wordsThenHelp).
  const option = (n: string) => patternOptions(VAULT_FLAGS)(n) || ['-help', '-h', '--help'].includes(n);
  const at = (prefix: readonly string[]): KnownNode => ({
    option,
    sub(w) {
      const p = [...prefix, w].join(' ');
      if (VAULT_READS.includes(p)) return flatNode(option);
      if (VAULT_READS.some((r) => r.startsWith(`${p} `))) return at([...prefix, w]);
      return VAULT_MUTATIONS.includes(prefix[0] ?? w) ? WHOLE : undefined;
    },
  });
  return at([]);
}

/**
 * The options of the reads a handler decides in code (asked of the classifier): git's
 * hand-written readers (reflog, remote, tag -l …) take the log family's options.
 */
export const PROBED_OPTIONS: Readonly<Record<string, (name: string) => boolean>> = { git: gitReadOptions };

export const HANDWRITTEN: Readonly<Record<string, () => Known>> = {
  // ---- reads.ts ----
  ...Object.fromEntries(
    READ_ONLY.map((p) => [
      p,
      () => flatNode(() => false, { openOptions: 'its manual lists no option that writes, runs a program or changes state (reads.ts READ_ONLY)' }),
    ]),
  ),
  date: () => flatNode(tableOptions(DATE)),
  top: () => flatNode(tableOptions(TOP)),
  jq: () => flatNode(tableOptions(JQ)),
  man: () => flatNode(tableOptions(MAN)),
  sed: () => flatNode(tableOptions(SED)),
  fd: () => flatNode(tableOptions(FD)),
  bat: () => flatNode(names(BAT_REFUSED), { openOptions: 'bat prints files: it refuses its pager, config and cache options and takes the rest (reads.ts)' }),
  hostname: () => flatNode(names(HOSTNAME_PRINTS)),
  // ---- files.ts ----
  sort: () => flatNode(tableOptions(SORT)),
  uniq: () => flatNode(tableOptions(UNIQ)),
  rsync: () => flatNode(tableOptions(RSYNC)),
  cp: () => flatNode(specOptions(CP)),
  mv: () => flatNode(specOptions(MV)),
  install: () => flatNode(specOptions(INSTALL)),
  ln: () => flatNode(specOptions(LN)),
  rm: () => writesOperands('rm deletes'),
  rmdir: () => writesOperands('rmdir deletes'),
  touch: () => writesOperands('touch creates or stamps'),
  mkdir: () => writesOperands('mkdir creates'),
  truncate: () => writesOperands('truncate rewrites'),
  tee: () => writesOperands('tee writes'),
  shred: () => writesOperands('shred overwrites or deletes'),
  chmod: () => writesOperands('chmod changes the mode of'),
  chown: () => writesOperands('chown changes the owner of'),
  // ---- wrappers.ts ----
  env: () => flatNode(specOptions(ENV)),
  time: () => flatNode(specOptions(TIME)),
  exec: () => flatNode(specOptions(EXEC)),
  sudo: () => flatNode(specOptions(SUDO)),
  xargs: () => flatNode(specOptions(XARGS)),
  command: () => flatNode(names(COMMAND_LOOKUP, ['-p'])),
  // ---- services.ts ----
  kubectl: () => cliNode(KUBECTL_CLI()),
  docker: () => cliNode(DOCKER_CLI()),
  podman: () => cliNode(DOCKER_CLI()),
  gh: () => cliNode(GH_CLI()),
  helm: () => cliNode(HELM_CLI()),
  aws: awsNode,
  gcloud: () =>
    verbNode(
      (n) => GCLOUD_FLAGS.has(n),
      (w, path) => GCLOUD_READ_VERB.test(w) || (path[0] === 'storage' && GCLOUD_STORAGE_READ.test(w)),
      GCLOUD_WRITE_VERB,
      "gcloud decides by the command's verb (list, describe … or create, delete …): the words before it are command groups",
    ),
  az: () =>
    verbNode(
      sets(AZ_FLAGS, AZ_VALUED),
      (w, path) => AZ_READ_VERB.test(w) && path[0] !== 'rest' && path[0] !== 'extension',
      AZ_WRITE_VERB,
      "az decides by the command's verb (list, show … or create, delete …): the words before it are command groups",
    ),
  terraform: terraformNode,
  tofu: terraformNode,
  vault: vaultNode,
  psql: () => flatNode(tableOptions(PSQL)),
  mysql: () => flatNode(tableOptions(MYSQL)),
  mariadb: () => flatNode(tableOptions(MYSQL)),
  // ---- network.ts ----
  curl: () => flatNode(specOptions(CURL)),
  wget: () => flatNode(specOptions(WGET)),
  tar: () => flatNode(parsedSpecOptions(TAR_SPEC)),
  unzip: () => flatNode(specOptions(UNZIP)),
  zip: () => flatNode(specOptions(ZIP)),
  http: () => flatNode(sets(HTTPIE_FLAGS, HTTPIE_VALUED)),
  // ---- packages.ts: options of the reading subcommands (the subcommands are asked of the classifier) ----
  npm: () => flatNode(sets(NPM_READ_FLAGS)),
  pnpm: () => flatNode(sets(NODE_MANAGER_READ_FLAGS)),
  yarn: () => flatNode(sets(NODE_MANAGER_READ_FLAGS)),
  bun: () => flatNode(sets(NODE_MANAGER_READ_FLAGS)),
  pip: () => flatNode(sets(PIP_READ_FLAGS)),
  pip3: () => flatNode(sets(PIP_READ_FLAGS)),
  // ---- git.ts (its data model's subcommands join these) ----
  git: gitNode,
  // ---- checks ----
  ...Object.fromEntries(Object.keys(TABLES).map((p) => [p, () => flatNode(checkOptions(TABLES[p]!))])),
  ...Object.fromEntries(MINIMAL_NAMES.map((p) => [p, () => flatNode(checkOptions(MINIMAL))])),
  ...Object.fromEntries(MINIMAL_FILE_RUNNERS.map((p) => [p, () => flatNode(checkOptions(MINIMAL_FILES))])),
  vale: () => flatNode(checkOptions(MINIMAL)),
  tsc: () => flatNode(checkOptions(TSC)),
  ruff: () =>
    pathNode(
      checkOptions(RUFF_CHECK),
      new Map([
        ['check', flatNode(checkOptions(RUFF_CHECK))],
        ['format', flatNode(checkOptions(RUFF_FORMAT))],
      ]),
    ),
  mvn: () => tasks(sets(MVN_FLAGS, MVN_VALUES, MVN_UNSAFE), 'maven goals and phases: a check, a report, a fetch or a build by name (checks-build.ts)'),
  gradle: () => tasks(checkOptions(GRADLE), 'gradle tasks: a check, a report or a build by name (checks-build.ts)'),
  // ---- system.ts ----
  systemctl: () => flatNode(tableOptions(SYSTEMCTL)),
  journalctl: () => flatNode(tableOptions(JOURNALCTL)),
  ...Object.fromEntries(VERSION_ONLY.map((p) => [p, () => flatNode(sets(VERSION_WORDS))])),
  java: () => flatNode((n) => VERSION_WORDS.has(n) || n.startsWith('-XshowSettings')),
  // pipx's usage alone (packages.ts); its commands asked of the classifier.
  pipx: () => flatNode((n) => n === '-h' || n === '--help'),
  // rustup's own options before the subcommand, each subcommand's usage (-h, --help), which's --toolchain; the rest asked of the classifier.
  rustup: () =>
    pathNode(
      sets(RUSTUP_GLOBAL),
      new Map<string, Known>(
        ['show', 'check', 'default', 'which'].map((c) => [c, flatNode((n) => n === '-h' || n === '--help' || (c === 'which' && n === '--toolchain'))]),
      ),
    ),
  // ---- interpreters.ts: the options that leave their code provable, and the words that give it (-c and -m, -e) ----
  node: () => flatNode(tableOptions(NODE)),
  python: () => flatNode((n) => PY_SAFE_FLAGS.test(n) || PY_VALUE.has(n) || n === '-c' || n === '-m'),
  python3: () => flatNode((n) => PY_SAFE_FLAGS.test(n) || PY_VALUE.has(n) || n === '-c' || n === '-m'),
  ruby: () => flatNode((n) => RUBY_SAFE_FLAGS.test(n) || n === '-e'),
  // ---- scripts.ts, datastores.ts ----
  make: () => flatNode(specOptions(MAKE_OPTIONS)),
  sqlite3: () => flatNode(tableOptions(SQLITE)),
  https: () => flatNode(sets(HTTPIE_FLAGS, HTTPIE_VALUED)),
};
