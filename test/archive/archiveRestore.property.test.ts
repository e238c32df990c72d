import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { archiveAndRestoreEach, archiveScene, historyStep, jsonLine } from '../support/archiveHistory.js';
import { fcRuns } from '../support/fcRuns.js';

const action = historyStep(jsonLine(fc.string({ unit: 'grapheme', maxLength: 300 })));

describe('the archive over arbitrary histories', () => {
  it('restores every file byte for byte after any history archived at any points, and keeps every earlier state', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { maxLength: 25 }), async (steps) => {
        const scene = archiveScene();
        await archiveAndRestoreEach(scene, steps);
        rmSync(scene.root, { recursive: true, force: true });
      }),
      { numRuns: fcRuns },
    );
  }, 120_000);
});
