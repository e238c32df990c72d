import { mkdirSync, readFileSync, rmSync, truncateSync, writeFileSync, appendFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { archiveProjects, indexManifest, readManifest, readVersionBytes, restoreArchive, verifyArchive } from '../../src/archive/index.js';
import { fcRuns } from '../support/fcRuns.js';
import { tempDir } from '../support/tempDir.js';

/** What happens to a session's files between two archive runs, as Claude Code and users do it. */
type Action =
  | { readonly kind: 'append'; readonly file: number; readonly text: string }
  | { readonly kind: 'tornTail'; readonly file: number; readonly text: string }
  | { readonly kind: 'rewrite'; readonly file: number; readonly text: string }
  | { readonly kind: 'truncate'; readonly file: number; readonly keep: number }
  | { readonly kind: 'newSubagent'; readonly text: string }
  | { readonly kind: 'archive' };

const line = fc.string({ unit: 'grapheme', maxLength: 300 }).map((text) => `${JSON.stringify({ type: 'user', text })}\n`);
const lines = fc.array(line, { minLength: 1, maxLength: 30 }).map((all) => all.join(''));
const file = fc.nat({ max: 5 });
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('append' as const), file, text: lines }),
  fc.record({ kind: fc.constant('tornTail' as const), file, text: fc.string({ minLength: 1, maxLength: 40 }) }),
  fc.record({ kind: fc.constant('rewrite' as const), file, text: lines }),
  fc.record({ kind: fc.constant('truncate' as const), file, keep: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('newSubagent' as const), text: lines }),
  fc.constant({ kind: 'archive' as const }),
);

/** The session's files: the transcript first, then its subagents. */
function sessionFiles(project: string): string[] {
  const subagents = join(project, 's1', 'subagents');
  const agents = existsSync(subagents)
    ? readdirSync(subagents)
        .sort()
        .map((name) => join(subagents, name))
    : [];
  return [join(project, 's1.jsonl'), ...agents];
}

function apply(project: string, step: Action): void {
  const files = sessionFiles(project);
  const target = 'file' in step ? files[step.file % files.length]! : '';
  switch (step.kind) {
    case 'append':
    case 'tornTail':
      return appendFileSync(target, step.text);
    case 'rewrite':
      return writeFileSync(target, step.text);
    case 'truncate':
      return truncateSync(target, Math.floor(readFileSync(target).length * step.keep));
    case 'newSubagent':
      mkdirSync(join(project, 's1', 'subagents'), { recursive: true });
      return writeFileSync(join(project, 's1', 'subagents', `agent-${files.length}.jsonl`), step.text);
    case 'archive':
      return;
  }
}

/** Every file as it is now, by archive key. */
function snapshot(projectsRoot: string, project: string): Map<string, Buffer> {
  return new Map(
    sessionFiles(project).map((path) => [
      path
        .slice(projectsRoot.length + 1)
        .split('\\')
        .join('/'),
      readFileSync(path),
    ]),
  );
}

describe('the archive over arbitrary histories', () => {
  it('restores every file byte for byte after any history archived at any points, and keeps every earlier state', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { maxLength: 25 }), async (steps) => {
        const root = tempDir();
        const projects = join(root, 'projects');
        const project = join(projects, '-p');
        const archiveDir = join(root, 'archive');
        mkdirSync(project, { recursive: true });
        writeFileSync(join(project, 's1.jsonl'), '');
        const archived: Map<string, Buffer>[] = [];
        for (const step of [...steps, { kind: 'archive' } as const]) {
          apply(project, step);
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
