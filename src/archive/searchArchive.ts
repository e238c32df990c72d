import { existsSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import {
  openSearchDb,
  searchEntries,
  updateIndex,
  type IndexPass,
  type IndexReport,
  type SearchDb,
  type SearchFilters,
  type SearchHit,
} from '../search/index.js';
import { indexArchive } from './indexArchive.js';

/**
 * An archived file that is also under a searched folder on disk (as `<projects>/<key>` or, for a
 * project folder, `<project>/<rest>`): the disk's copy is indexed, the archive's left out, so a
 * session is found once.
 */
export function liveIn(paths: readonly string[]): (key: string) => boolean {
  const folders = paths.filter((path) => statSync(path, { throwIfNoEntry: false })?.isDirectory() === true).map((path) => resolve(path));
  return (key) => {
    const [project = '', ...rest] = key.split('/');
    return folders.some((folder) => existsSync(join(folder, key)) || (basename(folder) === project && existsSync(join(folder, ...rest))));
  };
}

function addReport(into: IndexReport, more: IndexReport): void {
  for (const name of Object.keys(into) as (keyof IndexReport)[]) {
    if (name === 'skipped') into.skipped.push(...more.skipped);
    else into[name] += more[name];
  }
}

/**
 * One incremental pass over folders on disk and archives (decision 82); an archived session that is
 * still on disk under a searched folder is indexed from the disk, once.
 */
export async function updateIndexAndArchives(db: SearchDb, paths: readonly string[], archives: readonly string[]): Promise<IndexPass> {
  const pass = updateIndex(db, paths);
  for (const archive of archives) addReport(pass.index, await indexArchive(db, archive, liveIn(paths)));
  return pass;
}

/**
 * `memlog search` and the MCP server's `search_sessions` over folders on disk and archives
 * (decision 82): the index brought up to date over both, then the query over it, limited to them.
 */
export async function searchSessionsAndArchives(
  indexPath: string,
  paths: readonly string[],
  archives: readonly string[],
  query: string,
  filters: Omit<SearchFilters, 'roots'>,
): Promise<IndexPass & { readonly hits: SearchHit[] }> {
  const db = openSearchDb(indexPath);
  try {
    const pass = await updateIndexAndArchives(db, paths, archives);
    return { hits: searchEntries(db, query, { ...filters, roots: [...paths, ...archives].map((path) => resolve(path)) }), ...pass };
  } finally {
    db.close();
  }
}
