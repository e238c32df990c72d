import { describe, expect, it } from 'vitest';
import { assistantEntry, sideEntry, text, toolResultEntry, toolUse, userEntry } from '../../src/testing/entryBuilders.js';
import { commandArgsOf, TypedWords, typedWordsIn } from '../../src/projections/typedWords.js';
import type { Entry } from '../../src/transcript/entrySchema.js';

const enqueue = (content: string): Entry => sideEntry('queue-operation', { operation: 'enqueue', content });
const op = (operation: string): Entry => sideEntry('queue-operation', { operation });
const call = (uuid: string, id: string): Entry => assistantEntry(uuid, `msg_${uuid}`, toolUse(id));
const result = (uuid: string, id: string, parent: string): Entry => toolResultEntry(uuid, id, parent);

function found(entries: readonly Entry[], ended = true) {
  const fold = new TypedWords();
  for (const entry of entries) fold.add(entry);
  return fold.found({ ended });
}

const placed = (entries: readonly Entry[], ended = true): Record<string, readonly string[]> =>
  Object.fromEntries(found(entries, ended).queued);

describe('what a person queued while the agent worked (decision 100)', () => {
  it('is read with the next user entry when it reached the model in the middle of a turn', () => {
    const words = 'Wait: always run the linter before a commit.';
    const entries = [userEntry('p1', 'Fix the build.'), call('a1', 't1'), enqueue(words), op('remove'), result('r1', 't1', 'a1')];
    expect(placed(entries)).toEqual({ r1: [words] });
  });

  it('handed over as the next prompt (dequeue), it is read there, not where it was queued', () => {
    const words = 'Next, update the changelog.';
    const entries = [
      userEntry('p1', 'Fix the build.'),
      call('a1', 't1'),
      enqueue(words),
      result('r1', 't1', 'a1'),
      op('dequeue'),
      userEntry('p2', words),
    ];
    expect(placed(entries)).toEqual({});
    // Before the prompt is written, a run must not take it for words handed over mid-turn either.
    expect(placed(entries.slice(0, 4), false)).toEqual({});
  });

  it('pulled back into the input to be edited (popAll), it is not read: what is sent then is', () => {
    const entries = [
      userEntry('p1', 'Go.'),
      call('a1', 't1'),
      enqueue('Use npm for this.'),
      op('popAll'),
      result('r1', 't1', 'a1'),
      userEntry('p2', 'Never use npm here; pnpm only.'),
    ];
    expect(placed(entries)).toEqual({});
  });

  it("leaves a background task's notification out: it is queued in tags, and is no one's words", () => {
    const entries = [
      userEntry('p1', 'Go.'),
      call('a1', 't1'),
      enqueue('<task-notification><status>completed</status></task-notification>'),
      op('remove'),
      result('r1', 't1', 'a1'),
    ];
    expect(placed(entries)).toEqual({});
  });

  it('a slash command waits in the queue: what is handed over mid-turn is the oldest other message', () => {
    const words = 'Keep the public API stable.';
    const entries = [userEntry('p1', 'Go.'), call('a1', 't1'), enqueue('/compact'), enqueue(words), op('remove'), result('r1', 't1', 'a1')];
    expect(placed(entries)).toEqual({ r1: [words] });
  });

  it('handed over after the last user entry, it is read with that one once the file has ended; handed over twice, it is read once', () => {
    const words = 'Use pnpm, never npm.';
    const twice = [
      userEntry('p1', 'Go.'),
      call('a1', 't1'),
      enqueue(words),
      op('remove'),
      result('r1', 't1', 'a1'),
      call('a2', 't2'),
      enqueue(words),
      op('remove'),
      result('r2', 't2', 'a2'),
    ];
    expect(placed(twice)).toEqual({ r1: [words] });
    const trailing = [userEntry('p1', 'Go.'), call('a1', 't1'), result('r1', 't1', 'a1'), enqueue(words), op('remove')];
    expect(placed(trailing)).toEqual({ r1: [words] });
    expect(placed(trailing, false)).toEqual({});
  });

  it('is never read with a sidechain entry or a compaction summary', () => {
    const words = 'Keep the API stable.';
    const side = { ...userEntry('s1', 'subagent prompt'), isSidechain: true } as Entry;
    const summary = { ...userEntry('c1', 'Summary of the conversation so far.'), isCompactSummary: true } as Entry;
    const entries = [userEntry('p1', 'Go.'), enqueue(words), op('remove'), side, summary, result('r1', 't1', 'a1')];
    expect(placed(entries)).toEqual({ r1: [words] });
  });
});

describe("a slash command's arguments are the person's typed words (decision 100)", () => {
  const command = (args: string) =>
    userEntry(
      'c1',
      `<command-message>review</command-message>\n<command-name>/review</command-name>\n<command-args>${args}</command-args>`,
    );

  it('are found, and read as the words of the message that holds the command', () => {
    expect(commandArgsOf(command(' always squash merges '))).toBe('always squash merges');
    const typed = found([command('always squash merges'), userEntry('m1', 'Expanded command text: follow these steps.')]);
    expect(Object.fromEntries(typed.args)).toEqual({ c1: 'always squash merges' });
    expect(typedWordsIn(['c1', 'm1'], typed)).toEqual(['always squash merges']);
  });

  it('a command without arguments, a meta message or an assistant message holds none', () => {
    expect(commandArgsOf(command(''))).toBe('');
    expect(commandArgsOf({ ...command('x'), isMeta: true })).toBe('');
    expect(commandArgsOf(assistantEntry('a1', 'm1', text('<command-args>no</command-args>')))).toBe('');
  });

  it('a queued slash command runs as a command: its arguments are read there, once', () => {
    const entries = [userEntry('p1', 'Go.'), enqueue('/review always squash merges'), command('always squash merges')];
    const typed = found(entries);
    expect(Object.fromEntries(typed.queued)).toEqual({});
    expect(typedWordsIn(['c1'], typed)).toEqual(['always squash merges']);
  });
});
