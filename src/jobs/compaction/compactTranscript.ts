import { stat } from 'node:fs/promises';
import { acquireProcessLock } from '../../fs/processLock.js';
import { basename, dirname, join } from 'node:path';
import { compactionView, type CompactionView } from '../../compaction/compactionView.js';
import { carriedFinder } from '../../audit/carriedItems.js';
import { extractiveSummary } from '../../model/offline/extractiveSummary.js';
import {
  DEFAULT_CUT_SIZES,
  finishSummaryRung,
  legacyCut,
  planExtractiveRung,
  planNotesRung,
  summaryRungInput,
  type CutSizes,
  type PlanContext,
  type Rung,
  type RungPlan,
} from '../../compaction/rungs.js';
import { formatModelSummary, SUMMARY_PROMPT } from '../../compaction/summaryText.js';
import type { Diagnostic } from '../../errors.js';
import { defaultNotesPath, lastSummarizedFromLog, readNotes, recoverNotes } from '../notes/notesBuilder.js';
import { isEmptyNotes, truncateNotesForCompaction } from '../../memory/session/notesLimits.js';
import { DEFAULT_NOTES_TEMPLATE } from '../../memory/session/notesTemplate.js';
import { waitForNotesRun, type WaitOptions } from '../notes/waitForNotes.js';
import { withTaskPrompt } from '../../model/backgroundRequest.js';
import type { ModelPort } from '../../model/port.js';
import { DEFAULT_AUTOCOMPACT_SETTINGS, thresholdsAt, type AutocompactSettings } from '../../projections/autocompactTrigger.js';
import type { LogEntry } from '../../transcript/logEntry.js';
import { isMainThreadMessage } from '../../projections/tokens.js';
import { entryVersion } from '../../projections/triggerPolicy.js';
import { resolveSettings } from '../../pipeline/policySettings.js';
import { toApiMessages } from '../../resume/apiView.js';
import { checkCompactOut } from './compactOut.js';
import { writeCompaction } from './writeCompaction.js';
import { effectLogPath, effectRecords } from '../../pipeline/effectLog.js';
import { settingsWithWindow } from '../../pipeline/inferredWindow.js';
import { recoverCompaction } from './compactionJournal.js';
import { isTextBlock } from '../../transcript/contentGuards.js';
import { readCompactionEntries } from './compactionEntries.js';

export type CompactStrategy = 'auto' | 'notes' | 'summary';

export interface CompactOptions {
  readonly transcriptPath: string;
  /** auto: notes, then summary, then extractive; notes: notes, then extractive (no model call); summary: summary, then extractive. */
  readonly strategy?: CompactStrategy;
  /** Plan only: nothing is written. */
  readonly dryRun?: boolean;
  /** Write a compacted copy here instead of appending to the transcript: a new file, never a symbolic link or the transcript. */
  readonly out?: string;
  /** With `out`: an existing regular file there may be replaced. */
  readonly force?: boolean;
  /** The summary rung's model (it is skipped without one). */
  readonly model?: ModelPort;
  readonly notesPath?: string;
  readonly notesTemplate?: string;
  readonly effectLogPath?: string;
  readonly autocompact?: Partial<AutocompactSettings>;
  readonly trigger?: 'auto' | 'manual';
  readonly sizes?: CutSizes;
  readonly now?: () => Date;
  readonly wait?: WaitOptions;
}

export interface RungAttempt {
  readonly rung: Rung;
  readonly used: boolean;
  readonly reason?: string;
}

export interface CompactReport {
  /** The rung that made the result, or 'none' when there was nothing to do. */
  readonly strategy: Rung | 'none';
  readonly requested: CompactStrategy;
  readonly reason?: string;
  readonly cutUuid: string | null;
  readonly tokensBefore: number;
  readonly tokensAfter: number;
  readonly threshold: number;
  /** Uuids of the messages kept verbatim, oldest first. */
  readonly kept: readonly string[];
  readonly summarized: number;
  readonly rungs: readonly RungAttempt[];
  readonly summaryText?: string;
  readonly fileReferences: readonly string[];
  /** Where the entries went and their uuids (not on a dry run). */
  readonly written?: { readonly path: string; readonly uuids: readonly string[] };
  readonly diagnostics: readonly Diagnostic[];
}

const SUMMARY_SYSTEM = 'You write summaries of coding sessions that let the work go on from them.';
/** Room kept for the summary's output and the prompt when the summarised part is sent to the model. */
const SUMMARY_INPUT_RESERVE = 25_000;

/**
 * Compacts a transcript down the ladder: session notes as the summary (no model call); a model
 * summary of everything before the current turn; and a deterministic extractive summary that
 * cannot fail. The result is appended as Claude Code's own entries (a compact_boundary and a
 * compact-summary message, kept messages left where they are); earlier lines are never touched.
 */
export async function compactTranscript(options: CompactOptions): Promise<CompactReport> {
  if (options.dryRun === true) return compactLocked(options);
  // Two compactions of one transcript at once would both plan on the same bytes and append the same compaction twice.
  const release = acquireProcessLock(compactLockPath(options.transcriptPath), { holder: 'memlog compact', target: options.transcriptPath });
  try {
    return await compactLocked(options);
  } finally {
    release();
  }
}

/** The lock a compaction holds on its transcript, beside it (a dot file: Claude Code lists only session files). */
export const compactLockPath = (transcriptPath: string): string =>
  join(dirname(transcriptPath), `.${basename(transcriptPath)}.memlog-compact.lock`);

async function compactLocked(given: CompactOptions): Promise<CompactReport> {
  const requested = given.strategy ?? 'auto';
  if (given.out !== undefined && given.dryRun !== true) await checkCompactOut(given.transcriptPath, given.out, given.force === true);
  // An earlier run's compaction left half done (a full disk, a kill) is finished or taken back first.
  const recovery =
    given.out === undefined && given.dryRun !== true
      ? await recoverCompaction(given.transcriptPath, given.effectLogPath ?? effectLogPath(given.transcriptPath))
      : { pending: null, completed: false };
  const sizeAtRead = (await stat(given.transcriptPath)).size;
  // Light entries, whole from the last boundary on: memory in proportion to what is compacted, not to the file.
  const { entries, diagnostics, inferred } = readCompactionEntries(given.transcriptPath);
  // The window the session ran with, read in the same walk, as replay reads it (decision 113); a given one wins.
  const options: CompactOptions =
    given.autocompact?.contextWindow === undefined
      ? { ...given, ...settingsWithWindow({ autocompact: given.autocompact ?? {} }, inferred) }
      : given;
  const view = compactionView(entries);
  // Claude Code's rules for the version of the newest message, as replay decides by default: a 1M model's lower window from 2.1.337.
  const autocompact = resolveSettings({ policy: 'claude-code', autocompact: options.autocompact ?? {} }).autocompact;
  const threshold = thresholdsAt(autocompact, newestMessageVersion(entries)).threshold;
  const base = { requested, threshold, tokensBefore: view.tokensBefore, diagnostics, fileReferences: [] as string[] };
  if (view.messages.length === 0)
    return {
      ...base,
      strategy: 'none',
      reason: 'no conversation to compact',
      cutUuid: null,
      tokensAfter: view.tokensBefore,
      kept: [],
      summarized: 0,
      rungs: [],
    };
  if (view.nothingNew)
    return {
      ...base,
      strategy: 'none',
      reason: recovery.completed
        ? "nothing new since the last compaction (an earlier run's, whose record is written now)"
        : 'nothing new since the last compaction',
      cutUuid: null,
      tokensAfter: view.tokensBefore,
      kept: view.messages.map((m) => m.uuid),
      summarized: 0,
      rungs: [],
    };

  const context: PlanContext = {
    view,
    threshold,
    trigger: options.trigger ?? 'manual',
    transcriptPath: options.transcriptPath,
    // The summary carries the person's rules, the goal and the open items, whichever rung writes it (decision 85).
    carried: carriedFinder(view),
  };
  const rungs: RungAttempt[] = [];
  let plan: RungPlan | undefined;
  if (requested !== 'summary') plan = await tryNotes(context, options, rungs);
  if (plan === undefined && requested !== 'notes') plan = await trySummary(context, options, rungs);
  if (plan === undefined) {
    plan = planExtractiveRung(context, legacyCut(view), extractiveSummary);
    rungs.push({ rung: 'extractive', used: true });
  }
  // Below the threshold, a compaction that would not make the context smaller is not worth writing.
  if (view.tokensBefore < threshold && plan.tokensAfter >= view.tokensBefore)
    return {
      ...base,
      strategy: 'none',
      reason: `compaction would not make the context smaller (${view.tokensBefore} → ${plan.tokensAfter} tokens)`,
      cutUuid: null,
      tokensAfter: view.tokensBefore,
      kept: view.messages.map((m) => m.uuid),
      summarized: 0,
      rungs,
    };

  const report: CompactReport = {
    ...base,
    strategy: plan.rung,
    cutUuid: view.messages[plan.cut]?.uuid ?? null,
    tokensAfter: plan.tokensAfter,
    kept: view.messages.slice(plan.cut).map((m) => m.uuid),
    summarized: plan.cut,
    rungs,
    summaryText: plan.summaryText,
    fileReferences: plan.fileReferences,
  };
  if (options.dryRun === true) return report;
  return { ...report, written: await writeCompaction(view, plan, report, options, sizeAtRead, recovery.pending) };
}

async function tryNotes(context: PlanContext, options: CompactOptions, rungs: RungAttempt[]): Promise<RungPlan | undefined> {
  const notesPath = options.notesPath ?? defaultNotesPath(options.transcriptPath);
  const logPath = options.effectLogPath ?? effectLogPath(options.transcriptPath);
  // A dry run writes nothing, not even the removal of a dead run's marker.
  if (options.dryRun !== true) await recoverNotes(notesPath, logPath);
  await waitForNotesRun(notesPath, options.wait);
  const notes = await readNotes(notesPath);
  if (notes === null || isEmptyNotes(notes, options.notesTemplate ?? DEFAULT_NOTES_TEMPLATE)) {
    rungs.push({ rung: 'notes', used: false, reason: notes === null ? 'no session notes' : 'the session notes are still empty' });
    return undefined;
  }
  const covered = lastSummarizedFromLog(effectRecords(logPath));
  const outcome = planNotesRung(
    context,
    { ...truncateNotesForCompaction(notes), path: notesPath },
    covered,
    options.sizes ?? DEFAULT_CUT_SIZES,
  );
  rungs.push(outcome.ok ? { rung: 'notes', used: true } : { rung: 'notes', used: false, reason: outcome.reason });
  return outcome.ok ? outcome.plan : undefined;
}

async function trySummary(context: PlanContext, options: CompactOptions, rungs: RungAttempt[]): Promise<RungPlan | undefined> {
  if (options.model === undefined) {
    rungs.push({ rung: 'summary', used: false, reason: 'no model' });
    return undefined;
  }
  const input = summaryRungInput(context);
  if (!input.ok) {
    rungs.push({ rung: 'summary', used: false, reason: input.reason });
    return undefined;
  }
  const contextWindow = options.autocompact?.contextWindow ?? DEFAULT_AUTOCOMPACT_SETTINGS.contextWindow;
  const messages = fitForSummary(context.view, input.cut, contextWindow - SUMMARY_INPUT_RESERVE);
  try {
    const reply = await options.model.complete({
      system: SUMMARY_SYSTEM,
      messages: withTaskPrompt(messages, SUMMARY_PROMPT),
      maxTokens: 20_000,
      task: { kind: 'summary' },
    });
    const text = reply.content
      .filter(isTextBlock)
      .map((block) => block.text)
      .join('\n');
    const outcome = finishSummaryRung(context, input.cut, formatModelSummary(text));
    rungs.push(outcome.ok ? { rung: 'summary', used: true } : { rung: 'summary', used: false, reason: outcome.reason });
    return outcome.ok ? outcome.plan : undefined;
  } catch (error) {
    rungs.push({ rung: 'summary', used: false, reason: `the model call failed: ${(error as Error).message}` });
    return undefined;
  }
}

/** The part to summarise, its oldest safe units left out until it fits the summariser's window. */
function fitForSummary(view: CompactionView, cut: number, budget: number) {
  let start = 0;
  const size = (from: number) => (view.keptTokens[from] ?? 0) - (view.keptTokens[cut] ?? 0);
  for (const candidate of view.cuts) {
    if (candidate >= cut || size(start) <= budget) break;
    start = candidate;
  }
  return toApiMessages(view.messages.slice(start, cut)).map(({ role, content }) => ({ role, content }));
}

/** The Claude Code version that wrote the newest main-thread message: the autocompact trigger's threshold is that version's. */
function newestMessageVersion(entries: readonly LogEntry[]): string | null {
  for (let i = entries.length - 1; i >= 0; i--) {
    const event = entries[i];
    if (event !== undefined && (event.entry.type === 'user' || event.entry.type === 'assistant') && isMainThreadMessage(event))
      return entryVersion(event.entry);
  }
  return null;
}
