// Turns a folder of raw recorded payloads into e2e/captures/<host>/<name>.json: one file per kind
// of payload (first occurrence), machine paths replaced by stable placeholders.
import fs from 'node:fs';
import path from 'node:path';
import type { HostName } from '../hosts/driver.js';
import { E2E_DIR } from '../hosts/driver.js';
import type { Sandbox } from '../sandbox.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Replaces every machine-specific path in a text by a placeholder. */
export function sanitise(text: string, sb: Pick<Sandbox, 'root' | 'home' | 'project'>): string {
  const pairs: Array<[string, string]> = [
    [sb.project, '/work/project'],
    [sb.home, '/home/user'],
    [sb.root, '/sandbox'],
    [path.join(E2E_DIR, 'node_modules'), '/e2e/node_modules'],
    [E2E_DIR, '/e2e'],
    [process.execPath, '/usr/bin/node'],
  ];
  let out = text;
  // Hosts also name per-project folders after the path with its separators replaced by dashes.
  for (const [from, to] of pairs) out = out.split(from.replace(/[/.]/g, '-')).join(to.replace(/[/.]/g, '-'));
  for (const [from, to] of pairs) out = out.split(from).join(to);
  // Temp folders some hosts create outside the sandbox (bun, git) still name this machine.
  return out.replace(/\/tmp\/remit-e2e\/[A-Za-z0-9_.-]+/g, '/sandbox');
}

/** The capture name of one raw payload; undefined for payloads not worth keeping. */
export function captureName(host: HostName, raw: unknown, fileName: string): string | undefined {
  if (host === 'claude' || host === 'codex') {
    if (!isObject(raw) || typeof raw.hook_event_name !== 'string') return undefined;
    const parts = [raw.hook_event_name];
    if (typeof raw.tool_name === 'string') parts.push(raw.tool_name.replace(/[^A-Za-z0-9_.-]/g, '_'));
    if (typeof raw.agent_id === 'string' && raw.hook_event_name !== 'SubagentStart' && raw.hook_event_name !== 'SubagentStop') parts.push('subagent');
    if (typeof raw.source === 'string') parts.push(raw.source);
    return parts.join('.');
  }
  if (host === 'opencode') {
    if (!isObject(raw) || typeof raw.hook !== 'string') return undefined;
    if (raw.hook === 'event.plugin.added' || raw.hook === 'event.message.part.delta') return undefined;
    const input = isObject(raw.input) ? raw.input : {};
    const parts = [raw.hook];
    if (typeof input.tool === 'string') parts.push(input.tool);
    return parts.join('.');
  }
  // pi / omp: {event, ctx}
  if (!isObject(raw) || !isObject(raw.event)) return fileName.replace(/-.*$/, '');
  const event = raw.event;
  const base = typeof event.type === 'string' ? event.type : fileName.replace(/-.*$/, '');
  if (base === 'context') return undefined;
  const parts = [base];
  if (typeof event.toolName === 'string') parts.push(event.toolName);
  if (isObject(event.message) && typeof event.message.role === 'string') parts.push(event.message.role);
  return parts.join('.');
}

/** Writes the kept captures and returns their paths relative to the repository. */
export function saveCaptures(host: HostName, rawDir: string, sb: Pick<Sandbox, 'root' | 'home' | 'project'>, about: Json, folder: string = host): string[] {
  if (!fs.existsSync(rawDir)) return [];
  const outDir = path.join(E2E_DIR, 'captures', folder);
  // A capture run replaces the set it wrote last time (named in _about.json), so no payload of an
  // older version lingers; other records in the folder (deny-shapes.json) stay.
  const aboutFile = path.join(outDir, '_about.json');
  if (fs.existsSync(aboutFile)) {
    const old = (JSON.parse(fs.readFileSync(aboutFile, 'utf8')) as { files?: string[] }).files ?? [];
    for (const f of old) fs.rmSync(path.join(outDir, path.basename(f)), { force: true });
  }
  fs.mkdirSync(outDir, { recursive: true });
  const files = fs
    .readdirSync(rawDir)
    .map((name) => ({ name, mtime: fs.statSync(path.join(rawDir, name)).mtimeMs }))
    .sort((a, b) => a.mtime - b.mtime || a.name.localeCompare(b.name));
  const written: string[] = [];
  const seen = new Set<string>();
  for (const { name } of files) {
    const text = fs.readFileSync(path.join(rawDir, name), 'utf8');
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      continue;
    }
    const captured = captureName(host, raw, name);
    if (captured === undefined || seen.has(captured)) continue;
    seen.add(captured);
    const target = path.join(outDir, `${captured}.json`);
    const pretty = `${JSON.stringify(JSON.parse(sanitise(text, sb)), null, 2)}\n`;
    fs.writeFileSync(target, pretty);
    written.push(path.relative(path.dirname(E2E_DIR), target));
  }
  fs.writeFileSync(path.join(outDir, '_about.json'), `${JSON.stringify({ ...about, files: written.map((f) => path.basename(f)).sort() }, null, 2)}\n`);
  return written;
}
