import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chunkAtTurnEnds,
  endTurnChunker,
  initialTurnChunker,
  pushTurnItem,
  type ChunkItem,
  type ChunkRange,
} from '../../src/projections/turnChunks.js';
import { fcRuns } from '../support/fcRuns.js';

const item = fc.record({ tokens: fc.nat({ max: 500 }), startsTurn: fc.boolean() });

describe('chunkAtTurnEnds', () => {
  it('covers every message exactly once, in order, cuts only at turn starts, and keeps each chunk within the limit unless one turn is larger', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 200 }), fc.integer({ min: 1, max: 3_000 }), (items: ChunkItem[], limit) => {
        const chunks = chunkAtTurnEnds(items, limit);
        // Exactly once, in order: the chunks tile 0..n.
        let next = 0;
        for (const chunk of chunks) {
          expect(chunk.start).toBe(next);
          expect(chunk.end).toBeGreaterThan(chunk.start);
          next = chunk.end;
          expect(chunk.tokens).toBe(items.slice(chunk.start, chunk.end).reduce((n, i) => n + i.tokens, 0));
        }
        expect(next).toBe(items.length);
        // Cut only where a turn starts (a chunk never begins in the middle of a turn).
        for (const chunk of chunks.slice(1)) expect(items[chunk.start]!.startsTurn).toBe(true);
        // Within the limit, unless the chunk is one turn on its own.
        for (const chunk of chunks) {
          const turnStarts = items.slice(chunk.start + 1, chunk.end).filter((i) => i.startsTurn).length;
          if (chunk.tokens > limit) expect(turnStarts).toBe(0);
        }
        // Packed: a chunk and the next turn together would have gone over.
        chunks.slice(1).forEach((chunk, i) => {
          const previous = chunks[i]!;
          let turnEnd = chunk.start + 1;
          while (turnEnd < items.length && !items[turnEnd]!.startsTurn) turnEnd++;
          const turn = items.slice(chunk.start, turnEnd).reduce((n, x) => n + x.tokens, 0);
          expect(previous.tokens + turn).toBeGreaterThan(limit);
        });
      }),
    );
  });

  it('keeps a turn larger than the limit whole, as its own chunk', () => {
    const items = [
      { tokens: 10, startsTurn: true },
      { tokens: 10, startsTurn: true },
      { tokens: 500, startsTurn: false },
      { tokens: 10, startsTurn: true },
    ];
    expect(chunkAtTurnEnds(items, 100)).toEqual([
      { start: 0, end: 1, tokens: 10 },
      { start: 1, end: 3, tokens: 510 },
      { start: 3, end: 4, tokens: 10 },
    ]);
  });
});

describe('the turn chunker, one item at a time', () => {
  it('gives the chunks chunkAtTurnEnds gives, each once the items after it show it complete (the next turn, or the end)', () => {
    fc.assert(
      fc.property(
        fc.array(item, { maxLength: 200 }),
        fc.integer({ min: 1, max: 3_000 }),
        fc.nat({ max: 50 }),
        (items: ChunkItem[], limit, start) => {
          let state = initialTurnChunker(start);
          const given: ChunkRange[] = [];
          items.forEach((next, i) => {
            const [after, done] = pushTurnItem(state, next, limit);
            state = after;
            for (const chunk of done) {
              // Complete: a chunk is given only once a later turn has started.
              expect(chunk.end - start).toBeLessThanOrEqual(i);
              expect(items[i]!.startsTurn).toBe(true);
            }
            given.push(...done);
          });
          given.push(...endTurnChunker(state, limit));
          const shift = (chunk: ChunkRange): ChunkRange => ({ ...chunk, start: chunk.start + start, end: chunk.end + start });
          expect(given).toEqual(chunkAtTurnEnds(items, limit).map(shift));
        },
      ),
      { numRuns: fcRuns },
    );
  });
});
