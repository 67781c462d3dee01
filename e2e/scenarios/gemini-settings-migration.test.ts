// Gemini CLI 0.61.0 rewrites ~/.gemini/settings.json when it starts (deprecated keys renamed, the
// file saved in its own format). With remit installed, a user settings file holding a deprecated
// key is rewritten by the real CLI; `remit uninstall gemini` must then leave exactly what Gemini
// CLI writes for that file without remit, and no backup behind. Only `gemini --version` runs.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { binary, missingBinary, NODE22 } from '../harness/hosts/driver.js';
import { remitBuild } from '../harness/remit.js';
import { createSandbox, removeSandbox, type Sandbox } from '../harness/sandbox.js';
import { runProcess } from '../harness/spawn.js';

const ORIGINAL = '{\n  "general": {\n    "disableAutoUpdate": true\n  },\n  "security": {"auth": {"selectedType": "gemini-api-key"}}\n}\n';

const settings = (sb: Sandbox) => path.join(sb.home, '.gemini', 'settings.json');

async function run(sb: Sandbox, file: string, args: string[]) {
  const r = await runProcess({ file, args, cwd: sb.project, env: sb.env, timeoutMs: 90_000 });
  expect(r.exit, `${file} ${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r;
}

const gemini = (sb: Sandbox) => run(sb, binary('gemini', NODE22), ['--version']);
const remit = (sb: Sandbox, ...args: string[]) => run(sb, remitBuild(NODE22.node).node, [remitBuild().bundle, ...args]);

function sandboxWith(label: string, text: string): Sandbox {
  const sb = createSandbox({ label, node: NODE22.node });
  fs.mkdirSync(path.dirname(settings(sb)), { recursive: true });
  fs.writeFileSync(settings(sb), text);
  return sb;
}

describe.skipIf(missingBinary('gemini', NODE22) !== undefined)('gemini@node22: uninstall after Gemini CLI migrated its settings', () => {
  it('leaves what Gemini CLI writes for the file without remit, and removes the stale backup', async () => {
    // What the real CLI makes of the user's file alone.
    const alone = sandboxWith('gemini-migrate-alone', ORIGINAL);
    const withRemit = sandboxWith('gemini-migrate-remit', ORIGINAL);
    try {
      await gemini(alone);
      const migrated = fs.readFileSync(settings(alone), 'utf8');
      expect(migrated).not.toBe(ORIGINAL);
      expect(JSON.parse(migrated).general).toEqual({ enableAutoUpdate: false });

      await remit(withRemit, 'install', 'gemini');
      await gemini(withRemit);
      // Gemini rewrote the file remit edited: remit's hooks are still there, in Gemini's format.
      expect(fs.readFileSync(settings(withRemit), 'utf8')).toContain('hook gemini BeforeTool');
      const out = await remit(withRemit, 'uninstall', 'gemini');
      expect(out.stdout).toMatch(/its own settings migration/);
      expect(fs.readFileSync(settings(withRemit), 'utf8')).toBe(migrated);
      expect(fs.existsSync(`${settings(withRemit)}.remit-bak`)).toBe(false);
    } finally {
      removeSandbox(alone);
      removeSandbox(withRemit);
    }
  });

  it('a settings.json with comments: install keeps every comment and line, Gemini CLI reads it as it is, uninstall gives it back byte for byte', async () => {
    const commented = '// mine\n{\n  /* auth */ "security": {"auth": {"selectedType": "gemini-api-key"}}, // key\n  "hooks": {"BeforeTool": []}\n}\n';
    const sb = sandboxWith('gemini-comments', commented);
    try {
      await remit(sb, 'install', 'gemini');
      const installed = fs.readFileSync(settings(sb), 'utf8');
      for (const line of ['// mine', '  /* auth */ "security": {"auth": {"selectedType": "gemini-api-key"}}, // key']) expect(installed).toContain(line);
      expect(installed).toContain('hook gemini BeforeTool');
      // Gemini CLI loads its settings at start: no settings error, and the file is left as remit wrote it.
      const started = await gemini(sb);
      expect(started.stderr + started.stdout).not.toMatch(/settings\.json|not a valid JSON/i);
      expect(fs.readFileSync(settings(sb), 'utf8')).toBe(installed);
      await remit(sb, 'uninstall', 'gemini');
      expect(fs.readFileSync(settings(sb), 'utf8')).toBe(commented);
    } finally {
      removeSandbox(sb);
    }
  });

  it("a change of the user's own after install keeps the backup, as for every host", async () => {
    const sb = sandboxWith('gemini-migrate-edited', ORIGINAL);
    try {
      await remit(sb, 'install', 'gemini');
      await gemini(sb);
      const doc = JSON.parse(fs.readFileSync(settings(sb), 'utf8'));
      doc.ui = { theme: 'mine' };
      fs.writeFileSync(settings(sb), `${JSON.stringify(doc, null, 2)}\n`);
      const out = await remit(sb, 'uninstall', 'gemini');
      expect(out.stdout).toMatch(/changed since remit installed/);
      expect(JSON.parse(fs.readFileSync(settings(sb), 'utf8')).ui).toEqual({ theme: 'mine' });
      expect(fs.existsSync(`${settings(sb)}.remit-bak`)).toBe(true);
    } finally {
      removeSandbox(sb);
    }
  });
});
