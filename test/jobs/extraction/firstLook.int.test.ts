import { describe, expect, it } from 'vitest';
import { AnthropicModel } from '../../../src/index.js';
import { FIRST_LOOK_SCHEMA, firstLook, parseAnswer } from '../../../src/jobs/extraction/firstLook.js';
import { OfflineModel } from '../../../src/model/offline/index.js';
import type { ModelMessage } from '../../../src/model/port.js';
import { useMessagesServer } from '../../support/useMessagesServer.js';

const newPart: ModelMessage[] = [
  { role: 'user', content: 'Remember that I prefer pnpm over npm for this project.' },
  { role: 'assistant', content: [{ type: 'text', text: 'Noted.' }] },
];

describe('the first look through the real SDK against a local Messages API', () => {
  const api = useMessagesServer();
  const { server } = api;
  // As the CLI builds it: one attempt, the SDK's own timeout longer than the look's.
  const model = () => new AnthropicModel({ apiKey: 'k', baseURL: api.url, maxRetries: 0, stream: false, timeoutMs: 10_000 });

  it('asks once, with the JSON schema as structured output and a budget of 64 tokens, and reads the boolean', async () => {
    server.arrange({
      kind: 'reply',
      content: [{ type: 'text', text: '{"write_likely":true}' }],
      usage: { input_tokens: 120, output_tokens: 7 },
    });
    const look = await firstLook({ mode: 'enforce', model: model() }, newPart);
    expect(look).toMatchObject({ mode: 'enforce', answer: true, tokens: { input: 120, output: 7 } });
    expect(server.received).toHaveLength(1);
    const { body } = server.received[0]!;
    expect(body['output_config']).toEqual({ format: { type: 'json_schema', schema: FIRST_LOOK_SCHEMA } });
    expect(body['max_tokens']).toBe(64);
    expect(JSON.stringify(body['messages'])).toContain('I prefer pnpm over npm');
    expect(body).not.toHaveProperty('task');
  });

  it('reads a no', async () => {
    server.arrange({ kind: 'reply', content: [{ type: 'text', text: '{"write_likely": false}' }] });
    expect((await firstLook({ mode: 'enforce', model: model() }, newPart)).answer).toBe(false);
  });

  it.each([
    ['not JSON', 'yes'],
    ['a string for the boolean', '{"write_likely":"false"}'],
    ['another field', '{"likely":false}'],
    ['an array', '[false]'],
  ])('a malformed answer (%s) is no answer, so it never skips', async (_what, answer) => {
    server.arrange({ kind: 'reply', content: [{ type: 'text', text: answer }] });
    const look = await firstLook({ mode: 'enforce', model: model() }, newPart);
    expect(look.answer).toBeNull();
    expect(look.error).toMatch(/not \{"write_likely": boolean\}/);
  });

  it('times out after its own short timeout, without a retry', async () => {
    // The answer comes twenty times later than the timeout, so a loaded machine cannot blur the two.
    server.arrange({ kind: 'slow', delayMs: 4_000 }, { kind: 'reply', content: [{ type: 'text', text: '{"write_likely":false}' }] });
    const look = await firstLook({ mode: 'enforce', model: model(), timeoutMs: 200 }, newPart);
    expect(look).toMatchObject({ answer: null, error: 'no answer within 200 ms' });
    expect(look.ms).toBeLessThan(4_000);
    await new Promise((resolve) => setTimeout(resolve, 4_100));
    expect(server.received).toHaveLength(1);
  });

  it('an overloaded API is no answer, asked once (no retries)', async () => {
    server.arrange({ kind: 'status', status: 529 }, { kind: 'reply', content: [{ type: 'text', text: '{"write_likely":false}' }] });
    const look = await firstLook({ mode: 'shadow', model: model() }, newPart);
    expect(look.answer).toBeNull();
    expect(look.error).toMatch(/529/);
    expect(server.received).toHaveLength(1);
  });
});

describe('the offline first look', () => {
  it('answers from its own rule: yes when the new messages hold a statement it would save', async () => {
    const offline = new OfflineModel();
    expect((await firstLook({ mode: 'enforce', model: offline }, newPart)).answer).toBe(true);
    const chatter: ModelMessage[] = [{ role: 'user', content: 'Looks good, thanks!' }];
    expect((await firstLook({ mode: 'enforce', model: offline }, chatter)).answer).toBe(false);
  });

  it('parses only an object holding a boolean', () => {
    expect([parseAnswer('{"write_likely":true}'), parseAnswer('{"write_likely":null}'), parseAnswer('')]).toEqual([true, null, null]);
  });
});
