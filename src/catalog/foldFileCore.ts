import { closeSync, openSync } from 'node:fs';
import { headHash, identityOf, type FileIdentity } from '../search/fileIdentity.js';
import {
  newlyForgotten,
  REREAD_WINDOW_BYTES,
  storedWindow,
  windowOfRow,
  type ForgottenLookup,
  type StoredForgotten,
  type StoredWindow,
} from './chainWindow.js';
import type { CatalogRow } from './catalogRows.js';
import { hashBefore, RunningCrc, spanHash } from './fileRange.js';
import { encodeResponses, responsesOf } from './countedResponses.js';
import { fullDecoding } from './fullDecoding.js';
import type { ScanItem } from './scanItem.js';
import { scanInto, windowEntriesBetween, type ScanEnd, type ScanStart } from './scanFile.js';
import { SessionFold, type FoldSnapshot } from './sessionFold.js';
import type { SessionSummary } from './sessionSummary.js';
import type { StoredUsage, UsageLookup } from './usageTotals.js';

/** A file to fold: from its start, or on from a stored row (with its usage table) when the file only grew since. */
export interface FoldJob {
  readonly path: string;
  readonly stored?: CatalogRow;
  /** The usage stored for the file's messages, for a fold that goes on from `stored` (decision 94). */
  readonly usageOf?: UsageLookup;
  /** Whether the catalog's forgotten table holds a fingerprint of the file's, for the same fold (decision 94). */
  readonly forgottenHas?: ForgottenLookup;
}

/** The row to store for a file, and its summary. */
export interface FoldResult {
  readonly row: CatalogRow;
  readonly summary: SessionSummary;
  /** Whether the fold went on from the stored row rather than from the file's start. */
  readonly foldedOn: boolean;
  /** The usage of the messages the fold met, for the catalog's usage table: all of the file's unless it folded on (decision 94). */
  readonly usage: readonly StoredUsage[];
  /** The fingerprints the fold forgot, for the catalog's forgotten table (decision 94). */
  readonly forgotten: StoredForgotten;
  /** The responses among `usage` (encodeResponses), for the catalog's responses table (decision 109). */
  readonly responses: Uint8Array;
  /** The responses a torn last line met, counted in the summary but not in the row; null when there is none. */
  readonly tornResponses: Uint8Array | null;
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
    const grown = grownFold(fd, job, identity);
    const fold = grown?.fold ?? new SessionFold();
    const start = grown?.start ?? { offset: 0, line: 1 };
    // A fold from the start of a file a growth may read again (REREAD_WINDOW_BYTES at most) hashes its bytes as it reads
    // them: its window span is most often the whole file. A growth's span starts before what it reads: read again.
    const crc = grown === undefined && identity.size <= REREAD_WINDOW_BYTES ? new RunningCrc(0) : undefined;
    const end = scanInto(fold, fd, start, identity.size, crc?.add);
    return resultOf({ path: job.path, fd, identity }, fold, end, grown !== undefined, crc);
  } finally {
    closeSync(fd);
  }
}

/** A file open for its fold, with its identity when it was opened. */
export interface OpenFile {
  readonly path: string;
  readonly fd: number;
  readonly identity: FileIdentity;
}

/**
 * The row and summary of a file folded up to `end`; the items of a torn last line count in the summary, not in the row.
 * `read` holds the CRC-32 of the bytes the scan read, when it took it.
 */
export function resultOf(file: OpenFile, fold: SessionFold, end: ScanEnd, foldedOn: boolean, read?: RunningCrc): FoldResult {
  const { usage, ...rest } = fold.snapshot();
  // The fingerprints this fold forgot go to the forgotten table, not into the row (decision 94).
  const forgotten = newlyForgotten(rest.window);
  const window = storedWindow(rest.window, end.offset, (from) =>
    read === undefined ? spanHash(file.fd, from, end.offset) : read.hashOf(file.fd, from, end.offset),
  );
  const snapshot = JSON.stringify({ ...rest, window });
  let summarised = fold;
  if (end.torn.length > 0) {
    summarised = fold.copy();
    for (const item of end.torn) summarised.add(item);
  }
  const summary = summarised.summarize(() => fullDecoding().lightEntriesOf(file.path));
  const tornResponses = end.torn.length > 0 ? encodeResponses(responsesOf(tornUsage(summarised, end.torn))) : null;
  return {
    row: {
      identity: file.identity,
      endOffset: end.offset,
      endLine: end.line,
      endHash: hashBefore(file.fd, end.offset),
      snapshot,
      summary: JSON.stringify(summary),
    },
    usage,
    forgotten,
    responses: encodeResponses(responsesOf(usage)),
    tornResponses,
    summary,
    foldedOn,
  };
}

/** The usage, as the summary counts it, of the messages the items of a torn last line met. */
function tornUsage(summarised: SessionFold, torn: readonly ScanItem[]): StoredUsage[] {
  const ids = new Set(torn.flatMap((item) => (item.kind === 'diagnostic' || item.facts.usage === undefined ? [] : [item.facts.usage.id])));
  return ids.size === 0 ? [] : summarised.snapshot().usage.filter(([id]) => ids.has(id));
}

/** The fold to go on with from where the stored row ended, when the file only grew since; else undefined. */
function grownFold(fd: number, job: FoldJob, identity: FileIdentity): { fold: SessionFold; start: ScanStart } | undefined {
  const { stored, usageOf } = job;
  if (stored === undefined || usageOf === undefined || !onlyGrew(fd, stored, identity)) return undefined;
  const fold = foldOnFrom(fd, stored, usageOf, job.forgottenHas);
  return fold === undefined ? undefined : { fold, start: { offset: stored.endOffset, line: stored.endLine } };
}

/**
 * The fold a stored row holds, its messages' usage looked up as the tail meets them again, and its chain window's
 * entries read again from the file when the row left them out (decision 98); undefined when those bytes changed since.
 */
function foldOnFrom(
  fd: number,
  stored: CatalogRow,
  usageOf: UsageLookup,
  forgottenHas: ForgottenLookup | undefined,
): SessionFold | undefined {
  const row = JSON.parse(stored.snapshot) as Omit<FoldSnapshot, 'usage' | 'window'> & { window: StoredWindow };
  const window = windowOfRow(row.window, (from) => windowEntriesBetween(fd, from, stored.endOffset));
  return window === undefined ? undefined : new SessionFold({ ...row, window, usage: [] }, usageOf, forgottenHas);
}

/** Same file (device and inode), at least as long, with the same first bytes and the same bytes before where the fold ended. */
function onlyGrew(fd: number, stored: CatalogRow, now: FileIdentity): boolean {
  const was = stored.identity;
  if (now.dev !== was.dev || now.ino !== was.ino || now.size < stored.endOffset || now.size < was.headBytes) return false;
  return headHash(fd, was.headBytes) === was.headHash && hashBefore(fd, stored.endOffset) === stored.endHash;
}
