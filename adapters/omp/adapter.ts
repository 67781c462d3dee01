// The Oh My Pi adapter for replay and the CLI.
import type { ToolRequest } from '../../src/generated/types.js';
import { piFamilyAdapter } from '../pi-family/adapter.js';
import { OMP_CAPABILITY } from './capability.js';
import { createRemitOmpExtension } from './extension.js';
import { ompToolRequest } from './tools.js';

function ompNativeTool(req: ToolRequest): { tool: string; input: Record<string, unknown> } | string {
  switch (req.type) {
    case 'read':
      return { tool: 'read', input: { path: req.paths?.[0] ?? '.' } };
    case 'write':
      return { tool: 'write', input: { path: req.path, content: req.content } };
    case 'edit':
      if (req.edits.length !== 1) return 'n/a: an omp replace-mode edit makes exactly one replacement';
      return { tool: 'edit', input: { path: req.path, old_string: req.edits[0]!.old, new_string: req.edits[0]!.new } };
    case 'patch':
      return req.format === 'apply_patch' ? { tool: 'edit', input: { input: req.patch } } : `n/a: omp's edit takes the apply_patch format, not ${req.format}`;
    case 'shell':
      if (req.shell === 'powershell') return 'n/a: omp has no PowerShell tool';
      return { tool: 'bash', input: { command: req.command, ...(req.workdir ? { cwd: req.workdir } : {}) } };
    case 'delegate':
      if (req.unbounded) return 'n/a: an omp task batch is always a finite list';
      if (req.resume) return 'n/a: omp task children cannot be resumed by a tool call';
      if ((req.count ?? 1) === 1) return { tool: 'task', input: { agent: 'task', task: 'case step' } };
      return {
        tool: 'task',
        input: { context: 'case', tasks: Array.from({ length: req.count ?? 1 }, (_, i) => ({ agent: 'task', task: `case step ${i + 1}` })) },
      };
    case 'control':
      return { tool: 'todo', input: { ops: [] } };
    case 'other':
      return { tool: req.tool, input: (req.input && typeof req.input === 'object' ? req.input : {}) as Record<string, unknown> };
  }
}

export const ompAdapter = piFamilyAdapter({
  host: 'omp',
  capability: OMP_CAPABILITY,
  toolRequest: ompToolRequest,
  nativeTool: ompNativeTool,
  extension: (o) => createRemitOmpExtension(o),
});
