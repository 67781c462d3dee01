// Entry of dist/remit-hook.cjs, which dist/remit.cjs loads for `remit hook …`: the hook
// without the CLI around it (no command table, no help text), answering on file descriptors
// 1 and 2. `remit hook --help` is the CLI's: the whole command then runs from remit-main.cjs,
// as any other command does.
import { fdIO } from './io.js';
import { run } from './commands/hook.js';

async function hookMain(argv: string[]): Promise<number> {
  const io = fdIO();
  try {
    return await run(argv, io);
  } catch (err) {
    // The CLI's own shape for a failed command (src/cli/main.ts): one line, exit 1.
    io.stderr(`remit hook: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}\n`);
    return 1;
  }
}

const argv = process.argv.slice(3);
const end = argv.indexOf('--');
if ((end < 0 ? argv : argv.slice(0, end)).some((a) => a === '--help' || a === '-h')) {
  void import('./bin.js');
} else {
  // Everything the hook does is done once it answers (its writes are synchronous): exiting at
  // once spares the process the idle tasks (a garbage collection) an event loop would still run.
  hookMain(argv).then(
    (code) => process.exit(code),
    () => process.exit(1),
  );
}
