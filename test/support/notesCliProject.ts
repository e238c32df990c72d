import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sanitizePath } from '../../src/transcript/index.js';
import { demoProjects } from './paths.js';
import { tempDir } from './tempDir.js';

export interface NotesCliProject {
  /** The temp folder holding the config folder, the session's working directory and a home. */
  readonly base: string;
  readonly config: string;
  readonly project: string;
  readonly transcript: string;
}

/**
 * The demo notes-cli session in a Claude config folder of its own, its cwd a temp folder outside any repository, so
 * that Claude Code's project folder for it is found from the session as Claude Code names it.
 */
export function notesCliProject(): NotesCliProject {
  const base = tempDir();
  const config = join(base, 'config');
  const cwd = join(base, 'notes-cli');
  mkdirSync(cwd);
  const project = join(config, 'projects', sanitizePath(cwd));
  mkdirSync(project, { recursive: true });
  const name = 'f3306bf5-2268-4ce0-9622-47a3ea80e2a8.jsonl';
  const lines = readFileSync(join(demoProjects, '-home-dev-notes-cli', name), 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      const entry = JSON.parse(l) as Record<string, unknown>;
      return JSON.stringify('cwd' in entry ? { ...entry, cwd } : entry);
    });
  writeFileSync(join(project, name), `${lines.join('\n')}\n`);
  return { base, config, project, transcript: join(project, name) };
}
