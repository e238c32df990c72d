import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT, heapGrowthFlag } from '../../src/cli/heapGrowth.js';

describe("the CLI's heap growth", () => {
  it('grows the heap by a tenth past what survived a full collection', () => {
    expect(HEAP_GROWING_PERCENT).toBe(10);
    expect(heapGrowthFlag([], '')).toBe('--heap-growing-percent=10');
    expect(heapGrowthFlag(['--max-old-space-size=4096'], '--enable-source-maps')).toBe('--heap-growing-percent=10');
  });

  it('leaves a growth the user gave node alone, on the command line or in NODE_OPTIONS, in either spelling', () => {
    expect(heapGrowthFlag(['--heap-growing-percent=50'], '')).toBeNull();
    expect(heapGrowthFlag([], '--max-old-space-size=8000 --heap_growing_percent=40')).toBeNull();
  });
});
