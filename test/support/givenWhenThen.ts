import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Entry, LogEntry, Projection } from '../../src/index.js';
import { usageTotal, type Trigger } from '../../src/projections/index.js';

/**
 * Given/when/then for the pure folds of memlog, in the manner of emmett's decider specification:
 * the `given` entries are history that builds up the state, the `when` entries are the ones under
 * test, and a `then…` checks what folding the `when` entries did. On failure the error names the
 * entries on both sides and what came out (a trigger's decisions with their reasons), so a broken
 * spec can be read without a debugger.
 *
 *   triggerSpec(createSessionNotesTrigger()).when(...turn(10_000)).thenEach((d) => d.tokens, [10_000]);
 *   projectionSpec(conversationProjection).given(prompt).when(queueLine).thenUnchanged();
 *
 * Entries are numbered from 0 across `given` and `when`, as a transcript's would be; a `LogEntry`
 * (an entry read from a file) keeps its own seq. A trigger decides about a response when the entry
 * after it arrives, so a decision owed by the last `given` entries comes out among the `when` ones.
 * The `then…` methods return nothing, so a spec is never mistaken for a promise when a test returns it.
 */

/** What `triggerSpec` and `deciderSpec` fold: a trigger, or any step function of that shape. */
export interface StepDecider<S, D, E> {
  readonly initialState: () => S;
  readonly step: (state: S, event: E) => readonly [S, readonly D[]];
  /** Decisions owed when the log ends; run after the `when` events when present. */
  readonly end?: (state: S) => readonly [S, readonly D[]];
}

export interface DeciderSpec<S, D, E> {
  given(...events: E[]): { when(...events: E[]): DeciderOutcome<S, D> };
  when(...events: E[]): DeciderOutcome<S, D>;
}

export interface DeciderOutcome<S, D> {
  /** The decisions made while reading the `when` events (and at the end of the log) equal these, or pass this check. */
  then(expected: readonly D[] | ((decisions: readonly D[], state: S) => boolean | void)): void;
  /** As many decisions as expected, each having at least the expected fields (vitest's toMatchObject). */
  thenMatch(expected: ReadonlyArray<Partial<D>>): void;
  /** The decisions, each mapped through `pick`, equal `expected`: for specs about one field. */
  thenEach<T>(pick: (decision: D) => T, expected: readonly T[]): void;
  thenNothing(): void;
  thenState(expected: S): void;
  thenState<T>(select: (state: S) => T, expected: T): void;
}

export interface ProjectionSpec<S> {
  given(...entries: Array<Entry | LogEntry>): { when(...entries: Array<Entry | LogEntry>): ProjectionOutcome<S> };
  when(...entries: Array<Entry | LogEntry>): ProjectionOutcome<S>;
}

export interface ProjectionOutcome<S> {
  /** The state after the `when` entries equals this, or passes this check. */
  then(expected: S | ((state: S) => boolean | void)): void;
  thenState<T>(select: (state: S) => T, expected: T): void;
  /** Evolve returned the very state it was given: the `when` entries changed nothing. */
  thenUnchanged(): void;
}

/** A spec for a trigger over the transcript log: entries in, decisions (with their reasons) out. */
export function triggerSpec<S, D>(trigger: Trigger<S, D, LogEntry>): DeciderSpec<S, D, Entry | LogEntry> {
  return specify(`trigger ${trigger.name}`, trigger, numbered, describeLogEntry);
}

/** A spec for any `(state, event) => [state, decisions]` step whose events are not log entries. */
export function deciderSpec<S, D, E>(decider: StepDecider<S, D, E>): DeciderSpec<S, D, E> {
  return specify(
    `decider ${decider.step.name || '(anonymous)'}`,
    decider,
    (events) => events,
    (event) => JSON.stringify(event),
  );
}

/** A spec for a projection over the transcript log: entries in, a state out. */
export function projectionSpec<S>(projection: Projection<S, LogEntry>): ProjectionSpec<S> {
  const outcome = (given: Array<Entry | LogEntry>, when: Array<Entry | LogEntry>): ProjectionOutcome<S> => {
    const [history, events] = split(numbered([...given, ...when]), given.length);
    let state = projection.initialState();
    for (const event of history) state = projection.evolve(state, event);
    const before = state;
    for (const event of events) state = projection.evolve(state, event);
    const after = state;
    const story = (expectation: string, extra = ''): string =>
      [
        `projection ${projection.name}`,
        listed('given', history.map(describeLogEntry)),
        listed('when', events.map(describeLogEntry)),
        extra,
        `expected ${expectation}`,
      ]
        .filter(Boolean)
        .join('\n');
    return {
      then(expected) {
        if (typeof expected === 'function') {
          const check = expected as (state: S) => boolean | void;
          holds(
            () => check(after),
            () => story(`${source(check)} to hold`, `came to the state ${preview(after)}`),
          );
        } else {
          withStory(
            () => story('the state to equal the expected one'),
            () => expect(after).toEqual(expected),
          );
        }
      },
      thenState(select, expected) {
        withStory(
          () => story(`the state, through ${source(select)}, to equal the expected value`),
          () => expect(select(after)).toEqual(expected),
        );
      },
      thenUnchanged() {
        withStory(
          () => story('evolve to return the same state object (nothing changed)'),
          () => expect(after === before, 'a new state object came out').toBe(true),
        );
      },
    };
  };
  return { given: (...given) => ({ when: (...when) => outcome(given, when) }), when: (...when) => outcome([], when) };
}

/** Numbers the entries given to a spec; an entry read with its seq keeps it, and the next one follows. */
export function numbered(items: ReadonlyArray<Entry | LogEntry>): LogEntry[] {
  let next = 0;
  return items.map((item) => {
    // Every transcript entry has a `type`; a LogEntry wraps one and has none of its own.
    const event = 'type' in item ? { seq: next, entry: item } : item;
    next = event.seq + 1;
    return event;
  });
}

function specify<S, D, In, E>(
  title: string,
  decider: StepDecider<S, D, E>,
  toEvents: (inputs: In[]) => E[],
  describeEvent: (event: E) => string,
): DeciderSpec<S, D, In> {
  const outcome = (given: In[], when: In[]): DeciderOutcome<S, D> => {
    const [history, events] = split(toEvents([...given, ...when]), given.length);
    let state = decider.initialState();
    const decidedBefore: D[] = [];
    for (const event of history) {
      const [next, made] = decider.step(state, event);
      state = next;
      decidedBefore.push(...made);
    }
    const decided: D[] = [];
    for (const event of events) {
      const [next, made] = decider.step(state, event);
      state = next;
      decided.push(...made);
    }
    if (decider.end) {
      const [next, made] = decider.end(state);
      state = next;
      decided.push(...made);
    }
    const after = state;
    const story = (expectation: string): string =>
      [
        title,
        listed('given', history.map(describeEvent)),
        decidedBefore.length > 0 ? listed('which decided (not checked)', decidedBefore.map(describeDecision)) : '',
        listed('when', events.map(describeEvent)),
        listed('it decided', decided.map(describeDecision)),
        `expected ${expectation}`,
      ]
        .filter(Boolean)
        .join('\n');
    function thenState<T>(...args: [S] | [(state: S) => T, T]): void {
      if (args.length === 1)
        withStory(
          () => story('the state to equal the expected one'),
          () => expect(after).toEqual(args[0]),
        );
      else
        withStory(
          () => story(`the state, through ${source(args[0])}, to equal the expected value`),
          () => expect(args[0](after)).toEqual(args[1]),
        );
    }
    return {
      then(expected) {
        if (typeof expected === 'function')
          holds(
            () => expected(decided, after),
            () => story(`${source(expected)} to hold`),
          );
        else
          withStory(
            () => story('these decisions'),
            () => expect(decided).toEqual(expected),
          );
      },
      thenMatch(expected) {
        withStory(
          () => story('decisions matching these, in order'),
          () => expect(decided).toMatchObject(expected as D[]),
        );
      },
      thenEach(pick, expected) {
        withStory(
          () => story(`the decisions, each through ${source(pick)}, to be these`),
          () => expect(decided.map(pick)).toEqual(expected),
        );
      },
      thenNothing() {
        withStory(
          () => story('no decisions'),
          () => expect(decided).toEqual([]),
        );
      },
      thenState,
    };
  };
  return { given: (...given) => ({ when: (...when) => outcome(given, when) }), when: (...when) => outcome([], when) };
}

function split<T>(items: T[], at: number): [T[], T[]] {
  return [items.slice(0, at), items.slice(at)];
}

/** How this file's frames look in a stack line: `…/givenWhenThen.ts:12:3`. */
const ownFrame = `${basename(fileURLToPath(import.meta.url))}:`;

/**
 * Runs an assertion; if it fails, puts the story of the spec in front of vitest's own message (its
 * diff is kept) and drops this file's stack frames, so that vitest shows the spec's line, not ours.
 */
function withStory(story: () => string, assertion: () => void): void {
  try {
    assertion();
  } catch (error) {
    if (error instanceof Error) {
      error.message = `${story()}\n\n${error.message}`;
      if (error.stack)
        error.stack = error.stack
          .split('\n')
          .filter((line) => !line.includes(ownFrame))
          .join('\n');
    }
    throw error;
  }
}

/** A check may assert with expect (it throws) or answer true/false. */
function holds(check: () => boolean | void, story: () => string): void {
  withStory(story, () => {
    if (check() === false) throw new Error('the check returned false');
  });
}

/** At most a dozen lines per list: a transcript fixture has hundreds of entries, and the ends are what tell. */
function listed(title: string, lines: string[]): string {
  if (lines.length === 0) return `${title}: nothing`;
  const shown = lines.length <= 12 ? lines : [...lines.slice(0, 6), `… ${lines.length - 11} more …`, ...lines.slice(-5)];
  return `${title} (${lines.length}):\n${shown.map((line) => `  ${line}`).join('\n')}`;
}

function describeLogEntry({ seq, entry }: LogEntry): string {
  // Read as a plain record: the entry schemas differ in which of these fields they have.
  const fields = entry as unknown as Record<string, unknown>;
  const message = fields['message'] as { id?: string; content?: unknown; usage?: Parameters<typeof usageTotal>[0] } | undefined;
  const parts = [`${seq}`, typeof fields['subtype'] === 'string' ? `${entry.type}/${fields['subtype']}` : entry.type];
  if (typeof fields['uuid'] === 'string') parts.push(fields['uuid']);
  if (fields['isSidechain'] === true) parts.push('(sidechain)');
  if (entry.type === 'assistant' && message?.id) parts.push(`message ${message.id}`);
  if (message?.content !== undefined) parts.push(describeContent(message.content));
  if (entry.type === 'assistant' && message?.usage) parts.push(`usage ${usageTotal(message.usage)}`);
  return parts.join(' ');
}

function describeContent(content: unknown): string {
  if (typeof content === 'string') return quote(content);
  if (!Array.isArray(content)) return '';
  return (content as Array<Record<string, unknown>>)
    .map((block) => {
      if (block['type'] === 'text') return `text ${quote(String(block['text']))}`;
      if (block['type'] === 'tool_use') return `tool_use ${String(block['id'])} ${String(block['name'])}`;
      if (block['type'] === 'tool_result') return `tool_result for ${String(block['tool_use_id'])}`;
      return String(block['type']);
    })
    .join(', ');
}

/** A trigger's decision by its position and its reason; anything else as JSON. */
function describeDecision(decision: unknown): string {
  const { seq, uuid, reason } = (decision ?? {}) as { seq?: unknown; uuid?: unknown; reason?: unknown };
  return typeof reason === 'string' ? `at ${String(seq)} ${String(uuid)}: ${reason}` : JSON.stringify(decision);
}

function quote(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return JSON.stringify(line.length > 40 ? `${line.slice(0, 39)}…` : line);
}

/** A function's source on one line, to say which selector or check a spec used. */
function source(fn: (...args: never[]) => unknown): string {
  // Vitest rewrites `selectTurns(state)` as `(0,__vite_ssr_import_1__.selectTurns)(state)`: put the name back.
  const text = String(fn)
    .replace(/\(0,\s*__vite_ssr_import_\d+__\.(\w+)\)/g, '$1')
    .replace(/__vite_ssr_import_\d+__\./g, '')
    .replace(/\s+/g, ' ');
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

function preview(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 600 ? `${text.slice(0, 599)}…` : text;
}
