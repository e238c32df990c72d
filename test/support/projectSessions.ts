import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { backfillMemories, extractMemories } from '../../src/jobs/index.js';
import type { Entry } from '../../src/transcript/entrySchema.js';
import { tempDir } from './tempDir.js';

/** A projects folder holding one project with one session of these entries; returns the projects folder. */
export function oneSessionProjects(project: string, sessionId: string, entries: readonly Entry[]): string {
  const root = join(tempDir(), 'projects');
  mkdirSync(join(root, project), { recursive: true });
  writeFileSync(join(root, project, `${sessionId}.jsonl`), entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
  return root;
}

/** Every topic file extract wrote for a project, joined ('' when it wrote none). */
export function savedMemoryText(out: string, project: string): string {
  const dir = join(out, project, 'memory');
  if (!existsSync(dir)) return '';
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md') && name !== 'MEMORY.md')
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('\n');
}

/** `memlog extract`'s two paths, each with what a test says it runs: the two-phase backfill and per turn. */
export const EXTRACT_RUNS = [
  ['in the two-phase backfill', backfillMemories],
  ['per turn', extractMemories],
] as const;
