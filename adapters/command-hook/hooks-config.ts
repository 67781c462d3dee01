// Pure transforms over a host's `hooks` object: the three levels Codex (hooks.json) and Claude
// Code (settings.json) share, event → matcher groups → handlers, or the two of Copilot CLI,
// event → handlers (a HookLayout says which, and which handler keys are remit's canonical
// ones). Nothing here touches the disk, and the input is never mutated.
//
// Rules (docs/DESIGN.md#adapters-and-installers): remit's handler is found by an anchored signature and updated in
// place; otherwise its group is appended at the END — never inserted before another tool's
// group, because Codex trust keys are positional (`<file>:<event>:<group>:<handler>`); the
// matcher of a group the user already has is the user's; everything not remit's survives.

export type Json = Record<string, unknown>;

export interface HookEntry {
  event: string;
  /** Omitted: the group fires for every tool / source. */
  matcher?: string;
  /** The canonical handler: type, command, timeout, statusMessage. */
  handler: Json;
}

export type IsOurs = (handler: Json) => boolean;

/** How a host nests its handlers under an event, and the handler keys remit writes and keeps current. */
export interface HookLayout {
  /** true: `[{matcher?, hooks: [handler…]}]` (Codex, Claude Code); false: `[handler…]` (Copilot CLI). */
  grouped: boolean;
  keys: readonly string[];
}

export const GROUPED_LAYOUT: HookLayout = { grouped: true, keys: ['type', 'command', 'timeout', 'statusMessage'] };

/** What differs per event in remit's handlers: its status line, timeout (s) and matcher, where set. */
export interface HandlerTable {
  status: Record<string, string>;
  timeout: Record<string, number>;
  matcher: Record<string, string>;
}

/** remit's canonical entry for each event: one command handler (20 s, "remit: recording" unless the table says otherwise). */
export function commandEntries(events: readonly string[], table: HandlerTable, commandFor: (event: string) => string): HookEntry[] {
  return events.map((event) => {
    const handler: Json = {
      type: 'command',
      command: commandFor(event),
      timeout: table.timeout[event] ?? 20,
      statusMessage: table.status[event] ?? 'remit: recording',
    };
    const matcher = table.matcher[event];
    return matcher === undefined ? { event, handler } : { event, matcher, handler };
  });
}

export interface Location {
  event: string;
  group: number;
  handler: number;
  matcher?: string;
  /** The handler as it stands in the file (what Codex hashes). */
  installed: Json;
}

export type TransformError = { ok: false; error: string };
export type Upserted = { ok: true; doc: Json; action: 'installed' | 'updated' | 'unchanged'; changed: string[] };
export type Removed = { ok: true; doc: Json; action: 'removed' | 'absent'; removed: Location[]; shifted: boolean };

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/** Validates the shape remit must be able to edit: a refusal names exactly what to fix. */
function hooksOf(doc: unknown, what: string): { ok: true; root: Json; hooks: Json } | TransformError {
  const root = doc === undefined || doc === null ? {} : doc;
  if (!isObject(root)) return { ok: false, error: `${what} is not a JSON object` };
  const hooks = root.hooks === undefined ? {} : root.hooks;
  if (!isObject(hooks)) return { ok: false, error: `${what}: "hooks" is not an object` };
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) return { ok: false, error: `${what}: hooks.${event} is not an array` };
  }
  return { ok: true, root, hooks };
}

function sameCanonical(a: Json, b: Json, keys: readonly string[]): boolean {
  return keys.every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
}

/** `current` with remit's canonical keys set as `wanted` has them; every other key stays. */
function refreshed(current: Json, wanted: Json, keys: readonly string[]): Json {
  const next: Json = { ...current };
  for (const k of keys) {
    if (wanted[k] === undefined) delete next[k];
    else next[k] = wanted[k];
  }
  return next;
}

export function findHooks(doc: unknown, isOurs: IsOurs, layout: HookLayout = GROUPED_LAYOUT): Location[] {
  const shaped = hooksOf(doc, 'config');
  if (!shaped.ok) return [];
  const found: Location[] = [];
  for (const [event, groups] of Object.entries(shaped.hooks)) {
    (groups as unknown[]).forEach((g, gi) => {
      if (!layout.grouped) {
        if (isObject(g) && isOurs(g)) found.push({ event, group: gi, handler: 0, installed: clone(g) });
        return;
      }
      if (!isObject(g) || !Array.isArray(g.hooks)) return;
      g.hooks.forEach((h, hi) => {
        if (isObject(h) && isOurs(h)) {
          const loc: Location = { event, group: gi, handler: hi, installed: clone(h) };
          if (typeof g.matcher === 'string') loc.matcher = g.matcher;
          found.push(loc);
        }
      });
    });
  }
  return found;
}

export function upsertHooks(
  doc: unknown,
  entries: HookEntry[],
  isOurs: IsOurs,
  what = 'config',
  layout: HookLayout = GROUPED_LAYOUT,
): Upserted | TransformError {
  const shaped = hooksOf(doc, what);
  if (!shaped.ok) return shaped;
  const root = clone(shaped.root);
  const hooks = clone(shaped.hooks);
  root.hooks = hooks;
  const changed: string[] = [];
  let installed = false;
  for (const entry of entries) {
    const groups = (hooks[entry.event] ?? []) as unknown[];
    hooks[entry.event] = groups;
    let done = false;
    if (!layout.grouped) {
      const i = groups.findIndex((h) => isObject(h) && isOurs(h));
      if (i >= 0) {
        if (!sameCanonical(groups[i] as Json, entry.handler, layout.keys)) {
          groups[i] = refreshed(groups[i] as Json, entry.handler, layout.keys);
          changed.push(entry.event);
        }
        done = true;
      }
    }
    for (const g of layout.grouped ? groups : []) {
      if (!isObject(g) || !Array.isArray(g.hooks)) continue;
      const i = g.hooks.findIndex((h) => isObject(h) && isOurs(h));
      if (i < 0) continue;
      const current = g.hooks[i] as Json;
      if (!sameCanonical(current, entry.handler, layout.keys)) {
        g.hooks[i] = refreshed(current, entry.handler, layout.keys);
        changed.push(entry.event);
      }
      done = true;
      break;
    }
    if (!done) {
      if (!layout.grouped) groups.push(clone(entry.handler));
      else groups.push(entry.matcher === undefined ? { hooks: [clone(entry.handler)] } : { matcher: entry.matcher, hooks: [clone(entry.handler)] });
      changed.push(entry.event);
      installed = true;
    }
  }
  const action = changed.length === 0 ? 'unchanged' : installed ? 'installed' : 'updated';
  return { ok: true, doc: root, action, changed };
}

/**
 * `doc` without remit's handlers. An event array (and `hooks`) goes only when taking remit's
 * out emptied it and the original (`kept`: what the file held before remit's install, from its
 * backup) did not have it: a user's own `"Stop": []` stays.
 */
export function removeHooks(
  doc: unknown,
  isOurs: IsOurs,
  what = 'config',
  layout: HookLayout = GROUPED_LAYOUT,
  kept: { hooks: boolean; events: ReadonlySet<string> } = { hooks: false, events: new Set() },
): Removed | TransformError {
  const shaped = hooksOf(doc, what);
  if (!shaped.ok) return shaped;
  const removed = findHooks(doc, isOurs, layout);
  if (removed.length === 0) return { ok: true, doc: clone(shaped.root), action: 'absent', removed, shifted: false };
  const root = clone(shaped.root);
  const hooks = clone(shaped.hooks);
  let shifted = false;
  for (const event of Object.keys(hooks)) {
    const groups = hooks[event] as unknown[];
    const rest: unknown[] = [];
    groups.forEach((g, gi) => {
      if (!layout.grouped) {
        if (!(isObject(g) && isOurs(g))) rest.push(g);
        return;
      }
      if (!isObject(g) || !Array.isArray(g.hooks)) {
        rest.push(g);
        return;
      }
      const left = g.hooks.filter((h) => !(isObject(h) && isOurs(h)));
      if (left.length === g.hooks.length) {
        rest.push(g);
        return;
      }
      // A group or handler removed before others moves their Codex trust keys.
      if (left.length > 0 || gi < groups.length - 1) shifted = true;
      if (left.length > 0) rest.push({ ...g, hooks: left });
    });
    if (rest.length === 0 && groups.length > 0 && !kept.events.has(event)) delete hooks[event];
    else hooks[event] = rest;
  }
  if (Object.keys(hooks).length === 0 && Object.keys(shaped.hooks).length > 0 && !kept.hooks) delete root.hooks;
  else root.hooks = hooks;
  return { ok: true, doc: root, action: 'removed', removed, shifted };
}
