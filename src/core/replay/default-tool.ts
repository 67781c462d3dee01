// The tool name the core target reports for an abstract action that names none. Neutral on
// purpose: the core target stands for no host, and the name shows up in explanations.
import type { ToolRequest } from '../../generated/types.js';

export function defaultToolName(req: ToolRequest): string {
  if ('tool' in req && typeof req.tool === 'string' && req.tool !== '') return req.tool;
  switch (req.type) {
    case 'read':
      return 'read';
    case 'write':
      return 'write';
    case 'edit':
      return 'edit';
    case 'patch':
      return 'apply_patch';
    case 'shell':
      return 'shell';
    case 'delegate':
      return 'delegate';
    case 'control':
      return 'control';
    case 'other':
      return req.tool;
  }
}
