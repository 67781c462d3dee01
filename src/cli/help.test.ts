import { describe, expect, it } from 'vitest';
import { HELP } from './help.js';
import { main } from './main.js';

describe('help', () => {
  it("every option a command's help lists is in its usage line", () => {
    for (const [name, h] of Object.entries(HELP))
      for (const [option] of h.options)
        for (const flag of option.match(/--[a-z-]+/g) ?? []) if (flag !== '--help') expect(h.usage, `${name}: ${flag}`).toContain(flag);
  });

  it("remit --help puts every command's description in one column", async () => {
    let out = '';
    const io = { stdout: (s: string) => void (out += s), stderr: () => undefined, env: {}, cwd: '/' };
    expect(await main(['--help'], io)).toBe(0);
    const rows = out.split('\n').filter((l) => /^ {2}[a-z]/.test(l));
    expect(rows.length).toBe(Object.keys(HELP).length);
    const column = (l: string) => l.search(/\S {2,}\S/) + l.slice(l.search(/\S {2,}\S/)).search(/ \S/) + 1;
    const ledger = rows.find((l) => l.startsWith('  ledger release <id|--all>'))!;
    expect(ledger).toMatch(/<id\|--all> {2,}free subagent capacity$/);
    for (const l of rows) expect(column(l), l).toBe(column(ledger));
  });
});
