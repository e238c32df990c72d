import { isTextBlock, isToolResultBlock } from '../transcript/contentGuards.js';
import type { Entry } from '../transcript/entrySchema.js';
import { isContinuationSummary, isPrompt } from './turns.js';
import { wordsAfterAppInstructions } from './appInstructions.js';

/**
 * Where a person's typed words sit besides their prompts (decision 100): the arguments of a slash
 * command (`/review always squash` logs `<command-args>always squash</command-args>` in a message
 * that is no prompt), and what they typed while the agent worked. Claude Code queues such a
 * message (a `queue-operation` line with `enqueue` and the text) and, when it hands it to the
 * model in the middle of a turn, no user line carries it: only the queue line (up to 2.1.9x) or
 * a `queued_command` attachment (from 2.1.105) holds the words.
 */

const COMMAND_ARGS = /<command-args>([\s\S]*?)<\/command-args>/;

/** What a user entry's text blocks say, joined; '' when it has none. */
function entryText(entry: Extract<Entry, { type: 'user' }>): string {
  const content = entry.message.content;
  return (
    typeof content === 'string'
      ? content
      : content
          .filter(isTextBlock)
          .map((block) => block.text)
          .join('\n')
  ).trim();
}

/**
 * The arguments a person typed after a slash command in this entry, or the words they typed after an app's
 * instructions (appInstructions.ts), or ''.
 */
export function commandArgsOf(entry: Entry): string {
  if (entry.type !== 'user' || entry.isMeta === true || entry.isSidechain === true) return '';
  const text = entryText(entry);
  return COMMAND_ARGS.exec(text)?.[1]?.trim() ?? wordsAfterAppInstructions(text);
}

/** What the person typed outside their prompts, by the uuid of the entry each is read with. */
export interface TypedWordsFound {
  /** Words queued while the agent worked, by the entry they were handed over with (they are in no message: add them). */
  readonly queued: ReadonlyMap<string, readonly string[]>;
  /** A slash command's arguments, or words after an app's instructions, by their entry (in its message, among the harness's tags). */
  readonly args: ReadonlyMap<string, string>;
  /** For each entry queued words were handed over with: where else a view may hold what it was (withQueuedWords.ts `placedOnKept`). */
  readonly targets?: ReadonlyMap<string, QueuedTarget>;
}

/**
 * An entry queued words were handed over with, as a view that drops it may still hold it: the tool
 * calls it answered, and the user entries that carry its conversation on.
 */
export interface QueuedTarget {
  /** The ids of the tool calls whose results it holds: a view may keep another copy of those results. */
  readonly toolUseIds: readonly string[];
  /**
   * On each branch after it (through parentUuid, and across a compaction through the boundary's
   * logical parent), the first user entry with something in it the model reads as it is.
   */
  readonly descendants: readonly string[];
}

function targetOf(entry: Extract<Entry, { type: 'user' }>): QueuedTarget {
  const content = entry.message.content;
  return {
    toolUseIds: typeof content === 'string' ? [] : content.filter(isToolResultBlock).map((block) => block.tool_use_id),
    descendants: [],
  };
}

/** The entry an entry follows in the conversation: its parent, or across a compaction the boundary's logical parent. */
function parentOf(entry: Entry): string | undefined {
  if (!('uuid' in entry) || typeof entry.uuid !== 'string') return undefined;
  const parent = 'parentUuid' in entry ? entry.parentUuid : undefined;
  const logical = entry.type === 'system' ? entry.logicalParentUuid : undefined;
  return typeof parent === 'string' ? parent : typeof logical === 'string' ? logical : undefined;
}

/** A user entry a view keeps as a message of its own: one the model reads as it is, with something in it. */
function carriesOn(entry: Entry): entry is Extract<Entry, { type: 'user' }> {
  return entry.type === 'user' && readsAsItIs(entry) && entry.message.content.length > 0;
}

/** One message in Claude Code's queue: its text, and whether it is the person's words (not a notification in tags, not a slash command). */
interface Queued {
  readonly text: string;
  readonly words: boolean;
}

/** A user entry the model reads as it is: not a compaction's summary, not a virtual one (what queued words are read with). */
function readsAsItIs(entry: Extract<Entry, { type: 'user' }>): boolean {
  return entry.isCompactSummary !== true && entry.isVirtual !== true && !isContinuationSummary(entry);
}

/**
 * Folds a session's entries in file order into what a person typed outside their prompts: a
 * slash command's arguments, and the words they queued that reached the model in the middle of
 * a turn. The queue's log lines are replayed: `enqueue` adds a message; `dequeue` takes the
 * oldest out to become the next prompt (read there); `popAll` pulls them all back into the input
 * to be edited (what is sent is read then); `remove` hands the oldest that is no slash command to
 * the model mid-turn. Those are read with the next main-thread user entry the model reads as it
 * is (usually the tool result the turn went on with), or, once the whole file is read
 * (`found({ ended: true })`), with the last one before them. A prompt that repeats a queued
 * message is where it was handed over.
 */
export class TypedWords {
  readonly #queue: Queued[] = [];
  /** Handed to the model mid-turn, waiting for the user entry they are read with. */
  readonly #handed: string[] = [];
  readonly #placed = new Map<string, { readonly target: string; readonly text: string }>();
  readonly #targets = new Map<string, QueuedTarget>();
  /** A target, or an entry after it that no view keeps as a user message: the targets whose branch it is on. */
  readonly #following = new Map<string, readonly string[]>();
  readonly #args = new Map<string, string>();
  #lastTarget: Extract<Entry, { type: 'user' }> | undefined;
  /** The last entry of the main thread's chain so far: where words handed over now were handed. */
  #lastInChain: string | undefined;
  /** While words handed over wait for their entry: the entry they were handed at and those after it on its branch. */
  #handedBranch: Set<string> | undefined;

  add(entry: Entry): void {
    if (entry.type === 'queue-operation') return this.#operation(entry.operation, entry.content);
    this.#follow(entry);
    this.#chain(entry);
    if (entry.type !== 'user' || entry.isSidechain === true) return;
    const args = commandArgsOf(entry);
    if (args !== '') this.#args.set(entry.uuid, args);
    const typed = args !== '' || isPrompt(entry);
    if (typed) this.#handedOver(entryText(entry));
    // A prompt on another branch (a rewind) withdrew the turn the words were handed to: no entry reads them (decision 100).
    if (typed && this.#handedBranch?.has(entry.uuid) === false) this.#handed.splice(0);
    if (!readsAsItIs(entry)) return;
    if (!typed && this.#handed.length > 0) {
      for (const text of this.#handed.splice(0)) this.#placed.set(text, { target: entry.uuid, text });
      this.#targets.set(entry.uuid, targetOf(entry));
      this.#following.set(entry.uuid, [...(this.#following.get(entry.uuid) ?? []), entry.uuid]);
    }
    this.#lastTarget = entry;
  }

  /** Notes the main thread's chain, and the branch words handed over wait on. */
  #chain(entry: Entry): void {
    if (!('uuid' in entry) || typeof entry.uuid !== 'string' || entry.isSidechain === true) return;
    this.#lastInChain = entry.uuid;
    const parent = parentOf(entry);
    if (this.#handed.length > 0 && parent !== undefined && this.#handedBranch?.has(parent) === true) this.#handedBranch.add(entry.uuid);
  }

  /**
   * Follows each target's branches to the first user entry on each that a view keeps: where its words
   * are read when the view drops the target (decision 100), never on a branch that leaves it behind.
   */
  #follow(entry: Entry): void {
    if (this.#following.size === 0 || !('uuid' in entry) || typeof entry.uuid !== 'string' || entry.isSidechain === true) return;
    const parent = parentOf(entry);
    const targets = parent === undefined ? undefined : this.#following.get(parent);
    if (targets === undefined) return;
    if (!carriesOn(entry)) {
      this.#following.set(entry.uuid, targets);
      return;
    }
    for (const uuid of targets) {
      const target = this.#targets.get(uuid);
      if (target !== undefined) this.#targets.set(uuid, { ...target, descendants: [...target.descendants, entry.uuid] });
    }
  }

  #operation(operation: string, content: unknown): void {
    if (operation === 'enqueue' && typeof content === 'string') {
      const text = content.trim();
      this.#queue.push({ text, words: text !== '' && !text.startsWith('<') && !text.startsWith('/') });
    } else if (operation === 'dequeue') this.#queue.shift();
    else if (operation === 'popAll') this.#queue.splice(0);
    else if (operation === 'remove') {
      // A slash command waits in the queue for the turn's end: what is handed over mid-turn is the oldest other message.
      const at = this.#queue.findIndex((queued) => !queued.text.startsWith('/'));
      const [handed] = at === -1 ? [] : this.#queue.splice(at, 1);
      if (handed?.words !== true || this.#placed.has(handed.text) || this.#handed.includes(handed.text)) return;
      if (this.#handed.length === 0) this.#handedBranch = this.#lastInChain === undefined ? undefined : new Set([this.#lastInChain]);
      this.#handed.push(handed.text);
    }
  }

  /** A prompt that repeats a queued message is where it was handed over. */
  #handedOver(typed: string): void {
    this.#placed.delete(typed);
    this.#handed.splice(0, this.#handed.length, ...this.#handed.filter((text) => text !== typed));
  }

  /** What was found so far; `ended`: the whole file was read, so words handed over after the last user entry are read with it. */
  found(options: { readonly ended?: boolean } = {}): TypedWordsFound {
    const queued = new Map<string, string[]>();
    const place = (target: string, text: string) => queued.set(target, [...(queued.get(target) ?? []), text]);
    for (const { target, text } of this.#placed.values()) place(target, text);
    const targets = new Map(this.#targets);
    const last = this.#lastTarget;
    if (options.ended === true && last !== undefined && this.#handed.length > 0) {
      for (const text of this.#handed) place(last.uuid, text);
      targets.set(last.uuid, targetOf(last));
    }
    return { queued, args: new Map(this.#args), targets };
  }
}

/** The words a message's entries hold that the person typed outside a prompt, in order. */
export function typedWordsIn(sources: readonly string[], found: TypedWordsFound): string[] {
  return sources.flatMap((uuid) => {
    const args = found.args.get(uuid);
    return [...(args === undefined ? [] : [args]), ...(found.queued.get(uuid) ?? [])];
  });
}
