// One virtual project for classifier tests (test-only): a ClassifyContext rooted at TEST_ROOT whose
// files exist only in memory, so each test states the tree it needs and touches no disk.
import { EMPTY_CLASSIFIER_CONFIG, type ClassifyContext } from '../../src/core/classify/context.js';
import { virtualFileView } from '../../src/core/classify/file-view.js';

export const TEST_ROOT = '/work/proj';

export function virtualContext(files: Record<string, string> = {}, extra: Partial<ClassifyContext> = {}): ClassifyContext {
  return {
    cwd: TEST_ROOT,
    projectRoot: TEST_ROOT,
    home: '/home/dev',
    files: virtualFileView(TEST_ROOT, files),
    config: EMPTY_CLASSIFIER_CONFIG,
    digestKey: 'k',
    realpath: false,
    ...extra,
  };
}
