import { describe, expect, it } from 'vitest';
import { elementAt, InvariantError, MemlogError, missing, valueOf } from '../src/errors.js';

describe('invariant helpers (decision 76)', () => {
  it('elementAt gives the element at an index in range', () => {
    expect(elementAt(Int32Array.of(4, 5, 6), 2)).toBe(6);
    expect(elementAt(['a', 'b'], 0)).toBe('a');
  });

  it('an index out of range is an InvariantError naming what and where', () => {
    const thrown = (() => {
      try {
        elementAt(Int32Array.of(1), 3, 'seq');
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(InvariantError);
    expect(thrown).toBeInstanceOf(MemlogError);
    expect(thrown).toMatchObject({
      code: 'invariant',
      name: 'InvariantError',
      message: 'seq has nothing at 3',
      context: { what: 'seq', key: 3 },
    });
  });

  it('valueOf gives a key the map holds and throws for one it does not', () => {
    const map = new Map([['a', 1]]);
    expect(valueOf(map, 'a')).toBe(1);
    expect(() => valueOf(map, 'b', 'tools')).toThrow(new InvariantError('tools has nothing at b', { what: 'tools', key: 'b' }));
  });

  it('missing always throws', () => {
    expect(() => missing('refs', 7)).toThrow(InvariantError);
  });
});
