import { readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isAtomicTempName } from '../../fs/atomicWrite.js';
import { rm } from '../../fs/faultableFs.js';
import { acquireProcessLock } from '../../fs/processLock.js';
import { MemlogError, type Diagnostic } from '../../errors.js';
import { existsSync } from 'node:fs';
import type { ModelPort } from '../../model/port.js';
import { effectLogPath, effectRecords, readEffectLog, withoutInterrupted } from '../../pipeline/effectLog.js';
import { retryFailed, runPaced } from '../../pipeline/pacedRuns.js';
import { notesJob } from './notesJob.js';
import { recoverNotesRuns } from './notesRecovery.js';
import type { EffectRecord, LogPosition } from '../../pipeline/effectRecord.js';
import type { ReplaySettings } from '../../pipeline/replayDecider.js';
import { ConversationWindow, windowed } from '../../resume/conversationWindow.js';
import { transcriptEntries } from '../../transcript/transcriptEntries.js';
import type { NotesConfig } from '../../memory/session/notesConfig.js';
import { isStagingFile, notesLockPath, realNotesPath, type NotesRunOutcome } from './notesRun.js';
import { readRegularFile } from '../../fs/regularFile.js';

export interface NotesBuildOptions {
  readonly transcriptPath: string;
  /** Default: `<project dir>/<session id>/session-memory/summary.md` beside the transcript (spec §4.1). */
  readonly notesPath?: string;
  /** Default: `<session>.memlog.jsonl` beside the transcript. */
  readonly effectLogPath?: string;
  readonly model: ModelPort;
  readonly config: NotesConfig;
  readonly settings?: ReplaySettings;
  readonly signal?: AbortSignal;
  /** Told of each run as it starts and ends (progress). */
  readonly onRun?: (event: NotesRunEvent) => void;
}

export type NotesRunEvent =
  | { readonly type: 'started'; readonly runId: string; readonly at: LogPosition; readonly index: number }
  | { readonly type: 'finished'; readonly runId: string; readonly outcome: NotesRunOutcome }
  | { readonly type: 'failed'; readonly runId: string; readonly error: string };

export interface NotesRunSummary {
  readonly runId: string;
  readonly at: LogPosition;
  readonly ok: boolean;
  readonly changed: readonly string[];
  readonly error?: string;
}

export interface NotesBuildReport {
  readonly notesPath: string;
  readonly effectLogPath: string;
  /** Runs made now, in order. */
  readonly runs: readonly NotesRunSummary[];
  /** Runs the effect log already had (this is how a second build knows there is nothing to do). */
  readonly earlierRuns: number;
  /** Runs the log showed as started and never ended (a crash), now recorded as failed. */
  readonly interrupted: number;
  /** Where the notes stand: the message they cover up to. */
  readonly lastSummarizedMessageId: string | null;
  readonly diagnostics: readonly Diagnostic[];
}

/** The default notes file of a transcript: Claude Code's location for its session. */
export function defaultNotesPath(transcriptPath: string): string {
  return join(dirname(transcriptPath), basename(transcriptPath, '.jsonl'), 'session-memory', 'summary.md');
}

/**
 * Builds a session's notes from its transcript, or brings them up to date: replays the
 * transcript with memlog's effect log and runs every session-notes update the log does not
 * already have, each over the conversation as it stood at its decision and before the next
 * entry is folded, so the updates fall exactly where `memlog replay` puts them. Each run's
 * records reach the effect log before its result is applied; a failed run leaves the notes
 * and the covered position as they were.
 */
export async function buildSessionNotes(options: NotesBuildOptions): Promise<NotesBuildReport> {
  const shownNotesPath = options.notesPath ?? defaultNotesPath(options.transcriptPath);
  // Absolute and real from here on: the model is told this path and the Edit gate compares real
  // paths, so a relative path or a link must not reach them as it was typed.
  const notesPath = await realNotesPath(shownNotesPath);
  const logPath = options.effectLogPath ?? effectLogPath(options.transcriptPath);
  const release = acquireProcessLock(notesLockPath(notesPath), { holder: 'memlog notes', target: shownNotesPath });
  try {
    const report = await buildLocked(options, notesPath, logPath);
    return { ...report, notesPath: shownNotesPath };
  } finally {
    release();
  }
}

async function buildLocked(options: NotesBuildOptions, notesPath: string, logPath: string): Promise<NotesBuildReport> {
  // The transcript streams through the runs once; each run's conversation comes from a window
  // of the last compactions' entries, so memory follows the conversation, not the file (decision 55).
  const diagnostics: Diagnostic[] = [];
  const window = new ConversationWindow(transcriptEntries(options.transcriptPath));
  const entries = windowed(transcriptEntries(options.transcriptPath, { onDiagnostic: (d) => diagnostics.push(d) }), window);
  const log = readEffectLog(logPath);
  diagnostics.push(...log.diagnostics);
  // A withdrawn run's staged result is not finished here: it runs again instead.
  const { rolledBack: interrupted } = await recoverNotesRuns(withoutInterrupted(log.records), notesPath, logPath);
  // Holding the lock, no other build of these notes is in flight: every staging copy and temp
  // file still beside them was left by a run that died or met a full disk.
  await removeLeftovers(notesPath);
  // A failed newest update (the model, or an edit gate that refused every edit) is taken back
  // and runs again at its place, every build, however often it failed before: it sees the whole
  // conversation, so nothing is held back by it, and left failed the notes would stay behind
  // while the log says they are up to date (decision 63).
  const retried = retryFailed([...log.records, ...interrupted], 'session_notes', logPath, Number.POSITIVE_INFINITY);
  const records = [...log.records, ...interrupted, ...retried];
  const earlierRuns = new Set(records.flatMap((r) => (r.type === 'run_started' && r.run === 'session_notes' ? [r.runId] : []))).size;
  let index = 0;
  const runs = await runPaced({
    entries,
    records,
    logPath,
    kind: 'session_notes',
    ...(options.settings === undefined ? {} : { settings: options.settings }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    onRun: (event) => {
      if (event.type === 'started') options.onRun?.({ type: 'started', runId: event.runId, at: event.at, index: index++ });
      // A notes run always commits an outcome (runNotesUpdateOver returns one).
      else if (event.type === 'finished') {
        if (event.outcome !== undefined) options.onRun?.({ type: 'finished', runId: event.runId, outcome: event.outcome });
      } else options.onRun?.(event);
    },
    job: notesJob(window, {
      model: options.model,
      notesPath,
      config: options.config,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    }),
  });
  return {
    notesPath,
    effectLogPath: logPath,
    runs: runs.map((run) => ({
      runId: run.runId,
      at: run.at,
      ok: run.ok,
      changed: run.outcome?.changed ?? [],
      ...(run.error === undefined ? {} : { error: run.error }),
    })),
    earlierRuns,
    interrupted: interrupted.length,
    lastSummarizedMessageId: lastSummarizedFromLog(effectRecords(logPath)),
    diagnostics,
  };
}

/**
 * Before the notes are used (compaction): when no `memlog notes` holds their lock, an update the
 * log records as finished but that never reached the notes file (the disk failed the rename) is
 * finished now, and whatever run markers are still beside the notes were left by runs that died,
 * and go, so nobody waits for a run that will never end. When a build holds the lock, nothing is
 * touched: that build does the same first.
 */
export async function recoverNotes(notesPathAsGiven: string, logPath: string): Promise<void> {
  const notesPath = await realNotesPath(notesPathAsGiven);
  if (!existsSync(dirname(notesPath))) return;
  let release: () => void;
  try {
    release = acquireProcessLock(notesLockPath(notesPath), { holder: 'memlog notes', target: notesPathAsGiven });
  } catch (error) {
    if (error instanceof MemlogError) return; // a notes build is running: its markers are live
    throw error;
  }
  try {
    await recoverNotesRuns(withoutInterrupted(readEffectLog(logPath).records), notesPath, logPath, false);
    await removeLeftovers(notesPath);
  } finally {
    release();
  }
}

/** Removes the staging copies and temp files of these notes that no live run owns (the caller holds the lock). */
async function removeLeftovers(notesPath: string): Promise<void> {
  const dir = dirname(notesPath);
  const own = `.${basename(notesPath)}.`;
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names)
    if (name.startsWith(own) && (isStagingFile(name) || isAtomicTempName(name))) await rm(join(dir, name), { force: true });
}

/**
 * Where the notes stand according to the effect log: the position the last successful update
 * covers. A compaction resets it (spec §5.1 "after success"), as the transcript's boundary says.
 */
export function lastSummarizedFromLog(records: Iterable<EffectRecord>): string | null {
  let last: string | null = null;
  for (const record of records) {
    if (record.type === 'compacted') last = null;
    if (record.type !== 'run_finished') continue;
    if (record.run === 'compaction') last = null;
    if (record.run !== 'session_notes') continue;
    const covered = record.outcome?.lastSummarizedMessageId;
    if (typeof covered === 'string') last = covered;
  }
  return last;
}

/** The notes as they are on disk now, or null when there are none yet. */
export async function readNotes(notesPath: string): Promise<string | null> {
  try {
    return await readRegularFile(notesPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
