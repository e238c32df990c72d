import { agentFilesOf, reportOfSummary, type TranscriptReport } from '../inspect/light/index.js';
import type { SessionCatalog } from '../catalog/index.js';
import { withCatalog } from './withCatalog.js';

/**
 * `memlog inspect`'s reports of the files that the session catalog can give (decision 81), by file. A file the catalog
 * cannot summarise (unreadable, gone) is left out, so that the caller reads it the ordinary way, which says why; a
 * catalog that cannot be opened is said once on stderr and every file is read.
 */
export async function catalogReports(files: readonly string[], catalogPath: string | undefined): Promise<Map<string, TranscriptReport>> {
  if (files.length === 0) return new Map();
  return (await withCatalog(catalogPath, (catalog) => reportsFrom(catalog, files))) ?? new Map();
}

async function reportsFrom(catalog: SessionCatalog, files: readonly string[]): Promise<Map<string, TranscriptReport>> {
  const reports = new Map<string, TranscriptReport>();
  const agents = new Map(files.map((file) => [file, agentFilesOf(file)]));
  const agentEntries = new Map<string, number>();
  for (const answer of await catalog.summaries([...new Set([...agents.values()].flat().map((agent) => agent.file))]))
    if ('summary' in answer) agentEntries.set(answer.path, answer.summary.entries);
  for (const answer of await catalog.summaries(files)) {
    if (!('summary' in answer)) continue;
    const agentFiles = (agents.get(answer.path) ?? []).map((agent) => ({ ...agent, entries: agentEntries.get(agent.file) }));
    if (agentFiles.some((agent) => agent.entries === undefined)) continue;
    reports.set(
      answer.path,
      reportOfSummary(answer.path, answer.summary, agentFiles as Array<{ agentId: string; file: string; entries: number }>),
    );
  }
  return reports;
}
