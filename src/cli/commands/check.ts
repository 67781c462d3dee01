// `remit check --host H [--prompt P] --tool T --input JSON`: one dry decision through the
// hook's decision path (the host's tool table, then the controller's classify and rule table),
// in a throwaway REMIT_HOME that is deleted afterwards. The selected session's state is
// copied in, read as the hook reads it (damage stays damage), when there is one and no
// prompt replaces it (a prompt never replaces damage). Exit 0 allow, 4 report or ask, 5 deny.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CliCheck, ToolRequest } from '../../generated/types.js';
import { validateToolRequest } from '../../generated/validate-tool-request.js';
import { createRuntime } from '../../core/host/create-runtime.js';
import { canonicalPath } from '../../core/paths/canonical.js';
import { armedByAudit } from '../../core/audit/last-state.js';
import { installAuditKey } from '../../core/audit/chain.js';
import { encodeState } from '../../core/state/decode.js';
import { auditFile, sessionFile, sessionKey } from '../../core/state/home.js';
import { readSession } from '../../core/state/store.js';
import { REASONS } from '../../core/decide/reasons.js';
import type { HostModule } from '../../../adapters/host-module.js';
import { findLine, hostLines, HOSTS, protectedHostConfig } from '../../../adapters/hosts.js';
import { printError, UsageError, type CliIO } from '../io.js';
import { unknownHost } from '../options.js';
import { guarded, out, parseArgs, selectSession, sessionKnown } from './readback-args.js';

const EXIT_CODES = { allow: 0, report: 4, ask: 4, deny: 5 } as const;
const CHECK_SESSION = 'remit-check';

function parseInput(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError('--input is not valid JSON');
  }
}

/** The throwaway audit is deleted: an event id from it is one `explain` could never find, so none is shown. */
function unrecorded(text: string): string {
  return text.replace(/ \/ evt_[0-9a-f]{28}\b/g, '').replace(/\bevt_[0-9a-f]{28}\b/g, '<event id>');
}

function renderCheck(v: CliCheck): string {
  const d = v.decision;
  const a = v.action;
  const lines = [
    `${d.outcome}${d.would ? ` (would ${d.would})` : ''} ${d.reasonCode}${d.family ? ` (${d.family})` : ''}, rule ${v.rule}: ${a.tool} (${a.mutability}), ${a.effects} file effect${a.effects === 1 ? '' : 's'}${a.analysis ? `, unproven: ${a.analysis}` : ''}`,
  ];
  if (d.fact) lines.push(`Decisive fact: ${d.factIndex !== undefined ? `file effect #${d.factIndex}` : d.fact.kind}: ${d.fact.reason}`);
  lines.push(`Why: ${d.explanation}`);
  if (d.nextStep) lines.push(`Next step: ${d.nextStep}`);
  lines.push('', 'Message for the model (a refusal, a report, or an ask the host sends as a refusal):', ...v.message.split('\n').map((l) => `  ${l}`));
  if (v.question) lines.push('', "Question for the person (an ask at the host's own approval prompt):", ...v.question.split('\n').map((l) => `  ${l}`));
  lines.push('', '(dry run: nothing was recorded, so there is no event id to allow or explain)');
  return lines.join('\n');
}

/**
 * Puts the selected session into the throwaway home as the hook reads it (store.ts readSession
 * with the install's key), so the throwaway's controller takes the hook's path: a sound state is
 * written unsealed (the throwaway has a key of its own and no record, so it reads it as a state
 * from before sealing, docs/DESIGN.md#session-state). Damage (a state rewritten by hand, its seal
 * dropped or broken; missing while the audit says armed; unreadable) becomes a state file no key
 * reads, beside an audit that says what the real one says about arming (rule `damaged-state`:
 * one that cannot be read arms, none does not), and the controller recovers as the hook would.
 * A state that is simply absent leaves the throwaway empty: the defaults apply.
 */
function seedFrom(realHome: string, realKey: string, home: string, key: string, damageOnly: boolean): void {
  const loaded = readSession(realHome, realKey, { sealKey: installAuditKey(realHome) });
  if (loaded.kind === 'absent' || (damageOnly && loaded.kind === 'ok')) return;
  mkdirSync(path.join(home, 'sessions'), { recursive: true, mode: 0o700 });
  if (loaded.kind === 'ok') {
    writeFileSync(sessionFile(home, key), encodeState(loaded.state, null), { mode: 0o600 });
    return;
  }
  writeFileSync(sessionFile(home, key), '', { mode: 0o600 });
  if (armedByAudit(auditFile(realHome, realKey))) {
    mkdirSync(path.dirname(auditFile(home, key)), { recursive: true, mode: 0o700 });
    writeFileSync(auditFile(home, key), 'the state was damaged: this audit says the session was armed\n', { mode: 0o600 });
  }
}

const describeValue = (v: unknown): string =>
  Array.isArray(v) ? 'an array' : v === null ? 'null' : typeof v === 'object' ? 'an object' : `${JSON.stringify(v)}`;

/**
 * A tool the host's table knows but whose input it could not read (`other`), when text in place
 * of non-text fields makes it readable: those fields, named (only the ones that decide, when one
 * alone does). Null when the tool is not one the table reads at all (that is `unknown_tool`).
 */
function malformedFields(adapter: { toolRequest(tool: string, input: unknown): ToolRequest }, tool: string, input: Record<string, unknown>): string | null {
  const keys = Object.keys(input).filter((k) => typeof input[k] !== 'string');
  const readsWith = (fix: string[]) => adapter.toolRequest(tool, { ...input, ...Object.fromEntries(fix.map((k) => [k, 'x'])) }).type !== 'other';
  if (keys.length === 0 || !readsWith(keys)) return null;
  const alone = keys.filter((k) => readsWith([k]));
  return (alone.length ? alone : keys).map((k) => `"${k}" is ${describeValue(input[k])}`).join(', ');
}

export async function run(argv: string[], io: CliIO, hosts: readonly HostModule[] = HOSTS): Promise<number> {
  return guarded('check', io, async () => {
    const args = parseArgs(argv, io, { string: ['prompt', 'tool', 'input'] });
    if (args.positional.length) throw new UsageError(`unexpected argument '${args.positional[0]}'`);
    const host = (args.flags.host as string | undefined)?.toLowerCase();
    // A host with version lines of its own forms is named by line (opencode, opencode2).
    const lineNames = hosts.flatMap((h) => hostLines(h).map((l) => l.name));
    const names = `${lineNames.join(', ')} or core`;
    if (!host) throw new UsageError(`--host is needed: ${names}`);
    const known = host === 'core' ? undefined : findLine(host, hosts)?.line;
    if (host !== 'core' && !known) throw unknownHost(host, [...lineNames, 'core'], names);
    const prompt = args.flags.prompt as string | undefined;
    const tool = (args.flags.tool as string | undefined) ?? '';
    if (host !== 'core' && !tool)
      throw new UsageError(
        `--tool T and --input JSON are needed: the ${host} tool's own name and its input as the host sends it, e.g. --tool Write --input '{"file_path":"a.ts","content":"x"}'`,
      );
    const inputText = args.flags.input as string | undefined;
    if (inputText === undefined)
      throw new UsageError(
        host === 'core'
          ? '--input JSON is needed: a ToolRequest (schemas/tool-request.schema.json)'
          : `--input JSON is needed: the ${tool} tool's input as ${host} sends it, a JSON object`,
      );
    const input = parseInput(inputText);
    const adapter = await known?.adapter();
    // Sessions and the audit name the host (opencode), not the line (opencode2).
    const hostName = adapter?.name ?? host;
    if (host !== 'core' && (typeof input !== 'object' || input === null || Array.isArray(input)))
      throw new UsageError("--input is a JSON object: the tool's input as the host sends it");
    let request: ToolRequest;
    if (adapter) {
      request = adapter.toolRequest(tool, input);
      if (request.type === 'other') {
        const wrong = malformedFields(adapter, tool, input as Record<string, unknown>);
        if (wrong) throw new UsageError(`--input is malformed for ${host}'s ${tool}: ${wrong}, where the host sends a string`);
      }
    } else if (validateToolRequest(input)) request = input;
    else throw new UsageError('with --host core, --input is a ToolRequest (schemas/tool-request.schema.json)');
    // The session to copy is chosen without --host, which names the host to check with here.
    const sessionArg = args.flags.session as string | undefined;
    const source = sessionArg ? sessionKey(hostName, sessionArg) : selectSession({ ...args, flags: { ...args.flags, host: undefined } }, io);
    if (sessionArg && !sessionKnown(args.home, source!)) throw new UsageError(`no session '${sessionArg}' of ${hostName} in ${args.home}`);

    const tmp = mkdtempSync(path.join(tmpdir(), 'remit-check-'));
    try {
      const home = path.join(tmp, 'home');
      const realHome = canonicalPath(args.home, '/');
      const runtime = createRuntime({
        home,
        env: { ...io.env, REMIT_AUDIT: undefined, REMIT_DISABLE: undefined },
        protectedPaths: { remit: [`${realHome}/**`, realHome], hostConfig: protectedHostConfig(io.env, hosts) },
      });
      // A prompt's directive replaces a sound contract, but not damage: the hook refuses the directive then too.
      if (source) seedFrom(args.home, source, home, sessionKey(hostName, CHECK_SESSION), prompt !== undefined);
      const envelope = {
        protocolVersion: 2 as const,
        lifecycleVersion: 2,
        host: { name: hostName },
        sessionId: CHECK_SESSION,
        cwd: io.cwd,
        at: new Date().toISOString(),
      };
      const promptResult = prompt === undefined ? undefined : await runtime.handle({ ...envelope, kind: 'prompt.submit', prompt, origin: 'user' });
      const action = await runtime.classify(request, { id: 'check-1', tool: tool || request.tool || request.type, cwd: io.cwd });
      const last = await runtime.handle({ ...envelope, kind: 'action.before', action });
      if (last.kind !== 'decision') {
        printError(io, 'check', `the ${host} hook path gave no decision for this tool call`);
        return 1;
      }
      const view: CliCheck = {
        host,
        decision: last.decision,
        rule: REASONS[last.decision.reasonCode].rule,
        message: unrecorded(last.message),
        action: { tool: action.tool, mutability: action.mutability, effects: action.effects.length, ...(action.analysis ? { analysis: action.analysis } : {}) },
      };
      if (last.question) view.question = unrecorded(last.question);
      if (promptResult)
        view.prompt = { result: promptResult.kind, ...(promptResult.kind === 'prompt-block' && promptResult.code ? { code: promptResult.code } : {}) };
      out(io, args, view, renderCheck(view));
      return EXIT_CODES[view.decision.outcome];
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
}
