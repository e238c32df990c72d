import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { archiveProjects, manifestPath, readManifest, restoreArchive, verifyArchive } from '../../src/archive/index.js';
import { withFaults } from '../../src/testing/faults.js';
import { fcRuns } from '../support/fcRuns.js';
import { tempDir } from '../support/tempDir.js';

const line = (text: string): string => `${JSON.stringify({ type: 'user', text })}\n`;

/** A session with a subagent, archived once, then grown and given a second subagent: the second run stores three pieces. */
async function grownSession(): Promise<{ project: string; archiveDir: string }> {
  const root = tempDir();
  const project = join(root, 'projects', '-p');
  mkdirSync(join(project, 's1', 'subagents'), { recursive: true });
  writeFileSync(join(project, 's1.jsonl'), line('first').repeat(50));
  writeFileSync(join(project, 's1', 'subagents', 'agent-a.jsonl'), line('agent').repeat(20));
  const archiveDir = join(root, 'archive');
  await archiveProjects({ archiveDir, projectDirs: [project] });
  appendFileSync(join(project, 's1.jsonl'), line('more').repeat(30));
  writeFileSync(join(project, 's1', 'subagents', 'agent-b.jsonl'), line('second agent').repeat(10));
  return { project, archiveDir };
}

const KEYS = ['-p/s1.jsonl', '-p/s1/subagents/agent-a.jsonl', '-p/s1/subagents/agent-b.jsonl'];

describe('memlog archive makes pieces durable before their lines, in one batch per run (decision 90)', () => {
  it('fsyncs every piece and its folder before the one manifest write that records them, and fsyncs the manifest once', async () => {
    const { project, archiveDir } = await grownSession();
    const run = await withFaults(null, () => archiveProjects({ archiveDir, projectDirs: [project] }));
    expect(run.result.ok).toBe(true);
    const manifestWrites = run.trail.flatMap((point, i) => (point.includes(' write ') && point.includes('manifest.jsonl') ? [i] : []));
    expect(manifestWrites).toHaveLength(1);
    const written = manifestWrites[0] ?? -1;
    const pieces = (await readManifest(manifestPath(archiveDir))).records.slice(-3).map((record) => record.piece?.path ?? '');
    expect(pieces).toHaveLength(3);
    for (const piece of pieces) {
      const synced = run.trail.findIndex((point) => point.includes(' fsync ') && point.endsWith(piece));
      expect(synced, piece).toBeGreaterThanOrEqual(0);
      expect(synced, piece).toBeLessThan(written);
    }
    expect(run.trail.filter((point) => point.includes(' fsync ') && point.endsWith('manifest.jsonl'))).toHaveLength(1);
  });

  it('a run that fails at any change leaves an archive that verifies, and the next run completes it byte for byte', async () => {
    const counted = await grownSession();
    const { calls } = await withFaults(null, () => archiveProjects({ archiveDir: counted.archiveDir, projectDirs: [counted.project] }));
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: calls }),
        fc.constantFrom('ENOSPC' as const, 'EIO' as const, 'short' as const),
        fc.boolean(),
        async (at, kind, sticky) => {
          const { project, archiveDir } = await grownSession();
          await withFaults({ at, kind, sticky }, () => archiveProjects({ archiveDir, projectDirs: [project] }));
          expect((await verifyArchive(archiveDir)).problems).toEqual([]);
          await archiveProjects({ archiveDir, projectDirs: [project] });
          const into = tempDir();
          await restoreArchive({ archiveDir, selection: { all: true }, into });
          for (const key of KEYS) expect(readFileSync(join(into, key)).equals(readFileSync(join(project, '..', key))), key).toBe(true);
          expect((await verifyArchive(archiveDir)).problems).toEqual([]);
        },
      ),
      { numRuns: Math.min(fcRuns, 60) },
    );
  }, 300_000);
});
