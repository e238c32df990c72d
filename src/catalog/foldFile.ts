import { closeSync, openSync } from 'node:fs';
import { lightEntry } from '../resume/lightEntry.js';
import { headHash, identityOf, type FileIdentity } from '../search/fileIdentity.js';
import { readTranscriptSync } from '../transcript/readTranscriptSync.js';
import type { SeqEntry } from './chainWindow.js';
import type { CatalogRow } from './catalogRows.js';
import { hashBefore } from './fileRange.js';
import { scanInto, type ScanStart } from './scanFile.js';
import { SessionFold, type FoldSnapshot } from './sessionFold.js';
import type { SessionSummary } from './sessionSummary.js';

/** A file to fold: from its start, or on from a stored row when the file only grew since. */
export interface FoldJob {
  readonly path: string;
  readonly stored?: CatalogRow;
}

/** The row to store for a file, and its summary. */
export interface FoldResult {
  readonly row: CatalogRow;
  readonly summary: SessionSummary;
  /** Whether the fold went on from the stored row rather than from the file's start. */
  readonly foldedOn: boolean;
}

/**
 * Folds one transcript into its catalog row (decision 81). A file whose first bytes are those of the stored row and that
 * is at least as long as what was folded only grew: its fold goes on from the stored snapshot at the stored end. Any
 * other (rewritten, truncated, replaced) is folded from its start. Throws when the file cannot be read.
 */
export function foldFile(job: FoldJob): FoldResult {
  const fd = openSync(job.path, 'r');
  try {
    const identity = identityOf(fd);
    const stored = job.stored !== undefined && onlyGrew(fd, job.stored, identity) ? job.stored : undefined;
    const fold = new SessionFold(stored === undefined ? undefined : (JSON.parse(stored.snapshot) as FoldSnapshot));
    const start: ScanStart = stored === undefined ? { offset: 0, line: 1 } : { offset: stored.endOffset, line: stored.endLine };
    const end = scanInto(fold, fd, start, identity.size);
    const snapshot = JSON.stringify(fold.snapshot());
    let summarised = fold;
    if (end.torn.length > 0) {
      summarised = new SessionFold(JSON.parse(snapshot) as FoldSnapshot);
      for (const item of end.torn) summarised.add(item);
    }
    const summary = summarised.summarize(() => lightEntriesOf(job.path));
    return {
      row: {
        identity,
        endOffset: end.offset,
        endLine: end.line,
        endHash: hashBefore(fd, end.offset),
        snapshot,
        summary: JSON.stringify(summary),
      },
      summary,
      foldedOn: stored !== undefined,
    };
  } finally {
    closeSync(fd);
  }
}

/** Same file (device and inode), at least as long, with the same first bytes and the same bytes before where the fold ended. */
function onlyGrew(fd: number, stored: CatalogRow, now: FileIdentity): boolean {
  const was = stored.identity;
  if (now.dev !== was.dev || now.ino !== was.ino || now.size < stored.endOffset || now.size < was.headBytes) return false;
  return headHash(fd, was.headBytes) === was.headHash && hashBefore(fd, stored.endOffset) === stored.endHash;
}

/** Every light entry of the file, read in full: for the rare resume the window cannot answer alone. */
function* lightEntriesOf(path: string): Generator<SeqEntry> {
  for (const item of readTranscriptSync(path)) if (item.kind === 'entry') yield { seq: item.seq, entry: lightEntry(item.entry) };
}
