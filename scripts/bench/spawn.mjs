// Spawned figures against the Node floor, in one interleaved run: each round runs `node -e 0`
// and then every shape once (the order rotates each round), so machine drift and
// NODE_EXTRA_CA_CERTS hit the floor and every shape alike. A shape's figure is its percentile
// minus the floor's, and its ratio to the floor. Each allowed tool call is followed, outside the
// timing, by its PostToolUse, as a host sends one after the tool ran: that closes the call in
// the session state, which otherwise keeps it open (up to 256 calls, some 65 KB that every
// later hook reads, seals and writes). One more shape measures that worst case: a Read in a
// session holding 256 calls nobody closed. The shapes are the hook's tool calls and
// prompt as each host hands them over (Claude Code gives the hook a socket, Codex a pipe),
// `status` on a 100,000-record audit, and `--version` (the CLI bundle alone). --cpu also reads
// each process's own CPU time (user + system, every thread) through a preload module, a
// steadier figure than wall time on a loaded machine; the floor carries the same preload.
// `against` (another build's dist/remit.cjs, `--against <file>`) runs every hook shape of that
// build too, in the same rounds with its own REMIT_HOME, and prints it beside each shape: a
// before/after comparison that machine drift cannot skew. `withoutExtraCa` (`--no-extra-ca`)
// leaves NODE_EXTRA_CA_CERTS out of every spawned process's environment.
import { spawnSync } from 'node:child_process';
import { closeSync, constants, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const signed = (ms) => `${ms < 0 ? '' : '+'}${ms.toFixed(1)}`;

/** A FIFO holding `input` with no writer left, as a pipe from a host that wrote and closed it. */
function pipeWith(fifo, input) {
  const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
  const writer = openSync(fifo, constants.O_WRONLY);
  writeSync(writer, input);
  closeSync(writer);
  return reader;
}

function run(args, input, stdin, ctx, env = ctx.env) {
  const preload = ctx.cpuPreload ? ['-r', ctx.cpuPreload] : [];
  const fd = stdin === 'pipe' ? pipeWith(ctx.fifo, input) : null;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [...preload, ...args], {
    env,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
    ...(fd === null ? { input } : { stdio: [fd, 'pipe', 'pipe'] }),
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (fd !== null) closeSync(fd);
  let cpu;
  if (ctx.cpuPreload) {
    const m = /\nremit-bench-cpu (\d+)\n$/.exec(r.stderr ?? '');
    cpu = m ? Number(m[1]) / 1000 : undefined;
    r.stderr = (r.stderr ?? '').replace(/\nremit-bench-cpu \d+\n$/, '');
  }
  return { ms, cpu, r };
}

/** Files in the bench HOME's Claude Code plugin tree (shape bash-watched). */
const WATCHED_TREE = 300;

/** The shapes: what each runs, what it is given, and what its answer must look like (a wrong answer is a failed figure, not a fast one). */
function shapes(project, bundle, statusHome) {
  const claude = { session_id: 'bench-armed', transcript_path: null, cwd: project, permission_mode: 'default' };
  const codex = { session_id: 'bench-codex', turn_id: 'turn-1', transcript_path: null, cwd: project, model: 'gpt-5', permission_mode: 'default' };
  const observing = { ...claude, session_id: 'bench-observing' };
  const unclosed = { ...claude, session_id: 'bench-open' };
  const change = { ...claude, session_id: 'bench-change' };
  const pre = (base, tool_name, tool_input) => (i) =>
    JSON.stringify({ ...base, hook_event_name: 'PreToolUse', tool_name, tool_use_id: `toolu_${i}`, tool_input });
  const allow = (out) => out === '';
  const deny = (out) => out.includes('"permissionDecision":"deny"');
  // As `remit install` writes the command (adapters/command-hook/command-line.ts): Node keeps the
  // bundle's path as given, and the host's event follows the host's name.
  const hook = (host, event = 'PreToolUse') => ['--preserve-symlinks-main', bundle, 'hook', host, event];
  const write = (base, file, content) => pre(base, 'Write', { file_path: join(project, file), content });
  return [
    {
      key: 'prompt',
      label: 'claude UserPromptSubmit with a directive',
      args: hook('claude', 'UserPromptSubmit'),
      stdin: 'socket',
      target: 8,
      payload: () => JSON.stringify({ ...claude, hook_event_name: 'UserPromptSubmit', prompt: '$remit change files=src/** -- bench' }),
      ok: (out) => out.includes('remit ARMED'),
    },
    {
      key: 'read',
      label: 'claude PreToolUse Read',
      args: hook('claude'),
      stdin: 'socket',
      target: 8,
      payload: pre(claude, 'Read', { file_path: join(project, 'src/a.ts') }),
      ok: allow,
    },
    {
      key: 'read-open',
      label: 'claude PreToolUse Read, 256 calls left open',
      args: hook('claude'),
      stdin: 'socket',
      target: null,
      noPost: true,
      payload: pre(unclosed, 'Read', { file_path: join(project, 'src/a.ts') }),
      ok: allow,
    },
    {
      key: 'write-in',
      label: 'claude PreToolUse Write in scope',
      args: hook('claude'),
      stdin: 'socket',
      target: 8,
      payload: write(claude, 'src/a.ts', 'export const a = 1;\n'),
      ok: allow,
    },
    {
      key: 'write-out',
      label: 'claude PreToolUse Write out of scope (deny)',
      args: hook('claude'),
      stdin: 'socket',
      target: 8,
      payload: write(claude, 'README.md', '# x\n'),
      ok: deny,
    },
    {
      key: 'bash',
      label: 'claude PreToolUse Bash pipeline (shell parser)',
      args: hook('claude'),
      stdin: 'socket',
      target: 8,
      payload: pre(claude, 'Bash', { command: 'git status --short && grep -rn TODO src | head -5' }),
      ok: allow,
    },
    {
      // Unproven under plain `change`: allowed, and watched (src/core/watch): the baseline walks
      // the bench HOME's host configuration (a Claude Code plugin tree of 300 files, WATCHED_TREE)
      // and reuses the last baseline's hashes; the PostToolUse that closes it is untimed.
      key: 'bash-watched',
      label: 'claude PreToolUse Bash unproven, watched (300 host-config files)',
      args: hook('claude'),
      stdin: 'socket',
      target: null,
      payload: pre(change, 'Bash', { command: `python3 -c "open(open('name.txt').read(), 'w')"` }),
      ok: allow,
    },
    {
      key: 'apply-patch',
      label: 'codex PreToolUse apply_patch',
      args: hook('codex'),
      stdin: 'pipe',
      target: 8,
      payload: pre(codex, 'apply_patch', {
        command: '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-export const a = 1;\n+export const a = 2;\n*** End Patch\n',
      }),
      ok: allow,
    },
    {
      key: 'codex-bash',
      label: 'codex PreToolUse Bash pipeline (shell parser)',
      args: hook('codex'),
      stdin: 'pipe',
      target: 8,
      payload: pre(codex, 'Bash', { command: 'git status --short && grep -rn TODO src | head -5' }),
      ok: allow,
    },
    {
      key: 'observing',
      label: 'claude PreToolUse Write, OBSERVING session',
      args: hook('claude'),
      stdin: 'socket',
      target: 6,
      payload: write(observing, 'src/a.ts', 'x\n'),
      ok: allow,
    },
    {
      key: 'status',
      label: 'status on a 100,000-record log',
      args: [bundle, 'status', '--home', statusHome, '--host', 'claude', '--session', 'big'],
      stdin: 'none',
      target: 30,
      p95Target: null,
      payload: () => '',
      ok: (out) => out.includes('files='),
    },
    {
      key: 'version',
      label: '--version (the CLI bundle alone)',
      args: [bundle, '--version'],
      stdin: 'none',
      target: null,
      payload: () => '',
      ok: (out) => out.startsWith('remit '),
    },
  ];
}

/**
 * `makeStatusHome(dir)` writes the 100,000-record session `status` reads (scripts/bench/state.ts
 * does it with remit's own store and chain). Returns one row per figure.
 */
export async function benchSpawn({ root, quick, cpu, makeStatusHome, against, withoutExtraCa }) {
  const rounds = quick ? 15 : 50;
  const warmup = 3;
  const work = mkdtempSync(join(tmpdir(), 'remit-bench-spawn-'));
  try {
    const project = join(work, 'project');
    mkdirSync(join(project, '.git'), { recursive: true });
    mkdirSync(join(project, 'src'), { recursive: true });
    writeFileSync(join(project, 'src/a.ts'), 'export const a = 1;\n');
    // What a Claude Code user with one plugin marketplace has under ~/.claude: the host
    // configuration the watch walks around an unproven call (shape bash-watched).
    for (let i = 0; i < WATCHED_TREE / 5; i++) {
      const plugin = join(work, '.claude', 'plugins', 'marketplaces', 'bench', 'plugins', `p${i}`);
      mkdirSync(join(plugin, 'hooks'), { recursive: true });
      mkdirSync(join(plugin, 'skills'), { recursive: true });
      writeFileSync(join(plugin, 'hooks', 'hooks.json'), '{"hooks":{}}\n');
      for (let j = 0; j < 4; j++) writeFileSync(join(plugin, 'skills', `s${j}.md`), `# skill ${i}.${j}\n`);
    }
    const statusHome = join(work, 'status-home');
    makeStatusHome(statusHome);
    const fifo = join(work, 'stdin.fifo');
    const mk = spawnSync('mkfifo', [fifo]);
    // NODE_EXTRA_CA_CERTS makes Node read and parse the certificates at start-up (tens of ms of
    // the floor); --no-extra-ca measures a machine without it, as most are.
    const base = { ...process.env };
    if (withoutExtraCa) delete base.NODE_EXTRA_CA_CERTS;
    const ctx = {
      env: {
        ...base,
        REMIT_HOME: join(work, 'home'),
        HOME: work,
        XDG_CONFIG_HOME: join(work, 'config'),
        XDG_DATA_HOME: join(work, 'data'),
        XDG_STATE_HOME: join(work, 'state'),
      },
      fifo,
      cpuPreload: null,
    };
    if (cpu) {
      ctx.cpuPreload = join(work, 'cpu.cjs');
      writeFileSync(
        ctx.cpuPreload,
        "process.on('exit', () => { const u = process.cpuUsage(); require('fs').writeSync(2, `\\nremit-bench-cpu ${u.user + u.system}\\n`); });\n",
      );
    }
    const bundle = join(root, 'dist/remit.cjs');
    let list = shapes(project, bundle, statusHome).filter((s) => s.stdin !== 'pipe' || mk.status === 0);
    // The other build's hook shapes, each run with its own home right after this build's.
    if (against) {
      const env = { ...ctx.env, REMIT_HOME: join(work, 'against-home') };
      const twins = list
        .filter((s) => s.args.at(-3) === 'hook')
        .map((s) => ({ ...s, key: `${s.key}@against`, twinOf: s.key, env, args: s.args.map((a) => (a === bundle ? against : a)) }));
      list = list.flatMap((s) => [s, ...twins.filter((t) => t.twinOf === s.key)]);
    }
    // Arm the two ARMED sessions (in each home); the OBSERVING one never sees a directive.
    for (const [b, env] of [[bundle, ctx.env], ...(against ? [[against, { ...ctx.env, REMIT_HOME: join(work, 'against-home') }]] : [])]) {
      for (const [host, session_id, extra, prompt = '$remit change files=src/** -- bench'] of [
        ['claude', 'bench-armed', {}],
        ['claude', 'bench-open', {}],
        ['codex', 'bench-codex', { turn_id: 'turn-1', model: 'gpt-5' }],
        ['claude', 'bench-change', {}, '$remit change -- bench'],
      ]) {
        const arm = run(
          ['--preserve-symlinks-main', b, 'hook', host, 'UserPromptSubmit'],
          JSON.stringify({
            session_id,
            transcript_path: null,
            cwd: project,
            permission_mode: 'default',
            ...extra,
            hook_event_name: 'UserPromptSubmit',
            prompt,
          }),
          'socket',
          ctx,
          env,
        );
        if (arm.r.status !== 0 || !arm.r.stdout.includes('remit ARMED'))
          return [
            {
              name: `spawned hook (${host}${b === against ? ', against' : ''})`,
              measured: `not measurable: hook exit ${arm.r.status} ${(arm.r.stderr ?? '').split('\n')[0]}`,
              target: '-',
              ok: false,
            },
          ];
      }
    }
    // The worst case: every one of the 256 open calls the state keeps, none of them closed.
    const open = list.find((s) => s.key === 'read-open');
    for (const s of list.filter((x) => x.key === 'read-open' || x.twinOf === 'read-open'))
      for (let i = 0; i < 256; i++) run(s.args, open.payload(`fill${i}`), 'socket', ctx, s.env);
    const wall = { floor: [] };
    const cpuMs = { floor: [] };
    const wrong = {};
    for (const s of list) {
      wall[s.key] = [];
      cpuMs[s.key] = [];
    }
    let n = 0;
    for (let i = 0; i < rounds + warmup; i++) {
      const f = run(['-e', '0'], '', 'none', ctx);
      const order = list.map((_, j) => list[(i + j) % list.length]);
      const got = {};
      for (const s of order) {
        const payload = s.payload(n++);
        const t = run(s.args, payload, s.stdin, ctx, s.env);
        got[s.key] = t;
        if (t.r.status !== 0 || !s.ok(t.r.stdout)) wrong[s.key] = `exit ${t.r.status}: ${(t.r.stdout || t.r.stderr || '').slice(0, 120)}`;
        // The tool ran: its host reports it (untimed), closing the call.
        else if (t.r.stdout === '' && s.args.at(-3) === 'hook' && !s.noPost && payload.includes('"PreToolUse"')) {
          const post = run(
            [...s.args.slice(0, -1), 'PostToolUse'],
            JSON.stringify({ ...JSON.parse(payload), hook_event_name: 'PostToolUse', tool_response: {} }),
            s.stdin,
            ctx,
            s.env,
          );
          if (post.r.status !== 0) wrong[s.key] = `PostToolUse exit ${post.r.status}: ${(post.r.stderr || '').slice(0, 120)}`;
        }
      }
      if (i < warmup) continue; // the first rounds also write the code caches
      wall.floor.push(f.ms);
      if (f.cpu !== undefined) cpuMs.floor.push(f.cpu);
      for (const s of list) {
        wall[s.key].push(got[s.key].ms);
        if (got[s.key].cpu !== undefined) cpuMs[s.key].push(got[s.key].cpu);
      }
    }
    for (const k of Object.keys(wall)) {
      wall[k].sort((a, b) => a - b);
      cpuMs[k].sort((a, b) => a - b);
    }
    const floor50 = pct(wall.floor, 50);
    const floor95 = pct(wall.floor, 95);
    const cpuFloor = cpu ? pct(cpuMs.floor, 50) : undefined;
    const out = [
      {
        name: `node -e 0, the floor (${rounds} interleaved rounds)`,
        measured: `p50 ${floor50.toFixed(1)} ms, p95 ${floor95.toFixed(1)} ms${cpu ? `, cpu p50 ${cpuFloor.toFixed(1)} ms` : ''}`,
        target: '-',
        ok: undefined,
        p50: floor50,
        p95: floor95,
        ...(cpu ? { cpuP50: cpuFloor } : {}),
      },
    ];
    for (const s of list) {
      const p50 = pct(wall[s.key], 50);
      const p95 = pct(wall[s.key], 95);
      const d50 = p50 - floor50;
      const d95 = p95 - floor95;
      const p95Target = s.p95Target === undefined ? 15 : s.p95Target;
      const cpuOver = cpu ? pct(cpuMs[s.key], 50) - cpuFloor : undefined;
      const target = s.twinOf ? '-' : s.target === null ? '-' : `p50 <= floor + ${s.target} ms${p95Target === null ? '' : `, p95 <= floor + ${p95Target} ms`}`;
      out.push({
        name: s.twinOf ? '  the same, the --against build' : `${s.label}${s.stdin === 'none' ? '' : `, stdin a ${s.stdin}`}`,
        measured: wrong[s.key]
          ? `WRONG ANSWER ${wrong[s.key]}`
          : `${signed(d50)} ms p50 (x${(p50 / floor50).toFixed(2)}), ${signed(d95)} ms p95 (x${(p95 / floor95).toFixed(2)})${cpu ? `, cpu ${signed(cpuOver)} ms` : ''}`,
        target,
        ok: wrong[s.key] ? false : s.twinOf || s.target === null ? undefined : d50 <= s.target && (p95Target === null || d95 <= p95Target),
        stdin: s.stdin,
        p50,
        p95,
        overFloorP50: d50,
        overFloorP95: d95,
        ratioP50: p50 / floor50,
        ratioP95: p95 / floor95,
        ...(cpu ? { cpuOverFloorP50: cpuOver } : {}),
      });
    }
    return out;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
