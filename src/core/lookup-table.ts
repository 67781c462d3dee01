// A lookup table whose keys come from outside remit (a command's words, a host's tool name, an
// audit record's field): written as a literal that starts `{ __proto__: null, … }`, it has no
// prototype, so a word such as `constructor`, `toString` or `__proto__` finds no entry, where
// an ordinary literal would hand back Object.prototype's function as if it were one (`git
// constructor` read as a git subcommand, a tool named `toString` as a known tool). V8 also
// builds such a literal as a dictionary in one step, where an ordinary one costs a hidden
// class per key the first time it runs (some 80 us for a table of ninety names in a hook).

/** The literal's entries, the first of them `__proto__: null`. */
export type TableEntries<V> = { readonly __proto__: null } & { readonly [name: string]: V | null };

/** A prototype-less literal as the lookup table it is. */
export function lookupTable<V>(entries: TableEntries<V>): Readonly<Record<string, V>> {
  return entries as unknown as Readonly<Record<string, V>>;
}

/** `table[key]` when the table itself holds `key`, for a table built elsewhere (a configuration's, a plugin host's). */
export function ownEntry<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * `table[key] = value` as the table's own entry, also for the key `__proto__`, which an
 * assignment would take as the table's prototype (a host's call id is any string).
 */
export function setOwn<V>(table: Record<string, V>, key: string, value: V): void {
  Object.defineProperty(table, key, { value, writable: true, enumerable: true, configurable: true });
}
