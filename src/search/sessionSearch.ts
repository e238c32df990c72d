import { resolve } from 'node:path';
import { sanitizePath } from '../transcript/claudePaths.js';
import { indexSessions, type IndexReport } from './indexSessions.js';
import { openSearchDb, type SearchDb } from './searchDb.js';
import { searchEntries, type SearchFilters, type SearchHit } from './searchEntries.js';
import { sessionFileOf, sessionFilesOf } from './sessionFiles.js';

/** A project named by its folder (`-home-dev-app`) or by its working directory (`/home/dev/app`, `.`). */
export function projectName(value: string): string {
  return /[\\/]/.test(value) || value === '.' || value === '..' ? sanitizePath(resolve(value).normalize('NFC')) : value;
}

/** Brings the index at `indexPath` up to date over the paths (folders or transcripts), then searches it there. */
export function searchSessions(
  indexPath: string,
  paths: readonly string[],
  query: string,
  filters: Omit<SearchFilters, 'roots'>,
): { readonly hits: SearchHit[]; readonly index: IndexReport } {
  const db = openSearchDb(indexPath);
  try {
    const index = updateIndex(db, paths);
    return { hits: searchEntries(db, query, { ...filters, roots: paths.map((path) => resolve(path)) }), index };
  } finally {
    db.close();
  }
}

/** One incremental pass over every transcript under the paths; an indexed one no longer there is dropped. */
export function updateIndex(db: SearchDb, paths: readonly string[]): IndexReport {
  const { files, skipped } = sessionFilesOf(paths);
  const report = indexSessions(db, files, { roots: paths.map((path) => resolve(path)) });
  // What the walk could not take (a link loop, a dangling link) is named with what could not be read (decision 107).
  report.skipped.unshift(...skipped.map(({ path, reason }) => ({ ...sessionFileOf(path), reason })));
  return report;
}
