// Entry of dist/remit.cjs.
import { main } from './main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    // main answers every failure itself; this is the last word when even that failed: one line.
    process.stderr.write(`remit: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}\n`);
    process.exitCode = 1;
  },
);
