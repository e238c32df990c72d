import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanForSecrets } from '../../src/secrets/index.js';
import { fcRuns } from '../support/fcRuns.js';
import { embedded, ordinaryText, SECRET_SHAPES } from './secretShapes.js';

describe('the secret scan over generated secrets (decision 64)', () => {
  for (const [shape, secret] of Object.entries(SECRET_SHAPES)) {
    it(`finds a ${shape} inside a sentence, between paragraphs or in a code fence`, async () => {
      await fc.assert(
        fc.asyncProperty(embedded(secret), async (text) => {
          expect((await scanForSecrets(text, 'note.md')).length, text).toBeGreaterThan(0);
        }),
        { numRuns: fcRuns },
      );
    }, 120_000);
  }

  it('flags nothing in ordinary prose, placeholders and references included', async () => {
    await fc.assert(
      fc.asyncProperty(ordinaryText, async (text) => {
        expect(await scanForSecrets(text, 'note.md'), text).toEqual([]);
      }),
      { numRuns: fcRuns },
    );
  }, 120_000);
});
