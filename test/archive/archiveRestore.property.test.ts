import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { archiveProjects, indexManifest, readManifest, readVersionBytes, restoreArchive, verifyArchive } from '../../src/archive/index.js';
import { applyStep, archiveScene, historyStep, jsonLine, snapshot } from '../support/archiveHistory.js';
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

/** Every state a file had at an archive run is a prefix of one of its archived versions. */
async function expectEveryStateKept(archiveDir: string, states: readonly Map<string, Buffer>[]): Promise<void> {
  const index = indexManifest((await readManifest(join(archiveDir, 'manifest.jsonl'))).records);
  for (const state of states)
    for (const [key, bytes] of state) {
      const versions = await Promise.all((index.get(key) ?? []).map((records) => readVersionBytes(archiveDir, records)));
      expect(
        versions.some((version) => version.subarray(0, bytes.length).equals(bytes)),
        key,
      ).toBe(true);
    }
}
