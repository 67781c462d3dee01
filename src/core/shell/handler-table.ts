// A program family's table of handlers, built as one object without a prototype. Spreading
// `Object.fromEntries(names)` into an object literal gave the object a new hidden class per
// name, twice (some 0.3 ms of a shell hook for the read family's few hundred names alone); an
// object that starts without a prototype is a dictionary, where adding a name is a hash insert.
// Without a prototype, a lookup of `constructor` or `__proto__` also finds no handler.
import type { TableEntries } from '../lookup-table.js';
import type { Handler } from './walker.js';

export type HandlerTable = Readonly<Record<string, Handler>>;

/** Each of `names` to `handler`: a part of handlerTable. */
export type NamesTo = readonly [names: readonly string[], handler: Handler];

/**
 * The parts in order, a later part's entry winning, as in an object spread of them. A literal
 * part starts `__proto__: null` (src/core/lookup-table.ts): V8 then builds it without a hidden
 * class per name.
 */
export function handlerTable(...parts: readonly (HandlerTable | NamesTo | TableEntries<Handler>)[]): HandlerTable {
  const out = Object.create(null) as Record<string, Handler>;
  for (const part of parts) {
    if (Array.isArray(part)) {
      const [names, handler] = part as NamesTo;
      for (const n of names) out[n] = handler;
    } else {
      const table = part as HandlerTable;
      for (const n of Object.keys(table)) out[n] = table[n]!;
    }
  }
  return out;
}

/** Each name of `tables` to the handler `make` builds for its value. */
export function handlersOf<T>(tables: Readonly<Record<string, T>>, make: (value: T) => Handler): HandlerTable {
  const out = Object.create(null) as Record<string, Handler>;
  for (const n of Object.keys(tables)) out[n] = make(tables[n]!);
  return out;
}
