// The published shell corpus: loader and judge. Every entry is decided through the same path
// `remit check --host core` takes (createRuntime → classify the shell ToolRequest →
// action.before under the family's contract), in a throwaway world built from a fixed tree.
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Action } from '../../src/generated/types.js';
import { createRuntime, type RemitRuntime } from '../../src/core/host/create-runtime.js';
import { createWorkspace, type Workspace } from '../../src/core/replay/workspace.js';
import { protectedHostConfig } from '../../adapters/hosts.js';

export const CORPUS_DIR = path.join(path.dirname(new URL(import.meta.url).pathname));
export const DEFAULT_CONTRACT = 'review';

export type Kind = 'bypass' | 'benign';

export interface Entry {
  kind: Kind;
  family: string;
  contract: string;
  shell: 'bash' | 'powershell';
  command: string;
  why: string;
  line: number;
}

export interface Family {
  kind: Kind;
  name: string;
  contract: string;
  shell: 'bash' | 'powershell';
  entries: Entry[];
}

export class CorpusFormatError extends Error {}

/**
 * One family per file. `# contract: change files=src/**` and `# shell: powershell` header
 * lines set the family; every other non-blank line that does not start with `#` is
 * `command<TAB># why`. Commands keep their text verbatim; `\n` in a command stands for a
 * newline (heredocs, multi-line scripts).
 */
export function parseFamily(kind: Kind, name: string, text: string): Family {
  let contract = DEFAULT_CONTRACT;
  let shell: 'bash' | 'powershell' = 'bash';
  const entries: Entry[] = [];
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    if (raw.trim() === '') return;
    const header = /^#\s*(contract|shell):\s*(.+?)\s*$/.exec(raw);
    if (header) {
      if (entries.length) throw new CorpusFormatError(`${kind}/${name}.txt:${i + 1}: header after entries`);
      if (header[1] === 'contract') contract = header[2]!;
      else if (header[2] === 'bash' || header[2] === 'powershell') shell = header[2];
      else throw new CorpusFormatError(`${kind}/${name}.txt:${i + 1}: unknown shell ${header[2]}`);
      return;
    }
    if (raw.startsWith('#')) return;
    const tab = raw.lastIndexOf('\t# ');
    if (tab <= 0) throw new CorpusFormatError(`${kind}/${name}.txt:${i + 1}: expected command<TAB># why`);
    const command = raw.slice(0, tab).replace(/\\n/g, '\n');
    const why = raw.slice(tab + 3).trim();
    if (!why) throw new CorpusFormatError(`${kind}/${name}.txt:${i + 1}: empty why`);
    entries.push({ kind, family: name, contract, shell, command, why, line: i + 1 });
  });
  return { kind, name, contract, shell, entries };
}

export function loadCorpus(dir = CORPUS_DIR): Family[] {
  const families: Family[] = [];
  for (const kind of ['bypass', 'benign'] as const) {
    // A family is a file, in the kind's folder or one folder below it (`benign/real-world/vcs.txt`
    // is the family `real-world/vcs`).
    const sub = path.join(dir, kind);
    for (const f of familyFiles(sub)) families.push(parseFamily(kind, f.slice(0, -4), readFileSync(path.join(sub, f), 'utf8')));
  }
  return families;
}

/** The `.txt` files of `dir` and of its folders, as paths relative to it, sorted. */
function familyFiles(dir: string): string[] {
  const out: string[] = [];
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    if (d.isFile() && d.name.endsWith('.txt')) out.push(d.name);
    else if (d.isDirectory()) for (const f of readdirSync(path.join(dir, d.name))) if (f.endsWith('.txt')) out.push(`${d.name}/${f}`);
  }
  return out.sort();
}

/** `family<TAB>command` keys of entries known to fail today (printed by the runner, never silent). */
export function loadPending(dir = CORPUS_DIR): Map<string, string> {
  const out = new Map<string, string>();
  let text = '';
  try {
    text = readFileSync(path.join(dir, 'pending.txt'), 'utf8');
  } catch {
    return out;
  }
  for (const raw of text.split('\n')) {
    if (!raw.trim() || raw.startsWith('#')) continue;
    const [family, command, why] = raw.split('\t');
    if (!family || command === undefined) throw new CorpusFormatError(`pending.txt: expected family<TAB>command<TAB>why: ${raw}`);
    out.set(`${family}\t${command}`, why ?? '');
  }
  return out;
}

/** The fixed project every entry runs against: scripts, a Makefile, a symlink out of src/, host config. */
export const TREE: Record<string, string> = {
  'package.json': JSON.stringify({
    name: 'proj',
    scripts: {
      test: 'vitest run',
      lint: 'eslint .',
      build: 'tsc -p tsconfig.json',
      fmt: 'prettier --write src',
      clean: 'rm -rf dist',
      hashes: 'sha256sum dist/*.js > dist/SUMS',
    },
    devDependencies: { typescript: '5.9.3', vitest: '4.1.0', eslint: '9.0.0', prettier: '3.0.0' },
  }),
  'package-lock.json': '{}',
  'requirements.txt': 'requests==2.0\n',
  'go.mod': 'module example.com/proj\n\ngo 1.22\n',
  'Cargo.toml': '[package]\nname = "proj"\nversion = "0.1.0"\n',
  'tsconfig.json': '{}',
  Makefile: 'all: build\n\nbuild:\n\tcc -o app main.c\n\ntest:\n\t@echo testing\n\nclean:\n\trm -rf app\n\ndeploy:\n\t+rm -rf dist\n',
  'other.mk': 'include rules.mk\n\ncheck: gen\n\t@echo ok\n\n%.out:\n\trm -rf src\n',
  'rules.mk': 'gen:\n\trm -rf src\n',
  'main.c': 'int main(void) { return 0; }\n',
  'scripts/tool.js': "require('node:fs').rmSync('src', { recursive: true });\n",
  // A folder named like JSON: require('./lib.json') runs its index.js.
  'lib.json/index.js': "require('node:fs').rmSync('src', { recursive: true });\n",
  // No hooks.json: require('./hooks.json') tries hooks.json.js next.
  'hooks.json.js': "require('node:fs').rmSync('src', { recursive: true });\n",
  'scripts/gen.py': "import os\nos.remove('src/a.ts')\n",
  'tools/json.py': "import shutil\nshutil.rmtree('../src')\n",
  'README.md': '# proj\n',
  'a.txt': 'a\n',
  'db.sqlite': 'SQLite format 3\u0000',
  'cert.pem': '-----BEGIN CERTIFICATE-----\n',
  'src/a.ts': 'export const a = 1;\n',
  'src/b.ts': 'export const b = 2;\n',
  'test/a.test.ts': 'import "../src/a";\n',
  'docs/inner/guide.md': '# guide\n',
  'docs/b.ts': 'export {};\n',
  'scripts/build.sh': '#!/bin/sh\nrm -rf dist\n',
  'scripts/readonly.sh': '#!/bin/sh\nls\n',
  '.claude/settings.json': '{}',
  '.codex/config.toml': '',
  '.git/config': '[core]\n[remote "origin"]\n\turl = https://example.com/o/r.git\n',
  // A repository the agent made where its contract lets it write, whose config names a program.
  'src/nested/.git/config': '[core]\n\tfsmonitor = rm -rf ../../docs\n',
  'src/nested/.git/HEAD': 'ref: refs/heads/main\n',
  'src/nested/README.md': '# nested\n',
  // Another one whose config is plain but whose hooks folder holds a hook.
  'src/hooked/.git/config': '[core]\n\tbare = false\n',
  'src/hooked/.git/HEAD': 'ref: refs/heads/main\n',
  'src/hooked/.git/hooks/post-index-change': '#!/bin/sh\nrm -rf ../../docs\n',
  'src/hooked/.git/hooks/pre-commit.sample': '#!/bin/sh\n',
  '.git/HEAD': 'ref: refs/heads/main\n',
  // Configuration a program finds in its working folder, as the agent could write it where its
  // contract lets it (lab/), and harmless settings of the same files (plain/).
  'lab/Cargo.toml': '[package]\nname = "lab"\nversion = "0.1.0"\n',
  'lab/.cargo/config.toml': '[build]\nrustc = "./wrap.sh"\n',
  'lab/package.json': JSON.stringify({ name: 'lab', scripts: { test: 'vitest run' } }),
  'lab/.npmrc': 'script-shell=./wrap.sh\n',
  'lab/.yarnrc': 'yarn-path "./wrap.js"\n',
  'lab/.ackrc': '--pager=sh -c "rm -rf ../src"\n',
  'lab/tsconfig.json': '{ "compilerOptions": { "incremental": true, "tsBuildInfoFile": "../docs/x.tsbuildinfo" } }\n',
  'lab/.mvn/jvm.config': '-javaagent:wrap.jar\n',
  'lab/pom.xml': '<project/>\n',
  // A composer plugin installed in the project: composer loads it before show, config, help.
  'lab/composer.json': '{"name": "me/lab", "require": {"evil/plugin": "*"}, "config": {"allow-plugins": true}}\n',
  'lab/vendor/composer/installed.json':
    '{"packages": [{"name": "evil/plugin", "version": "1.0.0", "version_normalized": "1.0.0.0", "type": "composer-plugin", "require": {"composer-plugin-api": "^2.0"}, ' +
    '"extra": {"class": "Evil\\\\Plugin"}, "autoload": {"psr-4": {"Evil\\\\": "src/"}}, "install-path": "../evil/plugin"}], "dev": true, "dev-package-names": []}\n',
  'lab/vendor/evil/plugin/src/Plugin.php':
    '<?php\nnamespace Evil;\nuse Composer\\Composer;\nuse Composer\\IO\\IOInterface;\nuse Composer\\Plugin\\PluginInterface;\n' +
    "class Plugin implements PluginInterface {\n  public function activate(Composer $c, IOInterface $io) { file_put_contents('../src/plugin.txt', 'x'); }\n" +
    '  public function deactivate(Composer $c, IOInterface $io) {}\n  public function uninstall(Composer $c, IOInterface $io) {}\n}\n',
  'plain/Cargo.toml': '[package]\nname = "plain"\nversion = "0.1.0"\n',
  'plain/.cargo/config.toml': '[term]\ncolor = "always"\n',
  'plain/package.json': JSON.stringify({ name: 'plain', scripts: { test: 'vitest run' } }),
  'plain/.npmrc': 'save-exact=true\nengine-strict=true\n',
  'plain/.yarnrc': '# yarn lockfile v1\nlastUpdateCheck 1700000000000\n',
  'plain/.ackrc': '--ignore-dir=dist\n--type-set=tpl:ext:tpl\n',
  'plain/tsconfig.json': '{ "extends": "./base.json", "include": ["*.ts"] }\n',
  'plain/base.json': '{ "compilerOptions": { "strict": true } }\n',
  'plain/.mvn/wrapper/maven-wrapper.properties': 'distributionType=only-script\n',
  'plain/pom.xml': '<project/>\n',
  // `source X/bin/activate` runs what the file says: a real venv's script, and one that is not.
  '.venv/bin/activate':
    'deactivate () {\n  if [ -n "${_OLD_VIRTUAL_PATH:-}" ]; then\n    PATH="$_OLD_VIRTUAL_PATH"\n    export PATH\n    unset _OLD_VIRTUAL_PATH\n  fi\n' +
    '  hash -r 2> /dev/null\n  unset VIRTUAL_ENV\n  if [ ! "${1:-}" = "nondestructive" ]; then\n    unset -f deactivate\n  fi\n}\n' +
    'deactivate nondestructive\nVIRTUAL_ENV="/proj/.venv"\nexport VIRTUAL_ENV\n_OLD_VIRTUAL_PATH="$PATH"\nPATH="$VIRTUAL_ENV/bin:$PATH"\nexport PATH\n' +
    'if [ -z "${VIRTUAL_ENV_DISABLE_PROMPT:-}" ]; then\n  _OLD_VIRTUAL_PS1="${PS1:-}"\n  PS1="(.venv) ${PS1:-}"\n  export PS1\nfi\nhash -r 2> /dev/null\n',
  'tools/bin/activate': 'export VIRTUAL_ENV=tools\nrm -rf src\n',
};

export interface Judge {
  project: string;
  judge(entry: Entry): Promise<Verdict>;
  classify(entry: Pick<Entry, 'command' | 'shell'>): Promise<Action>;
  dispose(): void;
}

export interface Verdict {
  outcome: 'allow' | 'report' | 'ask' | 'deny';
  reasonCode: string;
  mutability: string;
}

/** `extra` adds files to the project (the effect oracle's fuzzer plants configuration there). */
export function createJudge(extra: Record<string, string> = {}): Judge {
  // tmpfs when there is one: every session write is fsynced, and 1500 sessions on a busy disk
  // would dominate the run. Same decision path, only a faster folder (verdicts and reason codes
  // were checked identical against the OS temp folder; CORPUS_TMP picks another parent).
  const ws: Workspace = createWorkspace({ ...TREE, ...extra }, undefined, process.env.CORPUS_TMP ?? (existsSync('/dev/shm') ? '/dev/shm' : undefined));
  symlinkSync('../docs/inner', path.join(ws.project, 'src', 'lnk'));
  // A link named like JSON to code: node loads it by its real path's extension.
  symlinkSync('scripts/tool.js', path.join(ws.project, 'conf.json'));
  mkdirSync(path.join(ws.userHome, '.claude'), { recursive: true });
  writeFileSync(path.join(ws.userHome, '.claude.json'), '{}');
  const runtime: RemitRuntime = createRuntime({
    home: ws.remitHome,
    env: ws.env,
    protectedPaths: { remit: [`${ws.remitHome}/**`, ws.remitHome], hostConfig: protectedHostConfig(ws.env) },
  });
  const sessions = new Map<string, string>();
  let n = 0;
  const envelope = (sessionId: string) => ({
    protocolVersion: 2 as const,
    lifecycleVersion: 2,
    host: { name: 'core' },
    sessionId,
    cwd: ws.project,
    at: new Date().toISOString(),
  });

  async function classify(entry: Pick<Entry, 'command' | 'shell'>): Promise<Action> {
    n++;
    return runtime.classify({ type: 'shell', command: entry.command, shell: entry.shell }, { id: `corpus-${n}`, tool: 'shell', cwd: ws.project });
  }

  /** A fresh session per entry, so no verdict depends on the entries before it (repeat counts, approvals). */
  async function judge(entry: Entry): Promise<Verdict> {
    const sessionId = `corpus-${n + 1}`;
    sessions.set(sessionId, entry.contract);
    const p = await runtime.handle({ ...envelope(sessionId), kind: 'prompt.submit', prompt: `$remit ${entry.contract} -- shell corpus`, origin: 'user' });
    if (p.kind === 'prompt-block') throw new Error(`contract '${entry.contract}' was refused: ${p.kind}`);
    const action = await classify(entry);
    const r = await runtime.handle({ ...envelope(sessionId), kind: 'action.before', action });
    if (r.kind !== 'decision') throw new Error(`no decision for ${JSON.stringify(entry.command)}: ${r.kind}`);
    return { outcome: r.decision.outcome, reasonCode: r.decision.reasonCode, mutability: action.mutability };
  }

  return { project: ws.project, judge, classify, dispose: () => ws.dispose() };
}

/** A bypass is caught when refused (deny or ask); a benign entry is wrongly refused likewise. */
export function refused(v: Verdict): boolean {
  return v.outcome === 'deny' || v.outcome === 'ask';
}
