// The fault suite's own check: a count that says a fault got through fails the file that
// counted it (flushTally), so the printed zeros are checked, never just printed.
import { describe, expect, it } from 'vitest';
import { emptyTally, tallyFailures } from './tally.js';

describe('fault tally', () => {
  it('passes only when every count is clean', () => {
    expect(tallyFailures({ ...emptyTally(), armedWrites: 5, recordsChecked: 4, tamperings: 2, tamperingsDetected: 2 })).toEqual([]);
    expect(tallyFailures({ ...emptyTally(), armedWrites: 5, armedWritesAllowed: 1 })).toEqual(['armed writes allowed: 1 of 5']);
    expect(tallyFailures({ ...emptyTally(), recordsChecked: 4, recordsLost: 2 })).toEqual(['records lost: 2 of 4']);
    expect(tallyFailures({ ...emptyTally(), crashes: 1 })).toEqual(['crashes: 1']);
    expect(tallyFailures({ ...emptyTally(), tamperings: 3, tamperingsDetected: 2 })).toEqual(['tamperings detected: 2 of 3']);
  });
});
