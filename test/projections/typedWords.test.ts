import { describe, expect, it } from 'vitest';
import { assistantEntry, sideEntry, text, toolResultEntry, toolUse, userEntry } from '../../src/testing/entryBuilders.js';
import { commandArgsOf, TypedWords, typedWordsIn } from '../../src/projections/typedWords.js';
import type { Entry } from '../../src/transcript/entrySchema.js';

const enqueue = (content: string): Entry => sideEntry('queue-operation', { operation: 'enqueue', content });
const op = (operation: string): Entry => sideEntry('queue-operation', { operation });
const call = (uuid: string, id: string): Entry => assistantEntry(uuid, `msg_${uuid}`, toolUse(id));
const result = (uuid: string, id: string, parent: string): Entry => toolResultEntry(uuid, id, parent);

function found(entries: readonly Entry[]) {
  const fold = new TypedWords();
  for (const entry of entries) fold.add(entry);
  return fold.found();
}

const placed = (entries: readonly Entry[]): Record<string, readonly string[]> => Object.fromEntries(found(entries).queued);

describe('what a person queued while the agent worked (decision 100)', () => {
  it('is read with the next user entry when it reached the model in the middle of a turn', () => {
    const words = 'Wait: always run the linter before a commit.';
    const entries = [userEntry('p1', 'Fix the build.'), call('a1', 't1'), enqueue(words), op('remove'), result('r1', 't1', 'a1')];
    expect(placed(entries)).toEqual({ r1: [words] });
  });

  it('is read once where a later prompt hands it over, not where it was queued', () => {
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
  });

  it("leaves a background task's notification out: it is queued in tags, and is no one's words", () => {
    const entries = [
      userEntry('p1', 'Go.'),
      call('a1', 't1'),
      enqueue('<task-notification><status>completed</status></task-notification>'),
      result('r1', 't1', 'a1'),
    ];
    expect(placed(entries)).toEqual({});
  });

  it('queued after the last user entry, it is read with that one; queued twice, it is read once', () => {
    const words = 'Use pnpm, never npm.';
    const entries = [userEntry('p1', 'Go.'), call('a1', 't1'), result('r1', 't1', 'a1'), enqueue(words), op('dequeue'), enqueue(words)];
    expect(placed(entries)).toEqual({ r1: [words] });
  });

  it('ignores sidechain user entries as places to read it with', () => {
    const words = 'Keep the API stable.';
    const side = { ...userEntry('s1', 'subagent prompt'), isSidechain: true } as Entry;
    const entries = [userEntry('p1', 'Go.'), enqueue(words), side, result('r1', 't1', 'a1')];
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
