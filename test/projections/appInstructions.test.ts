import { describe, expect, it } from 'vitest';
import { wordsAfterAppInstructions } from '../../src/projections/appInstructions.js';
import { commandArgsOf, TypedWords, typedWordsIn } from '../../src/projections/typedWords.js';
import { userEntry } from '../../src/testing/entryBuilders.js';

// An app that runs Claude Code puts its own instructions before the person's first message (decision 110, amended).
const wrapped = (typed: string): string =>
  [
    '<system_instruction>',
    'You are running inside a desktop app. Work in the folder it made for you.',
    '</system_instruction>',
    '',
    '<system-instruction>',
    'Before anything else, rename the branch.',
    '</system-instruction>',
    '',
    typed,
  ].join('\n');

describe("words typed after an app's instructions are the person's (decision 110, amended)", () => {
  it('are the text after one or more instruction elements', () => {
    expect(wordsAfterAppInstructions(wrapped('Before opening a PR we want to run the checks.'))).toBe(
      'Before opening a PR we want to run the checks.',
    );
    expect(wordsAfterAppInstructions('<system_instruction>Be brief.</system_instruction>Fix the login bug')).toBe('Fix the login bug');
  });

  it('a text opening with no instruction element, or with nothing typed after it, or another tag after it, holds none', () => {
    expect(wordsAfterAppInstructions('Before opening a PR we want to run the checks.')).toBe('');
    expect(wordsAfterAppInstructions('<system-reminder>Be brief.</system-reminder>Fix it')).toBe('');
    expect(wordsAfterAppInstructions(wrapped(''))).toBe('');
    expect(wordsAfterAppInstructions(wrapped('<command-message>context</command-message>'))).toBe('');
    expect(wordsAfterAppInstructions('<system_instruction>never closed, so nothing after it is known')).toBe('');
  });

  it("are read as the words of the message that holds them, as a slash command's arguments are", () => {
    const entry = userEntry('w1', wrapped('we always squash merges'));
    expect(commandArgsOf(entry)).toBe('we always squash merges');
    const typed = new TypedWords();
    typed.add(entry);
    expect(typedWordsIn(['w1'], typed.found({ ended: true }))).toEqual(['we always squash merges']);
    expect(commandArgsOf({ ...entry, isMeta: true })).toBe('');
  });
});
