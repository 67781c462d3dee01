// Types for scripts/build/shell-chunks.mjs, for the tests of the shell chunks' plan.
import type { Metafile, Plugin } from 'esbuild';

export interface ShellChunk {
  file: string;
  modules: string[];
  exposes: string[];
  imports: string[];
  lazy: string[];
}
export interface ShellPlan {
  chunks: ShellChunk[];
  owner: Map<string, string>;
}
export const SHELL_CORE: string;
export const SHELL_ENTRY: string;
export const SHARED_MIN: number;
export function planShellChunks(meta: Metafile, options: { entry: string; lazy: string; sharedMin?: number; inCore?: string[] }): ShellPlan;
export function linkShellChunks(plan: ShellPlan, self: string, options: { root: string; entry: string }): Plugin;
export function checkOneChunkEach(plan: ShellPlan, outputs: Record<string, Record<string, unknown>>): void;
