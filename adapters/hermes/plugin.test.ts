// remit's Hermes plugin (the Python folder Hermes loads) inside a stand-in of Hermes's plugin
// manager and agent loop, running the real bundle: the fast unit-level check (the real Hermes
// Agent runs in the end-to-end suite, e2e/).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeRepository } from '../../test/support/repository.js';

const repo = path.resolve(import.meta.dirname, '../..');
const bundle = path.join(repo, 'dist', 'remit.cjs');
let facts: Record<string, any>;

beforeAll(() => {
  if (!existsSync(bundle)) spawnSync(process.execPath, [path.join(repo, 'scripts/build/build.mjs')], { stdio: 'inherit' });
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'remit-hermes-')));
  const project = path.join(base, 'project');
  makeRepository(project);
  const r = spawnSync('python3', [path.join(repo, 'test/support/hermes-standin/check_remit_plugin.py'), path.join(repo, 'adapters/hermes/plugin/remit')], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: base,
      REMIT_HOME: path.join(base, 'remit-home'),
      TERMINAL_CWD: project,
      REMIT_HERMES_NODE: process.execPath,
      REMIT_HERMES_BUNDLE: bundle,
      PYTHONDONTWRITEBYTECODE: '1',
    },
    encoding: 'utf8',
    timeout: 240_000,
  });
  rmSync(base, { recursive: true, force: true });
  if (r.status !== 0) throw new Error(`stand-in run failed: ${r.stderr}`);
  facts = JSON.parse(r.stdout);
}, 300_000);

describe('Hermes plugin in the stand-in', () => {
  it('registers every hook it needs, and the /remit command, with no warning; a disabled plugin never loads', () => {
    expect(facts.loaded).toBe(true);
    expect(facts.hooks).toEqual(
      [
        'on_session_end',
        'on_session_finalize',
        'on_session_start',
        'post_tool_call',
        'pre_llm_call',
        'pre_tool_call',
        'subagent_start',
        'subagent_stop',
        'transform_tool_result',
      ].sort(),
    );
    expect(facts.commands).toEqual(['remit']);
    expect(facts.warnings).toEqual([]);
    expect(facts.disabled_loads).toBe(false);
  });

  it('takes the directive from pre_llm_call and answers with the contract as context, every turn', () => {
    expect(facts.turn1).toMatch(/mode=review/);
    expect(facts.turn2).toMatch(/remit ARMED: mode=review/);
  });

  it('blocks a write before it runs ({"action": "block"}), lets a read through, reads V4A patches', () => {
    expect(facts.write.blocked).toBe(true);
    expect(JSON.parse(facts.write.result).error).toMatch(/^remit refused this action: MODE_FORBIDS_MUTATION/);
    expect(facts.written).toBe(false);
    expect(facts.read.blocked).toBe(false);
    expect(JSON.parse(facts.patch_v4a.result).error).toMatch(/MODE_FORBIDS_MUTATION/);
  });

  it('holds a subagent thread to the root contract', () => {
    expect(facts.delegate_review.blocked).toBe(false);
    expect(facts.child_write.blocked).toBe(true);
    expect(facts.child_write.result).toMatch(/MODE_FORBIDS_MUTATION/);
  });

  it('reserves a delegate_task batch whole under agents=N and frees it when the children stop', () => {
    expect(facts.batch_of_two.blocked).toBe(true);
    expect(facts.batch_of_two.result).toMatch(/AGENT_BUDGET_EXHAUSTED/);
    expect(facts.one.blocked).toBe(false);
    expect(facts.one_again.blocked).toBe(false);
  });

  it('appends an observing-mode note to the tool result', () => {
    expect(facts.watch_write.blocked).toBe(false);
    expect(facts.watch_write.result).toMatch(/remit noted this action/);
  });

  it('answers bad input without crashing', () => {
    expect(facts.bad_args.blocked).toBe(true);
    expect(facts.huge.blocked).toBe(true);
    expect(facts.hostile.blocked).toBe(true);
  });

  it('refuses writes and allows reads when remit cannot run', () => {
    expect(facts.broken_write.blocked).toBe(true);
    expect(JSON.parse(facts.broken_write.result).error).toMatch(/GUARD_ERROR/);
    expect(facts.broken_read.blocked).toBe(false);
  });
});
