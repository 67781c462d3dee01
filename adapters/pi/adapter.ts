// The Pi adapter for replay and the CLI.
import type { ToolRequest } from '../../src/generated/types.js';
import { piFamilyAdapter } from '../pi-family/adapter.js';
import { PI_CAPABILITY } from './capability.js';
import { createRemitPiExtension } from './extension.js';
import { piToolRequest } from './tools.js';

function piNativeTool(req: ToolRequest): { tool: string; input: Record<string, unknown> } | string {
  switch (req.type) {
    case 'read':
      return { tool: 'read', input: { path: req.paths?.[0] ?? '.' } };
    case 'write':
      return { tool: 'write', input: { path: req.path, content: req.content } };
    case 'edit':
      return { tool: 'edit', input: { path: req.path, edits: req.edits.map((e) => ({ oldText: e.old, newText: e.new })) } };
    case 'patch':
      return 'n/a: Pi has no patch tool';
    case 'shell':
      if (req.workdir) return "n/a: Pi's bash tool takes no working directory";
      return { tool: req.shell === 'powershell' ? 'powershell' : 'bash', input: { command: req.command } };
    case 'delegate':
      if (req.unbounded) return 'n/a: Pi subagent tools take a finite list';
      if (req.resume) return 'n/a: Pi subagents are one-shot processes and cannot be resumed';
      if ((req.count ?? 1) === 1) return { tool: 'subagent', input: { agent: 'worker', task: 'case step' } };
      return { tool: 'subagent', input: { tasks: Array.from({ length: req.count ?? 1 }, (_, i) => ({ agent: 'worker', task: `case step ${i + 1}` })) } };
    case 'control':
      return 'n/a: Pi has no plan or todo tool';
    case 'other':
      return { tool: req.tool, input: (req.input && typeof req.input === 'object' ? req.input : {}) as Record<string, unknown> };
  }
}

export const piAdapter = piFamilyAdapter({
  host: 'pi',
  capability: PI_CAPABILITY,
  toolRequest: piToolRequest,
  nativeTool: piNativeTool,
  extension: (o) => createRemitPiExtension(o),
});
