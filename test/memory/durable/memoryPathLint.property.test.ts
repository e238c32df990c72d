import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeCharacter, memoryWriteRefusal } from '../../../src/memory/durable/index.js';
import { fcRuns } from '../../support/fcRuns.js';

/** Characters nobody sees in a name: controls, C1 controls, zero-width and bidirectional marks, separators, tags. */
const invisible = fc.oneof(
  fc.integer({ min: 0x00, max: 0x1f }),
  fc.integer({ min: 0x7f, max: 0x9f }),
  fc.constantFrom(0xad, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x2028, 0x2029, 0x2060, 0xfeff, 0x3164, 0x115f, 0x180e),
  fc.integer({ min: 0x202a, max: 0x202e }),
  fc.integer({ min: 0x2066, max: 0x2069 }),
  fc.integer({ min: 0xfe00, max: 0xfe0f }),
  fc.integer({ min: 0xe0000, max: 0xe007f }),
);
const visible = fc.stringMatching(/^[a-z0-9-]{0,12}$/);

describe('write lint (property)', () => {
  it('refuses every path holding an invisible or control character, and names that character', () => {
    fc.assert(
      fc.property(visible, invisible, visible, fc.constantFrom('', 'topics/', 'a/b/'), (before, code, after, folder) => {
        const char = String.fromCodePoint(code);
        const refusal = memoryWriteRefusal(`${folder}${before}${char}${after}.md`);
        expect(refusal).not.toBeNull();
        expect(refusal).toContain(describeCharacter(char));
      }),
      { numRuns: fcRuns },
    );
  });

  it('allows every visible Markdown name outside protected folders', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,20}$/), (name) => {
        expect(memoryWriteRefusal(`${name}.md`)).toBeNull();
      }),
      { numRuns: fcRuns },
    );
  });
});
