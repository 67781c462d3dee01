// Help and version of a modelled program are reads (issue 25, docs/DESIGN.md#shell-classification):
// `rm --help`, `cargo --version`. The rule is one mechanism for every program the table models:
// the program word names a program found on PATH (dispatch.ts sends a path such as ./x or
// src/x to path-program.ts first, and a function of that name runs instead of it), and its only
// argument is `--help` or `--version`. GNU getopt_long, clap, cobra, click, argparse and the
// other parsers print and exit on either before they act; a BSD program that does not know them
// stops on an unknown option. A program whose help or version runs code it finds in the
// project, or which does not treat the word as help, is listed below with why, and its own
// model judges it. A program's own short forms (`tmux -V`, `ffmpeg -version`) are in its model.
import { lookupTable } from '../lookup-table.js';

/** Programs whose `--help` / `--version` is not proven to only print, and why. */
const HELP_NOT_PROVEN: Readonly<Record<string, string>> = lookupTable<string>({
  __proto__: null,
  git: 'git --help runs git help, which honours help.format and a configured browser program',
  remit: "remit's own commands are judged by its self-protection model",
  go: "a go.mod or go.work toolchain line makes go run another toolchain first (GOTOOLCHAIN=auto); go's own model reads them",
  yarn: "yarnPath in .yarnrc.yml and yarn-path in .yarnrc run the project's own yarn",
  mvn: '.mvn/jvm.config gives the JVM options (a -javaagent runs project code)',
  mvnw: 'a wrapper script in the project',
  gradle: 'gradle.properties and init scripts configure the JVM it starts',
  gradlew: 'a wrapper script in the project',
  pytest: 'loads conftest.py and the plugins the project names to list their options (pytest-benchmark then writes .benchmarks/)',
  'py.test': 'the same program as pytest',
  mocha: '.mocharc.js is code',
  nyc: 'nyc.config.js is code',
  ava: 'ava.config.js is code',
  jasmine: 'its config may be a .js file',
  tap: 'its config names plugins it loads',
  busted: '.busted is Lua code',
  rspec: '.rspec options may require files',
  'cucumber-js': 'cucumber.js config is code',
  credo: 'a mix task: it compiles the project',
  pylint: 'load-plugins in its rcfile imports project modules before it parses --help',
  flake8: 'local-plugins in its config import project code',
  tox: 'a requires line in its config provisions an environment first',
  composer: "composer loads the plugins under the project's vendor/ before it runs any command; its own model reads them",
  cpan: 'cpan writes its first-run configuration into HOME',
  mise: 'mise reads the project config, whose templates can run commands',
  osascript: 'an unknown option is not refused before a script runs',
  // zsh reads and runs a file named --help; bash's eval runs the word.
  source: 'zsh sources a file named --help',
  '.': 'zsh sources a file named --help',
  eval: 'zsh evaluates the word',
  // Runners and wrappers that run their argument; their own models judge them.
  npx: 'runs a package',
  bunx: 'runs a package',
  pnpx: 'runs a package',
  uvx: 'runs a package',
  exec: 'replaces the shell with the program its argument names',
  command: 'runs the program its argument names (a builtin in bash, a program elsewhere)',
  builtin: 'runs the builtin its argument names',
  time: 'the time keyword runs its argument as a command',
  chronic: 'runs its argument as a command',
});

/** `prog --help` / `prog --version` exactly, the program not listed above. */
export function isHelpOrVersion(name: string, args: readonly { readonly value: string | null }[]): boolean {
  if (args.length !== 2) return false;
  const v = args[1]!.value;
  return (v === '--help' || v === '--version') && !Object.hasOwn(HELP_NOT_PROVEN, name);
}
