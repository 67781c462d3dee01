// What the fault suite claims over itself, counted by every fault test file and summed in one
// line by test/faults/summary-setup.ts after the run: armed writes allowed, records lost,
// crashes, and tamperings that `audit verify` detected. Each file fails when its own counts
// are not zero (flushTally), so the line reports what was checked and is never the only check.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    faultTallyDir: string;
  }
}

export interface Tally {
  /** Fault scenarios run (one fault, one expected guard answer). */
  scenarios: number;
  /** Hook processes (or in-process hook calls) run. */
  hooks: number;
  /** Writes attempted while the session was ARMED, and how many of them were allowed. */
  armedWrites: number;
  armedWritesAllowed: number;
  /** Answers that name an audit record, and how many of those records are missing or changed. */
  recordsChecked: number;
  recordsLost: number;
  /** A hook or command that died, hung, exited wrongly or printed a stack or a malformed answer. */
  crashes: number;
  /** Tamperings applied to an audit, and how many made `audit verify` exit 6. */
  tamperings: number;
  tamperingsDetected: number;
  /** Milliseconds from the file's first import to its flush (files run in parallel). */
  ms: number;
}

export const emptyTally = (): Tally => ({
  scenarios: 0,
  hooks: 0,
  armedWrites: 0,
  armedWritesAllowed: 0,
  recordsChecked: 0,
  recordsLost: 0,
  crashes: 0,
  tamperings: 0,
  tamperingsDetected: 0,
  ms: 0,
});

/** This test file's counts (a vitest file runs in its own module context). */
export const tally: Tally = emptyTally();
const started = Date.now();

/**
 * Counts one answer to a write in an armed session; anything but a refusal (deny, or ask: the
 * user decides) is an allowed write.
 */
export function countArmedAnswer(verdict: string): void {
  tally.armedWrites++;
  if (verdict !== 'deny' && verdict !== 'ask') tally.armedWritesAllowed++;
}

/**
 * What a file's counts must say: no armed write allowed, no record lost, no crash, every
 * tampering detected. Empty when they do; else one line per failed count.
 */
export function tallyFailures(t: Tally): string[] {
  const out: string[] = [];
  if (t.armedWritesAllowed) out.push(`armed writes allowed: ${t.armedWritesAllowed} of ${t.armedWrites}`);
  if (t.recordsLost) out.push(`records lost: ${t.recordsLost} of ${t.recordsChecked}`);
  if (t.crashes) out.push(`crashes: ${t.crashes}`);
  if (t.tamperingsDetected !== t.tamperings) out.push(`tamperings detected: ${t.tamperingsDetected} of ${t.tamperings}`);
  return out;
}

/** Writes this file's counts where the summary reads them, then fails the file on a count that is not zero; run from afterAll. */
export function flushTally(name: string): void {
  let dir: string | undefined;
  try {
    dir = inject('faultTallyDir');
  } catch {
    dir = undefined;
  }
  if (dir) {
    tally.ms = Date.now() - started;
    writeFileSync(path.join(dir, `${name}.${randomBytes(4).toString('hex')}.json`), JSON.stringify(tally));
  }
  expect(tallyFailures(tally), `the fault suite's counts in ${name}`).toEqual([]);
}

export function sumTallies(all: Tally[]): Tally {
  const t = emptyTally();
  for (const x of all) for (const k of Object.keys(t) as (keyof Tally)[]) t[k] += x[k] ?? 0;
  return t;
}

export function tallyLine(t: Tally, files: number, wallSeconds: number): string {
  return (
    `fault suite: ${t.scenarios} scenarios in ${files} files, ${t.hooks} hook runs, ${(t.ms / 1000).toFixed(1)} s of file time ` +
    `(${wallSeconds.toFixed(1)} s wall for the whole run); ` +
    `armed writes allowed ${t.armedWritesAllowed} of ${t.armedWrites}; records lost ${t.recordsLost} of ${t.recordsChecked}; ` +
    `crashes ${t.crashes}; tamperings detected ${t.tamperingsDetected} of ${t.tamperings} (audit verify exit 6)`
  );
}
