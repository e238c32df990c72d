import { existsSync, statSync } from 'node:fs';
import { acquireProcessLock } from '../fs/processLock.js';
import { mkdirSync, rmSync, writeFile } from '../fs/faultableFs.js';
import { isFsError, unreadableReason } from '../fs/fsError.js';
import { lockPath, manifestPath, unfinishedPath } from './archiveLayout.js';
import { indexManifest, latestRecord } from './archiveIndex.js';
import { firstLook, RACY_WINDOW_NS } from './fileChange.js';
import { readManifest, type ManifestRecord, type SourceIdentity } from './manifest.js';
import { sessionSources } from './sourceFiles.js';
import { DEFAULT_CODEC, type PieceCodec } from './pieceCodec.js';
import { RedactionReport, type RedactionSummary } from './redactionReport.js';
import { SourceChangedError, type PieceOptions } from './storePiece.js';
import { storeChange, type FileRun } from './storeChange.js';
import { sweepPieces } from './sweepPieces.js';
import { RecordBatch } from './recordBatch.js';

export interface ArchiveOptions {
  readonly archiveDir: string;
  /** Claude Code project folders (`~/.claude/projects/<project>`). */
  readonly projectDirs: readonly string[];
  /** The clock, for the records' dates and the racy-time rule (fileChange.ts). */
  readonly now?: () => Date;
  /** Store every file with its secrets replaced by markers (decision 90); an archive that holds a redacted version always is. */
  readonly redact?: boolean;
  /** The codec of new pieces (default: DEFAULT_CODEC); older pieces keep theirs. */
  readonly codec?: PieceCodec;
}

export type FileOutcome = 'unchanged' | 'touched' | 'added' | 'grown' | 'rewritten';

export interface ArchiveReport {
  readonly files: number;
  readonly outcomes: Readonly<Record<FileOutcome, number>>;
  /** Source bytes read to store pieces (the head and tail checks aside). */
  readonly bytesRead: number;
  readonly bytesStored: number;
  /** Pieces a killed or failed run left unrecorded, removed now. */
  readonly swept: number;
  /** Files not archived this run, with why (changed while read, vanished): the next run takes them. */
  readonly skipped: readonly { readonly key: string; readonly reason: string }[];
  /** Files that cannot be read (no permission, a link loop): the others are archived, and the command exits 1 (decision 107). */
  readonly unreadable: readonly { readonly key: string; readonly reason: string }[];
  /** Null when the run did not redact; else what it redacted, per session. */
  readonly redaction: RedactionSummary | null;
}

/**
 * `memlog archive`: brings the archive up to date with these projects' sessions, storing only
 * what is new (decision 73). Under the archive's lock; every piece is durable before its manifest
 * line is written (in batches, decision 90), so a run killed or stopped by a full disk leaves a
 * valid archive the next run completes.
 */
export async function archiveProjects(options: ArchiveOptions): Promise<ArchiveReport> {
  const { archiveDir, now = () => new Date() } = options;
  mkdirSync(archiveDir, { recursive: true, mode: 0o700 });
  const release = acquireProcessLock(lockPath(archiveDir), { holder: 'memlog archive', target: archiveDir });
  try {
    const manifest = await readManifest(manifestPath(archiveDir));
    const swept = existsSync(unfinishedPath(archiveDir)) ? sweepPieces(archiveDir, manifest.records) : 0;
    await writeFile(unfinishedPath(archiveDir), '', { sync: true });
    const redact = options.redact === true || manifest.records.some((record) => record.redaction !== undefined);
    const pieces: PieceOptions = { codec: options.codec ?? DEFAULT_CODEC, redact };
    const index = indexManifest(manifest.records);
    const tally = new Tally(swept, redact ? new RedactionReport(options.redact !== true, index) : null);
    const batch = new RecordBatch(archiveDir);
    const sources = sessionSources(options.projectDirs);
    // A link that cannot be followed is named as a file that cannot be read (decision 107).
    for (const { key, reason } of sources.skipped) tally.unreadable(key, reason);
    await inParallel(sources.files, (file) =>
      archiveFile({ archiveDir, file, now: now(), options: pieces, batch }, index.get(file.key), tally),
    ).catch(async (error: unknown) => {
      // What was stored before the failure is kept: a full disk may refuse this too, and then the next run stores it again.
      await batch.flush().catch(() => undefined);
      throw error;
    });
    await batch.flush();
    rmSync(unfinishedPath(archiveDir), { force: true });
    return tally.report();
  } finally {
    release();
  }
}

async function archiveFile(start: Omit<FileRun, 'seen'>, history: ManifestRecord[][] | undefined, tally: Tally): Promise<void> {
  try {
    const run: FileRun = { ...start, seen: identityOf(start.file.path, start.now) };
    const last = latestRecord(history);
    const unredacted = run.options.redact && last !== undefined && last.redaction === undefined;
    if (firstLook(last, run.seen) === 'unchanged' && !unredacted) return tally.count('unchanged');
    const stored = await storeChange(run, last);
    tally.count(stored.outcome, stored.bytesRead, stored.bytesStored);
    if (stored.redacted !== null) tally.redaction?.add(run.file.key, stored.redacted);
  } catch (error) {
    const unreadable = unreadableReason(error);
    if (unreadable !== undefined) return tally.unreadable(start.file.key, unreadable);
    if (!(error instanceof SourceChangedError) && !(isFsError(error) && (error as NodeJS.ErrnoException).code === 'ENOENT')) throw error;
    tally.skip(start.file.key, error instanceof Error ? error.message : String(error));
  }
}

/**
 * Files in flight at once: compression runs on libuv's threads and each piece waits for its
 * fsyncs, so a few at a time use the cores and overlap the waits; each file's pieces stay in order.
 */
const FILES_IN_FLIGHT = 4;

/** Runs `work` over the items, a few at a time; after a failure no new item starts, and the first failure is thrown once all have stopped. */
async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const item = items[next++] as T;
      await work(item).catch((error: unknown) => {
        failed = true;
        throw error;
      });
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: FILES_IN_FLIGHT }, worker));
  const failure = settled.find((result) => result.status === 'rejected');
  if (failure !== undefined) throw failure.reason;
}

/** What the fast path compares; a time too close to now is not trusted (RACY_WINDOW_NS). */
function identityOf(path: string, now: Date): SourceIdentity {
  const stats = statSync(path, { bigint: true });
  const racy = BigInt(now.getTime()) * 1_000_000n - stats.mtimeNs < RACY_WINDOW_NS;
  return { dev: String(stats.dev), ino: String(stats.ino), size: Number(stats.size), mtimeNs: racy ? null : String(stats.mtimeNs) };
}

class Tally {
  private files = 0;
  private readonly outcomes: Record<FileOutcome, number> = { unchanged: 0, touched: 0, added: 0, grown: 0, rewritten: 0 };
  private bytesRead = 0;
  private bytesStored = 0;
  private readonly skipped: { key: string; reason: string }[] = [];
  private readonly cannotRead: { key: string; reason: string }[] = [];

  constructor(
    private readonly swept: number,
    readonly redaction: RedactionReport | null,
  ) {}

  count(outcome: FileOutcome, read = 0, stored = 0): void {
    this.files++;
    this.outcomes[outcome]++;
    this.bytesRead += read;
    this.bytesStored += stored;
  }

  skip(key: string, reason: string): void {
    this.files++;
    this.skipped.push({ key, reason });
  }

  unreadable(key: string, reason: string): void {
    this.files++;
    this.cannotRead.push({ key, reason });
  }

  report(): ArchiveReport {
    return {
      files: this.files,
      outcomes: { ...this.outcomes },
      bytesRead: this.bytesRead,
      bytesStored: this.bytesStored,
      swept: this.swept,
      skipped: [...this.skipped],
      unreadable: [...this.cannotRead],
      redaction: this.redaction?.summary() ?? null,
    };
  }
}
