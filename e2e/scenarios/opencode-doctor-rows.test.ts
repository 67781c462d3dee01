// `remit doctor` with the real OpenCode 1.18.33 and 2.1.2 on PATH: OpenCode has two version
// lines with plugin forms of their own, so doctor has a row for each (HOST-ADAPTER-CONTRACT.md's
// ten host rows). The row of the OpenCode on PATH is the one checked — the form install wrote,
// the version within its line's range —, the other line says it is not this machine's; a
// 1.x file under OpenCode 2 is not protected. Only `opencode --version` runs here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DoctorRow } from '../../adapters/host-module.js';
import { binary, missingBinary, NODE20 } from '../harness/hosts/driver.js';
import { OPENCODE2 } from '../harness/hosts/opencode.js';
import { remitBuild } from '../harness/remit.js';
import { createSandbox, removeSandbox, type Sandbox } from '../harness/sandbox.js';
import { runProcess } from '../harness/spawn.js';

type Row = DoctorRow;

async function remit(sb: Sandbox, ...args: string[]) {
  const build = remitBuild();
  return runProcess({ file: build.node, args: [build.bundle, ...args], cwd: sb.project, env: sb.env, timeoutMs: 60_000 });
}

/** A sandbox whose PATH starts with the folder of this OpenCode binary. */
function withOpencode(label: string, bin: string): Sandbox {
  const sb = createSandbox({ label });
  sb.env.PATH = [path.dirname(bin), sb.env.PATH].join(path.delimiter);
  return sb;
}

async function opencodeRows(sb: Sandbox): Promise<{ rows: Row[]; text: string }> {
  const json = await remit(sb, 'doctor', '--json');
  const rows = (JSON.parse(json.stdout) as { hosts: Row[] }).hosts;
  return { rows: rows.filter((r) => r.host === 'opencode'), text: (await remit(sb, 'doctor')).stdout };
}

const lines = [
  {
    version: '1.18.33',
    bin: binary('opencode', NODE20),
    missing: missingBinary('opencode', NODE20),
    line: 'opencode',
    other: 'opencode2',
    name: 'OpenCode 1.x',
  },
  {
    version: '2.1.2',
    bin: binary('opencode', OPENCODE2),
    missing: missingBinary('opencode', OPENCODE2),
    line: 'opencode2',
    other: 'opencode',
    name: 'OpenCode 2.x',
  },
] as const;

describe('remit doctor: a row per OpenCode version line, checked against the real binary on PATH', () => {
  for (const l of lines) {
    it.skipIf(l.missing !== undefined)(`OpenCode ${l.version}: its line's row is protected, the other line's is not this machine's`, async () => {
      const sb = withOpencode(`doctor-rows-${l.line}`, l.bin);
      try {
        const before = await opencodeRows(sb);
        expect(before.rows.map((r) => r.line)).toEqual(['opencode', 'opencode2']);
        expect((await remit(sb, 'install', 'opencode')).exit).toBe(0);
        const { rows, text } = await opencodeRows(sb);
        const mine = rows.find((r) => r.line === l.line)!;
        const other = rows.find((r) => r.line === l.other)!;
        expect(mine, mine.lines.join('\n')).toMatchObject({ protected: true, applicable: true, displayName: l.name });
        expect(mine.lines.join('\n')).toContain(`OpenCode ${l.version} at ${l.bin}: within the verified range`);
        expect(other).toMatchObject({ protected: false, applicable: false });
        expect(other.lines[0]).toContain(`OpenCode ${l.version} runs here`);
        expect(text).toContain(`opencode (${l.name})\n  protected: yes`);
        // The ten host rows, each with its verified versions.
        expect(text.match(/^ {2}verified against /gm)).toHaveLength(10);
      } finally {
        removeSandbox(sb);
      }
    });
  }

  it.skipIf(lines[1].missing !== undefined)('a 1.x plugin file under OpenCode 2.1.2 is not protected, in the 2.x row', async () => {
    // Installed with no OpenCode on PATH (the 1.x form), then OpenCode 2 put on PATH.
    const sb = createSandbox({ label: 'doctor-rows-stale-form' });
    try {
      expect((await remit(sb, 'install', 'opencode')).exit).toBe(0);
      sb.env.PATH = [path.dirname(lines[1].bin), sb.env.PATH].join(path.delimiter);
      const { rows } = await opencodeRows(sb);
      const v2 = rows.find((r) => r.line === 'opencode2')!;
      expect(v2, v2.lines.join('\n')).toMatchObject({ protected: false, applicable: true });
      expect(v2.lines.join('\n')).toMatch(/the OpenCode 1\.x form .* OpenCode 2\.1\.2 runs here and skips that form/);
      expect(fs.existsSync(path.join(sb.xdgConfig, 'opencode', 'plugins', 'remit.js'))).toBe(true);
    } finally {
      removeSandbox(sb);
    }
  });
});
