import { isToolResultBlock, isToolUseBlock } from '../transcript/contentGuards.js';
import type { ContentBlock } from '../transcript/contentSchema.js';
import { emptyIndex, insert, positionOf, type IndexView } from './appendOnlyIndex.js';
import { popWhile, push, toArray, type ConsList } from './consList.js';
import { defineProjection } from './projection.js';
import type { LogEntry } from '../transcript/logEntry.js';

/**
 * Where a compaction may cut: before which main-thread message (by seq) the kept part can
 * start without breaking the API's invariants. A cut is safe when nothing kept needs
 * something dropped: every kept tool_result keeps its tool_use, every piece of a split
 * assistant message (thinking included) and every parallel tool call with all its results stay
 * on one side. Kept incrementally: a new message adds a candidate cut before itself; a
 * tool_result, or a later piece of a message, removes every cut after the entry it depends on.
 * Cuts only ever leave from the newest end, so a stack does it in amortised O(1).
 */
export interface SafeCutsState {
  /** Safe cut positions (the seq of the first kept message), newest first. */
  readonly cuts: ConsList<number>;
  /** tool_use id → seq of the piece that holds it. */
  readonly toolUseAt: IndexView<string>;
  /** message.id → seq of its first piece. */
  readonly messageStart: IndexView<string>;
}

export function initialState(): SafeCutsState {
  return { cuts: null, toolUseAt: emptyIndex(), messageStart: emptyIndex() };
}

export function evolve(state: SafeCutsState, event: LogEntry): SafeCutsState {
  const { entry, seq } = event;
  if (entry.type === 'system' && entry.subtype === 'compact_boundary' && entry.isSidechain !== true) return initialState();
  if ((entry.type !== 'user' && entry.type !== 'assistant') || entry.isSidechain === true) return state;
  const blocks: readonly ContentBlock[] = typeof entry.message.content === 'string' ? [] : entry.message.content;
  let dependsOn = Number.POSITIVE_INFINITY;
  let { toolUseAt, messageStart } = state;
  if (entry.type === 'assistant' && entry.message.id !== undefined) {
    const first = positionOf(messageStart, entry.message.id);
    if (first === undefined) messageStart = insert(messageStart, entry.message.id, seq);
    else dependsOn = Math.min(dependsOn, first);
  }
  for (const block of blocks) {
    if (isToolUseBlock(block)) toolUseAt = insert(toolUseAt, block.id, seq);
    if (isToolResultBlock(block)) {
      const at = positionOf(toolUseAt, block.tool_use_id);
      if (at !== undefined) dependsOn = Math.min(dependsOn, at);
    }
  }
  // This entry needs everything from `dependsOn` on: no cut may fall after it.
  const kept = dependsOn === Number.POSITIVE_INFINITY ? state.cuts : popWhile(state.cuts, (cut) => cut > dependsOn);
  const cuts = dependsOn === Number.POSITIVE_INFINITY ? push(kept, seq) : kept;
  return { cuts, toolUseAt, messageStart };
}

/** Safe cut positions, oldest first. */
export function selectSafeCuts(state: SafeCutsState): number[] {
  return toArray(state.cuts);
}

export const safeCutsProjection = defineProjection<SafeCutsState>({ name: 'safeCuts', version: 1, initialState, evolve });
