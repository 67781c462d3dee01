// Spawned hook cost against the Node floor: one round runs `node -e 0` and then every hook
// shape once (the order rotates each round), so machine drift and NODE_EXTRA_CA_CERTS hit the
// floor and the hook alike. Each figure is the shape's percentile minus the floor's.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function timeSpawn(args, input, env) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { input, env, encoding: 'utf8' });
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, r };
}

/** The shapes: what each sends, and what its answer must look like (a wrong answer is a failed figure, not a fast one). */
function shapes(project) {
  const claude = { session_id: 'bench-armed', transcript_path: null, cwd: project, permission_mode: 'default' };
  const codex = { session_id: 'bench-codex', turn_id: 'turn-1', transcript_path: null, cwd: project, model: 'gpt-5', permission_mode: 'default' };
  const observing = { ...claude, session_id: 'bench-observing' };
  const pre = (base, tool_name, tool_input) => (i) => JSON.stringify({ ...base, hook_event_name: 'PreToolUse', tool_name, tool_use_id: `toolu_${i}`, tool_input });
  const allow = (out) => out === '';
  const deny = (out) => out.includes('"permissionDecision":"deny"');
  return [
    { key: 'prompt', label: 'UserPromptSubmit with a directive', host: 'claude', target: 8, payload: () => JSON.stringify({ ...claude, hook_event_name: 'UserPromptSubmit', prompt: '$remit change files=src/** -- bench' }), ok: (out) => out.includes('remit ARMED') },
    { key: 'read', label: 'PreToolUse Read', host: 'claude', target: 8, payload: pre(claude, 'Read', { file_path: join(project, 'src/a.ts') }), ok: allow },
    { key: 'write-in', label: 'PreToolUse Write in scope', host: 'claude', target: 8, payload: pre(claude, 'Write', { file_path: join(project, 'src/a.ts'), content: 'export const a = 1;\n' }), ok: allow },
    { key: 'write-out', label: 'PreToolUse Write out of scope (deny)', host: 'claude', target: 8, payload: pre(claude, 'Write', { file_path: join(project, 'README.md'), content: '# x\n' }), ok: deny },
    { key: 'bash', label: 'PreToolUse Bash pipeline (shell parser)', host: 'claude', target: 8, payload: pre(claude, 'Bash', { command: 'git status --short && grep -rn TODO src | head -5' }), ok: allow },
    { key: 'apply-patch', label: 'PreToolUse apply_patch (codex)', host: 'codex', target: 8, payload: pre(codex, 'apply_patch', { command: '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-export const a = 1;\n+export const a = 2;\n*** End Patch\n' }), ok: allow },
    { key: 'observing', label: 'PreToolUse Write, OBSERVING session', host: 'claude', target: 6, payload: pre(observing, 'Write', { file_path: join(project, 'src/a.ts'), content: 'x\n' }), ok: allow },
  ];
}

export async function benchSpawn({ root, quick }) {
  const rounds = quick ? 15 : 50;
  const warmup = 3;
  const work = mkdtempSync(join(tmpdir(), 'remit-bench-spawn-'));
  try {
    const project = join(work, 'project');
    mkdirSync(join(project, '.git'), { recursive: true });
    mkdirSync(join(project, 'src'), { recursive: true });
    writeFileSync(join(project, 'src/a.ts'), 'export const a = 1;\n');
    const env = { ...process.env, REMIT_HOME: join(work, 'home'), HOME: work, XDG_CONFIG_HOME: join(work, 'config'), XDG_DATA_HOME: join(work, 'data'), XDG_STATE_HOME: join(work, 'state') };
    const bundle = join(root, 'dist/remit.cjs');
    const list = shapes(project);
    // Arm the two ARMED sessions; the OBSERVING one never sees a directive.
    for (const [host, session_id, extra] of [['claude', 'bench-armed', {}], ['codex', 'bench-codex', { turn_id: 'turn-1', model: 'gpt-5' }]]) {
      const arm = spawnSync(process.execPath, [bundle, 'hook', host], { input: JSON.stringify({ session_id, transcript_path: null, cwd: project, permission_mode: 'default', ...extra, hook_event_name: 'UserPromptSubmit', prompt: '$remit change files=src/** -- bench' }), env, encoding: 'utf8' });
      if (arm.status !== 0 || !arm.stdout.includes('remit ARMED')) return [{ name: `spawned hook (${host})`, measured: `not measurable: hook exit ${arm.status} ${arm.stderr.split('\n')[0]}`, target: '-', ok: false }];
    }
    const samples = { floor: [] };
    const wrong = {};
    for (const s of list) samples[s.key] = [];
    let n = 0;
    for (let i = 0; i < rounds + warmup; i++) {
      const f = timeSpawn(['-e', '0'], '', env);
      const order = list.map((_, j) => list[(i + j) % list.length]);
      const got = {};
      for (const s of order) {
        const t = timeSpawn([bundle, 'hook', s.host], s.payload(n++), env);
        got[s.key] = t.ms;
        if (t.r.status !== 0 || !s.ok(t.r.stdout)) wrong[s.key] = `exit ${t.r.status}: ${(t.r.stdout || t.r.stderr).slice(0, 120)}`;
      }
      if (i < warmup) continue; // the first rounds also write the code cache
      samples.floor.push(f.ms);
      for (const s of list) samples[s.key].push(got[s.key]);
    }
    for (const k of Object.keys(samples)) samples[k].sort((a, b) => a - b);
    const floor50 = pct(samples.floor, 50);
    const floor95 = pct(samples.floor, 95);
    const out = [{ name: `node -e 0 floor (${rounds} interleaved rounds)`, measured: `p50 ${floor50.toFixed(1)} ms, p95 ${floor95.toFixed(1)} ms`, target: '-', ok: undefined, p50: floor50, p95: floor95 }];
    for (const s of list) {
      const p50 = pct(samples[s.key], 50);
      const p95 = pct(samples[s.key], 95);
      const d50 = p50 - floor50;
      const d95 = p95 - floor95;
      const p95Target = 15;
      out.push({
        name: `spawned hook, ${s.host} ${s.label}`,
        measured: wrong[s.key] ? `WRONG ANSWER ${wrong[s.key]}` : `+${d50.toFixed(1)} ms p50 (x${(p50 / floor50).toFixed(2)}), +${d95.toFixed(1)} ms p95 (x${(p95 / floor95).toFixed(2)})`,
        target: `p50 <= floor+${s.target} ms, p95 <= floor+${p95Target} ms`,
        ok: !wrong[s.key] && d50 <= s.target && d95 <= p95Target,
        p50, p95, overFloorP50: d50, overFloorP95: d95, ratioP50: p50 / floor50,
      });
    }
    return out;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
