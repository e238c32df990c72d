import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';

// "I only want to keep X, so…" says what the person wants of the work, not who they are (decision 106). Example sentences written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const kept = (said: string) => findMemoryStatements([assistant('I read the packaging scripts.'), user(said)]).map((s) => [s.type, s.text]);

describe('a wish about the work said in the first person', () => {
  it('is a decision about the project, not a fact about the person', () => {
    expect(kept('I only want to use Postgres, so skip the SQLite paths.')).toEqual([
      ['project', 'I only want to use Postgres, so skip the SQLite paths.'],
    ]);
  });

  it('stays with the decision it goes on from, as one memory', () => {
    const said = 'Drop support for the DEB package. I only want to keep the AppImage as of now, so we need to check what can be removed.';
    expect(kept(said)).toEqual([['project', said]]);
  });

  it('what the person has or does, said with its consequence, is still about them', () => {
    expect(kept('I only use a Mac, so keep the scripts POSIX.')).toEqual([['user', 'I only use a Mac, so keep the scripts POSIX.']]);
    expect(kept('I only work on the backend, so explain the React parts.')).toEqual([
      ['user', 'I only work on the backend, so explain the React parts.'],
    ]);
  });
});

describe('a wish about the person’s own tools or time', () => {
  it.each([
    "I only want to use vim, so don't suggest VS Code settings.",
    'I only want to work in the mornings, so keep tasks small.',
    'I only want to use Emacs, so skip the editor setup steps.',
  ])('is about the person: %s', (said) => {
    expect(kept(said)).toEqual([['user', said]]);
  });

  it('a wish that acts on the project is still the project’s', () => {
    expect(kept('I only want to deploy from CI, so never run deploy scripts locally.')).toEqual([
      ['project', 'I only want to deploy from CI, so never run deploy scripts locally.'],
    ]);
  });
});
