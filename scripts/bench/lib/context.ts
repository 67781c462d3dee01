// The classification context the in-process benches run in: a virtual project at /bench/project.
import { EMPTY_CLASSIFIER_CONFIG, type ClassifyContext } from '../../../src/core/classify/context.js';
import { virtualFileView } from '../../../src/core/classify/file-view.js';

export const BENCH_ROOT = '/bench/project';

/** A context whose project holds `files` (relative path → text) and nothing else. */
export function benchContext(files: Record<string, string>): ClassifyContext {
  return {
    cwd: BENCH_ROOT,
    projectRoot: BENCH_ROOT,
    home: '/bench/home',
    realpath: false,
    digestKey: 'bench-key',
    config: EMPTY_CLASSIFIER_CONFIG,
    files: virtualFileView(BENCH_ROOT, files),
  };
}
