// Types for scripts/build/plugins.mjs, for the tests that read the build's plugin entries.
export function pluginEntries(adaptersDir?: string): { modules: Record<string, string>; folders: Record<string, string> };
export function buildPlugins(sharedOptions?: Record<string, unknown>): Promise<void>;
