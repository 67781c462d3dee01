// What OpenCode loads (V1 plugin API, opencode-ai 1.18.x): one async plugin function as the
// default export. OpenCode treats every exported function of a plugin module as a plugin, so
// this module exports nothing else. `options.runtime` (never set by a user's JSON config) lets
// replay and tests run this same entry against a Runtime of their own.
import { runtimeGetter } from '../pi-shared/host-runtime.js';
import { OPENCODE_CAPABILITY } from './capability.js';
import { createOpencodeHooks, type OpencodeHooks, type OpencodePluginInput } from './plugin.js';

export default async function remitOpencodePlugin(input: OpencodePluginInput, options?: Record<string, unknown>): Promise<OpencodeHooks> {
  const argv = Array.isArray(options?.argv) ? (options.argv as string[]) : process.argv;
  return createOpencodeHooks(input ?? {}, { argv, runtime: runtimeGetter(options?.runtime, process.env, { configPaths: OPENCODE_CAPABILITY.configPaths ?? [], denyChannel: 'throw', ask: OPENCODE_CAPABILITY.ask }) });
}
