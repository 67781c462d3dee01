import { describe, expect, it } from 'vitest';
import { errnoWords } from './files.js';

describe('errnoWords', () => {
  it("says a file error in words: remit's own ENOTREG without its code, a system's code after its words, an unknown code as it is", () => {
    expect(errnoWords('ENOTREG')).toBe('it is not a regular file: a folder, FIFO, socket or device');
    expect(errnoWords('EACCES')).toBe('permission denied, EACCES');
    expect(errnoWords('EWHATEVER')).toBe('EWHATEVER');
    expect(errnoWords(undefined)).toBe('error');
    expect(errnoWords('toString')).toBe('toString');
  });
});
