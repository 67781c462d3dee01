// What proper-lockfile gets for `graceful-fs` in the hook bundle: node:fs itself. The session
// lock is taken and released with sync calls (graceful-fs leaves those as they are) by a
// process that holds a handful of descriptors, so its EMFILE retry queue never applies, while
// loading it costs every hook assert and the stream classes. fs's lazy members (promises, Dir,
// the stream classes) are not enumerable here: proper-lockfile copies the module with a spread,
// which would load them all (fs/promises brings readline).
'use strict';
const fs = require('fs');

const view = {};
for (const key of Object.keys(fs)) {
  const lazy = typeof Object.getOwnPropertyDescriptor(fs, key).get === 'function';
  Object.defineProperty(view, key, { enumerable: !lazy, configurable: true, get: () => fs[key] });
}
module.exports = view;
