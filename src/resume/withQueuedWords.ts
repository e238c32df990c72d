import type { TypedWordsFound } from '../projections/typedWords.js';
import { isToolResultBlock } from '../transcript/contentGuards.js';
import type { ApiMessage } from './apiView.js';

/**
 * A message with the words a person queued while the agent worked added as text blocks after
 * its own, when one of its entries is where they were handed to the model (typedWords.ts,
 * decision 100). That entry is a user one, so a tool result keeps its place first in the message.
 */
export function withQueuedWordsOf(message: ApiMessage, queued: ReadonlyMap<string, readonly string[]>): ApiMessage {
  if (queued.size === 0 || message.role !== 'user') return message;
  const texts = message.sources.flatMap((uuid) => queued.get(uuid) ?? []);
  if (texts.length === 0) return message;
  return { ...message, content: [...message.content, ...texts.map((text) => ({ type: 'text' as const, text }))] };
}

/** `withQueuedWordsOf` over a conversation. */
export function withQueuedWords(messages: ApiMessage[], queued: ReadonlyMap<string, readonly string[]>): ApiMessage[] {
  return queued.size === 0 ? messages : messages.map((message) => withQueuedWordsOf(message, queued));
}

/** Where one entry's queued words go in a view that dropped it. */
interface Relocation {
  /** A message of the view holding another copy of a tool result the entry held (a response written again). */
  copy?: string;
  /** The first user message of the view that carries the entry's conversation on (one of its descendants). */
  next?: string;
}

/**
 * Where the words queued while the agent worked are read in a view of the conversation (decision 100,
 * amended): with the entry they were handed over with when the view keeps it; when it drops that
 * entry, with the message holding another copy of the tool result it held (Claude Code writes a
 * response and its results again with new uuids), or else with the first user message the view
 * keeps on the entry's own branch after it (`QueuedTarget.descendants`). When the view holds none of
 * these (a branch the person went back from, a part compacted away, a run that stops before the next
 * message) the words stay where they were, unread here. Each message is seen once, in order (`see`),
 * so the backfill's light pass can place them.
 */
export class QueuedPlacement {
  readonly #found: TypedWordsFound;
  readonly #kept = new Set<string>();
  readonly #moved = new Map<string, Relocation>();
  readonly #byToolUse = new Map<string, string[]>();
  readonly #byDescendant = new Map<string, string[]>();

  constructor(found: TypedWordsFound) {
    this.#found = found;
    for (const target of found.queued.keys()) {
      const where = found.targets?.get(target);
      if (where === undefined) continue;
      this.#moved.set(target, {});
      for (const id of where.toolUseIds) this.#byToolUse.set(id, [...(this.#byToolUse.get(id) ?? []), target]);
      for (const uuid of where.descendants) this.#byDescendant.set(uuid, [...(this.#byDescendant.get(uuid) ?? []), target]);
    }
  }

  /** The next message of the view. */
  see(message: Pick<ApiMessage, 'role' | 'content' | 'sources'>): void {
    if (this.#moved.size === 0) return;
    const first = message.sources[0];
    if (message.role === 'user' && first !== undefined) this.#seeUser(message, first);
    for (const uuid of message.sources) if (this.#moved.has(uuid)) this.#kept.add(uuid);
  }

  #seeUser({ content, sources }: Pick<ApiMessage, 'content' | 'sources'>, first: string): void {
    for (const target of sources.flatMap((uuid) => this.#byDescendant.get(uuid) ?? [])) {
      const relocation = this.#moved.get(target);
      if (relocation !== undefined) relocation.next ??= first;
    }
    for (const block of content) {
      if (!isToolResultBlock(block)) continue;
      for (const target of this.#byToolUse.get(block.tool_use_id) ?? []) {
        const relocation = this.#moved.get(target);
        if (relocation !== undefined && relocation.copy === undefined) relocation.copy = first;
      }
    }
  }

  /** What was found, with each entry's queued words moved to where the view holds them. */
  found(): TypedWordsFound {
    const queued = new Map<string, string[]>();
    for (const [target, texts] of this.#found.queued) {
      const relocation = this.#kept.has(target) ? undefined : this.#moved.get(target);
      const at = relocation?.copy ?? relocation?.next ?? target;
      queued.set(at, [...(queued.get(at) ?? []), ...texts]);
    }
    return { ...this.#found, queued };
  }
}

/** `QueuedPlacement` over a whole view. */
export function placedOnKept(
  messages: Iterable<Pick<ApiMessage, 'role' | 'content' | 'sources'>>,
  found: TypedWordsFound,
): TypedWordsFound {
  if (found.queued.size === 0) return found;
  const placement = new QueuedPlacement(found);
  for (const message of messages) placement.see(message);
  return placement.found();
}
