import { entryTokens, roughTokens } from '../projections/tokenEstimate.js';
import { evolve as evolveTokens, initialState as initialTokens, selectContextTokens } from '../projections/tokens.js';
import { evolve as evolveCuts, initialState as initialCuts, selectSafeCuts } from '../projections/safeCuts.js';
import { isPrompt } from '../projections/turns.js';
import type { LogEntry } from '../transcript/logEntry.js';
import { buildChain, selectLeaf } from '../resume/conversationChain.js';
import { indexTranscript, type ChainNode } from '../resume/transcriptIndex.js';
import { hasUuid, type Entry } from '../transcript/entrySchema.js';

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
   * Indexes into `messages`, ascending, where the kept part may start: no kept tool result
   * loses its tool call, no split message or parallel call is cut, the kept part does not start
   * with a tool result, and the kept messages are exactly what Claude Code's loader preserves
   * (the parent walk from the newest message back to the first kept one). `messages.length`
   * (keep nothing) is always one.
   */
  readonly cuts: readonly number[];
  /** Index of the newest message a person typed, or -1. */
  readonly newestPrompt: number;
  /** The context as Claude Code counts it now: API usage plus estimate, over the chain in order. */
  readonly tokensBefore: number;
  /** `keptTokens[i]`: the rough size of the messages from `i` on (`keptTokens[messages.length]` is 0). */
  readonly keptTokens: readonly number[];
  /** Nothing new since the last compaction: only its summary and the messages it kept. */
  readonly nothingNew: boolean;
  readonly leaf: string | null;
}

const isMessage = (node: ChainNode): node is ViewMessage =>
  (node.entry.type === 'user' || node.entry.type === 'assistant') && node.entry.isSidechain !== true;

function hasToolResult(message: ViewMessage): boolean {
  const content = message.entry.message.content;
  return typeof content !== 'string' && content.some((block) => block.type === 'tool_result');
}

/** Each chain entry's parent as written on disk, progress lines bridged: what a new boundary's relink walks. */
function writtenParents(entries: readonly LogEntry[]): Map<string, string | null> {
  const bridge = new Map<string, string | null>();
  const parents = new Map<string, string | null>();
  for (const { entry } of entries) {
    if (!hasUuid(entry)) continue;
    const uuid = entry.uuid;
    let parent = (entry as { parentUuid?: string | null }).parentUuid ?? null;
    if (parent !== null && bridge.has(parent)) parent = bridge.get(parent) ?? null;
    if (entry.type === 'progress') bridge.set(uuid, parent);
    else parents.set(uuid, parent);
  }
  return parents;
}

/**
 * The cuts whose kept part Claude Code would load whole after a new boundary: every kept
 * message on the walk from the newest message up its written parents, none of them further up
 * that walk than the first kept one. One pass from the newest message back.
 */
function wholeLoadingCuts(messages: readonly ViewMessage[], parents: ReadonlyMap<string, string | null>): Set<number> {
  const depth = new Map<string, number>();
  const tail = messages.at(-1)?.uuid;
  for (
    let uuid: string | null | undefined = tail, d = 0;
    uuid !== null && uuid !== undefined && !depth.has(uuid);
    uuid = parents.get(uuid), d++
  )
    depth.set(uuid, d);
  const whole = new Set<number>();
  let deepest = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    const d = depth.get(messages[i]!.uuid);
    if (d === undefined) break;
    if (d > deepest) {
      deepest = d;
      whole.add(i);
    } else if (d < deepest) {
      // A kept message further up the walk than this one: no cut at or before here can have it last.
      continue;
    }
  }
  return whole;
}

/** Reads a transcript's entries into the view compaction plans over. Pure; linear in the entries. */
export function compactionView(entries: readonly LogEntry[]): CompactionView {
  const index = indexTranscript(entries);
  const chain = buildChain(index, selectLeaf(index, 'newest'));
  let start = 0;
  let boundary: { uuid: string; seq: number } | null = null;
  chain.nodes.forEach((node, i) => {
    if (node.entry.type === 'system' && node.entry.subtype === 'compact_boundary') {
      start = i;
      boundary = { uuid: node.uuid, seq: node.seq };
    }
  });
  const afterBoundary = chain.nodes.slice(boundary === null ? 0 : start + 1);
  const messages = afterBoundary.filter(isMessage);
  let cutsState = initialCuts();
  messages.forEach((message, i) => {
    cutsState = evolveCuts(cutsState, { seq: i, entry: message.entry });
  });
  const whole = wholeLoadingCuts(messages, writtenParents(entries));
  const cuts = [...selectSafeCuts(cutsState).filter((i) => !hasToolResult(messages[i]!) && whole.has(i)), messages.length];
  let newestPrompt = -1;
  messages.forEach((message, i) => {
    if (isPrompt(message.entry)) newestPrompt = i;
  });
  // Counted as a resume sees it: in chain order, the preserved messages' stale usage ignored (spec §3.5).
  let tokens = initialTokens();
  chain.nodes.slice(start).forEach((node, i) => {
    const entry =
      index.preserved.has(node.uuid) && node.entry.type === 'assistant'
        ? ({ ...node.entry, message: { ...node.entry.message, usage: undefined } } as unknown as Entry)
        : (node.entry as Entry);
    tokens = evolveTokens(tokens, { seq: i, entry });
  });
  const keptTokens = new Array<number>(messages.length + 1).fill(0);
  for (let i = messages.length - 1; i >= 0; i--) keptTokens[i] = keptTokens[i + 1]! + entryTokens(messages[i]!.entry);
  const boundarySeq = (boundary as { seq: number } | null)?.seq;
  const nothingNew =
    boundarySeq !== undefined &&
    messages.every((message) => message.seq < boundarySeq || (message.entry.type === 'user' && message.entry.isCompactSummary === true));
  return {
    entries,
    messages,
    boundary,
    cuts,
    newestPrompt,
    tokensBefore: selectContextTokens(tokens),
    keptTokens,
    nothingNew,
    leaf: chain.leaf,
  };
}

/** The rough size of a summary message plus the kept messages from `cut` on. */
export function tokensAfter(view: CompactionView, cut: number, summaryText: string): number {
  return roughTokens(summaryText) + (view.keptTokens[cut] ?? 0);
}
