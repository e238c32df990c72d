import { readFile, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Diagnostic } from '../../errors.js';
import type { ModelPort } from '../../model/port.js';
import { appendEffectsSync, effectLogPath, readEffectLog } from '../../pipeline/effectLog.js';
import { CURRENT_EFFECT_LOG_VERSION, type EffectRecord, type LogPosition } from '../../pipeline/effectRecord.js';
import { createReplayDecider, mergeByPosition, recordedKinds, type PipelineEvent, type ReplaySettings, type ReplayState } from '../../pipeline/replay.js';
import type { Decision, RunStart } from '../../projections/decisions.js';
import type { LogEntry } from '../../projections/projection.js';
import { liveConversation } from '../../resume/loadConversation.js';
import { readTranscriptSync } from '../../transcript/readTranscript.js';
import type { NotesConfig } from './notesConfig.js';
import { coveredUpTo, NotesRunOutcome, runNotesUpdate, stagingPath } from './notesRun.js';

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
  | { readonly type: 'started'; readonly runId: string; readonly at: LogPosition; readonly index: number; readonly total: number }
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

const batchKey = (uuids: readonly (string | null)[]): string => uuids.join(' ');

/**
 * Builds a session's notes from its transcript, or brings them up to date: replays the
 * transcript with memlog's effect log and runs every session-notes update the log does not
 * already have, each over the conversation as it stood at its decision and before the next
 * entry is folded, so the updates fall exactly where `memlog replay` puts them. Each run's
 * records reach the effect log before its result is applied; a failed run leaves the notes
 * and the covered position as they were.
 */
export async function buildSessionNotes(options: NotesBuildOptions): Promise<NotesBuildReport> {
  const notesPath = options.notesPath ?? defaultNotesPath(options.transcriptPath);
  const logPath = options.effectLogPath ?? effectLogPath(options.transcriptPath);
  const entries: LogEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const item of readTranscriptSync(options.transcriptPath)) {
    if (item.kind === 'diagnostic') diagnostics.push(item);
    else entries.push({ seq: item.seq, entry: item.entry });
  }
  const log = readEffectLog(logPath);
  diagnostics.push(...log.diagnostics);
  const interrupted = await recoverInterrupted(log.records, notesPath, logPath);
  const records = [...log.records, ...interrupted];
  const known = new Set(records.flatMap((r) => (r.type === 'run_started' && r.run === 'session_notes' ? [batchKey(r.batch.map((p) => p.uuid))] : [])));
  const runIds = new Set(records.flatMap((r) => (r.type === 'run_started' ? [r.runId] : [])));
  const earlierRuns = known.size;

  const decider = createReplayDecider({ ...options.settings, runs: [...new Set([...recordedKinds(records), 'session_notes' as const])] });
  let state: ReplayState = decider.initialState();
  let at: LogPosition = { seq: -1, uuid: null };
  const runs: NotesRunSummary[] = [];
  const due = new Map<string, Decision>();

  const handle = async (made: readonly Decision[]): Promise<void> => {
    const queue = [...made];
    while (queue.length > 0) {
      const decision = queue.shift()!;
      if (decision.kind === 'session_notes_due') due.set(decision.uuid, decision);
      if (decision.kind !== 'run_start' || decision.run !== 'session_notes' || known.has(batchKey(decision.batch))) continue;
      // The run's records go through the decider as a replay will read them from the log.
      for (const record of await runOne(decision)) {
        const [next, more] = decider.step(state, { source: 'effects', record });
        state = next;
        queue.push(...more);
      }
    }
  };

  const runOne = async (start: RunStart): Promise<readonly [EffectRecord, EffectRecord]> => {
    let runId = `session_notes@${start.seq}`;
    for (let n = 2; runIds.has(runId); n++) runId = `session_notes@${start.seq}.${n}`;
    runIds.add(runId);
    options.onRun?.({ type: 'started', runId, at, index: runs.length, total: runs.length + 1 });
    const decisions = start.batch.flatMap((uuid) => (due.has(uuid) ? [due.get(uuid)!] : []));
    const started: EffectRecord = { v: CURRENT_EFFECT_LOG_VERSION, type: 'run_started', at, run: 'session_notes', runId, batch: decisions.map((d) => ({ seq: d.seq, uuid: d.uuid })), trailing: start.trailing };
    appendEffectsSync(logPath, [...decisions.map((d): EffectRecord => ({ v: CURRENT_EFFECT_LOG_VERSION, type: 'decision', at: { seq: d.seq, uuid: d.uuid }, decision: { ...d } })), started]);
    const snapshot = liveConversation(entries.filter((e) => e.seq <= start.seq));
    try {
      const result = await runNotesUpdate({
        model: options.model,
        notesPath,
        config: options.config,
        conversation: snapshot.map(({ role, content }) => ({ role, content })),
        lastSummarizedMessageId: coveredUpTo(snapshot),
        runId,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
      const ended: EffectRecord = { v: CURRENT_EFFECT_LOG_VERSION, type: 'run_finished', at, run: 'session_notes', runId, outcome: result.outcome };
      appendEffectsSync(logPath, [ended]);
      await result.apply();
      runs.push({ runId, at, ok: true, changed: result.outcome.changed });
      options.onRun?.({ type: 'finished', runId, outcome: result.outcome });
      return [started, ended];
    } catch (error) {
      if (options.signal?.aborted === true) throw error;
      const message = error instanceof Error ? error.message : String(error);
      const ended: EffectRecord = { v: CURRENT_EFFECT_LOG_VERSION, type: 'run_failed', at, run: 'session_notes', runId, error: message };
      appendEffectsSync(logPath, [ended]);
      runs.push({ runId, at, ok: false, changed: [], error: message });
      options.onRun?.({ type: 'failed', runId, error: message });
      return [started, ended];
    }
  };

  for (const event of mergeByPosition(entries, records) as Iterable<PipelineEvent>) {
    if (event.source === 'transcript') at = { seq: event.event.seq, uuid: (event.event.entry as { uuid?: string }).uuid ?? null };
    const [next, made] = decider.step(state, event);
    state = next;
    await handle(made);
  }
  const [last, made] = decider.end(state);
  state = last;
  await handle(made);

  return { notesPath, effectLogPath: logPath, runs, earlierRuns, interrupted: interrupted.length, lastSummarizedMessageId: lastSummarizedFromLog(readEffectLog(logPath).records), diagnostics };
}

/** Runs started and never ended (the process died): recorded as failed at their start, their staging files removed. */
async function recoverInterrupted(records: readonly EffectRecord[], notesPath: string, logPath: string): Promise<EffectRecord[]> {
  const ended = new Set(records.flatMap((r) => (r.type === 'run_finished' || r.type === 'run_failed' ? [r.runId] : [])));
  const dangling = records.filter((r): r is Extract<EffectRecord, { type: 'run_started' }> => r.type === 'run_started' && r.run === 'session_notes' && !ended.has(r.runId));
  const failed = dangling.map((r): EffectRecord => ({ v: CURRENT_EFFECT_LOG_VERSION, type: 'run_failed', at: r.at, run: r.run, runId: r.runId, error: 'interrupted: the run never recorded an end' }));
  for (const r of dangling) await rm(stagingPath(notesPath, r.runId), { force: true });
  appendEffectsSync(logPath, failed);
  return failed;
}

/**
 * Where the notes stand according to the effect log: the position the last successful update
 * covers. A compaction resets it (spec §5.1 "after success"), as the transcript's boundary says.
 */
export function lastSummarizedFromLog(records: readonly EffectRecord[]): string | null {
  let last: string | null = null;
  for (const record of records) {
    if (record.type !== 'run_finished') continue;
    if (record.run === 'compaction') last = null;
    if (record.run !== 'session_notes') continue;
    const outcome = NotesRunOutcome.safeParse(record.outcome);
    if (outcome.success && outcome.data.lastSummarizedMessageId !== null) last = outcome.data.lastSummarizedMessageId;
  }
  return last;
}

/** The notes as they are on disk now, or null when there are none yet. */
export async function readNotes(notesPath: string): Promise<string | null> {
  try {
    return await readFile(notesPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
