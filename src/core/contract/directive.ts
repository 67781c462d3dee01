// The directive head → the new contract (docs/DESIGN.md#task-contract). A directive replaces the contract:
// fields it does not name go back to their defaults. Errors are atomic and name the first
// bad token, so a typo never half-applies.
import type { DirectiveError, Level, Mode, Policy, TaskContract } from '../../generated/types.js';
import { isWindowsStylePath } from '../paths/canonical.js';
import { isSpaceCode } from './ascii.js';
import { defaultContract } from './defaults.js';
import { directiveError } from './directive-error.js';
import { resolveFilesValue, type ResolvedFiles } from './files-globs.js';
import { inspectionWords } from './inspection.js';
import { nearest } from './nearest.js';

const WORDS = ['answer', 'review', 'monitor', 'change', 'watch', 'guard', 'lock', 'off', 'files', 'deps', 'hash', 'hostconfig', 'agents', 'checks'];

/**
 * "did you mean `change`?" for a typo of a token, and "did you mean `$remit status`?" for a
 * typo of an inspection word (`$remit stauts`), else nothing.
 */
function didYouMean(name: string): string {
  const near = nearest(name, [...WORDS, ...inspectionWords]);
  if (!near) return '';
  return inspectionWords.includes(near) ? `did you mean \`$remit ${near}\` (an inspection command, alone on the prompt)? ` : `did you mean \`${near}\`? `;
}

const MODES: ReadonlySet<string> = new Set<Mode>(['answer', 'review', 'monitor', 'change']);
const LEVELS: ReadonlySet<string> = new Set<Level>(['watch', 'guard', 'lock', 'off']);
const POLICIES: ReadonlySet<string> = new Set<Policy>(['deny', 'ask', 'allow']);
const POLICY_FIELDS = ['deps', 'hash', 'hostconfig'] as const;
type PolicyField = (typeof POLICY_FIELDS)[number];

interface Named {
  mode?: Mode;
  level?: Level;
  files?: ResolvedFiles;
  deps?: Policy;
  hash?: Policy;
  hostconfig?: Policy;
  agents?: number;
  checks?: 'allow' | 'deny';
}
type Field = keyof Named;

interface Setting {
  field: Field;
  value: Named[Field];
  /** Equal keys mean the same setting, so repeating it is harmless. */
  key: string;
}

const VALID_TOKENS = 'answer review monitor change, watch guard lock off, files= deps= hash= hostconfig= agents= checks=';

export function parseDirectiveHead(head: string, projectRoot: string): TaskContract | DirectiveError {
  const named: Named = {};
  const firstToken = new Map<Field, { token: string; key: string }>();
  // The tokens `head.split(/\s+/)` gives, found one at a time: a megabyte head's first bad
  // token ends the parse before the rest is cut into an array.
  for (let at = 0; at < head.length; ) {
    while (at < head.length && isSpaceCode(head.charCodeAt(at))) at++;
    if (at === head.length) break;
    const start = at;
    while (at < head.length && !isSpaceCode(head.charCodeAt(at))) at++;
    const token = head.slice(start, at);
    const setting = readToken(token, projectRoot);
    if ('code' in setting) return setting;
    const earlier = firstToken.get(setting.field);
    if (earlier) {
      if (earlier.key !== setting.key) {
        return directiveError('CONFLICTING_DIRECTIVE', token, `conflicts with \`${earlier.token}\` (both set ${setting.field}); name each field once.`);
      }
      continue;
    }
    firstToken.set(setting.field, { token, key: setting.key });
    (named as Record<Field, unknown>)[setting.field] = setting.value;
  }
  return buildContract(named, projectRoot);
}

function readToken(token: string, projectRoot: string): Setting | DirectiveError {
  const eq = token.indexOf('=');
  const name = (eq < 0 ? token : token.slice(0, eq)).toLowerCase();
  const value = eq < 0 ? null : token.slice(eq + 1);
  if (value === null) {
    if (MODES.has(name)) return { field: 'mode', value: name as Mode, key: name };
    if (LEVELS.has(name)) return { field: 'level', value: name as Level, key: name };
    if (name === 'agents') return directiveError('INVALID_AGENT_LIMIT', token, 'write agents=N with N a whole number (0 = no subagents).');
    if ((POLICY_FIELDS as readonly string[]).includes(name) || name === 'checks') {
      return directiveError('INVALID_POLICY_VALUE', token, `write ${name}=${name === 'checks' ? 'allow|deny' : 'deny|ask|allow'}.`);
    }
    if (name === 'files') return directiveError('INVALID_FILES_GLOB', token, 'write files=glob|glob, or files= for no writes.');
    return directiveError(
      'INVALID_DIRECTIVE_TOKEN',
      token,
      `not a remit token; ${didYouMean(name)}(tokens: ${VALID_TOKENS}); put the task after \`--\` or \`: \`.`,
    );
  }
  switch (name) {
    case 'files': {
      const files = resolveFilesValue(token, value, projectRoot);
      if ('code' in files) return files;
      return { field: 'files', value: files, key: [...files.files].sort().join('\u0000') };
    }
    case 'deps':
    case 'hash':
    case 'hostconfig': {
      const v = value.toLowerCase();
      if (!POLICIES.has(v)) return directiveError('INVALID_POLICY_VALUE', token, `${name} takes deny, ask or allow.`);
      return { field: name satisfies PolicyField, value: v as Policy, key: v };
    }
    case 'checks': {
      const v = value.toLowerCase();
      if (v !== 'allow' && v !== 'deny') return directiveError('INVALID_POLICY_VALUE', token, 'checks takes allow or deny.');
      return { field: 'checks', value: v, key: v };
    }
    case 'agents': {
      const n = /^[0-9]+$/.test(value) ? Number(value) : NaN;
      if (!Number.isSafeInteger(n)) {
        return directiveError('INVALID_AGENT_LIMIT', token, 'agents takes a whole number of concurrent subagents, 0 or more (0 = none).');
      }
      return { field: 'agents', value: n, key: String(n) };
    }
    default:
      return directiveError('INVALID_DIRECTIVE_TOKEN', token, `not a remit token; ${didYouMean(name)}(tokens: ${VALID_TOKENS}).`);
  }
}

/**
 * Replace semantics plus the implied mode and level:
 * - a mode with no level arms at `guard`;
 * - no mode but guard/lock or any field → `change` (the user is setting up work, not asking);
 * - `watch` alone → `change` observed; `off` alone or an empty head → the defaults at that level.
 */
function buildContract(named: Named, projectRoot: string): TaskContract {
  const c = defaultContract();
  c.source = 'directive';
  c.projectRoot = projectRoot;
  c.caseInsensitivePaths = named.files?.caseInsensitive ?? isWindowsStylePath(projectRoot);
  const anyField =
    named.files !== undefined ||
    named.deps !== undefined ||
    named.hash !== undefined ||
    named.hostconfig !== undefined ||
    named.agents !== undefined ||
    named.checks !== undefined;
  if (named.mode) {
    c.mode = named.mode;
    c.level = named.level ?? 'guard';
  } else if (anyField || named.level === 'guard' || named.level === 'lock' || named.level === 'watch') {
    c.mode = 'change';
    c.level = named.level ?? 'guard';
  } else if (named.level === 'off') {
    c.level = 'off';
  }
  if (named.files) {
    c.files = named.files.files;
    c.filesAsTyped = named.files.asTyped;
  }
  if (named.deps) c.deps = named.deps;
  if (named.hash) c.hash = named.hash;
  if (named.hostconfig) c.hostconfig = named.hostconfig;
  if (named.agents !== undefined) c.agents = named.agents;
  if (named.checks) c.checks = named.checks;
  return c;
}
