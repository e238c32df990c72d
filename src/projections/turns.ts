import { isTextBlock, isToolResultBlock, isToolUseBlock } from '../transcript/contentGuards.js';
import type { Entry } from '../transcript/entrySchema.js';
import { isSynthetic } from '../transcript/modelResponse.js';
import { collapsedLength, collapsedPrefix } from './collapsedText.js';
import { push, toArray, type ConsList } from './consList.js';
import { defineProjection } from './projection.js';
import type { LogEntry } from '../transcript/logEntry.js';
import * as tokens from './tokens.js';

/** One turn of the main thread: from a user prompt to the response that ends without tool calls. */
export interface Turn {
  readonly index: number;
  /**
   * The prompt's entry. A turn keeps no text: a long session has thousands of turns and a
   * pasted prompt can be megabytes. {@link promptText} and {@link promptPreview} read it from
   * the entry (the timeline does).
   */
  readonly promptUuid: string | null;
  /** The length of the prompt on one line ({@link promptText}), in UTF-16 code units. */
  readonly promptChars: number;
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
  /** How many turns ended before the current one: a reader that streams turns may drop `earlier`, never this. */
  readonly finished: number;
  readonly current: Turn | null;
}

export function initialState(): TurnsState {
  return { tokens: tokens.initialState(), earlier: null, finished: 0, current: null };
}

/** Every turn, oldest first. */
export function selectTurns(state: TurnsState): Turn[] {
  return state.current === null ? toArray(state.earlier) : [...toArray(state.earlier), state.current];
}

/** How Claude Code opens a compaction's summary, in every version seen (1.0.x to 2.1.x). */
export const CONTINUED = 'This session is being continued from a previous conversation';

/**
 * A compaction's summary on the main thread: no one's words, and what it sums up is read
 * (decisions 68, 106). Claude Code flags it `isCompactSummary` (1.0.5x on, and 2.1.x after its
 * boundary); 1.0.x also wrote it unflagged, as a parentless message that opens with the summary.
 */
export function isContinuationSummary(entry: Entry): boolean {
  if (entry.type !== 'user' || entry.isSidechain === true) return false;
  if (entry.isCompactSummary === true) return true;
  if (entry.parentUuid !== null) return false;
  const content = entry.message.content;
  const first = typeof content === 'string' ? content : content.find(isTextBlock)?.text;
  return first?.startsWith(CONTINUED) === true;
}

/** A prompt a person typed (not a tool result, not a meta or compact-summary message). */
export function isPrompt(entry: Entry): boolean {
  if (entry.type !== 'user' || entry.isMeta === true || entry.isCompactSummary === true || entry.isSidechain === true) return false;
  const content = entry.message.content;
  if (typeof content === 'string') return !content.startsWith('<') && !content.startsWith(INTERRUPTED);
  const texts = content.filter(isTextBlock).map((block) => block.text);
  return texts.length > 0 && !texts.every((text) => text.startsWith(INTERRUPTED)) && !content.some((block) => block.type === 'tool_result');
}

/** Claude Code's marker when the user stops a turn: the turn goes on, it is not a new prompt. */
const INTERRUPTED = '[Request interrupted by user';

export function evolve(state: TurnsState, event: LogEntry): TurnsState {
  if (!tokens.isMainThreadMessage(event)) return state;
  const { entry } = event;
  const nextTokens = tokens.evolve(state.tokens, event);
  const open = state.current;
  if (entry.type === 'user' && isPrompt(entry)) {
    const finished = state.finished + (open === null ? 0 : 1);
    const current = newTurn(finished + 1, entry, event.seq, tokens.selectContextTokens(nextTokens));
    return { tokens: nextTokens, earlier: open === null ? state.earlier : push(state.earlier, open), finished, current };
  }
  if (!open)
    return nextTokens === state.tokens ? state : { tokens: nextTokens, earlier: state.earlier, finished: state.finished, current: null };
  const current = continued(open, entry, tokens.selectContextTokens(nextTokens));
  return { tokens: nextTokens, earlier: state.earlier, finished: state.finished, current };
}

function newTurn(index: number, prompt: Entry & { readonly type: 'user'; readonly uuid: string }, seq: number, now: number): Turn {
  return {
    index,
    promptUuid: prompt.uuid,
    promptChars: collapsedLength(promptPieces(prompt)),
    startSeq: seq,
    endUuid: null,
    toolCalls: 0,
    toolErrors: 0,
    tokens: now,
  };
}

/** The open turn after one more of its messages: its tool calls and errors counted, its end moved. */
function continued(open: Turn, entry: Entry, now: number): Turn {
  // A text piece may be followed by a tool_use piece of the same response, so an end stays
  // tentative until the next prompt: any later tool activity reopens the turn.
  let uses = 0;
  let results = 0;
  let errors = 0;
  if ((entry.type === 'user' || entry.type === 'assistant') && typeof entry.message.content !== 'string') {
    for (const block of entry.message.content) {
      if (isToolUseBlock(block)) uses++;
      else if (isToolResultBlock(block)) {
        results++;
        if (block.is_error === true) errors++;
      }
    }
  }
  const endUuid = entry.type === 'assistant' && !isSynthetic(entry) ? (uses === 0 ? entry.uuid : null) : results > 0 ? null : open.endUuid;
  // Literals rather than spreads: this runs for every message (see extractionTrigger.ts).
  return {
    index: open.index,
    promptUuid: open.promptUuid,
    promptChars: open.promptChars,
    startSeq: open.startSeq,
    endUuid,
    toolCalls: open.toolCalls + uses,
    toolErrors: open.toolErrors + errors,
    tokens: now,
  };
}

/** How much of a prompt a preview shows. */
export const PROMPT_PREVIEW_CHARS = 400;

/**
 * A prompt on one line, cut to `chars` characters with a trailing "…" (never inside a
 * surrogate pair).
 */
export function promptPreview(entry: Entry, chars = PROMPT_PREVIEW_CHARS): string {
  const prompt = collapsedPrefix(promptPieces(entry), chars + 1);
  if (prompt.length <= chars) return prompt;
  let end = chars - 1;
  const last = prompt.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${prompt.slice(0, end)}…`;
}

/** A prompt's text on one line: text blocks joined, whitespace collapsed. */
export function promptText(entry: Entry): string {
  return promptPieces(entry).join(' ').replace(/\s+/g, ' ').trim();
}

/** A prompt's texts, to be joined by spaces: the string, or each block's text ('' for a block without). */
function promptPieces(entry: Entry): readonly string[] {
  if (entry.type !== 'user') return [];
  const content = entry.message.content;
  return typeof content === 'string' ? [content] : content.map((b) => (isTextBlock(b) ? b.text : ''));
}

export const turnsProjection = defineProjection<TurnsState>({ name: 'turns', version: 1, initialState, evolve });
