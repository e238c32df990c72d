import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';

const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const texts = (...messages: ModelMessage[]) =>
  findMemoryStatements([assistant('I looked at the project layout.'), ...messages]).map((s) => s.text);

const SHORT = 'The trailer in audit/reviews/v2 is just "Reviewed:".';
const LONG = 'The trailer in audit/reviews/v2 is just "Reviewed:" followed by the reviewer login, never the email.';

describe('a statement the person sent again, longer, is kept once: the longer (decision 69, amended)', () => {
  it('re-sent in the same message, as its own paragraph or on the same line', () => {
    expect(texts(user(`${SHORT}\n\n${LONG}`))).toEqual([LONG]);
    expect(texts(user(`${SHORT} ${LONG}`))).toEqual([LONG]);
  });

  it('the same sentence twice in one message is one sentence', () => {
    const rule = 'Always sign release tags with the team key.';
    expect(texts(user(`${rule} ${rule}`))).toEqual([rule]);
  });

  it('re-sent in a later message', () => {
    expect(texts(user(SHORT), assistant('Noted.'), user(LONG))).toEqual([LONG]);
  });

  it('but two statements that only begin alike both stay', () => {
    const tags = 'Always sign release tags with the team key.';
    const commits = 'Always sign release commits with your own key.';
    expect(texts(user(`${tags} ${commits}`)).join(' ')).toBe(`${tags} ${commits}`);
  });
});
