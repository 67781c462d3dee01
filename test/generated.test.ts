import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('src/generated', () => {
  it('matches schemas/ (run npm run schemas after changing a schema)', () => {
    let out = '';
    let code = 0;
    try {
      execFileSync(process.execPath, ['scripts/gen/schemas.mjs', '--check'], { encoding: 'utf8', stdio: 'pipe' });
    } catch (err) {
      code = (err as { status: number }).status;
      out = String((err as { stderr: string }).stderr);
    }
    expect(out).toBe('');
    expect(code).toBe(0);
  });
});
