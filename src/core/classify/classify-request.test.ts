import { describe, expect, it } from 'vitest';
import type { ToolRequest } from '../../generated/types.js';
import { classifyToolRequest } from './classify-request.js';
import { EMPTY_CLASSIFIER_CONFIG, type ClassifyContext } from './context.js';
import { virtualFileView } from './file-view.js';

const ROOT = '/v/proj';
const files = {
  'package.json': JSON.stringify({ dependencies: { express: '4.0.0' }, devDependencies: { typescript: '5.0.0' } }, null, 2),
  'src/crypto.ts': "import { createHash } from 'node:crypto';\nexport const h = (s: string) => createHash('sha256').update(s).digest('hex');\n",
  'src/a.ts': 'export const a = 1;\n',
};
const ctx: ClassifyContext = {
  cwd: ROOT,
  projectRoot: ROOT,
  home: '/v/home',
  realpath: false,
  digestKey: 'k',
  config: { ...EMPTY_CLASSIFIER_CONFIG, toolClassifications: { mcp__db__query: 'read' } },
  files: virtualFileView(ROOT, files),
};
const classify = (req: ToolRequest, tool = 'T') => classifyToolRequest(req, { id: 'id-1', tool, cwd: ROOT }, ctx);

describe('classifyToolRequest', () => {
  it('write: canonical path, create vs write, manifest and hash intents from old vs new text', async () => {
    expect(await classify({ type: 'write', path: 'src/new.ts', content: 'x' })).toMatchObject({
      mutability: 'write',
      effects: [{ kind: 'create', path: `${ROOT}/src/new.ts` }],
      intents: { dependency: false, hash: false },
    });
    expect((await classify({ type: 'write', path: `${ROOT}/src/a.ts`, content: 'y' })).effects).toEqual([{ kind: 'write', path: `${ROOT}/src/a.ts` }]);
    const dep = await classify({
      type: 'write',
      path: 'package.json',
      content: JSON.stringify({ dependencies: { express: '4.0.0', 'left-pad': '1.0.0' }, devDependencies: { typescript: '5.0.0' } }),
    });
    expect(dep.intents).toMatchObject({ dependency: true, dependencyEvidence: 'manifest' });
    expect(dep.facts?.dependency).toContain('left-pad');
    const bump = await classify({
      type: 'write',
      path: 'package.json',
      content: JSON.stringify({ dependencies: { express: '5.0.0' }, devDependencies: { typescript: '5.0.0' } }),
    });
    expect(bump.intents.dependency).toBe(false);
    const hash = await classify({ type: 'write', path: 'src/b.ts', content: "import c from 'crypto';\nc.createHash('md5');\n" });
    expect(hash.intents).toMatchObject({ hash: true, hashEvidence: 'code' });
  });

  it('edit: an edit near an existing createHash( is not a new hash', async () => {
    const near = await classify({ type: 'edit', path: 'src/crypto.ts', edits: [{ old: "digest('hex')", new: "digest('base64')" }] });
    expect(near).toMatchObject({ mutability: 'write', intents: { hash: false } });
    const added = await classify({
      type: 'edit',
      path: 'src/a.ts',
      edits: [{ old: 'export const a = 1;', new: "export const a = require('crypto').createHash('sha1');" }],
    });
    expect(added.intents.hash).toBe(true);
  });

  it('patch: every target incl. moves; an unparsable patch is unknown', async () => {
    const patch = [
      '*** Begin Patch',
      '*** Add File: docs/x.md',
      '+hi',
      '*** Update File: src/a.ts',
      '*** Move to: lib/a.ts',
      '@@',
      '-export const a = 1;',
      '+export const a = 2;',
      '*** Delete File: old.txt',
      '*** End Patch',
    ].join('\n');
    const a = await classify({ type: 'patch', patch, format: 'apply_patch' });
    expect(a.mutability).toBe('write');
    expect(a.effects).toEqual([
      { kind: 'create', path: `${ROOT}/docs/x.md` },
      { kind: 'move', path: `${ROOT}/src/a.ts` },
      { kind: 'create', path: `${ROOT}/lib/a.ts` },
      { kind: 'delete', path: `${ROOT}/old.txt` },
    ]);
    expect(await classify({ type: 'patch', patch: 'not a patch', format: 'apply_patch' })).toMatchObject({
      mutability: 'unknown',
      analysis: 'patch_unparsable',
    });
  });

  it('delegate, control and other tools', async () => {
    expect(await classify({ type: 'delegate', count: 3 })).toMatchObject({ mutability: 'delegate', delegation: { count: 3, completionScope: 'children' } });
    expect(await classify({ type: 'delegate', resume: true })).toMatchObject({ delegation: { count: 0, lifecycleUnproven: true } });
    expect(await classify({ type: 'delegate', unbounded: true })).toMatchObject({ delegation: { unbounded: true } });
    expect((await classify({ type: 'control' })).mutability).toBe('control');
    expect(await classify({ type: 'other', tool: 'mcp__db__query', input: {} }, 'mcp__db__query')).toMatchObject({ mutability: 'read' });
    expect(await classify({ type: 'other', tool: 'mcp__x__y', input: {} }, 'mcp__x__y')).toMatchObject({ mutability: 'unknown', analysis: 'unknown_tool' });
  });

  it('digests are keyed, stable across key order, and differ by input', async () => {
    const a = await classify({ type: 'write', path: 'a', content: 'x' });
    const b = await classify({ content: 'x', path: 'a', type: 'write' } as ToolRequest);
    const c = await classify({ type: 'write', path: 'a', content: 'y' });
    expect(a.inputDigest).toBe(b.inputDigest);
    expect(a.inputDigest).not.toBe(c.inputDigest);
    const other = await classifyToolRequest({ type: 'write', path: 'a', content: 'x' }, { id: 'id-1', tool: 'T', cwd: ROOT }, { ...ctx, digestKey: 'other' });
    expect(other.inputDigest).not.toBe(a.inputDigest);
  });

  it('bad input never throws: missing path, wrong types', async () => {
    expect(await classify({ type: 'write', path: '', content: 'x' })).toMatchObject({ mutability: 'unknown', analysis: 'write_path_missing' });
    expect(await classify({ type: 'edit', path: 'a', edits: null } as unknown as ToolRequest)).toMatchObject({
      mutability: 'unknown',
      analysis: 'input_malformed',
    });
    expect(await classify({ type: 'nonsense' } as unknown as ToolRequest)).toMatchObject({ mutability: 'unknown' });
  });

  it('a Codex apply_patch heredoc sent through the shell is judged as the patch', async () => {
    const cmd = "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: z.txt\n+z\n*** End Patch\nEOF";
    expect(await classify({ type: 'shell', command: cmd }, 'Bash')).toMatchObject({
      mutability: 'write',
      effects: [{ kind: 'create', path: `${ROOT}/z.txt` }],
    });
  });

  it('a path holding a NUL byte is unproven for every file tool', async () => {
    for (const req of [
      { type: 'write', path: 'src/\u0000/../../x', content: 'x' },
      { type: 'edit', path: 'src/a.ts\u0000.md', edits: [{ old: 'a', new: 'b' }] },
      { type: 'patch', patch: '*** Begin Patch\n*** Add File: src/\u0000/../x\n+x\n*** End Patch', format: 'apply_patch' },
    ] as ToolRequest[]) {
      expect(await classify(req)).toMatchObject({ mutability: 'unknown', analysis: 'input_malformed' });
    }
  });
});
