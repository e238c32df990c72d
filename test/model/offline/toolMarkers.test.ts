import { describe, expect, it } from 'vitest';
import { findMemoryStatements } from '../../../src/model/offline/memoryStatements.js';
import type { ModelMessage } from '../../../src/model/port.js';

const user = (content: string): ModelMessage => ({ role: 'user', content });
const found = (text: string) => findMemoryStatements([user(text)]).map((s) => s.text);

describe("a marker a tool inserts is no one's words (decision 68, amended)", () => {
  it.each([
    'So we keep the queue in memory for now. [text transcribed by apple dictation]',
    '[dictated with Wispr Flow]',
    'The sidebar keeps its width on reload. [transcribed by SuperWhisper]',
    '[Pasted text #2 +14 lines] what do you make of this?',
    '[Image #1] the header overlaps here',
  ])('%s: the marker is no memory', (said) => {
    for (const text of found(said)) expect(text).not.toMatch(/\[(?:text |dictated|transcribed|pasted|image)/i);
  });

  it("a lasting fact about the same tool, in the person's own words, is kept", () => {
    const said = 'I use Apple dictation for most of my messages, so read past the homophones.';
    expect(found(said)).toEqual([said]);
  });
});
