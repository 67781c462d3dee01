// `node:perf_hooks` in the hook bundles: the controller only times an event (performance.now()
// differences for the audit's durationMs), and loading perf_hooks costs a hook process eleven
// internal modules. The same monotonic clock, read through process.hrtime.
const origin = process.hrtime.bigint();

export const performance = {
  now() {
    return Number(process.hrtime.bigint() - origin) / 1e6;
  },
};
