// `assert` as signal-exit (proper-lockfile's release-on-exit) uses it in the hook bundles: one
// argument check. Loading node:assert costs a hook process four internal modules.
'use strict';
module.exports = {
  equal(actual, expected, message) {
    // eslint-disable-next-line eqeqeq
    if (actual != expected) throw new Error(message || `${actual} == ${expected}`);
  },
};
