import { isTextBlock } from '../transcript/contentGuards.js';
import type { Entry } from '../transcript/entrySchema.js';
import { isPrompt } from './turns.js';

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

/** The arguments a person typed after a slash command in this entry, or ''. */
export function commandArgsOf(entry: Entry): string {
  if (entry.type !== 'user' || entry.isMeta === true || entry.isSidechain === true) return '';
  return COMMAND_ARGS.exec(entryText(entry))?.[1]?.trim() ?? '';
}

/**
 * A queued message a person typed: not a background task's notification, which is queued the same way in tags, nor a
 * slash command, which runs as a command (its arguments are read there).
 */
function queuedText(entry: Entry): string {
  if (entry.type !== 'queue-operation' || entry.operation !== 'enqueue' || typeof entry.content !== 'string') return '';
  const text = entry.content.trim();
  return text.startsWith('<') || text.startsWith('/') ? '' : text;
}

/** What a person typed outside their prompts, by the uuid of the entry each is read with. */
export interface TypedWordsFound {
  /** Words queued while the agent worked, by the entry they were handed over with (they are in no message: add them). */
  readonly queued: ReadonlyMap<string, readonly string[]>;
  /** A slash command's arguments, by the command's entry (they are in its message, among the harness's tags). */
  readonly args: ReadonlyMap<string, string>;
}

/**
 * Folds a session's entries in file order into what a person typed outside their prompts: a
 * slash command's arguments, and the words they queued that reached the model in the middle of
 * a turn, each placed on the next main-thread user entry after it (usually the tool result the
 * turn went on with; the last user entry before it when none follows). A queued message that a
 * later prompt repeats was handed over as that prompt, and is read there instead.
 */
export class TypedWords {
  readonly #waiting: string[] = [];
  readonly #placed = new Map<string, { readonly target: string; readonly text: string }>();
  readonly #args = new Map<string, string>();
  #lastUser: string | undefined;

  add(entry: Entry): void {
    const queued = queuedText(entry);
    if (queued !== '') {
      if (!this.#placed.has(queued) && !this.#waiting.includes(queued)) this.#waiting.push(queued);
      return;
    }
    if (entry.type !== 'user' || entry.isSidechain === true) return;
    const args = commandArgsOf(entry);
    if (args !== '') this.#args.set(entry.uuid, args);
    if (args !== '' || isPrompt(entry)) this.#handedOver(entryText(entry));
    else for (const text of this.#waiting.splice(0)) this.#placed.set(text, { target: entry.uuid, text });
    this.#lastUser = entry.uuid;
  }

  /** A prompt that repeats a queued message is where it was handed over. */
  #handedOver(typed: string): void {
    this.#placed.delete(typed);
    this.#waiting.splice(0, this.#waiting.length, ...this.#waiting.filter((text) => text !== typed));
  }

  found(): TypedWordsFound {
    const queued = new Map<string, string[]>();
    const place = (target: string, text: string) => queued.set(target, [...(queued.get(target) ?? []), text]);
    for (const { target, text } of this.#placed.values()) place(target, text);
    const last = this.#lastUser;
    if (last !== undefined) for (const text of this.#waiting) place(last, text);
    return { queued, args: new Map(this.#args) };
  }
}

/** The words a message's entries hold that the person typed outside a prompt, in order. */
export function typedWordsIn(sources: readonly string[], found: TypedWordsFound): string[] {
  return sources.flatMap((uuid) => {
    const args = found.args.get(uuid);
    return [...(args === undefined ? [] : [args]), ...(found.queued.get(uuid) ?? [])];
  });
}
