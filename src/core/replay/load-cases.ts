// Finds and validates case files. A broken file is a result, not a crash: replay lists it
// as a failure beside the cases that did load.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Case, DirectiveErrorCode, Expect, ReasonCode } from '../../generated/types.js';
import { validateCase } from '../../generated/validate-case.js';
import { REASONS } from '../decide/reasons.js';
import { errnoWords } from '../state/files.js';

export interface LoadedCase {
  /** Path relative to the cases folder, with `/` separators. */
  file: string;
  /** Set when the file parsed, validated and sits where its rule says. */
  case?: Case;
  /** Why the file cannot be replayed. */
  error?: string;
}

const FAMILIES = new Set(['I', 'H', 'S', 'T']);

// Prompt-level codes a malformed directive blocks with; their rule is INVALID_DIRECTIVE (I).
const DIRECTIVE_ERROR_CODES: ReadonlySet<string> = new Set<DirectiveErrorCode>([
  'INVALID_DIRECTIVE_TOKEN',
  'CONFLICTING_DIRECTIVE',
  'INVALID_AGENT_LIMIT',
  'INVALID_POLICY_VALUE',
  'INVALID_FILES_GLOB',
]);

function listJson(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const r = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listJson(dir, r));
    else if (entry.isFile() && entry.name.endsWith('.json')) out.push(r);
  }
  return out;
}

function expectations(c: Case, arm: 'bad' | 'good'): Expect[] {
  const out: Expect[] = [];
  for (const step of c[arm].steps) if ('expect' in step && step.expect) out.push(step.expect);
  return out;
}

/** The path convention `<family>/<REASON_CODE>/<slug>.json`; null when the file keeps it. */
export function conventionError(file: string, c: Case, fullPath: string = file): string | null {
  // The last three segments carry the rule, so a sub-folder or one file can be replayed too.
  const parts = fullPath.split('/').slice(-3);
  const layout = `${file}: expected <family>/<REASON_CODE>/<slug>.json`;
  if (parts.length !== 3) return layout;
  const [family, code] = parts as [string, string, string];
  if (!FAMILIES.has(family)) return file.split('/').length < 3 ? layout : `${file}: family folder '${family}' is not one of I, H, S, T`;
  const known = Object.prototype.hasOwnProperty.call(REASONS, code);
  if (!known && !DIRECTIVE_ERROR_CODES.has(code)) return `${file}: '${code}' is not a reason code`;
  const ruleFamily = known ? REASONS[code as ReasonCode].family : 'I';
  if (ruleFamily !== null && ruleFamily !== family) return `${file}: ${code} belongs to family ${ruleFamily}, not ${family}`;
  if (!expectations(c, 'bad').some((e) => e.reasonCode === code)) return `${file}: no step of the bad arm expects ${code}`;
  if (expectations(c, 'good').length === 0) return `${file}: the good arm expects nothing`;
  return null;
}

function describeAjvErrors(): string {
  const errs = validateCase.errors ?? [];
  return (
    errs
      .slice(0, 3)
      .map((e) => `${e.instancePath || '/'} ${e.message ?? `fails ${e.keyword} ${JSON.stringify(e.params)}`}`)
      .join('; ') || 'does not match schemas/case.schema.json'
  );
}

function loadCaseFile(dir: string, file: string): LoadedCase {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  } catch (err) {
    return { file, error: `${file}: not JSON (${(err as Error).message})` };
  }
  if (!validateCase(data)) return { file, error: `${file}: ${describeAjvErrors()}` };
  const wrong = conventionError(file, data, path.resolve(dir, file).split(path.sep).join('/'));
  if (wrong) return { file, error: wrong };
  return { file, case: data };
}

/** Every `*.json` under `dir`, each loaded or with the reason it cannot be replayed. */
export function loadCases(dir: string): LoadedCase[] {
  let files: string[];
  try {
    if (statSync(dir).isFile() && dir.endsWith('.json')) return [loadCaseFile(path.dirname(dir), path.basename(dir))];
    if (!statSync(dir).isDirectory()) return [{ file: dir, error: `${dir} is not a folder or a case file` }];
    files = listJson(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return [{ file: dir, error: `${dir} cannot be read (${code ? errnoWords(code) : (err as Error).message})` }];
  }
  return files.map((f) => loadCaseFile(dir, f));
}
