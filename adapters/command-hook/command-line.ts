// The command line a host runs for remit's hook, and how remit recognises its own entries.

/** POSIX single quoting (both hosts run the command through a POSIX shell on Unix). */
export function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * The machine-local command: the absolute Node path and the installed, versioned bundle.
 * `--preserve-symlinks-main` spares every hook Node's resolving of that path through its
 * JavaScript realpath (an lstat of each folder above it and a dozen of Node's functions
 * compiled, about 2.5 M instructions, a tenth of a Read: docs/DESIGN.md#performance-budget).
 * The bundle is a plain file install writes, so the path Node keeps is the bundle's own, and
 * its chunks sit beside it; Node has known the option since version 10. Another runtime
 * (remit installed from bun) gets no Node option it may refuse: a hook that cannot start is
 * one the host runs the tool past.
 */
export function absoluteHookCommand(nodePath: string, bundlePath: string, host: string, event: string): string {
  const option = /(?:^|\/)node[^/]*$/.test(nodePath) ? ' --preserve-symlinks-main' : '';
  return `${shellQuote(nodePath)}${option} ${shellQuote(bundlePath)} hook ${host} ${event}`;
}

/**
 * remit's own hook command for `host`: the bundle (`…/remit.cjs`), a project launcher
 * (`…/remit/launch.cjs`), the plugin launcher (`$PLUGIN_ROOT/launch.cjs`) or a `remit` on PATH,
 * followed by `hook <host>`. Anchored on a path
 * boundary so `notremit.cjs` or `remit doctor` is never claimed.
 */
export function isRemitHookCommand(command: unknown, host: string): boolean {
  if (typeof command !== 'string') return false;
  const re = new RegExp(
    `(?:(?:^|[\\s'"/\\\\])(?:remit(?:\\.cjs)?|remit[/\\\\]launch\\.cjs)|\\$\\{?(?:CLAUDE_)?PLUGIN_ROOT\\}?[/\\\\]launch\\.cjs)['"]?\\s+hook\\s+${host}(?=$|[\\s'"])`,
  );
  return re.test(command);
}
