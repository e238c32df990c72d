import { existsSync } from 'node:fs';
import type { ModelPort } from '../../model/port.js';
import { appendEffectsSync } from '../../pipeline/effectLog.js';
import { firstLookRecord } from '../../pipeline/effectRecords.js';
import type { Deferred } from '../../pipeline/effectJob.js';
import type { RunStart } from '../../projections/decisions.js';
import type { FrontmatterForm } from '../../memory/durable/topicFile.js';
import type { ExtractionOutcome, ExtractionRunOutcome } from '../../pipeline/runOutcomes.js';
import type { ExtractionFrame } from './extractionFrames.js';
import { runExtraction } from './extractionRun.js';
import { firstLook, type FirstLookAnswer, type FirstLookSettings } from './firstLook.js';
import { batchCustomId } from './messageBatchLedger.js';
import { queueBatchRequest, type BatchRound } from './messageBatchRound.js';
import type { SessionTranscript } from './sessionTranscript.js';

/** What every run of one session shares: where it writes, what it is called, and its transcript. */
export interface SessionContext {
  readonly memoryDir: string;
  /** A run's staged copy, named for its session and run. */
  readonly stagingOf: (runId: string) => string;
  readonly logPath: string;
  /** The transcript file's stem: what run ids and batch ids are named after. */
  readonly sessionId: string;
  /** The session id the entries carry: the memories' origin (decision 68). */
  readonly originId: () => string;
  readonly transcript: SessionTranscript;
}

/** What a run is done with: its outcome to record (the journal applies it), or word that it goes on in a message batch. */
export type RunExecutor = (start: RunStart, run: ExtractionFrame, runId: string) => Promise<ExtractionRunOutcome | Deferred>;

/** A run done here and now, into its staged copy: its outcome. */
type DirectRun = (start: RunStart, run: ExtractionFrame, runId: string) => Promise<ExtractionOutcome>;

/** How the runs of a session go: straight to the model, or as requests in this round's message batch; a first look before each or not. */
export interface ExecutorChoice {
  readonly model: ModelPort;
  readonly firstLook?: FirstLookSettings;
  readonly frontmatter?: FrontmatterForm;
  readonly signal?: AbortSignal;
}

/** The session's executor, chosen once (decision 75): a batch round's queue, else a direct run, with the first look around it when asked. */
export function chooseExecutor(
  context: SessionContext,
  choice: ExecutorChoice,
  batch: BatchRound | null,
  onFirstLook: (look: FirstLookAnswer) => void,
): RunExecutor {
  // A run sent in a message batch gets no first look: the batch is the cheap path already.
  if (batch !== null) return queuedInBatch(context, batch);
  const direct = directRun(context, choice);
  return choice.firstLook === undefined ? direct : withFirstLook(direct, context, choice.firstLook, choice.signal, onFirstLook);
}

/** In a batch round, a run's request goes out with the others at the end; its record says which it is. */
function queuedInBatch(context: SessionContext, batch: BatchRound): RunExecutor {
  return async (_start, run, runId) => {
    await queueBatchRequest(batch, context.memoryDir, batchCustomId(context.sessionId, runId), run);
    return { deferred: true };
  };
}

/** One extraction run on the model, reading the project where the session worked when that folder is here. */
function directRun(context: SessionContext, choice: ExecutorChoice): DirectRun {
  return async (_start, run, runId) => {
    const cwd = context.transcript.cwd();
    const { outcome } = await runExtraction({
      model: choice.model,
      memoryDir: context.memoryDir,
      readRoots: cwd !== undefined && existsSync(cwd) ? [cwd] : [],
      conversation: run.conversation,
      newMessages: run.newMessages,
      humanMessages: run.humanMessages,
      typedWords: run.typedWords,
      runId: `${context.sessionId}.${runId}`,
      sessionId: context.originId(),
      from: run.from,
      to: run.to,
      now: run.now,
      ...(choice.frontmatter === undefined ? {} : { frontmatter: choice.frontmatter }),
      ...(choice.signal === undefined ? {} : { signal: choice.signal }),
    });
    return outcome;
  };
}

/**
 * A first look before the run: its answer is in the effect log before anything else happens (a
 * replay reproduces the run without a model); enforced, a no declines the run; otherwise the run
 * goes on and its outcome carries the look and its tokens.
 */
function withFirstLook(
  inner: DirectRun,
  context: SessionContext,
  settings: FirstLookSettings,
  signal: AbortSignal | undefined,
  onFirstLook: (look: FirstLookAnswer) => void,
): RunExecutor {
  return async (start, run, runId) => {
    const look = await firstLook(settings, run.conversation.slice(run.conversation.length - run.newMessages), signal);
    onFirstLook(look);
    appendEffectsSync(context.logPath, [firstLookRecord({ seq: start.seq, uuid: start.uuid }, look, start.tokens)]);
    if (look.mode === 'enforce' && look.answer === false) return declinedRun(context.sessionId, run, look);
    const outcome = await inner(start, run, runId);
    const tokens = {
      ...outcome.tokens,
      input: outcome.tokens.input + look.tokens.input,
      output: outcome.tokens.output + look.tokens.output,
    };
    return { ...outcome, tokens, firstLook: look };
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
