import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { classifierConfigOf, loadRepoConfig, loadUserConfig, retentionDaysOf, userProjectDefault } from './user-config.js';
import { tightenContract } from './tighten.js';
import { defaultContract } from '../contract/defaults.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'remit-cfg-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function userFile(text: string) {
  mkdirSync(path.join(dir, 'remit'), { recursive: true });
  writeFileSync(path.join(dir, 'remit', 'config.json'), text);
  return { XDG_CONFIG_HOME: dir, HOME: '/home/u' };
}

describe('user configuration', () => {
  it('is optional', () => {
    const r = loadUserConfig({ XDG_CONFIG_HOME: dir });
    expect(r.status).toBe('absent');
    expect(retentionDaysOf(r.config)).toBe(30);
  });

  it('gives tool classifications, checks, retention and project defaults', () => {
    const env = userFile(
      JSON.stringify({
        tools: { mcp__db__Query: 'read' },
        checks: { commands: ['just test'], scripts: ['verify'] },
        retentionDays: 7,
        projects: { '~/code/app': '$remit review' },
        reads: ['jj log --no-graph *'],
      }),
    );
    const r = loadUserConfig(env);
    expect(r.status).toBe('ok');
    expect(classifierConfigOf(r.config)).toEqual({
      toolClassifications: { mcp__db__query: 'read' },
      checkCommands: ['just test'],
      checkScripts: ['verify'],
      taughtReads: ['jj log --no-graph *'],
    });
    expect(retentionDaysOf(r.config)).toBe(7);
    expect(userProjectDefault(r.config, '/home/u/code/app', env)).toBe('$remit review');
    expect(userProjectDefault(r.config, '/home/u/code/other', env)).toBeNull();
  });

  it('a file that fails its schema is reported with where, and ignored whole', () => {
    const bad = loadUserConfig(userFile(JSON.stringify({ tools: { x: 'harmless' }, retentionDays: 5 })));
    expect(bad.status).toBe('invalid');
    expect(bad.config).toBeNull();
    expect(bad.problem).toMatch(/fails its schema \(tools\.x must be one of "read", "write"/);
    const notJson = loadUserConfig(userFile('{ tools: '));
    expect(notJson.problem).toContain('not valid JSON');
  });
});

describe('repository configuration only tightens', () => {
  it('raises policy floors and lowers the agent cap, never the reverse', () => {
    const loose = { ...defaultContract(), mode: 'change' as const, level: 'guard' as const, deps: 'allow' as const, hash: 'allow' as const, agents: 5 };
    const t = tightenContract(loose, { deps: 'ask', hash: 'deny', checks: 'deny', agents: 2 });
    expect(t).toMatchObject({ deps: 'ask', hash: 'deny', checks: 'deny', agents: 2 });
    const strict = { ...loose, deps: 'deny' as const, agents: 1 };
    expect(tightenContract(strict, { deps: 'ask', agents: 3 })).toMatchObject({ deps: 'deny', agents: 1 });
    expect(tightenContract({ ...loose, agents: null }, { agents: 4 }).agents).toBe(4);
  });

  it('a repository file cannot say allow', () => {
    writeFileSync(path.join(dir, '.remit.json'), JSON.stringify({ hash: 'allow' }));
    const r = loadRepoConfig(dir);
    expect(r.status).toBe('invalid');
    expect(r.config).toBeNull();
    writeFileSync(path.join(dir, '.remit.json'), JSON.stringify({ hash: 'ask', default: '$remit review' }));
    expect(loadRepoConfig(dir)).toMatchObject({ status: 'ok', config: { hash: 'ask', default: '$remit review' } });
  });
});
