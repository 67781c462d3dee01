// Runs a host's conformance corpus (adapters/<host>/conformance/*.json) through the real hook
// path with a real runtime in a throwaway home, and checks each answer against the host's
// accepted output fields. Test-only; shared by the Codex and Claude Code suites.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { HostAdapter, NativeResponse, ResponseReading } from '../../src/core/host/adapter.js';
import { createRuntime } from '../../src/core/host/create-runtime.js';
import { runHook } from '../../src/cli/commands/hook.js';

export interface CorpusEntry {
  file: string;
  title: string;
  source: string;
  event: string;
  before?: string[];
  stdin?: string;
  generate?: { kind: 'large-write' | 'large-patch'; bytes: number; from: string };
  expect?: { outcome: ResponseReading['outcome']; channel?: string; reasonCode?: string };
}

export function loadCorpus(dir: string): CorpusEntry[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== 'output.schema.json')
    .sort()
    .map((f) => ({ file: f, ...(JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Omit<CorpusEntry, 'file'>) }));
}

function generated(g: NonNullable<CorpusEntry['generate']>): string {
  const p = JSON.parse(g.from) as Record<string, unknown>;
  const line = 'x'.repeat(99);
  if (g.kind === 'large-write') {
    const input = { ...(p.tool_input as Record<string, unknown>) };
    input.content = `${line}\n`.repeat(Math.ceil(g.bytes / 100));
    return JSON.stringify({ ...p, tool_input: input, tool_use_id: 'large-1' });
  }
  const body = `+${line}\n`.repeat(Math.ceil(g.bytes / 101));
  return JSON.stringify({ ...p, tool_input: { command: `*** Begin Patch\n*** Add File: big.txt\n${body}*** End Patch\n` }, tool_use_id: 'large-1' });
}

export interface EntryRun {
  stdin: string;
  response: NativeResponse;
  output: Record<string, unknown> | null;
  reading: ResponseReading;
}

export async function runEntry(adapter: HostAdapter, entry: CorpusEntry): Promise<EntryRun> {
  const dir = mkdtempSync(path.join(tmpdir(), `remit-conf-${adapter.name}-`));
  try {
    const env = { HOME: dir, REMIT_HOME: path.join(dir, 'state'), XDG_CONFIG_HOME: path.join(dir, 'config'), XDG_DATA_HOME: path.join(dir, 'data') };
    const runtime = createRuntime({ home: env.REMIT_HOME, env });
    for (const b of entry.before ?? []) await runHook(adapter.name, undefined, b, runtime, { cwd: dir });
    const stdin = entry.generate ? generated(entry.generate) : (entry.stdin ?? '');
    const response = await runHook(adapter.name, entry.event, stdin, runtime, { cwd: dir });
    const text = response.stdout ?? '';
    const output = text === '' ? null : (JSON.parse(text) as Record<string, unknown>);
    return { stdin, response, output, reading: adapter.readResponse({ event: entry.event, payload: stdin }, response) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A validator for one event's accepted output, or null when the host accepts no output for it here. */
export function outputValidator(schemaPath: string): (event: string, output: unknown) => string | null {
  const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as { $id: string; $defs: Record<string, unknown> };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema(schema);
  return (event, output) => {
    if (!(event in schema.$defs)) return output === null ? null : `no output is accepted for ${event}`;
    if (output === null) return null;
    const validate = ajv.getSchema(`${schema.$id}#/$defs/${event}`);
    if (!validate) return `no schema for ${event}`;
    return validate(output) ? null : ajv.errorsText(validate.errors);
  };
}
