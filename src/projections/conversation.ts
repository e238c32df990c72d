import { isToolResultBlock, isToolUseBlock } from '../transcript/contentGuards.js';
import type { ContentBlock } from '../transcript/contentSchema.js';
import { append, emptyList, lastItem, listItems, type ListView } from './appendOnlyList.js';
import { defineProjection } from './projection.js';
import type { LogEntry } from '../transcript/logEntry.js';

/** A main-thread message since the last compact boundary, in log order. */
export interface ConversationMessage {
  readonly uuid: string;
  readonly seq: number;
  readonly role: 'user' | 'assistant';
  readonly messageId: string | null;
  readonly parentUuid: string | null;
}

/**
 * The live message state of a session, as Claude Code's in-memory list has it: the messages
 * after the last compact boundary (what the API would see, before normalisation), the newest
 * message, the tool calls still waiting for their result, and the sidechain entries seen.
 */
export interface ConversationState {
  readonly messages: ListView<ConversationMessage>;
  readonly leaf: string | null;
  /** tool_use id → the entry that holds it and the tool's name. */
  readonly openToolUses: ReadonlyMap<string, { readonly uuid: string; readonly name: string }>;
  /** Entries per sidechain: the agent id, or 'inline' for 1.0.x sidechains without one. */
  readonly sidechains: Readonly<Record<string, number>>;
  readonly boundaries: number;
  /** The uuid of the last compact boundary, or null. */
  readonly lastBoundary: string | null;
}

export function initialState(): ConversationState {
  return { messages: emptyList(), leaf: null, openToolUses: new Map(), sidechains: {}, boundaries: 0, lastBoundary: null };
}

export function evolve(state: ConversationState, event: LogEntry): ConversationState {
  const { entry } = event;
  if (entry.type !== 'user' && entry.type !== 'assistant' && entry.type !== 'system') return state;
  if (entry.isSidechain === true) {
    const key = entry.agentId ?? 'inline';
    return { ...state, sidechains: { ...state.sidechains, [key]: (state.sidechains[key] ?? 0) + 1 } };
  }
  if (entry.type === 'system') {
    if (entry.subtype !== 'compact_boundary') return state;
    return { ...state, messages: emptyList(), openToolUses: new Map(), boundaries: state.boundaries + 1, lastBoundary: entry.uuid };
  }
  const blocks: readonly ContentBlock[] = typeof entry.message.content === 'string' ? [] : entry.message.content;
  let open = state.openToolUses;
  for (const block of blocks) {
    if (isToolUseBlock(block)) {
      open = new Map(open).set(block.id, { uuid: entry.uuid, name: block.name });
    } else if (isToolResultBlock(block)) {
      const id = block.tool_use_id;
      if (open.has(id)) {
        open = new Map(open);
        (open as Map<string, unknown>).delete(id);
      }
    }
  }
  // A long session keeps one of these per message, so equal strings are shared with the
  // message before: its uuid is usually this one's parent, and the pieces of a split response
  // share a message id. That halves what a message holds (bench/readerMemory.bench.ts).
  const previous = lastItem(state.messages);
  const parentUuid = entry.parentUuid ?? null;
  const messageId = entry.type === 'assistant' ? (entry.message.id ?? null) : null;
  const message: ConversationMessage = {
    uuid: entry.uuid,
    seq: event.seq,
    role: entry.type,
    messageId: previous !== undefined && messageId !== null && messageId === previous.messageId ? previous.messageId : messageId,
    parentUuid: previous !== undefined && parentUuid === previous.uuid ? previous.uuid : parentUuid,
  };
  // A literal rather than a spread: this runs for every message (see extractionTrigger.ts).
  return {
    messages: append(state.messages, message),
    leaf: entry.uuid,
    openToolUses: open,
    sidechains: state.sidechains,
    boundaries: state.boundaries,
    lastBoundary: state.lastBoundary,
  };
}

/** The messages after the last boundary, oldest first. */
export function selectMessages(state: ConversationState): ConversationMessage[] {
  return listItems(state.messages);
}

/**
 * The chain from the leaf back through parentUuid, oldest first, within the messages since the
 * boundary (attachments and system lines are not kept, so a parent that is one of them is
 * skipped over by falling back to log order). Computed on demand: O(messages) per call.
 */
export function selectChain(state: ConversationState): ConversationMessage[] {
  const messages = listItems(state.messages);
  const byUuid = new Map(messages.map((m, i) => [m.uuid, i]));
  const chain: ConversationMessage[] = [];
  const seen = new Set<number>();
  let at = messages.length - 1;
  while (at >= 0 && !seen.has(at)) {
    const message = messages[at];
    if (!message) break;
    seen.add(at);
    chain.push(message);
    const parent = message.parentUuid === null ? undefined : byUuid.get(message.parentUuid);
    at = parent ?? (message.parentUuid === null ? -1 : at - 1);
  }
  return chain.reverse();
}

/** Tool calls without a result yet: a turn in progress, or one interrupted. */
export function selectOpenToolUses(state: ConversationState): string[] {
  return [...state.openToolUses.keys()];
}

export const conversationProjection = defineProjection<ConversationState>({ name: 'conversation', version: 1, initialState, evolve });
