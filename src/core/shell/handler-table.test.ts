import { describe, expect, it } from 'vitest';
import { handlersOf, handlerTable } from './handler-table.js';
import type { Handler } from './walker.js';

const a: Handler = () => undefined;
const b: Handler = () => undefined;
const c: Handler = () => undefined;

describe('handlerTable', () => {
  it('takes the parts in order, a later entry winning as in an object spread', () => {
    const t = handlerTable([['cat', 'ls', 'head'], a], { ls: b }, [['head'], c], { tail: a });
    expect(t).toEqual({ ...{ cat: a, ls: a, head: a }, ...{ ls: b }, ...{ head: c }, ...{ tail: a } });
    expect(Object.keys(t)).toEqual(['cat', 'ls', 'head', 'tail']);
  });

  it('has no prototype: a program named like an Object method finds no handler', () => {
    const t = handlerTable([['git'], a]);
    expect(Object.getPrototypeOf(t)).toBeNull();
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) expect(t[name], name).toBeUndefined();
  });
});

describe('handlersOf', () => {
  it('builds each name its handler from its value', () => {
    const made: string[] = [];
    const t = handlersOf({ pip: 'p', uv: 'u' }, (v) => {
      made.push(v);
      return v === 'p' ? a : b;
    });
    expect(t).toEqual({ pip: a, uv: b });
    expect(made).toEqual(['p', 'u']);
    expect(Object.getPrototypeOf(t)).toBeNull();
  });
});
