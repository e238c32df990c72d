import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unreadableList } from '../../src/cli/unreadableJson.js';
import { fcRuns } from '../support/fcRuns.js';

// What a walk returns for a path it skipped may carry more (search's project and session): the JSON item is path and reason only.
const skipped = fc.record({ path: fc.string(), reason: fc.string(), project: fc.string(), session: fc.string() });

describe('unreadableList: the `unreadable` items of every JSON output (decision 115)', () => {
  it('holds each path with its reason, nothing else, in path order, and loses none', () => {
    fc.assert(
      fc.property(fc.array(skipped), (paths) => {
        const list = unreadableList(paths);
        expect(list.every((item) => Object.keys(item).join() === 'path,reason')).toBe(true);
        for (let i = 1; i < list.length; i++) expect(list[i - 1]!.path <= list[i]!.path).toBe(true);
        const key = (item: { path: string; reason: string }): string => JSON.stringify([item.path, item.reason]);
        expect(list.map(key).sort()).toEqual(paths.map(key).sort());
      }),
      { numRuns: fcRuns },
    );
  });
});
