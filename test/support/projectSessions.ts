import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
