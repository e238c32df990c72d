import { lightEntriesOf } from '../catalog/lightEntriesOf.js';
import { scanItemOf } from '../catalog/fastLineDecoder.js';
import { SessionFold } from '../catalog/sessionFold.js';
import { readTranscriptSync } from '../transcript/readTranscript.js';
import { agentFilesOf } from './light/agentFiles.js';
import { reportOfSummary } from './light/reportOfSummary.js';
import type { TranscriptReport } from './light/transcriptReport.js';

export type { TranscriptReport } from './light/transcriptReport.js';

/** Reads one transcript in one streaming pass and summarises it. Never throws on bad content; unreadable files throw. */
export interface InspectReadOptions {
  /** Called with the byte offset of each line read, for a progress display. */
  readonly onRead?: (bytes: number) => void;
}

/**
 * The report of one transcript read in full by the reader, every line parsed whole: the catalog's own fold
 * (SessionFold) over the reader's items, so a report from the catalog and one read in full are made one way (decision 87).
 */
export function inspectTranscript(file: string, options: InspectReadOptions = {}): TranscriptReport {
  const fold = new SessionFold();
  for (const item of readTranscriptSync(file)) {
    options.onRead?.(item.offset);
    fold.add(scanItemOf(item));
  }
  const agents = agentFilesOf(file).map((agent) => ({ ...agent, entries: entriesIn(agent.file) }));
  return reportOfSummary(
    file,
    fold.summarize(() => lightEntriesOf(file)),
    agents,
  );
}

function entriesIn(file: string): number {
  let entries = 0;
  for (const item of readTranscriptSync(file)) if (item.kind === 'entry') entries++;
  return entries;
}
