import { claudeConfigHome, projectsRoot } from '../transcript/index.js';
import { defaultArchiveDir } from './archiveLayout.js';
import { isArchiveDir } from './indexArchive.js';

/** Where a search looks: folders and transcripts on disk, and memlog's archives. */
export interface SearchedPlaces {
  readonly roots: string[];
  readonly archives: string[];
}

/**
 * The paths a search was given, split into folders or files on disk and archives (decision 82);
 * none given: Claude Code's projects folder, and memlog's default archive when there is one.
 * `memlog search` and `memlog mcp` both look where this says.
 */
export function searchedPlaces(paths: readonly string[], env: NodeJS.ProcessEnv = process.env): SearchedPlaces {
  if (paths.length === 0) {
    const archive = defaultArchiveDir(env);
    return { roots: [projectsRoot(claudeConfigHome(env))], archives: isArchiveDir(archive) ? [archive] : [] };
  }
  return { roots: paths.filter((path) => !isArchiveDir(path)), archives: paths.filter(isArchiveDir) };
}
