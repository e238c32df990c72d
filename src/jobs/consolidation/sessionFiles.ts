import { existsSync, readdirSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { isSessionFileName } from '../../transcript/claudePaths.js';

/** A project's session transcript as consolidation sees it: where it is, and when it last changed. */
export interface SessionFile {
  readonly path: string;
  readonly id: string;
  readonly modified: Date;
}

const statOrNull = (path: string): Stats | null => {
  try {
    return statSync(path);
  } catch {
    return null;
  }
};

/**
 * The session transcripts in a project folder: regular files named like one. A named pipe named
 * like a session would block a read forever, and a dangling link or a file gone meanwhile has no
 * time to go by; extraction reports those as unreadable, consolidation passes them by.
 */
export function sessionFiles(sessionsDir: string): SessionFile[] {
  if (!existsSync(sessionsDir)) return [];
  return readdirSync(sessionsDir)
    .filter(isSessionFileName)
    .flatMap((name) => {
      const stat = statOrNull(join(sessionsDir, name));
      return stat?.isFile() === true ? [{ path: join(sessionsDir, name), id: name.slice(0, -'.jsonl'.length), modified: stat.mtime }] : [];
    });
}
