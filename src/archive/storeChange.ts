import { createHash } from 'node:crypto';
import { changeOf } from './fileChange.js';
import { CURRENT_ARCHIVE_VERSION, type ManifestRecord, type Redaction, type SourceIdentity } from './manifest.js';
import type { RecordBatch } from './recordBatch.js';
import type { SourceFile } from './sourceFiles.js';
import { storePiece, type PieceOptions } from './storePiece.js';
import { windowsMatch } from './windows.js';

export interface Stored {
  readonly outcome: 'touched' | 'added' | 'grown' | 'rewritten';
  readonly bytesRead: number;
  readonly bytesStored: number;
  /** Secrets replaced in what was stored, by rule; null when the run does not redact. */
  readonly redacted: Readonly<Record<string, number>> | null;
}

/** One run's view of a file: where it lives, what it was last, what it is now, how to store it. */
export interface FileRun {
  readonly archiveDir: string;
  readonly file: SourceFile;
  readonly seen: SourceIdentity;
  readonly now: Date;
  readonly options: PieceOptions;
  /** Where records wait until their pieces are durable. */
  readonly batch: RecordBatch;
}

const EMPTY_SHA = createHash('sha256').digest('hex');
const NOTHING_REDACTED: Redaction = { length: 0, byRule: {}, openLine: false };

/**
 * Stores what changed in a file since its last record: its new bytes when it grew, a new whole
 * version when it was rewritten or cut (the old versions stay), or only its new identity when
 * its bytes are the same. A redacting run also stores a new whole version of a file last stored
 * unredacted, and of one whose redacted bytes end inside a line (decision 90). The manifest line
 * goes to the run's batch once the piece is in place.
 */
export async function storeChange(run: FileRun, last: ManifestRecord | undefined): Promise<Stored> {
  if (last === undefined) return storeVersion(run, 1, 'added');
  if (run.options.redact && last.redaction === undefined) return storeVersion(run, last.version + 1, 'rewritten');
  const { seen } = run;
  const change = changeOf(last, seen.size, seen.size >= last.end && (await windowsMatch(run.file.path, last)));
  if (change === 'rewritten') return storeVersion(run, last.version + 1, 'rewritten');
  if (change === 'touched') {
    const redaction = last.redaction === undefined ? {} : { redaction: { ...NOTHING_REDACTED, openLine: last.redaction.openLine } };
    await run.batch.add({
      ...last,
      v: CURRENT_ARCHIVE_VERSION,
      start: last.end,
      piece: null,
      source: seen,
      at: run.now.toISOString(),
      ...redaction,
    });
    return { outcome: 'touched', bytesRead: 0, bytesStored: 0, redacted: run.options.redact ? {} : null };
  }
  if (last.redaction?.openLine === true) return storeVersion(run, last.version + 1, 'grown');
  return storeGrowth(run, last);
}

async function storeGrowth(run: FileRun, last: ManifestRecord): Promise<Stored> {
  const { seen } = run;
  const span = { key: run.file.key, version: last.version, start: last.end, end: seen.size };
  const stored = await storePiece(run.archiveDir, run.file.path, span, run.options);
  await run.batch.add({
    ...last,
    v: CURRENT_ARCHIVE_VERSION,
    start: last.end,
    end: seen.size,
    piece: stored.piece,
    codec: run.options.codec,
    tailStart: stored.tail.start,
    tail: stored.tail.sha256,
    source: seen,
    at: run.now.toISOString(),
    ...(stored.redaction === null ? {} : { redaction: stored.redaction }),
  });
  return {
    outcome: 'grown',
    bytesRead: seen.size - last.end,
    bytesStored: stored.piece.stored,
    redacted: stored.redaction?.byRule ?? null,
  };
}

async function storeVersion(run: FileRun, version: number, outcome: Stored['outcome']): Promise<Stored> {
  const { seen, options } = run;
  const base = {
    v: CURRENT_ARCHIVE_VERSION,
    key: run.file.key,
    version,
    start: 0,
    codec: options.codec,
    source: seen,
    at: run.now.toISOString(),
  } as const;
  if (seen.size === 0) {
    const redaction = options.redact ? { redaction: NOTHING_REDACTED } : {};
    await run.batch.add({ ...base, end: 0, piece: null, headLength: 0, head: EMPTY_SHA, tailStart: 0, tail: EMPTY_SHA, ...redaction });
    return { outcome, bytesRead: 0, bytesStored: 0, redacted: options.redact ? {} : null };
  }
  const stored = await storePiece(run.archiveDir, run.file.path, { key: run.file.key, version, start: 0, end: seen.size }, options);
  await run.batch.add({
    ...base,
    end: seen.size,
    piece: stored.piece,
    headLength: stored.head.length,
    head: stored.head.sha256,
    tailStart: stored.tail.start,
    tail: stored.tail.sha256,
    ...(stored.redaction === null ? {} : { redaction: stored.redaction }),
  });
  return { outcome, bytesRead: seen.size, bytesStored: stored.piece.stored, redacted: stored.redaction?.byRule ?? null };
}
