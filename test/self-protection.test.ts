// Issue 9 principle 7 and issue 10 defect 2: protected paths against folder operations,
// host configuration files, and symlinks resolved on both sides (real symlinks on disk).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hostCapabilities } from '../adapters/hosts.js';
import type { Action, TaskContract } from '../src/generated/types.js';
import { EMPTY_CLASSIFIER_CONFIG, type ClassifyContext } from '../src/core/classify/context.js';
import { diskFileView } from '../src/core/classify/file-view.js';
import { canonicalPath } from '../src/core/paths/canonical.js';
import { protectedTree } from '../src/core/paths/protected.js';
import { classifyShell } from '../src/core/shell/classify-shell.js';
import { decide } from '../src/core/decide/decide.js';
import type { DecisionInput } from '../src/core/decide/input.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tmp(): string {
  const d = realpathSync(mkdtempSync(path.join(tmpdir(), 'remit-selfprot-')));
  dirs.push(d);
  return d;
}

function contract(root: string, over: Partial<TaskContract> = {}): TaskContract {
  return {
    mode: 'change',
    level: 'guard',
    files: null,
    deps: 'ask',
    hash: 'deny',
    hostconfig: 'deny',
    agents: null,
    checks: 'allow',
    source: 'directive',
    projectRoot: root,
    ...over,
  };
}

function hostGlobs(home: string, root: string): string[] {
  return [...new Set(hostCapabilities().flatMap((c) => c.configPaths ?? []))]
    .map((p) => (p.startsWith('~/') ? `${home}${p.slice(1)}` : p.startsWith('**/') ? p : p))
    .concat(`${root}/.claude/settings.json`);
}

function verdict(cmd: string, root: string, home: string, remit: string[], files: string[] | null = null): string {
  const ctx: ClassifyContext = { cwd: root, projectRoot: root, home, files: diskFileView(), config: EMPTY_CLASSIFIER_CONFIG, digestKey: 'k', realpath: true };
  const c = classifyShell(cmd, ctx);
  const action: Action = {
    id: 'x',
    tool: 'Bash',
    mutability: c.mutability,
    effects: c.effects,
    intents: c.intents,
    inputDigest: 'd',
    mentionedPaths: c.mentionedPaths,
  };
  if (c.analysis) action.analysis = c.analysis;
  const input: DecisionInput = {
    contract: contract(root, files ? { files } : {}),
    action,
    protectedPaths: { remit, hostConfig: hostGlobs(home, root) },
    ledger: { reserved: 0, unresolved: [], idState: 'new' },
  };
  const d = decide(input);
  return `${d.outcome}/${d.reasonCode}`;
}

describe('folder operations on a protected folder or its parent touch what it protects', () => {
  const base = tmp();
  const root = `${base}/proj`;
  const home = `${base}/home`;
  mkdirSync(`${root}/.claude`, { recursive: true });
  mkdirSync(`${root}/src`, { recursive: true });
  mkdirSync(`${home}/.remit/sessions`, { recursive: true });
  writeFileSync(`${root}/.claude/settings.json`, '{}');
  const remit = protectedTree(`${home}/.remit`);

  it.each(['rm -rf .claude', 'mv .claude x', 'tar -x -f a.tar -C .claude', 'find .claude -delete', 'find . -delete', 'rm -rf ~', 'mv ~/.claude ~/old'])(
    '%s is refused as a protected folder (rule protected-folder)',
    (cmd) => {
      expect(verdict(cmd, root, home, remit)).toBe('deny/GUARD_PROTECTED_FOLDER');
    },
  );

  it("removing remit's own home is a direct hit (rule self-protection)", () => {
    expect(verdict('rm -rf ~/.remit', root, home, remit)).toBe('deny/GUARD_SELF_PROTECTION');
  });

  it('~/.claude.json, a project .mcp.json, subagent definitions and hook scripts are host configuration', () => {
    for (const cmd of [
      'echo {} > ~/.claude.json',
      'echo {} > .mcp.json',
      'echo x > .claude/agents/a.md',
      'echo x > ~/.claude/skills/s/SKILL.md',
      'echo {} > opencode.json',
      'echo exit 0 > .claude/hooks/guard.sh',
      'echo exit 0 > ~/.codex/hooks/pre.sh',
    ]) {
      expect(verdict(cmd, root, home, remit), cmd).toBe('deny/GUARD_SELF_PROTECTION');
    }
  });

  it('host configuration is matched case-folded: a macOS or Windows file system opens the same file', () => {
    for (const cmd of [
      'echo {} > .Claude/settings.json',
      'echo {} > .MCP.json',
      'echo x > .CODEX/config.toml',
      'echo {} > ~/.Claude.json',
      'echo x > .claude/AGENTS/a.md',
    ]) {
      expect(verdict(cmd, root, home, remit), cmd).toBe('deny/GUARD_SELF_PROTECTION');
    }
    expect(verdict('rm -rf .CLAUDE', root, home, remit)).toBe('deny/GUARD_PROTECTED_FOLDER');
    expect(verdict('rm -rf ~/.REMIT', root, home, remit)).toBe('deny/GUARD_SELF_PROTECTION');
    for (const cmd of ['echo x > src/Claude.json', 'echo x > .claude-notes.md', 'echo x > src/mcp.json']) {
      expect(verdict(cmd, root, home, remit), cmd).toBe('allow/WITHIN_CONTRACT');
    }
  });

  it('ordinary folder work stays allowed', () => {
    for (const cmd of ['rm -rf src/gen', 'mkdir -p src/new', 'cp src/a.ts src/b.ts', 'mv src/a.ts src/lib/']) {
      expect(verdict(cmd, root, home, remit), cmd).toBe('allow/WITHIN_CONTRACT');
    }
  });
});

describe('symlinks resolved on both sides (issue 10 defect 2)', () => {
  it('a symlinked REMIT_HOME/sessions is protected through either path', () => {
    const base = tmp();
    const root = `${base}/proj`;
    const home = `${base}/home`;
    const elsewhere = `${base}/elsewhere/sessions`;
    mkdirSync(root, { recursive: true });
    mkdirSync(elsewhere, { recursive: true });
    mkdirSync(`${home}/.remit`, { recursive: true });
    writeFileSync(`${elsewhere}/other.json`, '{}');
    symlinkSync(elsewhere, `${home}/.remit/sessions`);
    const remit = protectedTree(`${home}/.remit`);
    expect(remit).toContain(`${elsewhere}/**`);
    for (const cmd of [
      `echo {} > ${home}/.remit/sessions/other.json`,
      `echo {} > ${elsewhere}/other.json`,
      `rm ${elsewhere}/other.json`,
      `: > ${home}/.remit/sessions/other.json`,
    ]) {
      expect(verdict(cmd, root, home, remit), cmd).toBe('deny/GUARD_SELF_PROTECTION');
    }
    // Without the resolved target the same write would have passed as an ordinary file.
    expect(verdict(`echo {} > ${elsewhere}/other.json`, root, home, [`${home}/.remit/**`, `${home}/.remit`])).toBe('allow/WITHIN_CONTRACT');
  });

  it('a symlinked audit file and a symlinked REMIT_HOME are followed too', () => {
    const base = tmp();
    mkdirSync(`${base}/real-home/audit`, { recursive: true });
    mkdirSync(`${base}/logs`, { recursive: true });
    writeFileSync(`${base}/logs/a.jsonl`, '');
    symlinkSync(`${base}/logs/a.jsonl`, `${base}/real-home/audit/a.jsonl`);
    symlinkSync(`${base}/real-home`, `${base}/home-link`);
    const remit = protectedTree(`${base}/home-link`);
    expect(remit).toContain(`${base}/real-home/**`);
    expect(remit).toContain(`${base}/logs/a.jsonl`);
    mkdirSync(`${base}/proj`);
    expect(verdict(`: > ${base}/logs/a.jsonl`, `${base}/proj`, `${base}/h`, remit)).toBe('deny/GUARD_SELF_PROTECTION');
  });

  it('a link naming a sibling is covered by the tree unless the sibling is a link out of it', () => {
    const base = tmp();
    const home = `${base}/home`;
    mkdirSync(`${home}/sessions`, { recursive: true });
    mkdirSync(`${base}/elsewhere`, { recursive: true });
    // A held lock: its link names its holder, a sibling that does not exist.
    symlinkSync('1234@host:1', `${home}/sessions/k.json.lock`);
    expect(protectedTree(home)).toEqual([`${home}/**`, home]);
    // A plain name that is itself a link out of the tree: where it leads is protected.
    symlinkSync(`${base}/elsewhere`, `${home}/sessions/1234@host:1`);
    expect(protectedTree(home)).toEqual(expect.arrayContaining([`${base}/elsewhere/**`, `${base}/elsewhere`]));
    mkdirSync(`${base}/proj`);
    expect(verdict(`: > ${base}/elsewhere/x`, `${base}/proj`, `${base}/h`, protectedTree(home))).toBe('deny/GUARD_SELF_PROTECTION');
  });

  it('resolves a symlink before the .. that follows it, as the kernel does', () => {
    const base = tmp();
    mkdirSync(`${base}/src`, { recursive: true });
    mkdirSync(`${base}/docs/inner`, { recursive: true });
    symlinkSync('../docs/inner', `${base}/src/lnk`);
    expect(canonicalPath('src/lnk/../b.ts', base)).toBe(`${base}/docs/b.ts`);
    expect(canonicalPath('src/lnk/../../src/a.ts', base)).toBe(`${base}/src/a.ts`);
    expect(canonicalPath('src/missing/../b.ts', base)).toBe(`${base}/src/b.ts`);
    // A files= contract for src/** does not cover a write that lands in docs/.
    expect(verdict('echo x > src/lnk/../b.ts', base, `${base}/h`, [], [`${base}/src/**`])).toBe('deny/PATH_OUTSIDE_CONTRACT');
    expect(verdict('echo x > src/lnk/../b.ts', base, `${base}/h`, [], [`${base}/docs/**`])).toBe('allow/WITHIN_CONTRACT');
  });
});

describe('cd is logical, file operations are physical', () => {
  it('follows bash: cd src/lnk/.. is src, but src/lnk/../f is docs/f', () => {
    const base = tmp();
    mkdirSync(`${base}/src`, { recursive: true });
    mkdirSync(`${base}/docs/inner`, { recursive: true });
    symlinkSync('../docs/inner', `${base}/src/lnk`);
    const ctx: ClassifyContext = {
      cwd: base,
      projectRoot: base,
      home: `${base}/h`,
      files: diskFileView(),
      config: EMPTY_CLASSIFIER_CONFIG,
      digestKey: 'k',
      realpath: true,
    };
    const fx = (cmd: string) => classifyShell(cmd, ctx).effects.map((e) => `${e.kind} ${e.path.slice(base.length + 1)}`);
    expect(fx('echo x > src/lnk/../f')).toEqual(['write docs/f']);
    expect(fx('cd src/lnk/.. && echo x > f')).toEqual(['write src/f']);
    expect(fx('cd src/lnk && cd .. && echo x > f')).toEqual(['write src/f']);
    expect(fx('cd src/lnk && echo x > ../f')).toEqual(['write docs/f']);
    expect(fx('cd -P src/lnk/.. && echo x > f')).toEqual(['write docs/f']);
  });
});
