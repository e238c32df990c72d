import { closeSync, existsSync } from 'node:fs';
import { basename } from 'node:path';
import { MemlogError } from '../../errors.js';
import { describeFailure } from '../../fs/fsError.js';
import type { ModelPort } from '../../model/port.js';
import { effectRecords } from '../../pipeline/effectLog.js';
import type { EffectRecord, RemoteRequest, RunStartedRecord } from '../../pipeline/effectRecord.js';
import { pacingRecord, retryFailed, runPaced, type PacedInput, type PacedRun } from '../../pipeline/pacedRuns.js';
import { extractionJob } from './extractionJob.js';
import type { CommitOf } from '../../pipeline/unendedEntries.js';
import { recoverExtractionRuns } from './extractionRecovery.js';
import type { FirstLookAnswer, FirstLookSettings } from './firstLook.js';
import type { ReplaySettings } from '../../pipeline/replayDecider.js';
import type { ExtractionSkipped } from '../../projections/decisions.js';
import type { FrontmatterForm } from '../../memory/durable/topicFile.js';
import { extractionFrames, type ExtractionFrame } from './extractionFrames.js';
import { sessionTally, type CountsByType, type SessionTally } from './sessionTally.js';
import type { ExtractTarget } from './findTargets.js';
import { batchCustomId, readBatchLedger, remoteCustomId } from './messageBatchLedger.js';
import { collectBatchResults, type BatchRound } from './messageBatchRound.js';
import { chooseExecutor, type SessionContext } from './sessionExecutors.js';
import { sessionTranscript } from './sessionTranscript.js';
import { extractionStagingDir } from './stagedMemoryRun.js';
import { removeStrayTempFiles } from '../../fs/strayTempFiles.js';
import { openRegularSync } from '../../fs/regularFile.js';

/** What extracting one session takes from `extractMemories`' options. */
export interface SessionExtractOptions {
  readonly model: ModelPort;
  /** A first look before each run (off when absent); not for runs sent in a message batch. */
  readonly firstLook?: FirstLookSettings;
  readonly settings?: ReplaySettings;
  readonly frontmatter?: FrontmatterForm;
  readonly signal?: AbortSignal;
}

/** What one session's extraction did, for the extract's report and progress. */
export interface SessionReport {
  readonly project: string;
  readonly session: string;
  readonly runs: number;
  readonly failed: number;
  /** Memory files the runs added, by type; a file added and then updated counts in both. */
  readonly added: CountsByType;
  readonly updated: CountsByType;
  /** Each memory file the runs added or updated, once (MEMORY.md left out). */
  readonly touched: readonly string[];
  readonly tokens: { readonly input: number; readonly output: number };
  readonly diagnostics: number;
  /** Index lines that left MEMORY.md to keep it within Claude Code's limits (their files stay). */
  readonly indexDropped: readonly string[];
  /** Runs whose request goes out in this round's message batch. */
  readonly submitted: number;
  /** Runs sent in an earlier batch that has not ended yet. */
  readonly waiting: number;
  /** Extraction runs the gates skipped this time, by gate (`direct_write` for the main agent's own memory writes). */
  readonly skipped: Readonly<Record<string, number>>;
  /** The model input the skipped runs would have sent, estimated as each one's context once (a run makes 2–4 calls). */
  readonly tokensSaved: number;
  /** First looks asked this time, by answer (`none`: a timeout, an error, no boolean). */
  readonly firstLooks: Readonly<Record<'yes' | 'no' | 'none', number>>;
  /** The file holds entries, none of a kind Claude Code writes: another tool's log, nothing to extract from it. */
  readonly notClaudeCode?: true;
  /** Why the session could not be worked on (its transcript could not be read); the batch went on without it. */
  readonly error?: string;
  /** Another memlog extract held the project's memory folder (its pid): nothing was done here, the next run does it. */
  readonly heldBy?: number;
}

/** Extracts one session's memories: every extraction its triggers call for that its effect log lacks. */
export async function extractSession(
  target: ExtractTarget,
  session: string,
  options: SessionExtractOptions,
  batch: BatchRound | null,
): Promise<SessionReport> {
  const logPath = target.effectLog(session);
  const sessionId = basename(session, '.jsonl');
  // Staging copies are named for the session and the run, so no other session's run can be taken for this one's.
  const stagingOf = (runId: string) => extractionStagingDir(target.memoryDir, `${sessionId}.${runId}`);
  const { records: read, staged } = readSessionInputs(session, logPath, (runId) => existsSync(stagingOf(runId)));
  // The transcript is walked once, through the runs; each run's conversation comes from a window of
  // the last compactions' entries, so memory follows the conversation, not the file (decision 55).
  const transcript = sessionTranscript(session);
  // What the memory names as its origin: the id the entries carry, whatever the file is called (decision 68).
  const originId = (): string => transcript.sessionId() ?? sessionId;
  await removeStrayTempFiles(target.memoryDir);
  // A run whose request went out in a message batch is still going on, not interrupted.
  const ledger = readBatchLedger(target.memoryDir);
  const submitted = (record: RunStartedRecord): boolean => ledger.has(remoteCustomId(record) ?? '');
  // Runs that died moving their files in are finished, runs that died before their end taken back (decision 74).
  const recovered = await recoverExtractionRuns(read, staged, { memoryDir: target.memoryDir, logPath, stagingOf, submitted });
  const interrupted = recovered.rolledBack;
  let records = [...read, ...interrupted];
  // Collected now, after the log as it stands was read to its end: placed at its last entry, marked so.
  const end = transcript.end;
  const collected = await collectBatchResults(target, sessionId, records, ledger, end, logPath, batch, {
    ...(options.frontmatter === undefined ? {} : { frontmatter: options.frontmatter }),
    // Read only when a run is collected: the walk has not begun, so this reads ahead.
    get originId() {
      return originId();
    },
  });
  records = [...records, ...collected.records];
  // The newest run failed last time: it runs again now, at the same place.
  records = [...records, ...retryFailed(records, 'extraction', logPath)];
  const context: SessionContext = { memoryDir: target.memoryDir, logPath, sessionId, originId, transcript, stagingOf };
  return runSession(context, options, batch, records, collected, target.projectDir, session);
}

/** The session's runs, paced by its triggers over the walk, each done by the executor chosen once; then its report. */
async function runSession(
  context: SessionContext,
  options: SessionExtractOptions,
  batch: BatchRound | null,
  records: readonly EffectRecord[],
  collected: { readonly runs: readonly PacedRun[]; readonly waiting: number },
  project: string,
  session: string,
): Promise<SessionReport> {
  const counts = sessionCounts();
  const execute = chooseExecutor(context, options, batch, counts.firstLook);
  const frames = extractionFrames(context.transcript.window);
  const tally = await runPaced(
    {
      recordSkips: counts.skip,
      entries: context.transcript.entries,
      records,
      logPath: context.logPath,
      kind: 'extraction',
      ...(options.settings === undefined ? {} : { settings: options.settings }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      // In a batch round, a run's request goes out with the others at the end; its record says which it is.
      ...(batch === null ? {} : { remote: (runId, start, decisions) => remoteRequest(frames.frame(start, decisions), context, runId) }),
      job: extractionJob(context, ({ start, decisions }: PacedInput, runId) => {
        const run = frames.frame(start, decisions);
        frames.forget(start); // used up: a session's snapshots are not kept
        return execute(start, run, runId);
      }),
    },
    sessionTally(collected.runs),
  );
  const report = sessionReport(project, session, tally, counts, context.transcript.diagnostics(), collected.waiting);
  return context.transcript.notClaudeCode() ? { ...report, notClaudeCode: true } : report;
}

function remoteRequest(run: ExtractionFrame, context: SessionContext, runId: string): RemoteRequest {
  return { customId: batchCustomId(context.sessionId, runId), from: run.from, to: run.to, now: run.now };
}

/** What the gates skipped and the first looks answered, counted as the runs go. */
function sessionCounts() {
  const skipped: Record<string, number> = {};
  const firstLooks = { yes: 0, no: 0, none: 0 };
  const counts = {
    skipped,
    firstLooks,
    tokensSaved: 0,
    skip: (skip: ExtractionSkipped): void => {
      const gate = skip.gate ?? 'direct_write';
      skipped[gate] = (skipped[gate] ?? 0) + 1;
      counts.tokensSaved += skip.tokens;
    },
    firstLook: (look: FirstLookAnswer): void => {
      firstLooks[look.answer === null ? 'none' : look.answer ? 'yes' : 'no']++;
    },
  };
  return counts;
}

function sessionReport(
  project: string,
  session: string,
  tally: SessionTally,
  counts: ReturnType<typeof sessionCounts>,
  diagnostics: number,
  waiting: number,
): SessionReport {
  return {
    project,
    session,
    runs: tally.runs,
    failed: tally.failed,
    added: tally.added,
    updated: tally.updated,
    touched: [...tally.touched],
    tokens: tally.tokens,
    diagnostics,
    indexDropped: tally.indexDropped,
    submitted: tally.submitted,
    waiting,
    skipped: counts.skipped,
    tokensSaved: counts.tokensSaved,
    firstLooks: counts.firstLooks,
  };
}

/** A session whose transcript or effect log cannot be read: nothing was written for it, so the project goes on without it. */
export class SessionUnreadableError extends MemlogError {
  constructor(cause: unknown) {
    super('io', describeFailure(cause) ?? String(cause), {}, { cause });
  }
}

/**
 * What a session's extraction reads before it writes anything (the transcript streams later;
 * here: can it be read at all): its effect log, each record as the runs read it (pacingRecord),
 * and in full the finished runs whose staging copy is still there (they died moving their files
 * in, and their outcome says which files to finish moving).
 */
function readSessionInputs(
  session: string,
  logPath: string,
  hasStagingCopy: (runId: string) => boolean,
): { readonly records: EffectRecord[]; readonly staged: CommitOf<'extraction'>[] } {
  try {
    closeSync(openRegularSync(session));
    const records: EffectRecord[] = [];
    const staged: CommitOf<'extraction'>[] = [];
    for (const record of effectRecords(logPath)) {
      if (record.type === 'run_finished' && record.run === 'extraction' && hasStagingCopy(record.runId)) staged.push(record);
      const kept = pacingRecord(record);
      if (kept !== null) records.push(kept);
    }
    return { records, staged };
  } catch (error) {
    if (describeFailure(error) === undefined) throw error;
    throw new SessionUnreadableError(error);
  }
}
