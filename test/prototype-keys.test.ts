// A word from outside remit that names one of Object.prototype's members (`git constructor`,
// `.venv/bin/toString`, a host tool called `valueOf`) is a word remit does not know, never an
// entry of a lookup table: each is classified exactly as an unknown word in its place.
// (Ordinary object literals handed Object.prototype's functions back as table entries, so
// `git constructor`, which runs a git alias of that name, was read as a read.)
import { describe, expect, it } from 'vitest';
import { claudeToolRequest } from '../adapters/claude/tools.js';
import { codexToolRequest } from '../adapters/codex/tools.js';
import { hermesToolRequest } from '../adapters/hermes/tools.js';
import { ompToolRequest } from '../adapters/omp/tools.js';
import { opencodeToolRequest } from '../adapters/opencode/tools.js';
import { piToolRequest } from '../adapters/pi/tools.js';
import { classifyShell } from '../src/core/shell/classify-shell.js';
import { virtualContext } from './support/classify-context.js';

const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype);
const UNKNOWN = 'zzunknownword';

/** Commands with one word `W` in a place a lookup table decides (a subcommand, a program, an option). */
const TEMPLATES = [
  'W',
  'W --version',
  'git W',
  'git -C . W',
  'git W --help',
  'git log --W=x',
  '.venv/bin/W',
  'venv/bin/W --version',
  './bin/W',
  'ip W',
  'ip W show',
  'tar --W -f a.tar',
  'npx W',
  'npm W',
  'npm run W',
  'pip W',
  'cargo W',
  'docker W',
  'kubectl W',
  'go W',
  'env W',
  'sudo W',
  'xargs W',
  'timeout 5 W',
  'command W',
  'builtin W',
  'git rev-parse HEAD | xargs W',
  'ls --W',
  'grep --W x',
  'systemctl W',
  'make W',
  'W install x',
];

describe('words that name Object.prototype members', () => {
  it('has the members this test is about', () => {
    expect(PROTOTYPE_KEYS).toEqual(expect.arrayContaining(['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__']));
  });

  for (const template of TEMPLATES) {
    it(`classifies \`${template}\` with each as with an unknown word`, () => {
      const ctx = virtualContext({ 'package.json': '{"scripts":{"test":"vitest"}}', 'a.tar': '' });
      const unknown = classifyShell(template.replaceAll('W', UNKNOWN), ctx);
      for (const key of PROTOTYPE_KEYS) {
        const r = classifyShell(template.replaceAll('W', key), ctx);
        expect({ key, mutability: r.mutability, analysis: r.analysis ?? null }).toEqual({
          key,
          mutability: unknown.mutability,
          analysis: unknown.analysis ?? null,
        });
      }
    });
  }

  it('never reads `git constructor` or a virtualenv program named after one as a read', () => {
    const ctx = virtualContext();
    for (const key of PROTOTYPE_KEYS) {
      expect(classifyShell(`git ${key}`, ctx).mutability).not.toBe('read');
      expect(classifyShell(`.venv/bin/${key}`, ctx).mutability).not.toBe('read');
    }
  });

  it("maps a host tool named after one to an unlisted tool, for every host's tool table", () => {
    const input = { command: 'rm -rf src', file_path: 'src/a.ts', content: 'x' };
    const hosts = { claudeToolRequest, codexToolRequest, opencodeToolRequest, piToolRequest, ompToolRequest, hermesToolRequest };
    for (const [host, toolRequest] of Object.entries(hosts)) {
      for (const key of PROTOTYPE_KEYS) {
        expect({ host, key, request: toolRequest(key, input) }).toEqual({ host, key, request: { ...toolRequest(UNKNOWN, input), tool: key } });
      }
    }
  });
});
