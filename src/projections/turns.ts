import type { Entry } from '../transcript/entrySchema.js';
import { push, toArray, type ConsList } from './consList.js';
import { defineProjection, type LogEntry } from './projection.js';
import * as tokens from './tokens.js';

/** One turn of the main thread: from a user prompt to the response that ends without tool calls. */
export interface Turn {
  readonly index: number;
  readonly promptUuid: string | null;
  readonly prompt: string;
  readonly startSeq: number;
  /** The assistant entry that ended the turn; null while it is open. */
  readonly endUuid: string | null;
  readonly toolCalls: number;
  readonly toolErrors: number;
  /** Context tokens when the turn ended (or now, while open). */
  readonly tokens: number;
}

export interface TurnsState {
  readonly tokens: tokens.TokensState;
  /** Turns before the current one, newest first (a persistent list: no copy per entry). */
  readonly earlier: ConsList<Turn>;
  readonly current: Turn | null;
}

export function initialState(): TurnsState {
  return { tokens: tokens.initialState(), earlier: null, current: null };
}

/** Every turn, oldest first. */
export function selectTurns(state: TurnsState): Turn[] {
  return state.current === null ? toArray(state.earlier) : [...toArray(state.earlier), state.current];
}

/** A prompt a person typed (not a tool result, not a meta or compact-summary message). */
export function isPrompt(entry: Entry): boolean {
  if (entry.type !== 'user' || entry.isMeta === true || entry.isCompactSummary === true || entry.isSidechain === true) return false;
  const content = entry.message.content;
  if (typeof content === 'string') return !content.startsWith('<') && !content.startsWith(INTERRUPTED);
  const texts = content.filter((block) => block.type === 'text').map((block) => (block as { text: string }).text);
  return texts.length > 0 && !texts.every((text) => text.startsWith(INTERRUPTED)) && !content.some((block) => block.type === 'tool_result');
}

/** Claude Code's marker when the user stops a turn: the turn goes on, it is not a new prompt. */
const INTERRUPTED = '[Request interrupted by user';

export function evolve(state: TurnsState, event: LogEntry): TurnsState {
  if (!tokens.isMainThreadMessage(event)) return state;
  const { entry } = event;
  const nextTokens = tokens.evolve(state.tokens, event);
  const now = tokens.selectContextTokens(nextTokens);
  const open = state.current;
  if (entry.type === 'user' && isPrompt(entry)) {
    const index = (state.earlier?.size ?? 0) + (open === null ? 1 : 2);
    return {
      tokens: nextTokens,
      earlier: open === null ? state.earlier : push(state.earlier, open),
      current: { index, promptUuid: entry.uuid, prompt: promptText(entry), startSeq: event.seq, endUuid: null, toolCalls: 0, toolErrors: 0, tokens: now },
    };
  }
  if (!open) return { ...state, tokens: nextTokens };
  // A text piece may be followed by a tool_use piece of the same response, so an end stays
  // tentative until the next prompt: any later tool activity reopens the turn.
  const blocks = entry.type === 'user' || entry.type === 'assistant' ? (typeof entry.message.content === 'string' ? [] : entry.message.content) : [];
  const uses = blocks.filter((b) => b.type === 'tool_use').length;
  const results = blocks.filter((b) => b.type === 'tool_result');
  const errors = results.filter((b) => (b as { is_error?: boolean }).is_error === true).length;
  const endUuid = entry.type === 'assistant' && entry.message.model !== '<synthetic>' ? (uses === 0 ? entry.uuid : null) : results.length > 0 ? null : open.endUuid;
  return { ...state, tokens: nextTokens, current: { ...open, toolCalls: open.toolCalls + uses, toolErrors: open.toolErrors + errors, tokens: now, endUuid } };
}

function promptText(entry: Entry): string {
  if (entry.type !== 'user') return '';
  const content = entry.message.content;
  const text = typeof content === 'string' ? content : content.map((b) => (b.type === 'text' ? (b as { text: string }).text : '')).join(' ');
  return text.replace(/\s+/g, ' ').trim();
}

export const turnsProjection = defineProjection<TurnsState>({ name: 'turns', version: 1, initialState, evolve });
