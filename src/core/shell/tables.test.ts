// Every option table the classifier defines is well-formed. Tables build lazily on first use
// (a hook pays only for the programs its command names), so this builds them all at once.
import { describe, expect, it } from 'vitest';
import './dispatch.js';
import { buildAllTables } from './option-table.js';

describe("the classifier's option tables", () => {
  it('all build without a notation mistake or a name listed twice', () => {
    expect(buildAllTables()).toBeGreaterThan(100);
  });
});
