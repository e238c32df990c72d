/** One message as the chunker sees it: its size, and whether a turn starts with it (a prompt a person typed). */
export interface ChunkItem {
  readonly tokens: number;
  readonly startsTurn: boolean;
}

/** A chunk: the items from `start` up to, not including, `end`. */
export interface ChunkRange {
  readonly start: number;
  readonly end: number;
  readonly tokens: number;
}

/**
 * Cuts a conversation into chunks of whole turns, each at most `limit` tokens: turns are packed
 * in order, and a chunk ends where adding the next turn would go over. A turn larger than the
 * limit on its own is a chunk of its own (it is never split: a tool call and its result, a
 * correction and what it corrects, belong together). Messages before the first prompt count as
 * one turn. Every item is in exactly one chunk, in order.
 */
export function chunkAtTurnEnds(items: readonly ChunkItem[], limit: number): ChunkRange[] {
  const turns: ChunkRange[] = [];
  items.forEach((item, i) => {
    const open = turns.at(-1);
    if (open === undefined || item.startsTurn) turns.push({ start: i, end: i + 1, tokens: item.tokens });
    else turns[turns.length - 1] = { start: open.start, end: i + 1, tokens: open.tokens + item.tokens };
  });
  const chunks: ChunkRange[] = [];
  for (const turn of turns) {
    const open = chunks.at(-1);
    if (open !== undefined && open.tokens + turn.tokens <= limit)
      chunks[chunks.length - 1] = { start: open.start, end: turn.end, tokens: open.tokens + turn.tokens };
    else chunks.push(turn);
  }
  return chunks;
}

/** `chunkAtTurnEnds` one item at a time: the chunk packed so far, the turn being read, and the index of the next item. */
export interface TurnChunkerState {
  readonly chunk: ChunkRange | null;
  readonly turn: ChunkRange | null;
  readonly next: number;
}

/** A chunker whose first item has index `start` (a part of a conversation cut on its own). */
export const initialTurnChunker = (start = 0): TurnChunkerState => ({ chunk: null, turn: null, next: start });

/**
 * The next item: the state, and the chunks it completed (a turn is complete when the next one
 * starts; the chunk before it, when that turn does not fit). Fed item by item and then
 * `endTurnChunker`, it gives the ranges `chunkAtTurnEnds` gives over the same items at once,
 * while a caller holds only the open chunk and turn (the backfill's read of a session, decision 54).
 */
export function pushTurnItem(state: TurnChunkerState, item: ChunkItem, limit: number): [TurnChunkerState, ChunkRange[]] {
  const { turn, next } = state;
  if (turn !== null && !item.startsTurn)
    return [{ ...state, turn: { start: turn.start, end: next + 1, tokens: turn.tokens + item.tokens }, next: next + 1 }, []];
  const [chunk, done] = turn === null ? [state.chunk, []] : packTurn(state.chunk, turn, limit);
  return [{ chunk, turn: { start: next, end: next + 1, tokens: item.tokens }, next: next + 1 }, done];
}

/** The chunks still open once the items end. */
export function endTurnChunker(state: TurnChunkerState, limit: number): ChunkRange[] {
  const [chunk, done] = state.turn === null ? [state.chunk, []] : packTurn(state.chunk, state.turn, limit);
  return chunk === null ? done : [...done, chunk];
}

/** A complete turn joins the open chunk when it fits, else the open chunk is done and the turn opens the next. */
function packTurn(chunk: ChunkRange | null, turn: ChunkRange, limit: number): [ChunkRange, ChunkRange[]] {
  if (chunk !== null && chunk.tokens + turn.tokens <= limit)
    return [{ start: chunk.start, end: turn.end, tokens: chunk.tokens + turn.tokens }, []];
  return [turn, chunk === null ? [] : [chunk]];
}
