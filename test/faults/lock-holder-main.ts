// A process that takes a session's lock through the real lock code and keeps it until it is
// killed: the fault suite's stand-in for a hook killed while it held the lock. With `temp` it
// first leaves a half-written state temp file, as a hook killed between write and rename does.
// With `stall` it holds the lock as a synchronous hook does, never refreshing it: a hook starved
// of the processor past the stale age. Prints `held` once it holds the lock.
import { openSync, writeSync } from 'node:fs';
import { fixedTempOf } from '../../src/core/state/files.js';
import { sessionFile } from '../../src/core/state/home.js';
import { LOCK_STALE_MS, tryLock } from '../../src/core/state/lock.js';
import { withSessionLock } from '../../src/core/state/store.js';

const [home, key, mode] = process.argv.slice(2);
if (!home || !key) {
  process.stderr.write('usage: lock-holder HOME KEY [temp]\n');
  process.exit(1);
}
if (mode === 'stall') {
  if (!tryLock(sessionFile(home, key), LOCK_STALE_MS)) process.exit(2);
  process.stdout.write('held\n');
  setInterval(() => {}, 1000);
} else
  void withSessionLock(home, key, 10_000, () => {
    if (mode === 'temp') {
      const fd = openSync(fixedTempOf(sessionFile(home, key)), 'w', 0o600);
      writeSync(fd, '{"schemaVersion":2,"cont');
    }
    process.stdout.write('held\n');
    return new Promise<void>(() => {
      setInterval(() => {}, 1000);
    });
  });
