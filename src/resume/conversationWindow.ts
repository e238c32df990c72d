import { elementAt } from '../errors.js';
import type { Entry } from '../transcript/entrySchema.js';
import type { LogEntry } from '../transcript/logEntry.js';
import { TypedWords, type TypedWordsFound } from '../projections/typedWords.js';
import type { ApiMessage } from './apiView.js';
import { FingerprintSet } from './fingerprintSet.js';
import { liveConversationOf } from './loadConversation.js';
import { indexTranscript } from './transcriptIndex.js';

/**
 * The live conversation at any point of a transcript being streamed, in memory bounded by the
 * conversation rather than the file (decision 55): the entries from the compact boundary before the
 * last one on, as the forgetting index keeps them (decision 53). Runs paced over a stream (notes,
 * extract --per-turn) take their snapshots here instead of filtering the whole file for each run.
 *
 * What it forgets it fingerprints, and the index it builds for a snapshot goes back to the file
 * when a forgotten entry would have mattered (a uuid written again, a parent that was a forgotten
 * progress line, a preserved segment reaching back past the window), or when a snapshot is asked
 * for behind the newest boundary. Then the window reads the file again up to where the stream is
 * and keeps everything from there on: such files are rare, and correct beats small.
 */
export class ConversationWindow {
  #entries: LogEntry[] = [];
  /** Index of the first entry still in `#entries` (forgetting moves it instead of copying the array each time). */
  #start = 0;
  readonly #forgotten = { nodes: new FingerprintSet(), progress: new FingerprintSet() };
  #previousBoundarySeq: number | null = null;
  /** Everything before this seq was forgotten. */
  #keptFrom = -1;
  #lastSeq = -1;
  #whole = false;

  /** `transcript` is walked again from its start, only when the window must read the file again. */
  constructor(private readonly transcript: Iterable<LogEntry>) {}

  /** The window had to read the file again and now keeps everything. */
  get readAgain(): boolean {
    return this.#whole;
  }

  /** How many entries the window holds now. */
  get size(): number {
    return this.#entries.length - this.#start;
  }

  /** Folds the next entry of the stream, in file order. */
  add(item: LogEntry): void {
    this.#entries.push(item);
    this.#lastSeq = item.seq;
    if (!isCompactBoundary(item.entry)) return;
    if (!this.#whole && this.#previousBoundarySeq !== null) this.#forgetBefore(this.#previousBoundarySeq);
    this.#previousBoundarySeq = item.seq;
  }

  /** The conversation a background run started at `seq` sees (`liveConversation` of every entry up to it). */
  snapshot(seq: number): ApiMessage[] {
    // Behind where the window starts, the entries that point needs are gone. (Between there and
    // the newest boundary they are not: the index below tells when something forgotten mattered.)
    if (seq < this.#keptFrom) this.#keepEverything();
    const items = this.entriesUpTo(seq);
    if (this.#whole) return liveConversationOf(indexTranscript(items));
    let needed = false;
    const index = indexTranscript(items, {
      forgotten: this.#forgotten,
      again: () => {
        needed = true;
        return [];
      },
    });
    if (!needed) return liveConversationOf(index);
    this.#keepEverything();
    return liveConversationOf(indexTranscript(this.entriesUpTo(seq)));
  }

  /** What the person typed outside their prompts up to `seq`, by the entry it is read with (typedWords.ts, decision 100). */
  typedWords(seq: number): TypedWordsFound {
    const fold = new TypedWords();
    for (const { entry } of this.entriesUpTo(seq)) fold.add(entry);
    return fold.found();
  }

  /** The newest entry in the window written with this uuid, if any. */
  find(uuid: string): Entry | undefined {
    for (let i = this.#entries.length - 1; i >= this.#start; i--) {
      const { entry } = elementAt(this.#entries, i);
      if ((entry as { uuid?: unknown }).uuid === uuid) return entry;
    }
    return undefined;
  }

  private entriesUpTo(seq: number): LogEntry[] {
    const items: LogEntry[] = [];
    for (let i = this.#start; i < this.#entries.length; i++) {
      const item = elementAt(this.#entries, i);
      if (item.seq > seq) break;
      items.push(item);
    }
    return items;
  }

  #forgetBefore(seq: number): void {
    this.#keptFrom = seq;
    while (this.#start < this.#entries.length && elementAt(this.#entries, this.#start).seq < seq) {
      const { entry } = elementAt(this.#entries, this.#start++);
      if (entry.type === 'progress') this.#forgotten.progress.add(entry.uuid);
      else if (entry.type === 'user' || entry.type === 'assistant' || entry.type === 'system' || entry.type === 'attachment')
        this.#forgotten.nodes.add(entry.uuid);
    }
    // Drop the forgotten prefix once it is most of the array, so the array stays in proportion to the window.
    if (this.#start > this.#entries.length / 2) {
      this.#entries = this.#entries.slice(this.#start);
      this.#start = 0;
    }
  }

  #keepEverything(): void {
    if (this.#whole) return;
    const all: LogEntry[] = [];
    for (const item of this.transcript) {
      if (item.seq > this.#lastSeq) break;
      all.push(item);
    }
    this.#entries = all;
    this.#start = 0;
    this.#whole = true;
  }
}

function isCompactBoundary(entry: Entry): boolean {
  return entry.type === 'system' && entry.subtype === 'compact_boundary';
}

/** The entries as they stream, each folded into the window before it is passed on. */
export function* windowed(entries: Iterable<LogEntry>, window: ConversationWindow): Generator<LogEntry> {
  for (const item of entries) {
    window.add(item);
    yield item;
  }
}
