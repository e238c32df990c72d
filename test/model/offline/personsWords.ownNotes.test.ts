import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { personsWords } from '../../../src/model/offline/personsWords.js';

// Decision 110, amended: a line that says it pastes, copies or quotes announces someone else's words, unless what it
// announces is the person's own (a possessive or first-person kind of written words). Every sentence here was written
// for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const keptOf = (said: string): string[] => findMemoryStatements([assistant('Done, the tests pass.'), user(said)]).map((s) => s.text);

const RULES = 'Always run the formatter before committing.\n\nNever push straight to the release branch.';

describe('a paste lead that announces the person’s own written words keeps them as theirs', () => {
  it.each([
    'Pasting my notes:',
    'Pasting my own rules for this repo:',
    'Copying our team conventions here:',
    'Here are my rules:',
    'These are our guidelines:',
    'Quoting the rules I follow:',
    'Copied from the notes I keep for this project:',
  ])('%s — the rules after it stay the person’s', (lead) => {
    const words = personsWords(`${lead}\n\n${RULES}`);
    expect(words).toContain('Always run the formatter before committing.');
    expect(words).toContain('Never push straight to the release branch.');
    // Both rules are kept (the extractor may keep them as one statement).
    const kept = keptOf(`${lead}\n\n${RULES}`).join(' ');
    expect(kept).toContain('Always run the formatter before committing.');
    expect(kept).toContain('Never push straight to the release branch.');
  });

  it('the own rules right under the lead, in the same paragraph, stay too', () => {
    const words = personsWords(
      'Here are my rules:\n- Always run the formatter before committing.\n- Never push straight to the release branch.',
    );
    expect(words).toContain('Always run the formatter before committing.');
    expect(words).toContain('Never push straight to the release branch.');
  });
});

describe('a paste lead that announces someone else’s words, or a machine’s, still takes them out', () => {
  it.each([
    'Pasting the reviewer’s notes:',
    'Pasting my colleague’s rules:',
    "Copying my manager's guidelines:",
    'Quoting the style guide from the other team:',
    'Pasting the issue text:',
    'Here is my log:',
    "Here's my stack trace:",
    // the possessive is not what the lead hands over, or the lead names output, a report or another speaker (reviewed)
    'Here is what the agent said about my rules:',
    'Another agent returned this report on our conventions:',
    'CI failed on my checklist step, here is the log:',
    'Pasting the output of my style guide check:',
    'This is my default shell output:',
    'Here are the results of my policy scan:',
    'Pasting my logs and notes:',
    'Pasting what my lint rules printed:',
    'Forwarding the bot reply to my instructions:',
    'Here are my notes from the CI run:',
  ])('%s — what follows is not the person’s', (lead) => {
    const said = `${lead}\n\nAlways run the formatter before committing.`;
    expect(personsWords(said)).not.toContain('Always run the formatter');
    expect(keptOf(said)).toEqual([]);
  });
});
