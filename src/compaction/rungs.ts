import type { ModelMessage } from '../model/port.js';
import { estimateMessageTokens, roughTokens } from '../projections/tokenEstimate.js';
import { toApiMessages } from '../resume/apiView.js';
import { buildChain, selectLeaf } from '../resume/conversationChain.js';
import { indexTranscript } from '../resume/transcriptIndex.js';
import { isTextBlock, isToolUseBlock, toolInputFilePath } from '../transcript/contentGuards.js';
import type { CarriedFinder, CarriedItems } from './carriedSection.js';
import { compactionEntries } from './compactionEntries.js';
import { tokensAfter, type CompactionView } from './compactionView.js';
import { summaryMessage } from './summaryText.js';

export type Rung = 'notes' | 'summary' | 'extractive';

/** The sizes of spec §5.1 (DEFAULT_SM_COMPACT_CONFIG). */
export interface CutSizes {
  readonly minTokens: number;
  readonly minTextMessages: number;
  readonly maxTokens: number;
}
export const DEFAULT_CUT_SIZES: CutSizes = { minTokens: 10_000, minTextMessages: 5, maxTokens: 40_000 };

export interface RungPlan {
  readonly rung: Rung;
  readonly cut: number;
  readonly summaryText: string;
  readonly tokensAfter: number;
  /** Files read in the dropped part that the summary names again. */
  readonly fileReferences: readonly string[];
}

export type RungOutcome = { readonly ok: true; readonly plan: RungPlan } | { readonly ok: false; readonly reason: string };

export interface PlanContext {
  readonly view: CompactionView;
  readonly threshold: number;
  readonly trigger: 'auto' | 'manual';
  readonly transcriptPath?: string;
  /** What the summarised part established that the summary must carry (decision 85); absent, nothing is added. */
  readonly carried?: CarriedFinder;
}

/** The carried items of the part before `cut`, as summaryMessage's option. */
function carriedAt(context: PlanContext, cut: number): { carried?: CarriedItems } {
  return context.carried === undefined || cut === 0 ? {} : { carried: context.carried(cut) };
}

function hasText(message: CompactionView['messages'][number]): boolean {
  const content = message.entry.message.content;
  if (typeof content === 'string') return content.trim() !== '';
  return content.some((block) => block.type === 'text');
}

/**
 * Loads the would-be log (the entries plus this compaction's) and says whether its messages are
 * exactly the summary and the kept messages. The view's cuts are chosen so that this holds; this
 * is the check, run once on the cut chosen before anything is written.
 */
export function loadsWhole(view: CompactionView, cut: number): boolean {
  const probe = compactionEntries(
    view,
    { cut, summaryText: '-', trigger: 'auto', tokensBefore: 0, tokensAfter: 0 },
    { boundary: '\u0000boundary', summary: '\u0000summary', timestamp: '1970-01-01T00:00:00.000Z' },
  );
  const seq = view.entries.length === 0 ? 0 : view.entries[view.entries.length - 1]!.seq + 1;
  const index = indexTranscript([...view.entries, ...probe.map((entry, i) => ({ seq: seq + i, entry }))]);
  const nodes = buildChain(index, selectLeaf(index, 'newest')).nodes;
  const after = nodes.slice(nodes.findIndex((node) => node.uuid === '\u0000boundary') + 1);
  const loaded = after
    .filter((node) => (node.entry.type === 'user' || node.entry.type === 'assistant') && node.entry.isSidechain !== true)
    .map((node) => node.uuid);
  const expected = ['\u0000summary', ...view.messages.slice(cut).map((m) => m.uuid)];
  return nodes[0]?.uuid === '\u0000boundary' && loaded.length === expected.length && loaded.every((uuid, i) => uuid === expected[i]);
}

/** The latest cut at or before `wanted`, if there is one. */
export function latestCutAtOrBefore(view: CompactionView, wanted: number): number | undefined {
  let found: number | undefined;
  for (const cut of view.cuts) {
    if (cut > wanted) break;
    found = cut;
  }
  return found;
}

/** The latest cut at or before `wanted`; failing that, the earliest one after it (the end at worst). */
export function cutAtOrBefore(view: CompactionView, wanted: number): number {
  return latestCutAtOrBefore(view, wanted) ?? view.cuts.find((cut) => cut > wanted) ?? view.messages.length;
}

/** The kept part must hold the newest prompt; where it cannot, the summary quotes it word for word. */
function latestRequestIfDropped(view: CompactionView, cut: number): string | undefined {
  if (view.newestPrompt === -1 || cut <= view.newestPrompt) return undefined;
  const content = view.messages[view.newestPrompt]!.entry.message.content;
  return typeof content === 'string'
    ? content
    : content
        .filter(isTextBlock)
        .map((block) => block.text)
        .join('\n');
}

/** The cut that keeps the current turn: at or before the newest prompt. */
function turnCut(view: CompactionView, wanted: number): number {
  return cutAtOrBefore(view, view.newestPrompt === -1 ? wanted : Math.min(wanted, view.newestPrompt));
}

/**
 * Where summary compaction cuts: before the current turn, which is kept word for word; when the
 * current turn is the whole conversation, inside it, keeping its newest messages up to
 * `maxTokens` (the prompt is then quoted in the summary).
 */
export function legacyCut(view: CompactionView, maxTokens = DEFAULT_CUT_SIZES.maxTokens): number {
  const cut = turnCut(view, view.messages.length);
  if (cut > 0) return cut;
  return view.cuts.find((c) => c > 0 && (view.keptTokens[c] ?? 0) <= maxTokens) ?? view.messages.length;
}

/** Files read in the summarised part and not in the kept part, newest first, at most five (spec §5.2 step 8). */
export function recentFiles(view: CompactionView, cut: number): string[] {
  const keptReads = new Set<string>();
  const reads: string[] = [];
  view.messages.forEach((message, i) => {
    const content = message.entry.message.content;
    if (message.entry.type !== 'assistant' || typeof content === 'string') return;
    for (const block of content) {
      const path = isToolUseBlock(block) && block.name === 'Read' ? toolInputFilePath(block) : undefined;
      if (path === undefined) continue;
      if (i >= cut) keptReads.add(path);
      else reads.push(path);
    }
  });
  return [...new Set(reads.reverse())].filter((file) => !keptReads.has(file)).slice(0, 5);
}

/**
 * Rung 1, session-notes compaction (spec §5.1): the notes are the summary. From the message the
 * notes cover, grow the kept part backwards to at least `minTokens` and `minTextMessages`
 * messages with text, at most `maxTokens`; then move the cut back to a safe one.
 */
export function planNotesRung(
  context: PlanContext,
  notes: { readonly text: string; readonly truncated: boolean; readonly path?: string },
  lastSummarizedMessageId: string | null,
  sizes: CutSizes = DEFAULT_CUT_SIZES,
): RungOutcome {
  const { view } = context;
  let covered = view.messages.length - 1;
  if (lastSummarizedMessageId !== null) {
    covered = view.messages.findIndex((message) => message.uuid === lastSummarizedMessageId);
    if (covered === -1) return { ok: false, reason: `the message the notes cover (${lastSummarizedMessageId}) is not in the conversation` };
  }
  let start = covered + 1;
  let tokens = 0;
  let texts = 0;
  for (let i = start; i < view.messages.length; i++) {
    tokens += estimateMessageTokens([view.messages[i]!.entry]);
    if (hasText(view.messages[i]!)) texts++;
  }
  while (start > 0 && tokens < sizes.maxTokens && !(tokens >= sizes.minTokens && texts >= sizes.minTextMessages)) {
    start--;
    tokens += estimateMessageTokens([view.messages[start]!.entry]);
    if (hasText(view.messages[start]!)) texts++;
  }
  // Never past what the notes cover: messages the notes do not describe must stay.
  // The minimums are a preference: with no safe cut that far back, keep less, still within what the notes cover.
  const limit = (index: number) => (view.newestPrompt === -1 ? index : Math.min(index, view.newestPrompt));
  const cut = latestCutAtOrBefore(view, limit(start)) ?? latestCutAtOrBefore(view, limit(covered + 1));
  if (cut === undefined) return { ok: false, reason: 'no safe cut within what the notes cover' };
  if (cut === 0) return { ok: false, reason: 'the notes cover nothing that could be dropped' };
  const latestRequest = latestRequestIfDropped(view, cut);
  const summaryText = summaryMessage(notes.text, {
    ...carriedAt(context, cut),
    recentKept: cut < view.messages.length,
    continueSilently: context.trigger === 'auto',
    ...(context.transcriptPath === undefined ? {} : { transcriptPath: context.transcriptPath }),
    ...(notes.truncated && notes.path !== undefined ? { notesPath: notes.path } : {}),
    ...(latestRequest === undefined ? {} : { latestRequest }),
  });
  const after = tokensAfter(view, cut, summaryText);
  if (after >= context.threshold)
    return { ok: false, reason: `with the notes as summary the context would be ${after} tokens, not under ${context.threshold}` };
  return { ok: true, plan: { rung: 'notes', cut, summaryText, tokensAfter: after, fileReferences: [] } };
}

/** Rung 2, summary compaction: the part to summarise (everything before the current turn) and where the cut falls. */
export function summaryRungInput(
  context: PlanContext,
): { readonly ok: true; readonly cut: number; readonly messages: ModelMessage[] } | { readonly ok: false; readonly reason: string } {
  const { view } = context;
  const cut = legacyCut(view);
  if (cut === 0) return { ok: false, reason: 'nothing to summarise' };
  const messages = toApiMessages(view.messages.slice(0, cut)).map(({ role, content }) => ({ role, content }));
  return { ok: true, cut, messages };
}

/** Rung 2, after the model answered: the summary message and the check against the threshold. */
export function finishSummaryRung(context: PlanContext, cut: number, summary: string): RungOutcome {
  if (summary.trim() === '') return { ok: false, reason: 'the model gave an empty summary' };
  const latestRequest = latestRequestIfDropped(context.view, cut);
  const references = recentFiles(context.view, cut);
  const summaryText = summaryMessage(summary, {
    ...carriedAt(context, cut),
    recentFiles: references,
    recentKept: cut < context.view.messages.length,
    continueSilently: context.trigger === 'auto',
    ...(context.transcriptPath === undefined ? {} : { transcriptPath: context.transcriptPath }),
    ...(latestRequest === undefined ? {} : { latestRequest }),
  });
  const after = tokensAfter(context.view, cut, summaryText);
  if (after >= context.threshold)
    return { ok: false, reason: `with the summary the context would be ${after} tokens, not under ${context.threshold}` };
  return { ok: true, plan: { rung: 'summary', cut, summaryText, tokensAfter: after, fileReferences: references } };
}

/**
 * Summarises the dropped part from its own words, deterministically. Passed in by the job, so
 * the pure planner does not depend on a model adapter (the offline model supplies one).
 */
export type ExtractiveSummarizer = (messages: readonly ModelMessage[]) => string;

/** The extractive summary is kept to this many tokens, so the cut search can count on it. */
const EXTRACTIVE_CAP_TOKENS = 6_000;

/**
 * Rung 3, which cannot fail: a deterministic extractive summary of the dropped part, and the
 * cut moved forward over safe cuts (the oldest units dropped first) until the context is under
 * the threshold; if even keeping nothing is too much, the summary is cut to fit.
 */
export function planExtractiveRung(context: PlanContext, from: number, summarize: ExtractiveSummarizer): RungPlan {
  const { view, threshold } = context;
  // The summary may take a quarter of the room, so that a small window still keeps recent messages.
  const cap = Math.min(EXTRACTIVE_CAP_TOKENS, Math.floor(threshold / 4));
  const wrapAt = (cut: number, carrying = true) => {
    const latestRequest = latestRequestIfDropped(view, cut);
    const carried = carrying ? carriedAt(context, cut) : {};
    return (summary: string) =>
      summaryMessage(summary, {
        ...carried,
        recentKept: cut < view.messages.length,
        continueSilently: context.trigger === 'auto',
        ...(context.transcriptPath === undefined ? {} : { transcriptPath: context.transcriptPath }),
        ...(latestRequest === undefined ? {} : { latestRequest }),
      });
  };
  const summaryAt = (cut: number) => summarize(toApiMessages(view.messages.slice(0, cut)).map(({ role, content }) => ({ role, content })));
  /** Whether the result fits at this cut, the summary at most `cap`; the summary is only made when the bound is not enough. */
  const fits = (cut: number): boolean => {
    const fixed = tokensAfter(view, cut, wrapAt(cut)(''));
    if (fixed + cap < threshold) return true;
    if (fixed >= threshold) return false;
    return fixed + Math.min(cap, roughTokens(summaryAt(cut))) + 2 < threshold;
  };
  // Later cuts keep less: the first that fits is found by bisection over the cuts from `from` on.
  const first = cutAtOrBefore(view, from);
  const candidates = view.cuts.filter((c) => c >= first);
  let low = 0;
  let high = candidates.length - 1;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (fits(candidates[middle]!)) high = middle;
    else low = middle + 1;
  }
  const cut = candidates[low] ?? view.messages.length;
  // The carried section is bounded, not free: where even it does not fit (a tiny window), it goes.
  const carrying = tokensAfter(view, cut, wrapAt(cut)('')) + 2 < threshold;
  const wrap = wrapAt(cut, carrying);
  // Two tokens of slack: the estimate rounds each text separately.
  const budget = Math.max(0, threshold - tokensAfter(view, cut, wrap('')) - 2);
  const summaryText = wrap(clipToTokens(summaryAt(cut), Math.min(cap, budget)));
  return { rung: 'extractive', cut, summaryText, tokensAfter: tokensAfter(view, cut, summaryText), fileReferences: [] };
}

function clipToTokens(text: string, tokens: number): string {
  const chars = tokens * 4;
  if (text.length <= chars) return text;
  const marker = '\n[… summary cut to fit the context]';
  return chars <= marker.length ? '' : text.slice(0, chars - marker.length) + marker;
}
