import { describe, expect, it } from 'vitest';
import { chunkMessage, chunkRequest } from '../../../src/jobs/backfill/chunkRequest.js';
import type { ApiMessage } from '../../../src/resume/apiView.js';

const typed = { queued: new Map([['r1', ['Never force-push to main.']]]), args: new Map<string, string>() };
const toolResult: ApiMessage = {
  role: 'user',
  content: [
    { type: 'tool_result', tool_use_id: 't1', content: 'Always retry three times (from the log of a job)' },
    { type: 'text', text: 'Never force-push to main.' },
  ],
  sources: ['r1'],
};

describe('a message that holds words the person typed outside a prompt (decision 100)', () => {
  it('is cited as itself, not a prompt, and carries those words alone as theirs', () => {
    const message = chunkMessage(toolResult, new Set(), new Set(), typed);
    expect(message).toMatchObject({ uuid: 'r1', human: false, typed: ['Never force-push to main.'] });
    expect(message.texts).toBeUndefined();
  });

  it("shows the model the rest of it as what it is, and the typed words marked as the person's", () => {
    const request = chunkRequest([chunkMessage(toolResult, new Set(), new Set(), typed)], { known: [], saved: [] });
    const content = request.messages[0]!.content;
    const prompt = typeof content === 'string' ? content : JSON.stringify(content);
    expect(prompt).toContain('<message uuid="r1" from="user">');
    expect(prompt).toContain('<person-typed>\nNever force-push to main.\n</person-typed>');
  });
});
