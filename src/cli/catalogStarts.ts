import { sessionFilesUnder, type SessionStart, type SessionStarts } from '../jobs/index.js';
import { withCatalog } from './withCatalog.js';

/**
 * `memlog extract`'s discovery from the session catalog (decision 88): each session's first time (the time order) and
 * working directory (Claude Code's memory folder), so that a rerun reads no unchanged session to find them. Undefined
 * with --no-catalog or a catalog that cannot be opened (said on stderr): every session is then read as far as it says.
 */
export async function catalogStarts(root: string, catalogPath: string | false | undefined): Promise<SessionStarts | undefined> {
  if (catalogPath === false) return undefined;
  const files = sessionFilesUnder(root);
  if (files.length === 0) return undefined;
  return withCatalog(catalogPath, async (catalog) => {
    const starts = new Map<string, SessionStart>();
    for (const answer of await catalog.summaries(files))
      if ('summary' in answer) starts.set(answer.path, { firstTime: answer.summary.firstTime, cwd: answer.summary.cwd });
    return starts;
  });
}
