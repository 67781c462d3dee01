import { readdirSync, readFileSync } from 'node:fs';
import { it } from 'vitest';
import { classifyShell } from '../src/core/shell/classify-shell.js';
import { virtualContext } from './support/classify-context.js';

it('probe', () => {
  const dir = 'test/shell-corpus/benign';
  const cmds = new Set<string>();
  for (const f of readdirSync(dir))
    for (const line of readFileSync(`${dir}/${f}`, 'utf8').split('\n')) {
      if (!line || line.startsWith('#')) continue;
      const c = line.slice(0, line.lastIndexOf('\t# '));
      if (/[|;&<>$`()\\]/.test(c)) continue;
      cmds.add(c);
    }
  const ctx = virtualContext({ 'package.json': '{"scripts":{"test":"vitest"}}', 'a.txt': 'x', 'src/a.ts': 'x' });
  const out: string[] = [];
  for (const c of cmds) {
    if (classifyShell(c, ctx).mutability !== 'read') continue;
    const w = c.split(/\s+/);
    const tries = [[w[0], '--zzfrob', ...w.slice(1)].join(' ')];
    if (w[1] && !w[1].startsWith('-')) tries.push([w[0], w[1], '--zzfrob', ...w.slice(2)].join(' '));
    for (const t of tries) if (classifyShell(t, ctx).mutability === 'read') out.push(t);
  }
  console.log(out.join('\n'));
});
