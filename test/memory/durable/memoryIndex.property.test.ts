import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shortenIndexLine } from '../../../src/memory/durable/memoryIndex.js';
import { fcRuns } from '../../support/fcRuns.js';

const word = fc.oneof(
  fc.stringMatching(/^[a-zA-Z]{1,12}$/),
  fc.constantFrom('the', 'to', 'and', '🚀', 'naïve', 'x'.repeat(40), '—', 'it,', 'done.', 'e.g.'),
);
const hook = fc.array(word, { minLength: 1, maxLength: 60 }).map((words) => words.join(' '));
const link = fc.stringMatching(/^[a-z0-9-]{1,60}$/).map((stem) => `- [${stem.replace(/-/g, ' ')}](${stem}.md)`);

describe('shortenIndexLine (property, decision 68)', () => {
  it('a shortened pointer keeps its link whole and ends after a whole word of its hook, within the target', () => {
    fc.assert(
      fc.property(link, hook, (pointer, said) => {
        const line = `${pointer} — ${said}`;
        const short = shortenIndexLine(line);
        // Characters are code points, as the cut counts them: a line of 150 with an emoji is 151 UTF-16 units and whole.
        if ([...line].length <= 150) {
          expect(short).toBe(line);
          return;
        }
        expect([...short].length).toBeLessThanOrEqual(150);
        if (short === pointer) return;
        expect(short.startsWith(`${pointer} — `)).toBe(true);
        // Cut after a whole sentence, it ends as the sentence does; else with "…".
        const kept = short.slice(`${pointer} — `.length).replace(/…$/, '');
        expect(short.endsWith('…') || /[.!?]$/.test(kept)).toBe(true);
        expect(said.startsWith(kept)).toBe(true);
        expect([' ', ',', '']).toContain(said.charAt(kept.length));
      }),
      { numRuns: fcRuns },
    );
  });
});
