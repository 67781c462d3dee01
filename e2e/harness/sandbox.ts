// A throwaway world for one host run: HOME, every config/state folder a host or remit reads, and a
// git project. Nothing points at the real user's files.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Sandbox {
  root: string;
  home: string;
  project: string;
  remitHome: string;
  xdgConfig: string;
  xdgState: string;
  xdgData: string;
  xdgCache: string;
  codexHome: string;
  piAgentDir: string;
  hermesHome: string;
  /** The environment every process of this run gets (host, installer, capture hook). */
  env: Record<string, string>;
}

export interface SandboxOptions {
  /** Project files to create, relative path → content. */
  files?: Record<string, string>;
  /** A short label used in the folder name (host-scenario). */
  label: string;
  /** The Node the lane runs under, first on PATH (hosts and hooks that run `node` find it). Default: this Node. */
  node?: string;
}

// Kept from the parent: what a process needs to start on this machine; never credentials.
const PASS_THROUGH = ['PATH', 'LANG', 'LC_ALL', 'TZ', 'NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR', 'TERM'];

export function createSandbox(options: SandboxOptions): Sandbox {
  const base = path.join(os.tmpdir(), 'remit-e2e');
  fs.mkdirSync(base, { recursive: true });
  const root = fs.mkdtempSync(path.join(base, `${options.label.replace(/[^a-z0-9-]/gi, '_')}-`));
  const home = path.join(root, 'home');
  const project = path.join(root, 'project');
  const sb: Sandbox = {
    root,
    home,
    project,
    remitHome: path.join(home, '.local', 'state', 'remit'),
    xdgConfig: path.join(home, '.config'),
    xdgState: path.join(home, '.local', 'state'),
    xdgData: path.join(home, '.local', 'share'),
    xdgCache: path.join(home, '.cache'),
    codexHome: path.join(home, '.codex'),
    piAgentDir: path.join(home, '.pi', 'agent'),
    hermesHome: path.join(home, '.hermes'),
    env: {},
  };
  for (const dir of [home, project, sb.xdgConfig, sb.xdgState, sb.xdgData, sb.xdgCache, sb.codexHome, sb.piAgentDir, sb.hermesHome]) {
    fs.mkdirSync(dir, { recursive: true });
  }
  const env: Record<string, string> = {};
  for (const key of PASS_THROUGH) {
    const v = process.env[key];
    if (v !== undefined) env[key] = v;
  }
  // The host must find the lane's Node first: hooks and script launchers run `node`.
  env.PATH = [path.dirname(options.node ?? process.execPath), env.PATH ?? '/usr/bin:/bin'].join(path.delimiter);
  Object.assign(env, {
    HOME: home,
    USERPROFILE: home,
    TMPDIR: path.join(root, 'tmp'),
    XDG_CONFIG_HOME: sb.xdgConfig,
    XDG_STATE_HOME: sb.xdgState,
    XDG_DATA_HOME: sb.xdgData,
    XDG_CACHE_HOME: sb.xdgCache,
    CODEX_HOME: sb.codexHome,
    PI_CODING_AGENT_DIR: sb.piAgentDir,
    HERMES_HOME: sb.hermesHome,
    REMIT_HOME: sb.remitHome,
    REMIT_AUDIT: 'detail',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'e2e',
    GIT_AUTHOR_EMAIL: 'e2e@example.invalid',
    GIT_COMMITTER_NAME: 'e2e',
    GIT_COMMITTER_EMAIL: 'e2e@example.invalid',
    NO_COLOR: '1',
    CI: '1',
  });
  fs.mkdirSync(env.TMPDIR as string, { recursive: true });
  sb.env = env;

  for (const [rel, content] of Object.entries(options.files ?? {})) {
    const file = path.join(project, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  const git = (...args: string[]) => execFileSync('git', args, { cwd: project, env, stdio: 'ignore' });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '--allow-empty', '-m', 'fixture');
  return sb;
}

/** Project files after a run (relative path → content), `.git` left out; large or binary files as a marker. */
export function readProjectFiles(project: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === '.git' || entry.name === 'node_modules') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const stat = fs.statSync(full);
        out[path.relative(project, full)] = stat.size > 256 * 1024 ? `<${stat.size} bytes>` : fs.readFileSync(full, 'utf8');
      }
    }
  };
  walk(project);
  return out;
}

/**
 * Kills every process still running with this sandbox's HOME: the sandbox started them, and a
 * host may leave one behind in its own session (Codex 0.171.0's UI starts an app-server daemon
 * that outlives it). Linux /proc only; elsewhere nothing is found.
 */
export function killSandboxProcesses(sb: Sandbox): number {
  const mark = Buffer.from(`\0HOME=${sb.home}\0`);
  let killed = 0;
  let pids: string[] = [];
  try {
    pids = fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p) && Number(p) !== process.pid);
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      const environ = Buffer.concat([Buffer.from('\0'), fs.readFileSync(`/proc/${pid}/environ`)]);
      if (!environ.includes(mark)) continue;
      process.kill(Number(pid), 'SIGKILL');
      killed += 1;
    } catch {
      // gone already, or not ours to read
    }
  }
  return killed;
}

export function removeSandbox(sb: Sandbox): void {
  killSandboxProcesses(sb);
  fs.rmSync(sb.root, { recursive: true, force: true });
}
