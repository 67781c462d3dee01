// The scenarios, written once for every host: each scripts the model in the host's own tool
// vocabulary and checks what the real host did with remit installed.
import path from 'node:path';
import type { Script, ScriptedCall, ScriptedTurn } from '../model-double/script.js';
import type { ToolVocabulary } from '../harness/hosts/driver.js';
import type { HostRun, HostSession } from '../harness/session.js';
import {
  agentTurns,
  auditHas,
  auditSummary,
  both,
  expectAllowed,
  expectRefused,
  injectedTexts,
  processSummary,
  REMIT_REFUSAL,
  resultOfCall,
} from './evidence.js';
import type { Check } from './evidence.js';

export interface Scenario {
  id: string;
  title: string;
  /** Tools the host must offer; a host without them has the scenario as "not applicable". */
  needs?: Array<'patch' | 'delegate'>;
  files: Record<string, string>;
  run(session: HostSession): Promise<Check>;
}

const CHILD = 'E2E-CHILD';
const A_TXT = 'original\n';
const MCP_JSON = '{\n  "mcpServers": {}\n}\n';

function fileRef(session: HostSession, rel: string) {
  return { rel, abs: path.join(session.sb.project, rel) };
}

function turns(...calls: ScriptedCall[]): ScriptedTurn[] {
  return [...calls.map((call) => ({ calls: [call] })), { text: 'Finished.' }];
}

function patchTurns(t: ToolVocabulary, session: HostSession, rel: string, oldText: string, newText: string): ScriptedCall[] {
  if (t.patch === undefined) throw new Error('scenario needs a patch tool');
  return t.patch(fileRef(session, rel), oldText, newText);
}

/** The name the double recorded for the last call of a patch sequence (omp reads first). */
function lastName(calls: ScriptedCall[]): string {
  return calls[calls.length - 1]?.name ?? '';
}

export const SCENARIOS: Scenario[] = [
  {
    id: 'review-write-refused',
    title: 'review: a file write is refused and the file is not written',
    files: { 'a.txt': A_TXT },
    async run(session) {
      // A new file: some hosts refuse to overwrite a file the session has not read (Claude Code),
      // which would hide whether remit refused it.
      const write = session.tools.write(fileRef(session, 'notes.txt'), 'review notes\n');
      const run = await session.run('$remit review -- look at a.txt', { main: turns(write) });
      return expectRefused(run, { toolName: write.name }, { rel: 'notes.txt', before: undefined }, 'MODE_FORBIDS_MUTATION');
    },
  },
  {
    id: 'change-write-allowed',
    title: 'change: a file write is allowed',
    files: { 'a.txt': A_TXT },
    async run(session) {
      const write = session.tools.write(fileRef(session, 'b.txt'), 'created\n');
      const run = await session.run('$remit change -- create b.txt', { main: turns(write) });
      return expectAllowed(run, { toolName: write.name }, { rel: 'b.txt', expected: 'created\n' });
    },
  },
  {
    id: 'files-lock-write',
    title: 'files= lock: a write outside is refused, inside is allowed',
    files: { 'a.txt': A_TXT, 'src/keep.txt': 'keep\n' },
    async run(session) {
      const t = session.tools;
      const outside = t.write(fileRef(session, 'out.txt'), 'outside\n');
      const inside = t.write(fileRef(session, 'src/in.txt'), 'inside\n');
      const run = await session.run('$remit change files=src/** -- write into src', { main: turns(outside, inside) });
      return both(
        expectRefused(run, { toolName: outside.name, nth: 0 }, { rel: 'out.txt', before: undefined }, 'PATH_OUTSIDE_CONTRACT'),
        expectAllowed(run, { toolName: inside.name, nth: 1 }, { rel: 'src/in.txt', expected: 'inside\n' }),
      );
    },
  },
  {
    id: 'files-lock-shell-redirect',
    title: 'files= lock through a shell redirect: outside refused, inside allowed',
    files: { 'a.txt': A_TXT, 'src/keep.txt': 'keep\n' },
    async run(session) {
      const t = session.tools;
      const outside = t.shell('echo outside > out.txt');
      const inside = t.shell('echo inside > src/in.txt');
      const run = await session.run('$remit change files=src/** -- write into src', { main: turns(outside, inside) });
      return both(
        expectRefused(run, { toolName: outside.name, nth: 0 }, { rel: 'out.txt', before: undefined }, 'PATH_OUTSIDE_CONTRACT'),
        expectAllowed(run, { toolName: inside.name, nth: 1 }, { rel: 'src/in.txt', expected: 'inside\n' }),
      );
    },
  },
  {
    id: 'files-lock-patch',
    title: "files= lock through the host's patch/edit tool: outside refused, inside allowed",
    needs: ['patch'],
    files: { 'a.txt': A_TXT, 'src/in.txt': 'before\n' },
    async run(session) {
      const t = session.tools;
      const outside = patchTurns(t, session, 'a.txt', 'original', 'patched');
      const inside = patchTurns(t, session, 'src/in.txt', 'before', 'after');
      const run = await session.run('$remit change files=src/** -- patch src/in.txt', { main: turns(...outside, ...inside) });
      const name = lastName(outside);
      return both(
        expectRefused(run, { toolName: name, nth: 0 }, { rel: 'a.txt', before: A_TXT }, 'PATH_OUTSIDE_CONTRACT'),
        expectAllowed(run, { toolName: name, nth: 1 }, { rel: 'src/in.txt', expected: 'after\n' }),
      );
    },
  },
  {
    id: 'deps-install-refused',
    title: '`npm install left-pad` is refused without deps=allow',
    files: { 'package.json': '{\n  "name": "fixture",\n  "version": "1.0.0"\n}\n' },
    async run(session) {
      const install = session.tools.shell('npm install left-pad --no-audit --no-fund');
      const run = await session.run('$remit change -- tidy the project', { main: turns(install) });
      return expectRefused(
        run,
        { toolName: install.name },
        { rel: 'package.json', before: '{\n  "name": "fixture",\n  "version": "1.0.0"\n}\n' },
        'DEPENDENCY_NOT_AUTHORIZED',
      );
    },
  },
  {
    id: 'hash-refused',
    title: '`sha256sum` is refused without hash=allow',
    files: { 'a.txt': A_TXT },
    async run(session) {
      const hash = session.tools.shell('sha256sum a.txt > a.sum');
      const run = await session.run('$remit change -- check a.txt', { main: turns(hash) });
      return expectRefused(run, { toolName: hash.name }, { rel: 'a.sum', before: undefined }, 'HASH_NOT_AUTHORIZED');
    },
  },
  {
    id: 'agents-0-refused',
    title: 'agents=0: a subagent launch is refused and no child runs',
    needs: ['delegate'],
    files: { 'a.txt': A_TXT },
    async run(session) {
      const t = session.tools;
      if (t.delegate === undefined) throw new Error('scenario needs a subagent tool');
      const launch = t.delegate(`${CHILD}: run one command`);
      const script: Script = {
        main: [{ calls: [launch] }, ...(t.joinDelegate ? [{ calls: [t.joinDelegate] }] : []), { text: 'Finished.' }],
        child: turns(t.shell('echo child > child.txt')),
        childMarker: CHILD,
      };
      const run = await session.run('$remit change agents=0 -- do it yourself', script);
      const result = resultOfCall(run, launch.name) ?? '';
      const problems: string[] = [];
      if (agentTurns(run, 'child') > 0 || run.files['child.txt'] !== undefined) problems.push(`a child ran (${agentTurns(run, 'child')} child model turns)`);
      if (!REMIT_REFUSAL.test(result) || !result.includes('AGENT_BUDGET_EXHAUSTED')) problems.push(`the model got ${JSON.stringify(result.slice(0, 160))}`);
      if (!auditHas(run, 'deny', 'AGENT_BUDGET_EXHAUSTED')) problems.push(`no audited deny (${auditSummary(run)})`);
      return { ok: problems.length === 0, observed: problems.length === 0 ? 'launch refused, no child ran' : `${problems.join('; ')}; ${processSummary(run)}` };
    },
  },
  {
    id: 'agents-1-admitted',
    title: 'agents=1: one subagent is admitted and runs',
    needs: ['delegate'],
    files: { 'a.txt': A_TXT },
    async run(session) {
      const t = session.tools;
      if (t.delegate === undefined) throw new Error('scenario needs a subagent tool');
      const launch = t.delegate(`${CHILD}: run one command`);
      const script: Script = {
        main: [{ calls: [launch] }, ...(t.joinDelegate ? [{ calls: [t.joinDelegate] }] : []), { text: 'Finished.' }],
        child: [{ text: 'child done' }],
        childMarker: CHILD,
      };
      const run = await session.run('$remit change agents=1 -- delegate one task', script);
      const result = resultOfCall(run, launch.name) ?? '';
      const problems: string[] = [];
      if (agentTurns(run, 'child') === 0) problems.push('no child model turn happened');
      if (REMIT_REFUSAL.test(result)) problems.push(`remit refused it: ${JSON.stringify(result.slice(0, 160))}`);
      if (!auditHas(run, 'allow')) problems.push(`no audited allow (${auditSummary(run)})`);
      return { ok: problems.length === 0, observed: problems.length === 0 ? 'one child admitted and ran' : `${problems.join('; ')}; ${processSummary(run)}` };
    },
  },
  {
    id: 'malformed-directive',
    title: 'a malformed directive blocks the prompt (or pauses tools where the host cannot block)',
    files: { 'a.txt': A_TXT },
    async run(session) {
      const write = session.tools.write(fileRef(session, 'notes.txt'), 'notes\n');
      const run = await session.run('$remit reviw -- look at a.txt', { main: turns(write) });
      const blocked = agentTurns(run) === 0;
      const result = resultOfCall(run, write.name);
      const unwritten = run.files['notes.txt'] === undefined;
      const paused = unwritten && result !== undefined && result.includes('INVALID_DIRECTIVE');
      const audited = run.audit.records.some((r) => r.kind === 'directive_error');
      const ok = (blocked || paused) && unwritten && audited;
      const how = blocked
        ? 'prompt blocked before any model turn'
        : paused
          ? 'tools paused with INVALID_DIRECTIVE'
          : `neither blocked nor paused (notes.txt ${unwritten ? 'not written' : 'written'}, result ${JSON.stringify((result ?? 'none').slice(0, 120))})`;
      return {
        ok,
        observed: ok
          ? how
          : `${how}; ${audited ? 'directive error audited' : `no directive_error in the audit (${auditSummary(run)})`}; ${processSummary(run)}`,
      };
    },
  },
  {
    id: 'status-without-model',
    title: '`$remit status` is answered without a model turn',
    files: { 'a.txt': A_TXT },
    async run(session) {
      const run = await session.run('$remit status', { main: turns(session.tools.shell('echo should-not-run > ran.txt')) });
      const turnsTaken = agentTurns(run);
      // remit's own answer names the session's control state; a crash that merely names remit's
      // plugin file (a failed extension load) must not pass for an answer.
      const answered =
        !run.timedOut && run.exit !== null && /remit status/i.test(run.stdout + run.stderr) && /\b(OFF|OBSERVING|ARMED)\b/.test(run.stdout + run.stderr);
      const ok = turnsTaken === 0 && answered && run.files['ran.txt'] === undefined;
      return {
        ok,
        observed: ok
          ? 'answered by remit, no model turn'
          : `${turnsTaken} model turn(s), remit ${answered ? 'answered' : 'did not answer'} on the host output; ${processSummary(run)}`,
      };
    },
  },
  {
    id: 'contract-reaches-model',
    title: 'the effective contract reaches the model (directive turn, then a new session start)',
    files: { 'a.txt': A_TXT },
    async run(session) {
      const first = await session.run('$remit review -- look at a.txt', { main: [{ text: 'Looked.' }] });
      const echoed = injectedTexts(first).some((t) => /remit/i.test(t) && /review/i.test(t));
      const second = await session.run('and now?', { main: [{ text: 'Still looking.' }] }, { resume: true });
      const restored = injectedTexts(second).some((t) => /remit/i.test(t) && /review/i.test(t));
      const ok = echoed && restored;
      return {
        ok,
        observed: ok
          ? 'contract echoed at the directive and injected again on resume'
          : `contract ${echoed ? '' : 'not '}seen after the directive, ${restored ? '' : 'not '}seen after resume; ${processSummary(second)}`,
      };
    },
  },
  {
    id: 'contract-after-compaction',
    title: 'the contract reaches the model again after compaction',
    files: { 'a.txt': A_TXT },
    async run(session) {
      const t = session.tools;
      const prompt = '$remit review -- look at a.txt';
      const mentionsContract = (text: string) => /remit/i.test(text) && /review/i.test(text) && !text.includes(prompt);
      // The host's own summarising request: its newest user text asks for a summary (Claude Code
      // 2.1.197 still offers tools on it; Codex 0.171.0 offers none).
      const isCompaction = (r: HostRun['requests'][number]) => /summar/i.test(r.userTexts[r.userTexts.length - 1] ?? '');
      let after: HostRun['requests'];
      let last: HostRun;
      let compacted: boolean;
      if (session.driver.compactPrompt !== undefined) {
        // Enough history that the host agrees to compact ("Not enough messages to compact" otherwise).
        await session.run(prompt, { main: turns(t.shell('echo one'), t.shell('echo two')) });
        const compaction = await session.run(session.driver.compactPrompt, { main: [{ text: 'Compacted.' }] }, { resume: true });
        compacted = compaction.requests.some(isCompaction);
        last = await session.run('go on', { main: turns(t.shell('echo again')) }, { resume: true });
        after = last.requests;
      } else {
        const big = { inputTokens: 990_000, outputTokens: 10 };
        last = await session.run(prompt, {
          main: [
            { calls: [t.shell('echo one')], usage: big },
            { calls: [t.shell('echo two')], usage: big },
            { calls: [t.shell('echo three')] },
            { text: 'Finished.' },
          ],
        });
        const index = last.requests.findIndex(isCompaction);
        compacted = index >= 0;
        after = index >= 0 ? last.requests.slice(index + 1).filter((r) => r.toolsOffered.length > 0) : [];
      }
      const reinjected = after.some((r) => [...r.systemTexts, ...r.userTexts].some(mentionsContract));
      const ok = compacted && reinjected;
      return {
        ok,
        observed: ok
          ? 'compacted, contract injected again'
          : !compacted
            ? `the host did not compact; ${processSummary(last)}`
            : `compacted but the contract was not injected again; ${processSummary(last)}`,
      };
    },
  },
  {
    id: 'host-config-put-back',
    title: 'change: inline code that writes host configuration under a name no reading sees is put back after the call',
    files: { '.mcp.json': MCP_JSON, 'name.txt': '.mcp.json\n' },
    async run(session) {
      // The name is read from a file at run time: the command is unproven, which change lets run;
      // only the watch around the call (docs/DESIGN.md#host-configuration-watch) can see the write.
      const sneak = session.tools.shell(`python3 -c "open(open('name.txt').read().strip(), 'w').write('{}')"`);
      const run = await session.run('$remit change -- tidy the project', { main: turns(sneak) });
      const found = run.audit.records.find((r) => r.kind === 'effect' && r.hostEffect === 'changed_host_config');
      const problems: string[] = [];
      if (run.files['.mcp.json'] !== MCP_JSON) problems.push(`.mcp.json is ${JSON.stringify(run.files['.mcp.json'])}, not put back`);
      if (!found) problems.push(`no changed_host_config record (${auditSummary(run)})`);
      else if (found.hostConfig?.restored !== 1) problems.push(`the record says ${JSON.stringify(found.hostConfig)}`);
      if (resultOfCall(run, sneak.name) === undefined) problems.push(`the model never got a result for ${sneak.name}`);
      return {
        ok: problems.length === 0,
        observed: problems.length === 0 ? 'the call ran, .mcp.json was put back, and the audit says so' : `${problems.join('; ')}; ${processSummary(run)}`,
      };
    },
  },
  {
    id: 'audit-decisions-and-effect',
    title: 'the audit shows each decision and the observed host effect',
    files: { 'a.txt': A_TXT },
    async run(session) {
      const t = session.tools;
      const denied = t.write(fileRef(session, 'notes.txt'), 'review notes\n');
      const read = t.shell('cat a.txt');
      const run = await session.run('$remit review -- look at a.txt', { main: turns(denied, read) });
      const decisions = run.audit.records.filter((r) => r.kind === 'action' && r.decision !== undefined);
      const hasDeny = decisions.some((r) => r.decision?.outcome === 'deny' && r.hostEffect !== undefined);
      const hasAllow = decisions.some((r) => r.decision?.outcome === 'allow');
      const hasDirective = run.audit.records.some((r) => r.kind === 'directive');
      const ok = hasDeny && hasAllow && hasDirective && run.files['notes.txt'] === undefined;
      return { ok, observed: ok ? 'directive, deny (with hostEffect) and allow audited' : `${auditSummary(run)}; ${processSummary(run)}` };
    },
  },
];
