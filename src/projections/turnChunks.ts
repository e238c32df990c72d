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
