import { hasUuid } from '../../transcript/entrySchema.js';
import { closeSync, existsSync } from 'node:fs';
import { basename } from 'node:path';
import { MemlogError } from '../../errors.js';
import { describeFailure } from '../../fs/fsError.js';
import type { ModelPort } from '../../model/port.js';
import { effectRecords } from '../../pipeline/effectLog.js';
import type { EffectRecord, LogPosition, RunStartedRecord } from '../../pipeline/effectRecord.js';
import { pacingRecord, retryFailed, runPaced, type PacedResult } from '../../pipeline/pacedRuns.js';
import type { CommitOf } from '../../pipeline/unendedEntries.js';
import { recoverExtractionRuns } from './extractionRecovery.js';
import { appendEffectsSync } from '../../pipeline/effectLog.js';
import { firstLookRecord } from '../../pipeline/effectRecords.js';
import { firstLook, type FirstLookAnswer, type FirstLookSettings } from './firstLook.js';
import type { ReplaySettings } from '../../pipeline/replayDecider.js';
import type { Decision, RunStart } from '../../projections/decisions.js';
import { ConversationWindow, windowed } from '../../resume/conversationWindow.js';
import type { LogEntry } from '../../transcript/logEntry.js';
import { transcriptEntries } from '../../transcript/transcriptEntries.js';
import type { FrontmatterForm } from '../../memory/durable/topicFile.js';
import type { ExtractionOutcome } from './extractionOutcome.js';
import { extractionFrames, type ExtractionFrame } from './extractionFrames.js';
import { runExtraction } from './extractionRun.js';
import { firstSessionId } from './sessionCwd.js';
import { sessionTally, type CountsByType } from './sessionTally.js';
import type { ExtractTarget } from './findTargets.js';
import { batchCustomId, readBatchLedger, remoteCustomId } from './messageBatchLedger.js';
import { collectBatchResults, queueBatchRequest, type BatchRound } from './messageBatchRound.js';
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
  /** Why the session could not be worked on (its transcript could not be read); the batch went on without it. */
  readonly error?: string;
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
  const originId = firstSessionId(session) ?? sessionId;
  // Staging copies are named for the session and the run, so no other session's run can be taken for this one's.
  const stagingOf = (runId: string) => extractionStagingDir(target.memoryDir, `${sessionId}.${runId}`);
  const { records: read, staged } = readSessionInputs(session, logPath, (runId) => existsSync(stagingOf(runId)));
  // The transcript streams through the runs once; each run's conversation comes from a window of
  // the last compactions' entries, so memory follows the conversation, not the file (decision 55).
  let diagnostics = 0;
  const window = new ConversationWindow(transcriptEntries(session));
  const entries = windowed(transcriptEntries(session, { onDiagnostic: () => diagnostics++ }), window);
  await removeStrayTempFiles(target.memoryDir);
  // A run whose request went out in a message batch is still going on, not interrupted.
  const ledger = readBatchLedger(target.memoryDir);
  const submitted = (record: RunStartedRecord): boolean => ledger.has(remoteCustomId(record) ?? '');
  // Runs that died moving their files in are finished, runs that died before their end taken back (decision 74).
  const recovered = await recoverExtractionRuns(read, staged, { memoryDir: target.memoryDir, logPath, stagingOf, submitted });
  const interrupted = recovered.rolledBack;
  let records = [...read, ...interrupted];
  // Collected now, after the log as it stands was read to its end: placed at its last entry, marked so.
  let ended: LogPosition | undefined;
  const end = (): LogPosition => (ended ??= lastPosition(transcriptEntries(session)));
  const collected = await collectBatchResults(target, sessionId, records, ledger, end, logPath, batch, { ...options, originId });
  records = [...records, ...collected.records];
  // The newest run failed last time: it runs again now, at the same place.
  records = [...records, ...retryFailed(records, 'extraction', logPath)];
  const cwd = firstCwd(transcriptEntries(session));
  const frames = extractionFrames(window);
  const skipped: Record<string, number> = {};
  const firstLooks = { yes: 0, no: 0, none: 0 };
  let tokensSaved = 0;
  const tally = await runPaced(
    {
      recordSkips: (skip) => {
        const gate = skip.gate ?? 'direct_write';
        skipped[gate] = (skipped[gate] ?? 0) + 1;
        tokensSaved += skip.tokens;
      },
      entries,
      records,
      logPath,
      kind: 'extraction',
      ...(options.settings === undefined ? {} : { settings: options.settings }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      // In a batch round, a run's request goes out with the others at the end; its record says which it is.
      ...(batch === null
        ? {}
        : {
            remote: (runId: string, start: RunStart, decisions: readonly Decision[]) => {
              const run = frames.frame(start, decisions);
              return { customId: batchCustomId(sessionId, runId), from: run.from, to: run.to, now: run.now };
            },
          }),
      execute: async (start, decisions, runId): Promise<PacedResult> => {
        const run = frames.frame(start, decisions);
        frames.forget(start); // used up: a session's snapshots are not kept
        if (batch !== null) {
          await queueBatchRequest(batch, target.memoryDir, batchCustomId(sessionId, runId), run);
          return { deferred: true };
        }
        let look: FirstLookAnswer | undefined;
        if (options.firstLook !== undefined) {
          look = await firstLook(options.firstLook, run.conversation.slice(run.conversation.length - run.newMessages), options.signal);
          firstLooks[look.answer === null ? 'none' : look.answer ? 'yes' : 'no']++;
          // The answer is in the log before anything else happens: a replay reproduces the run without a model.
          appendEffectsSync(logPath, [firstLookRecord({ seq: start.seq, uuid: start.uuid }, look, start.tokens)]);
          if (look.mode === 'enforce' && look.answer === false)
            return { outcome: declinedRun(sessionId, run, look), apply: () => Promise.resolve() };
        }
        const result = await runExtraction({
          model: options.model,
          memoryDir: target.memoryDir,
          readRoots: cwd !== undefined && existsSync(cwd) ? [cwd] : [],
          conversation: run.conversation,
          newMessages: run.newMessages,
          humanMessages: run.humanMessages,
          runId: `${sessionId}.${runId}`,
          // What the memory names as its origin: the id the entries carry, whatever the file is called (decision 68).
          sessionId: originId,
          from: run.from,
          to: run.to,
          now: run.now,
          ...(options.frontmatter === undefined ? {} : { frontmatter: options.frontmatter }),
          ...(options.signal === undefined ? {} : { signal: options.signal }),
        });
        if (look === undefined) return result;
        const tokens = {
          ...result.outcome.tokens,
          input: result.outcome.tokens.input + look.tokens.input,
          output: result.outcome.tokens.output + look.tokens.output,
        };
        return { outcome: { ...result.outcome, tokens, firstLook: look }, apply: result.apply };
      },
    },
    sessionTally(collected.runs),
  );
  return {
    project: target.projectDir,
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
    waiting: collected.waiting,
    skipped,
    tokensSaved,
    firstLooks,
  };
}

/** What a run its first look declined records: nothing written, the look's tokens spent. */
function declinedRun(
  sessionId: string,
  run: ExtractionFrame,
  look: FirstLookAnswer,
): ExtractionOutcome & { declined: 'first_look'; firstLook: FirstLookAnswer } {
  return {
    sessionId,
    from: run.from,
    to: run.to,
    written: [],
    indexShortened: 0,
    indexDropped: [],
    toolCalls: 0,
    denied: 0,
    turns: 0,
    tokens: { input: look.tokens.input, output: look.tokens.output, cacheRead: 0 },
    declined: 'first_look',
    firstLook: look,
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

/** Where the transcript ends now: its last entry. */
function lastPosition(entries: Iterable<LogEntry>): LogPosition {
  let last: LogEntry | undefined;
  for (const item of entries) last = item;
  return { seq: last?.seq ?? -1, uuid: last !== undefined && hasUuid(last.entry) ? last.entry.uuid : null };
}

/** The working directory the session's first entry that names one gives (where the extraction may read files). */
function firstCwd(entries: Iterable<LogEntry>): string | undefined {
  for (const { entry } of entries) {
    const cwd = (entry as { cwd?: unknown }).cwd;
    if (typeof cwd === 'string') return cwd;
  }
  return undefined;
}
