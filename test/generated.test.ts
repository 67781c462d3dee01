import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Runs a generator with --check: what it says on stderr and its exit code. */
function check(script: string): { out: string; code: number } {
  try {
    execFileSync(process.execPath, [script, '--check'], { encoding: 'utf8', stdio: 'pipe' });
    return { out: '', code: 0 };
  } catch (err) {
    return { out: String((err as { stderr: string }).stderr), code: (err as { status: number }).status };
  }
}

describe('src/generated', () => {
  it('matches schemas/ (run npm run schemas after changing a schema)', () => {
    expect(check('scripts/gen/schemas.mjs')).toEqual({ out: '', code: 0 });
  });

  it('src/core/shell/program-index.ts lists the program families (run npm run programs after changing one)', () => {
    expect(check('scripts/gen/program-index.mjs')).toEqual({ out: '', code: 0 });
  });

  it('src/core/crypto/sha256-module.ts is what scripts/gen/sha256-wasm.mjs assembles', () => {
    expect(check('scripts/gen/sha256-wasm.mjs')).toEqual({ out: '', code: 0 });
  });
});
