import { resolve } from 'node:path';
import { sanitizePath } from '../transcript/claudePaths.js';
import { indexSessions, type IndexReport } from './indexSessions.js';
import { openSearchDb, type SearchDb } from './searchDb.js';
import { searchEntries, type SearchFilters, type SearchHit } from './searchEntries.js';
import { sessionFilesOf } from './sessionFiles.js';
import type { SkippedPath } from '../transcript/transcriptFiles.js';

/** A project named by its folder (`-home-dev-app`) or by its working directory (`/home/dev/app`, `.`). */
export function projectName(value: string): string {
  return /[\\/]/.test(value) || value === '.' || value === '..' ? sanitizePath(resolve(value).normalize('NFC')) : value;
}

/** What one pass did, and the paths its walk could not read: not sessions, so apart from `index.skipped` (decision 115). */
export interface IndexPass {
  readonly index: IndexReport;
  readonly unreadable: readonly SkippedPath[];
}

/** Brings the index at `indexPath` up to date over the paths (folders or transcripts), then searches it there. */
export function searchSessions(
  indexPath: string,
  paths: readonly string[],
  query: string,
  filters: Omit<SearchFilters, 'roots'>,
): IndexPass & { readonly hits: SearchHit[] } {
  const db = openSearchDb(indexPath);
  try {
    const pass = updateIndex(db, paths);
    return { hits: searchEntries(db, query, { ...filters, roots: paths.map((path) => resolve(path)) }), ...pass };
  } finally {
    db.close();
  }
}

/**
 * One incremental pass over every transcript under the paths; an indexed one no longer there is dropped.
 * What the walk could not take (a link loop, a pipe) is named apart from the sessions the pass could not read.
 */
export function updateIndex(db: SearchDb, paths: readonly string[]): IndexPass {
  const { files, skipped } = sessionFilesOf(paths);
  return { index: indexSessions(db, files, { roots: paths.map((path) => resolve(path)) }), unreadable: skipped };
}
