import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { archiveProjects, restoreArchive, verifyArchive } from '../../src/archive/index.js';
import { applyStep, archiveScene, expectEveryStateKept, historyStep, jsonLine, snapshot } from '../support/archiveHistory.js';
import { fcRuns } from '../support/fcRuns.js';

const action = historyStep(jsonLine(fc.string({ unit: 'grapheme', maxLength: 300 })));

describe('the archive over arbitrary histories', () => {
  it('restores every file byte for byte after any history archived at any points, and keeps every earlier state', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { maxLength: 25 }), async (steps) => {
        const { root, projects, project, archiveDir } = archiveScene();
        const archived: Map<string, Buffer>[] = [];
        for (const step of [...steps, { kind: 'archive' } as const]) {
          applyStep(project, step);
          if (step.kind !== 'archive') continue;
          await archiveProjects({ archiveDir, projectDirs: [project] });
          const now = snapshot(projects, project);
          archived.push(now);
          const into = join(root, `restored-${archived.length}`);
          await restoreArchive({ archiveDir, selection: { all: true }, into });
          for (const [key, bytes] of now) expect(readFileSync(join(into, key)).equals(bytes), key).toBe(true);
        }
        await expectEveryStateKept(archiveDir, archived);
        expect((await verifyArchive(archiveDir)).problems).toEqual([]);
        rmSync(root, { recursive: true, force: true });
      }),
      { numRuns: fcRuns },
    );
  }, 120_000);
});
