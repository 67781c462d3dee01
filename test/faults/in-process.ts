// The fault suite's in-process world: the real controller, state store and audit in a temp
// REMIT_HOME, for faults that need the injected fs layer (src/core/state/fs-layer.ts). Every
// answer to a write in an armed session is counted (test/faults/tally.ts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { auditKeyOf } from '../../src/core/audit/chain.js';
import { createController } from '../../src/core/controller/controller.js';
import type { ControllerResult } from '../../src/core/controller/result.js';
import { canonicalPath } from '../../src/core/paths/canonical.js';
import { auditFile, sessionFile, sessionKey } from '../../src/core/state/home.js';
import { loadSecret } from '../../src/core/state/secret.js';
import type { Action } from '../../src/generated/types.js';
import { events, makeAction } from '../support/events.js';
import { countArmedAnswer, tally } from './tally.js';

export const ENOSPC = (): never => {
  throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
};

export class Home {
  readonly dir = canonicalPath(mkdtempSync(path.join(tmpdir(), 'remit-faults-')), '/');
  readonly home = path.join(this.dir, 'home');
  readonly base = { sessionId: 's1', cwd: this.dir };
  readonly key = sessionKey('test', 's1');
  readonly stateFile = sessionFile(this.home, this.key);
  readonly auditFile = auditFile(this.home, this.key);

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  controller(lockTimeoutMs = 500, now: () => Date = () => new Date()) {
    return createController({
      home: this.home,
      env: {},
      now,
      lockTimeoutMs,
      auditKey: auditKeyOf(loadSecret(this.home)),
      protectedPaths: { remit: [`${this.home}/**`], hostConfig: [] },
      userConfig: { status: 'absent', config: null, path: '' },
      repoConfig: () => ({ status: 'absent', config: null, path: '' }),
    });
  }

  write(id: string): Action {
    return makeAction({ id, tool: 'Write', mutability: 'write', effects: [{ kind: 'write', path: path.join(this.dir, 'a.ts') }] as never });
  }

  /** A review session, armed, whose first write was refused. */
  async armedReview(c = this.controller()) {
    await c.handle(events.prompt(this.base, '$remit review -- look only'));
    expect(await this.armedWrite(c, 'w0')).toBe('deny');
    return c;
  }

  /** One write through the controller: its outcome (or the result kind), counted as a hook call. */
  async outcome(c: ReturnType<Home['controller']>, id: string): Promise<string> {
    tally.hooks++;
    const r: ControllerResult = await c.handle(events.before(this.base, this.write(id)));
    return r.kind === 'decision' ? r.decision.outcome : r.kind;
  }

  /** The same in a session the test armed: counted as an armed write. */
  async armedWrite(c: ReturnType<Home['controller']>, id: string): Promise<string> {
    const o = await this.outcome(c, id);
    countArmedAnswer(o);
    return o;
  }

  auditLines(): string[] {
    return this.auditLinesOf(this.auditFile);
  }

  /** The lines of any audit file (none when it cannot be read). */
  auditLinesOf(file: string): string[] {
    try {
      return readFileSync(file, 'utf8').split('\n').filter(Boolean);
    } catch {
      return [];
    }
  }

  /** Lines of `before` gone from the audit (counted as lost records), and whether every line is whole. */
  check(before: string[]): { lost: string[]; whole: boolean } {
    const text = (() => {
      try {
        return readFileSync(this.auditFile, 'utf8');
      } catch {
        return '';
      }
    })();
    const now = new Set(text.split('\n').filter(Boolean));
    const lost = before.filter((l) => !now.has(l));
    tally.recordsChecked += before.length;
    tally.recordsLost += lost.length;
    const whole =
      text === '' ||
      (text.endsWith('\n') &&
        text
          .split('\n')
          .filter(Boolean)
          .every((l) => {
            try {
              JSON.parse(l);
              return true;
            } catch {
              return false;
            }
          }));
    return { lost, whole };
  }
}
