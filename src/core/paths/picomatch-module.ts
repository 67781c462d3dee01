// picomatch, for globs.ts, through a loader: the build makes it a require() on first call
// (scripts/build/build.mjs, lazyModules), so a hook that compiles no glob (a prompt, a read)
// never starts picomatch's modules (docs/DESIGN.md#performance-budget).
import picomatch from 'picomatch';

export const load = {
  picomatch: () => picomatch,
};
