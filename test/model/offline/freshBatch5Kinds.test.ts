import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { occasionRule } from '../../../src/model/offline/occasionRules.js';

// Kinds of statement read after a fourth fresh batch of real sessions (decision 110, amended). Every sentence here was
// written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const keptOf = (said: string): string[] => findMemoryStatements([assistant('Done, the tests pass.'), user(said)]).map((s) => s.text);

describe('a rule for an occasion of the routine, said first', () => {
  it('"before / when / after" a step every change goes through, then what we or you should, want to or must do', () => {
    for (const said of [
      'Before opening a pull request we want to run the full test suite and make sure it passes.',
      'When cutting a release you should regenerate the API docs.',
      'After merging we need to delete the feature branch.',
      'Whenever we publish to npm, we must bump the changelog too.',
    ])
      expect(keptOf(said), said).toEqual([said]);
  });

  it('said as what to write down, the memory is the rule alone', () => {
    expect(keptOf('Please note in the contributing guide that before creating a PR we want to run the linter.')).toEqual([
      'Before creating a PR we want to run the linter.',
    ]);
  });

  it('one occasion, a question, a past duty or a step pointed at is none', () => {
    for (const said of [
      'Before creating the PR we want to run the linter.',
      'When creating a PR tomorrow we should mention the migration.',
      'When releasing v2.3 we need to drop the old flag.',
      'Before creating a PR, should we run the linter?',
      'When creating a PR we should have run the linter.',
    ])
      expect(keptOf(said), said).toEqual([]);
    // Told with a symptom, the occasion is one that went wrong: the kind reads no rule there.
    expect(occasionRule('Before creating a PR we want to run the linter, but it keeps failing.')).toBeUndefined();
    expect(occasionRule('Before creating a PR we want to run the linter.')).toEqual({ type: 'feedback', cue: 'always-never' });
  });
});

describe('a want of the team over every thing of a kind', () => {
  it('"we want to / should" + a verb that sets something up + in, on or to all / every / each of a kind', () => {
    for (const said of [
      'We also want to show the version in every command help page.',
      'We should include a license header in all source files.',
    ])
      expect(keptOf(said), said).toEqual([said]);
  });

  it('a sweep done once (the kind as the object, a set of the moment) is none', () => {
    for (const said of ['We want to fix all the failing tests.', 'We should add a license header to all the new files.'])
      expect(keptOf(said), said).toEqual([]);
  });

  it('a rule over every thing of a kind after "which means" is read alone', () => {
    expect(keptOf('Which means every package README should link to the CLI package.')).toEqual([
      'Every package README should link to the CLI package.',
    ]);
  });
});

describe('a statement recalled, and words after a fence typed one backtick short', () => {
  it('"we said in CLAUDE.md that…", "as we agreed, …": what was said is read alone, and goes on with what is added', () => {
    expect(keptOf('We said in CLAUDE.md that after merging we should delete the branch. We also want to prune the remote.')).toEqual([
      'After merging we should delete the branch. We also want to prune the remote.',
    ]);
    expect(keptOf('We said that yesterday.')).toEqual([]);
  });

  it('a line of two backticks closes an open fence: the person’s words after it are read', () => {
    const said = 'some readme shows this:\n```\nnpm install acme acme-core\n``\n\nwe want people to install `acme`, not `acme-core`.';
    expect(keptOf(said)).toEqual(['We want people to install `acme`, not `acme-core`.']);
    expect(keptOf('some readme shows this:\n```\nwe want people to install `acme`, not `acme-core`.')).toEqual([]);
  });
});

describe('a list copied out of a terminal', () => {
  it('an indented list item whose line breaks back to its marker’s column was wrapped by the terminal: none of it is typed', () => {
    const copied = [
      'rename the command',
      'why:',
      '',
      '  - Short: one word that is easy to type and easy to remember, which is what we always prefer for the',
      '  commands people type many times a day, over and over again',
      '  - Keeps the naming scheme rather than just sitting next to it',
    ].join('\n');
    expect(keptOf(copied)).toEqual([]);
  });

  it('an indented item going on under its text is the person’s list', () => {
    const own = [
      'Rules:',
      '',
      '  - Always run the formatter on generated files before you open a pull request, because the CI',
      '    step rejects anything that is not formatted.',
    ].join('\n');
    expect(keptOf(own)).toHaveLength(1);
  });
});

describe('what the team wants the project’s people to do, one way and not another', () => {
  it('"we want people / users / contributors to A, not / rather than B"', () => {
    for (const said of [
      'We want people to install the CLI package, not the core library.',
      'To get going, we want contributors to open an issue rather than email the maintainers.',
    ])
      expect(keptOf(said), said).toEqual([said]);
  });

  it('without a way not taken, asked of the assistant, or asked, it is none', () => {
    for (const said of [
      'We want people to enjoy the onboarding.',
      'I want you to install the CLI package, not the core library.',
      'Do we want people to install the CLI package, not the core library?',
    ])
      expect(keptOf(said), said).toEqual([]);
  });
});

describe('an instruction with the good it does', () => {
  it('"…, that makes it easier to…" and "…, that way…" make an instruction a way of working', () => {
    for (const said of [
      'Use the JSONC format for the worker config and reference its schema, that makes it easier to validate.',
      'Keep fixtures next to their tests, that way the imports stay short.',
    ])
      expect(keptOf(said), said).toEqual([said]);
  });

  it('said of a thing at hand, or with no instruction, it is none', () => {
    for (const said of ['Use this port instead, that makes it easier to debug.', 'The new layout is done, that makes it easier to read.'])
      expect(keptOf(said), said).toEqual([]);
  });
});

describe('how the program treats its own users is the work at hand', () => {
  it('a condition on what the program’s user does, then what the program does', () => {
    for (const said of [
      'If the user says no, remember that for the session and print the command at the end.',
      'When a visitor clicks the banner, always close it for good.',
    ])
      expect(keptOf(said), said).toEqual([]);
  });

  it('a condition on the work’s own things is still a rule', () => {
    expect(keptOf('If the payload is empty, never send the webhook.')).toEqual(['If the payload is empty, never send the webhook.']);
  });
});

describe('the person talking to the assistant about its own conduct', () => {
  it('asking why it did not, wanting it to keep to something pointed at, changing it so it remembers', () => {
    for (const said of [
      'I also ask you why you skipped it, because we want you to adhere to it in the future.',
      'Always follow that from now on.',
    ])
      expect(keptOf(said), said).toEqual([]);
  });

  it('a rule said to the assistant with its content is kept', () => {
    expect(keptOf('Always follow the commit message convention: imperative mood, no trailing period.')).not.toEqual([]);
  });
});

describe('what one version went out as, and what the person meant by their request', () => {
  it('a version named by its number, then what happened when it went out, is one occasion', () => {
    expect(keptOf('Heads up: acme-core@0.4.1 was published without its build output.')).toEqual([]);
    expect(keptOf('We always publish the packages with their build output.')).toEqual([
      'We always publish the packages with their build output.',
    ]);
  });

  it('"I meant <the work>" says again what the work at hand is; "I meant that we always…" states a rule', () => {
    expect(keptOf('I meant moving it into a shared package, not publishing it as a library.')).toEqual([]);
    expect(keptOf('I meant that we always squash commits before merging.')).not.toEqual([]);
  });
});
