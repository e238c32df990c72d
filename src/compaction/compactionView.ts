import { entryTokens, roughTokens } from '../projections/tokenEstimate.js';
import { evolve as evolveTokens, initialState as initialTokens, selectContextTokens } from '../projections/tokens.js';
import { evolve as evolveCuts, initialState as initialCuts, selectSafeCuts } from '../projections/safeCuts.js';
import { isPrompt } from '../projections/turns.js';
import type { LogEntry } from '../projections/projection.js';
import { buildChain, selectLeaf } from '../resume/conversationChain.js';
import { indexTranscript, type ChainNode } from '../resume/transcriptIndex.js';
import type { Entry } from '../transcript/entrySchema.js';

/** A user or assistant entry of the live chain, after the last compact boundary. */
export type ViewMessage = ChainNode & { readonly entry: Extract<ChainNode['entry'], { type: 'user' | 'assistant' }> };

/** What compaction works on: the conversation since the last boundary, and where it may be cut. */
export interface CompactionView {
  /** Every entry of the file, as read (new entries are appended after them). */
  readonly entries: readonly LogEntry[];
  /** The chain's user and assistant entries after the last boundary, oldest first. */
  readonly messages: readonly ViewMessage[];
  /** The last boundary on the chain, if any, and the position it was read at. */
  readonly boundary: { readonly uuid: string; readonly seq: number } | null;
  /**
   * Indexes into `messages` where the kept part may start without breaking a tool pair or a
   * split message, and not on a tool result; `messages.length` (keep nothing) is always one.
   */
  readonly cuts: readonly number[];
  /** Index of the newest message a person typed, or -1. */
  readonly newestPrompt: number;
  /** The context as Claude Code counts it now (API usage plus estimate). */
  readonly tokensBefore: number;
  /** Rough estimates per message (as the API view will send them). */
  readonly messageTokens: readonly number[];
  /** Nothing new since the last compaction: only its summary and the messages it kept. */
  readonly nothingNew: boolean;
  readonly leaf: string | null;
}

const isMessage = (node: ChainNode): node is ViewMessage => node.entry.type === 'user' || node.entry.type === 'assistant';

function hasToolResult(message: ViewMessage): boolean {
  const content = message.entry.message.content;
  return typeof content !== 'string' && content.some((block) => block.type === 'tool_result');
}

/** Reads a transcript's entries into the view compaction plans over. Pure. */
export function compactionView(entries: readonly LogEntry[]): CompactionView {
  const index = indexTranscript(entries);
  const chain = buildChain(index, selectLeaf(index, 'newest'));
  let start = 0;
  let boundary: CompactionView['boundary'] = null;
  chain.nodes.forEach((node, i) => {
    if (node.entry.type === 'system' && node.entry.subtype === 'compact_boundary') {
      start = i + 1;
      boundary = { uuid: node.uuid, seq: node.seq };
    }
  });
  const messages = chain.nodes.slice(start).filter(isMessage).filter((node) => node.entry.isSidechain !== true);
  let cutsState = initialCuts();
  messages.forEach((message, i) => {
    cutsState = evolveCuts(cutsState, { seq: i, entry: message.entry });
  });
  const cuts = [...selectSafeCuts(cutsState).filter((i) => !hasToolResult(messages[i]!)), messages.length];
  let newestPrompt = -1;
  messages.forEach((message, i) => {
    if (isPrompt(message.entry)) newestPrompt = i;
  });
  let tokens = initialTokens();
  for (const event of entries) tokens = evolveTokens(tokens, event);
  const boundarySeq = (boundary as CompactionView['boundary'])?.seq;
  const nothingNew = boundarySeq !== undefined && messages.every((message) => message.seq < boundarySeq || message.entry.type === 'user' && message.entry.isCompactSummary === true);
  return {
    entries,
    messages,
    boundary,
    cuts,
    newestPrompt,
    tokensBefore: selectContextTokens(tokens),
    messageTokens: messages.map((message) => entryTokens(message.entry as Entry)),
    nothingNew,
    leaf: chain.leaf,
  };
}

/** The rough size of a summary message plus the kept messages from `cut` on. */
export function tokensAfter(view: CompactionView, cut: number, summaryText: string): number {
  let kept = 0;
  for (let i = cut; i < view.messageTokens.length; i++) kept += view.messageTokens[i]!;
  return roughTokens(summaryText) + kept;
}
