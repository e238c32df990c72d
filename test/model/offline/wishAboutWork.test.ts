import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';

// "I only want to keep X, so…" says what the person wants of the work, not who they are (decision 106). Example sentences written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const kept = (said: string) => findMemoryStatements([assistant('I read the packaging scripts.'), user(said)]).map((s) => [s.type, s.text]);

describe('a wish about the work said in the first person', () => {
  it('is no fact about the person', () => {
    const said = 'I only want to keep the AppImage as of now, so we need to check what can be removed.';
    expect(kept(said).map(([type]) => type)).not.toContain('user');
    expect(kept("I'd like to ship only the static build, so the server code can go.").map(([type]) => type)).not.toContain('user');
  });

  it('what the person has or does, said with its consequence, is still about them', () => {
    expect(kept('I only use a Mac, so keep the scripts POSIX.')).toEqual([['user', 'I only use a Mac, so keep the scripts POSIX.']]);
    expect(kept('I only work on the backend, so explain the React parts.')).toEqual([
      ['user', 'I only work on the backend, so explain the React parts.'],
    ]);
  });
});
