import { clip, humanText } from '../model/offline/conversationFacts.js';
import { findMemoryStatements } from '../model/offline/memoryStatements.js';
import type { ModelMessage } from '../model/port.js';
import type { Entry } from '../transcript/entrySchema.js';
import type { AuditItem, EntryPlace } from './auditItem.js';

/** A message the person typed, with the assistant's words just before it (a correction answers them). */
export interface PersonMessage extends EntryPlace {
  readonly text: string;
  readonly before?: string;
}

/** The longest person message kept whole: rules are short; a paste this long is clipped, not held. */
const MAX_PERSON_CHARS = 8_000;
/** The files being changed: the newest this many edited since the boundary. */
const MAX_FILES = 10;
const EDIT_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);

type Message = Extract<Entry, { type: 'user' | 'assistant' }>;

/** A user or assistant entry of the main thread (subagents' files and sidechains are theirs, not the person's). */
export function mainMessage(entry: Entry): Message | undefined {
  if (entry.type !== 'user' && entry.type !== 'assistant') return undefined;
  return entry.isSidechain === true ? undefined : entry;
}

/** The person's own text of a user entry: '' for tool results, meta messages, compact summaries and command echoes. */
export function personText(entry: Message): string {
  if (entry.type !== 'user' || entry.isMeta === true || entry.isCompactSummary === true) return '';
  return humanText({ role: 'user', content: entry.message.content });
}

const blocksOf = (entry: Message): ReadonlyArray<Record<string, unknown>> =>
  typeof entry.message.content === 'string' ? [] : entry.message.content;

const inputOf = (block: Record<string, unknown>): Record<string, unknown> =>
  typeof block['input'] === 'object' && block['input'] !== null ? (block['input'] as Record<string, unknown>) : {};

/** The todos of a TodoWrite call that are not completed. */
function openTodos(input: Record<string, unknown>): string[] {
  const todos = Array.isArray(input['todos']) ? (input['todos'] as unknown[]) : [];
  return todos
    .filter((t): t is Record<string, unknown> => typeof t === 'object' && t !== null)
    .filter((t) => t['status'] !== 'completed' && typeof t['content'] === 'string')
    .map((t) => clip(String(t['content']), 300));
}

/**
 * Gathers, message by message, what a stretch of conversation establishes: the person's
 * messages, the files edited in it, and the session's newest todo list (which outlives a
 * boundary). Holds only the person's words, the newest file paths and the todos.
 */
export class SegmentCollector {
  private person: PersonMessage[] = [];
  private files = new Map<string, EntryPlace>();
  private todos: { readonly place: EntryPlace; readonly open: readonly string[] } | undefined;
  private lastAssistant: string | undefined;

  add(place: EntryPlace, entry: Entry): void {
    if (entry.type === 'queue-operation') return this.addQueued(place, entry);
    const message = mainMessage(entry);
    if (message === undefined) return;
    if (message.type === 'assistant') return this.addAssistant(place, message);
    const text = personText(message);
    if (text === '') return;
    const before = this.lastAssistant;
    this.person.push({ ...place, text: text.slice(0, MAX_PERSON_CHARS), ...(before === undefined ? {} : { before }) });
    this.lastAssistant = undefined;
  }

  /** A message typed while the agent worked is queued, then handed to it: the person's words all the same. */
  private addQueued(place: EntryPlace, entry: Extract<Entry, { type: 'queue-operation' }>): void {
    if (entry.operation !== 'enqueue' || typeof entry.content !== 'string') return;
    // A background task's notification is queued the same way: tagged text is not the person's.
    const text = humanText({ role: 'user', content: entry.content });
    if (text !== '') this.person.push({ ...place, text: text.slice(0, MAX_PERSON_CHARS) });
  }

  private addAssistant(place: EntryPlace, message: Message): void {
    for (const block of blocksOf(message)) {
      if (block['type'] === 'text' && typeof block['text'] === 'string' && block['text'].trim() !== '')
        this.lastAssistant = clip(block['text'], 300);
      if (block['type'] !== 'tool_use') continue;
      const input = inputOf(block);
      if (block['name'] === 'TodoWrite') this.todos = { place, open: openTodos(input) };
      const path = input['file_path'] ?? input['notebook_path'];
      if (EDIT_TOOLS.has(String(block['name'])) && typeof path === 'string' && path !== '') {
        this.files.delete(path);
        this.files.set(path, place);
      }
    }
  }

  /** The person's messages so far in this stretch. */
  get messages(): readonly PersonMessage[] {
    return this.person;
  }

  /** What this stretch established, in the order said. */
  items(): AuditItem[] {
    const items = [...statementItems(this.person)];
    const goal = currentGoal(this.person);
    if (goal !== undefined) items.push(goal);
    const todos = this.todos;
    if (todos !== undefined) for (const text of todos.open) items.push({ kind: 'open-item', text, from: todos.place });
    for (const [path, from] of [...this.files].slice(-MAX_FILES)) items.push({ kind: 'open-item', text: path, from, file: true });
    return items;
  }

  /** Starts the next stretch: the person's messages and the edited files are its own; the todo list goes on. */
  next(): void {
    this.person = [];
    this.files = new Map();
    this.lastAssistant = undefined;
  }
}

/** Rules, corrections and facts, by the offline statement extractor over the person's words (decision 69). */
function statementItems(person: readonly PersonMessage[]): AuditItem[] {
  const messages: ModelMessage[] = [];
  const owner: number[] = [];
  person.forEach((said, i) => {
    if (said.before !== undefined) {
      messages.push({ role: 'assistant', content: said.before });
      owner.push(-1);
    }
    messages.push({ role: 'user', content: said.text });
    owner.push(i);
  });
  return findMemoryStatements(messages).flatMap((statement): AuditItem[] => {
    const said = person[owner[statement.messageIndex] ?? -1];
    if (said === undefined || statement.cue === 'confirmation') return [];
    const from = { uuid: said.uuid, line: said.line };
    const kind = statement.cue === 'correction' ? 'correction' : statement.type === 'feedback' ? 'rule' : 'fact';
    return [{ kind, text: statement.quote, from }];
  });
}

/** A message that only acknowledges or moves on is no goal ("Looks good, thanks!" after the work is done). */
const NOT_A_REQUEST =
  /^(?:ok(?:ay)?|yes|yep|no|thanks?|thank you|great|good|nice|cool|perfect|continue|go on|go ahead|proceed|done|lgtm|sure|(?:looks|sounds|seems) (?:good|great|fine|right)|(?:that|it) works|all good|awesome|excellent|wonderful|brilliant)\b/i;

/** The newest substantive request: two words or more ("Implement spotter-gqc"), not an acknowledgement. */
function currentGoal(person: readonly PersonMessage[]): AuditItem | undefined {
  for (const said of [...person].reverse()) {
    const words = said.text.split(/\s+/).filter((w) => w !== '').length;
    if (words >= 2 && !(NOT_A_REQUEST.test(said.text) && words < 8))
      return { kind: 'goal', text: clip(said.text, 300), from: { uuid: said.uuid, line: said.line } };
  }
  return undefined;
}
