// `node:module` in the subprocess bundles: only sha256.ts imports it, for the createRequire that
// loads node:crypto on a long input. Loading Node's public module API (its source-map and
// ES-module loader parts) when the hook chunk starts cost every hook some 0.3 ms; here it loads
// on that first call. `require` is the chunk's own (scripts/build/bundle-loader.cjs).
export function createRequire(from) {
  return require('node:module').createRequire(from);
}
