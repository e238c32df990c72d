import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StretchSampler, TurnStrip, type SampleKey } from '../../src/report/displaySampling.js';
import type { TurnBar } from '../../src/report/sessionView.js';
import { fcRuns } from '../support/fcRuns.js';

const turnBar = (index: number, startSeq: number, endSeq: number, toolCalls: number, tokens: number): TurnBar => ({
  index,
  startSeq,
  endSeq,
  uuid: `u-${index}`,
  prompt: `prompt ${index}`,
  toolCalls,
  toolErrors: toolCalls % 3 === 0 ? 1 : 0,
  tokens,
  open: false,
});

/** `n` consecutive turns with random lengths, tool calls and context. */
const turns = fc
  .array(fc.tuple(fc.integer({ min: 1, max: 20 }), fc.nat(9), fc.nat(200_000)), { minLength: 1, maxLength: 3_000 })
  .map((shapes) => {
    let seq = 0;
    return shapes.map(([length, calls, tokens], i) => turnBar(i + 1, seq, (seq += length) - 1, calls, tokens));
  });

describe('the turn strip', () => {
  it('keeps every turn in exactly one bar, in order, within its cap; below the cap each turn is its own bar', () => {
    fc.assert(
      fc.property(turns, fc.integer({ min: 2, max: 60 }), (all, cap) => {
        const strip = new TurnStrip(cap);
        for (const turn of all) strip.push(turn);
        const bars = strip.bars;
        expect(strip.turns).toBe(all.length);
        if (all.length <= cap) {
          expect(bars).toEqual(all);
          expect(strip.groupSize).toBe(1);
          return;
        }
        expect(bars.length).toBeLessThanOrEqual(cap);
        let next = 1;
        for (const [i, bar] of bars.entries()) {
          const last = bar.through ?? bar.index;
          expect(bar.index).toBe(next);
          // Every group has the strip's size but the last, which may be short.
          if (i < bars.length - 1) expect(last - bar.index + 1).toBe(strip.groupSize);
          const group = all.slice(bar.index - 1, last);
          expect(bar).toMatchObject({
            startSeq: group[0]!.startSeq,
            endSeq: group.at(-1)!.endSeq,
            toolCalls: group.reduce((n, t) => n + t.toolCalls, 0),
            toolErrors: group.reduce((n, t) => n + t.toolErrors, 0),
            tokens: Math.max(...group.map((t) => t.tokens)),
            through: last,
          });
          next = last + 1;
        }
        expect(next).toBe(all.length + 1);
      }),
      { numRuns: fcRuns },
    );
  });
});

interface Item extends SampleKey {
  readonly kind: string;
}

const byKey = (a: SampleKey, b: SampleKey): number => a.seq - b.seq || a.order - b.order;

describe('the stretch sampler', () => {
  it('keeps all below its cap; past it, exactly the first item of each kind in every stretch, within the cap', () => {
    const items = fc.array(fc.tuple(fc.nat(20_000), fc.constantFrom('a', 'b', 'c')), { maxLength: 2_000 });
    fc.assert(
      fc.property(items, fc.integer({ min: 3, max: 80 }), (given, cap) => {
        const all: Item[] = given.map(([seq, kind], order) => ({ seq, kind, order }));
        const sampler = new StretchSampler<Item>(cap, (item) => item.kind);
        for (const item of all) sampler.add(item);
        const kept = sampler.kept;
        expect(sampler.seen).toBe(all.length);
        const sorted = [...all].sort(byKey);
        if (all.length <= cap) {
          expect(kept).toEqual(sorted);
          expect(sampler.stretch).toBe(0);
          return;
        }
        expect(kept.length).toBeLessThanOrEqual(cap);
        // Whatever the order the items came in: the first of a kind per stretch of the final size.
        const firsts = new Map<string, Item>();
        for (const item of sorted) {
          const slot = `${item.kind} ${Math.floor(item.seq / sampler.stretch)}`;
          if (!firsts.has(slot)) firsts.set(slot, item);
        }
        expect(kept).toEqual([...firsts.values()].sort(byKey));
        expect(new Set(kept.map((item) => item.kind))).toEqual(new Set(all.map((item) => item.kind)));
      }),
      { numRuns: fcRuns },
    );
  });

  it('keeps one of each kind when more kinds stand at one place than the cap holds', () => {
    const sampler = new StretchSampler<Item>(2, (item) => item.kind);
    for (const [order, kind] of ['a', 'b', 'c', 'a', 'b', 'c'].entries()) sampler.add({ seq: 7, kind, order });
    expect(sampler.kept.map((item) => `${item.kind}${item.order}`)).toEqual(['a0', 'b1', 'c2']);
  });
});
