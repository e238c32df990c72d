import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect } from 'vitest';
import { archiveProjects, indexManifest, readManifest, readVersionBytes, restoreArchive, verifyArchive } from '../../src/archive/index.js';
import { tempDir } from './tempDir.js';

/** What happens to a session's files between two archive runs, as Claude Code and users do it. */
export type HistoryStep =
  | { readonly kind: 'append'; readonly file: number; readonly text: string }
  | { readonly kind: 'tornTail'; readonly file: number; readonly text: string }
  | { readonly kind: 'rewrite'; readonly file: number; readonly text: string }
  | { readonly kind: 'truncate'; readonly file: number; readonly keep: number }
  | { readonly kind: 'newSubagent'; readonly text: string }
  | { readonly kind: 'archive' };

/** A JSON line whose text comes from `text`. */
export const jsonLine = (text: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  text.map((said) => `${JSON.stringify({ type: 'user', text: said })}\n`);

/** Steps of a session's history, its lines made by `line`. */
export function historyStep(line: fc.Arbitrary<string>, maxLines = 30): fc.Arbitrary<HistoryStep> {
  const lines = fc.array(line, { minLength: 1, maxLength: maxLines }).map((all) => all.join(''));
  const file = fc.nat({ max: 5 });
  return fc.oneof(
    fc.record({ kind: fc.constant('append' as const), file, text: lines }),
    fc.record({ kind: fc.constant('tornTail' as const), file, text: fc.string({ minLength: 1, maxLength: 40 }) }),
    fc.record({ kind: fc.constant('rewrite' as const), file, text: lines }),
    fc.record({ kind: fc.constant('truncate' as const), file, keep: fc.double({ min: 0, max: 1, noNaN: true }) }),
    fc.record({ kind: fc.constant('newSubagent' as const), text: lines }),
    fc.constant({ kind: 'archive' as const }),
  );
}

/** The session's files: the transcript first, then its subagents. */
export function sessionFiles(project: string): string[] {
  const subagents = join(project, 's1', 'subagents');
  const agents = existsSync(subagents)
    ? readdirSync(subagents)
        .sort()
        .map((name) => join(subagents, name))
    : [];
  return [join(project, 's1.jsonl'), ...agents];
}

/** Does a step to the session in `project` (an `archive` step changes nothing: the caller archives). */
export function applyStep(project: string, step: HistoryStep): void {
  const files = sessionFiles(project);
  const target = 'file' in step ? (files[step.file % files.length] ?? '') : '';
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

/** Every file of the session as it is now, by archive key. */
export function snapshot(projectsRoot: string, project: string): Map<string, Buffer> {
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

/** A fresh temp folder holding one project with an empty session `s1.jsonl`, and where its archive goes. */
export function archiveScene(): {
  readonly root: string;
  readonly projects: string;
  readonly project: string;
  readonly archiveDir: string;
} {
  const root = tempDir();
  const projects = join(root, 'projects');
  const project = join(projects, '-p');
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 's1.jsonl'), '');
  return { root, projects, project, archiveDir: join(root, 'archive') };
}

/** Every state a file had at an archive run (redacted where the archive redacts) is a prefix of one of its archived versions. */
export async function expectEveryStateKept(archiveDir: string, states: readonly Map<string, Buffer>[]): Promise<void> {
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

/**
 * Plays a history in the scene, archiving where it says so and once at its end; restores every run into a fresh folder
 * and checks each file comes back as `stateOf` says that run saw it (the files as they were, or redacted); then checks
 * every state was kept and the archive verifies.
 */
export async function archiveAndRestoreEach(
  scene: ReturnType<typeof archiveScene>,
  steps: readonly HistoryStep[],
  options: { readonly redact?: boolean; readonly stateOf?: (files: Map<string, Buffer>) => Promise<Map<string, Buffer>> } = {},
): Promise<void> {
  const { root, projects, project, archiveDir } = scene;
  const archived: Map<string, Buffer>[] = [];
  for (const step of [...steps, { kind: 'archive' } as const]) {
    applyStep(project, step);
    if (step.kind !== 'archive') continue;
    await archiveProjects({ archiveDir, projectDirs: [project], ...(options.redact === true ? { redact: true } : {}) });
    const files = snapshot(projects, project);
    const now = options.stateOf === undefined ? files : await options.stateOf(files);
    archived.push(now);
    const into = join(root, `restored-${archived.length}`);
    await restoreArchive({ archiveDir, selection: { all: true }, into });
    for (const [key, bytes] of now) expect(readFileSync(join(into, key)).equals(bytes), key).toBe(true);
  }
  await expectEveryStateKept(archiveDir, archived);
  expect((await verifyArchive(archiveDir)).problems).toEqual([]);
}
