import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canUndo,
  moveCursor,
  undoDropped,
  undoMove,
  undoRecord,
  type CursorFields,
  type CursorUndo,
} from '../../src/projections/extractionCursor.js';
import { fcRuns } from '../support/fcRuns.js';

const uuid = fc.constantFrom('u1', 'u2', 'u3', 'u4', 'u5');
const path = fc.constantFrom('/m/a.md', '/m/b.md', '/m/c.md');

/** A cursor and what is behind it; a run over it covers all of that. */
const cursorFields: fc.Arbitrary<CursorFields> = fc.record({
  cursor: fc.option(uuid, { nil: null }),
  cursorLost: fc.boolean(),
  messagesSinceCursor: fc.nat({ max: 50 }),
  memoryWritesSinceCursor: fc.array(path, { maxLength: 3 }),
  proseSinceCursor: fc.integer({ min: -1, max: 40 }),
});

/** A run that moves the cursor over everything behind it, and the record that undoes it. */
function run(from: CursorFields, to: string): { readonly moved: CursorFields; readonly undo: CursorUndo } {
  const covered = { newMessages: from.messagesSinceCursor, writes: from.memoryWritesSinceCursor, words: from.proseSinceCursor };
  return { moved: moveCursor(to), undo: undoRecord(from, to, covered) };
}

describe('the extraction cursor', () => {
  it('any sequence of moves, undone newest first, returns the cursor it started from, and each undo the one before it', () => {
    fc.assert(
      fc.property(cursorFields, fc.array(uuid, { minLength: 1, maxLength: 8 }), (start, moves) => {
        const trail: { readonly before: CursorFields; readonly undo: CursorUndo }[] = [];
        let now = start;
        for (const to of moves) {
          const { moved, undo } = run(now, to);
          expect(canUndo(moved, undo)).toBe(true);
          trail.push({ before: now, undo });
          now = moved;
        }
        for (const { before, undo } of trail.reverse()) {
          now = undoMove(now, undo);
          expect(now).toEqual(before);
        }
        expect(now).toEqual(start);
      }),
      { numRuns: fcRuns },
    );
  });

  it('an undo keeps what arrived after the move, behind the cursor it puts back', () => {
    fc.assert(
      fc.property(cursorFields, uuid, fc.array(path, { maxLength: 2 }), fc.integer({ min: -1, max: 40 }), (start, to, writes, words) => {
        const { moved, undo } = run(start, to);
        const later = { ...moved, messagesSinceCursor: 3, memoryWritesSinceCursor: writes, proseSinceCursor: words };
        expect(undoMove(later, undo)).toEqual({
          ...start,
          messagesSinceCursor: start.messagesSinceCursor + 3,
          memoryWritesSinceCursor: [...start.memoryWritesSinceCursor, ...writes],
          proseSinceCursor: Math.max(start.proseSinceCursor, words),
        });
      }),
      { numRuns: fcRuns },
    );
  });

  it('only the newest move can be undone: once the cursor moved on, the older record no longer applies', () => {
    const start: CursorFields = moveCursor('u1', 2);
    const first = run(start, 'u2');
    const second = run(first.moved, 'u3');
    expect(canUndo(second.moved, first.undo)).toBe(false);
    expect(canUndo(second.moved, second.undo)).toBe(true);
    expect(canUndo(second.moved, null)).toBe(false);
  });

  it('dropped requests put the cursor before the first of them and their messages behind it; a lost cursor stays lost', () => {
    const now: CursorFields = { ...moveCursor('u3', 1), cursorLost: true };
    const dropped = [
      { cursor: 'u1', newMessages: 4 },
      { cursor: 'u2', newMessages: 2 },
    ];
    expect(undoDropped(now, dropped, 7)).toEqual({
      cursor: 'u1',
      cursorLost: true,
      messagesSinceCursor: 7,
      memoryWritesSinceCursor: [],
      proseSinceCursor: 7,
    });
    expect(undoDropped(now, [], 7)).toBe(now);
  });
});
