import { describe, expect, it } from 'vitest';
import { savedAtMs } from '../../../src/memory/durable/savedAt.js';

const MTIME = Date.parse('2026-11-30T12:00:00Z');

describe('a memory is dated by its `modified:` only when that is an ISO date no later than its file (decision 70, amended)', () => {
  it.each([
    ['2025-07-13T09:00:00.000Z', Date.parse('2025-07-13T09:00:00.000Z')],
    ['2025-07-13', Date.parse('2025-07-13')],
    ['2025-07-13 09:30', Date.parse('2025-07-13T09:30')],
  ])('%s is when it was saved', (modified, expected) => {
    expect(savedAtMs(modified, MTIME)).toBe(expected);
  });

  it.each(['12/06', 'Dec 6', '1', '06.12.2026', 'sometime', '', '2025-13-45'])('%s is no date: the file time is', (modified) => {
    expect(savedAtMs(modified, MTIME)).toBe(MTIME);
  });

  it('a date after the file was written is not believed: the file time is the latest it was saved', () => {
    expect(savedAtMs('2062-01-01', MTIME)).toBe(MTIME);
    expect(savedAtMs(undefined, MTIME)).toBe(MTIME);
  });
});
