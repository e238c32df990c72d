import fc from 'fast-check';
import type { Entry } from '../../src/index.js';
import { assistantEntry, compactBoundaryEntry, text, userEntry } from '../../src/testing/entryBuilders.js';
import type { ProgressEntry } from '../../src/transcript/chainSchema.js';

/**
 * Sessions built to trip a forgetful index: a handful of uuids used over and over (lines seen
 * twice, parents far back), progress lines bridged across boundaries, and compact boundaries whose
 * preserved segments name any of them (often walkable, sometimes reaching back past the boundary
 * before, sometimes broken).
 */
export const tricky: fc.Arbitrary<Entry[]> = fc
  .array(
    fc.record({
      kind: fc.constantFrom('user', 'user', 'assistant', 'progress', 'boundary'),
      uuid: fc.integer({ min: 0, max: 40 }),
      parent: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
      segment: fc.option(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 })), {
        nil: undefined,
      }),
      fresh: fc.boolean(),
    }),
    { maxLength: 60 },
  )
  .map((steps) => {
    let n = 100;
    const id = (k: number): string => `u-${k}`;
    return steps.map((s): Entry => {
      // Most lines get a uuid of their own, as Claude Code writes them; the rest reuse a few.
      const uuid = s.fresh ? `f-${++n}` : id(s.uuid);
      const parentUuid = s.parent === null ? null : id(s.parent);
      if (s.kind === 'user') return userEntry(uuid, 'hello', { parentUuid });
      if (s.kind === 'assistant') return assistantEntry(uuid, `msg-${n}`, text('ok'), { parentUuid });
      if (s.kind === 'progress') {
        const progress: ProgressEntry = {
          type: 'progress',
          uuid,
          parentUuid,
          isSidechain: false,
          timestamp: '2026-01-01T00:00:00.000Z',
          data: {},
        };
        return progress;
      }
      const segment = s.segment && { headUuid: id(s.segment[0]), anchorUuid: id(s.segment[1]), tailUuid: id(s.segment[2]) };
      return compactBoundaryEntry(uuid, parentUuid ?? 'none', segment);
    });
  });
