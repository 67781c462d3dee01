// Codex CLI 0.171.0 in `codex exec`, OpenAI Responses against the double through a custom provider.
// Two lanes: `bypass` runs hooks with --dangerously-bypass-hook-trust; `trust` runs without it, so
// the hook only runs when `remit install codex --trust` recorded the right trust hash.
import fs from 'node:fs';
import path from 'node:path';
import type { Script } from '../../model-double/script.js';
import type { Sandbox } from '../sandbox.js';
import { binary, commandHooks, missingBinary, packageVersion, shellQuote, writeJson, CAPTURE_HOOK, NODE20, NODE22 } from './driver.js';
import type { HostDriver, RemitBuild, Toolchain } from './driver.js';

const EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'SubagentStart',
  'SubagentStop',
  'Stop',
  'PreCompact',
  'PostCompact',
  'SessionEnd',
];
const TOOL_EVENTS = ['PreToolUse', 'PostToolUse'];

/**
 * A slug Codex 0.171.0 has model metadata for, so it offers `apply_patch` (with an unknown slug it
 * offers only `exec_command`). Override with E2E_CODEX_MODEL.
 */
export const CODEX_KNOWN_MODEL = process.env.E2E_CODEX_MODEL ?? 'gpt-5.5';

function configToml(doubleUrl: string, model: string): string {
  return [
    `model = "${model}"`,
    'model_provider = "e2e"',
    'approval_policy = "never"',
    // `codex exec resume` takes no -s flag, so the sandbox mode lives in the config for every run.
    // No Codex sandbox: with bubblewrap installed (CI installs it for remit's effect oracle)
    // `workspace-write` blocks the commands' writes itself, and a lane would prove Codex's
    // sandbox rather than remit's decision.
    'sandbox_mode = "danger-full-access"',
    // Low enough that the double's reported usage triggers auto-compaction on cue.
    'model_auto_compact_token_limit = 200000',
    '',
    '[model_providers.e2e]',
    'name = "e2e double"',
    `base_url = "${doubleUrl}/v1"`,
    'wire_api = "responses"',
    'env_key = "E2E_MODEL_KEY"',
    'request_max_retries = 0',
    'stream_max_retries = 0',
    '',
  ].join('\n');
}

/**
 * Codex 0.171.0 offers the multi-agent tools (namespace `multi_agent_v1`) only to a model it has no
 * metadata for; with `gpt-5.5` they hide behind tool_search. A run that delegates uses that model.
 */
export const CODEX_UNKNOWN_MODEL = 'gpt-e2e-unknown';

function modelFor(script: Script | undefined): string {
  const calls = (script?.main ?? []).flatMap((t) => ('calls' in t ? t.calls : []));
  return calls.some((c) => c.namespace === 'multi_agent_v1') ? CODEX_UNKNOWN_MODEL : CODEX_KNOWN_MODEL;
}

function makeCodex(lane: 'bypass' | 'trust', tc: Toolchain): HostDriver {
  return {
    host: 'codex',
    toolchain: tc,
    lane,
    installArgs: lane === 'trust' ? ['--trust'] : [],
    version: () => packageVersion('@openai/codex', tc),
    unavailable: () => missingBinary('codex', tc),
    configureProvider(sb: Sandbox, doubleUrl: string) {
      const file = path.join(sb.codexHome, 'config.toml');
      fs.mkdirSync(sb.codexHome, { recursive: true });
      // The installer merges into this file later; the provider block stays ours.
      fs.writeFileSync(file, configToml(doubleUrl, CODEX_KNOWN_MODEL));
      sb.env.E2E_MODEL_KEY = 'e2e-double';
    },
    tools: () => ({
      write: (file, content) => ({
        name: 'apply_patch',
        kind: 'custom',
        input: {
          input: `*** Begin Patch\n*** Add File: ${file.rel}\n${content
            .split('\n')
            .filter((_, i, a) => i < a.length - 1 || a[i] !== '')
            .map((l) => `+${l}`)
            .join('\n')}\n*** End Patch\n`,
        },
      }),
      shell: (command) => ({ name: 'exec_command', input: { cmd: command } }),
      patch: (file, oldText, newText) => [
        {
          name: 'apply_patch',
          kind: 'custom',
          input: { input: `*** Begin Patch\n*** Update File: ${file.rel}\n@@\n-${oldText}\n+${newText}\n*** End Patch\n` },
        },
      ],
      delegate: (prompt) => ({ name: 'spawn_agent', namespace: 'multi_agent_v1', input: { message: prompt } }),
      joinDelegate: {
        name: 'wait_agent',
        namespace: 'multi_agent_v1',
        input: {},
        fromResult: (previous) => ({ targets: [/"agent_id"\s*:\s*"([^"]+)"/.exec(previous)?.[1] ?? 'unknown'], timeout_ms: 20_000 }),
      },
    }),
    invocation(_sb, prompt, options) {
      const args = ['exec'];
      if (options.resume === true) args.push('resume', '--last');
      args.push('-m', modelFor(options.script));
      if (lane === 'bypass') args.push('--dangerously-bypass-hook-trust');
      args.push('--skip-git-repo-check', '--json', prompt);
      return { file: binary('codex', tc), args };
    },
    registerCapture(sb, captureDir) {
      const command = `${shellQuote(tc.node)} ${shellQuote(CAPTURE_HOOK)} ${shellQuote(captureDir)}`;
      writeJson(path.join(sb.codexHome, 'hooks.json'), commandHooks(EVENTS, command, TOOL_EVENTS));
    },
    registerRemitByHand(sb, remit: RemitBuild) {
      // TODO(installer): replaced by `remit install codex` as soon as it succeeds. By hand there is no
      // trust record, so the `trust` lane then proves nothing and its scenarios fail, as they should.
      const command = `${shellQuote(remit.node)} ${shellQuote(remit.bundle)} hook codex`;
      writeJson(path.join(sb.codexHome, 'hooks.json'), commandHooks(EVENTS, command, TOOL_EVENTS));
    },
  };
}

export const codexBypass = makeCodex('bypass', NODE20);
export const codexTrust = makeCodex('trust', NODE20);
export const codexBypass22 = makeCodex('bypass', NODE22);
export const codexTrust22 = makeCodex('trust', NODE22);
