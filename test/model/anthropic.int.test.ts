import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnthropicModel, ConfigError, ModelPortError } from '../../src/index.js';
import { testModelPort } from '../contract/modelPort.contract.js';
import { MessagesServer } from '../support/messagesServer.js';

const textsOf = (body: Record<string, unknown>): string[] =>
  (body['messages'] as Array<{ content: Array<{ type: string; text?: string }> }>).flatMap((m) => m.content.flatMap((b) => (b.type === 'text' ? [b.text ?? ''] : [])));

testModelPort('AnthropicModel (the real SDK over HTTP to 127.0.0.1)', async () => {
  const server = new MessagesServer();
  const baseURL = await server.start();
  return {
    port: new AnthropicModel({ apiKey: 'test-key', baseURL, maxRetries: 0 }),
    reply: (text, usage) => void server.arrange({ kind: 'reply', content: [{ type: 'text', text }], usage: { input_tokens: usage?.input ?? 1, output_tokens: usage?.output ?? 1, cache_read_input_tokens: usage?.cacheRead ?? 0 } }),
    fail: (status) => void server.arrange({ kind: 'status', status }),
    lastRequest: () => {
      const body = server.received.at(-1)!.body;
      const system = (body['system'] as Array<{ text: string }> | undefined)?.map((b) => b.text).join('');
      return { system, texts: textsOf(body) };
    },
    close: () => server.stop(),
  };
});

describe('AnthropicModel against faults (the real SDK, a local server)', () => {
  let server: MessagesServer;
  let baseURL: string;
  beforeEach(async () => {
    server = new MessagesServer();
    baseURL = await server.start();
  });
  afterEach(() => server.stop());

  const ask = (model: AnthropicModel) => model.complete({ messages: [{ role: 'user', content: 'hi' }], maxTokens: 16 });

  it.each([
    ['429 with retry-after', { kind: 'status', status: 429, retryAfterMs: 5 }],
    ['529 overloaded', { kind: 'status', status: 529, retryAfterMs: 5 }],
    ['500', { kind: 'status', status: 500, retryAfterMs: 5 }],
    ['a dropped connection', { kind: 'drop' }],
  ] as const)('retries after %s, then succeeds', async (_name, fault) => {
    server.arrange(fault, fault, { kind: 'reply', content: [{ type: 'text', text: 'finally' }] });
    const reply = await ask(new AnthropicModel({ apiKey: 'k', baseURL, maxRetries: 2 }));
    expect(reply.content).toEqual([{ type: 'text', text: 'finally' }]);
    expect(server.received).toHaveLength(3);
  });

  it('gives up when the retries are used up: a retryable ModelPortError with the status', async () => {
    server.arrange(...Array.from({ length: 3 }, () => ({ kind: 'status', status: 529, retryAfterMs: 5 }) as const));
    const error: unknown = await ask(new AnthropicModel({ apiKey: 'k', baseURL, maxRetries: 2 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelPortError);
    expect(error).toMatchObject({ status: 529, retryable: true });
    expect(server.received).toHaveLength(3);
  });

  it('times out a reply slower than the timeout', async () => {
    server.arrange({ kind: 'slow', delayMs: 2_000 });
    const error: unknown = await ask(new AnthropicModel({ apiKey: 'k', baseURL, maxRetries: 0, timeoutMs: 150 })).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: null, retryable: true });
    expect((error as Error).message).toMatch(/timed out|timeout/i);
  });

  it('marks the shared prefix and the system prompt for prompt caching, and sends the key', async () => {
    server.arrange({ kind: 'reply', content: [{ type: 'text', text: 'ok' }] });
    await new AnthropicModel({ apiKey: 'secret-key', baseURL, maxRetries: 0 }).complete({
      system: 'rules',
      messages: [
        { role: 'user', content: 'parent 1' },
        { role: 'assistant', content: 'parent 2' },
        { role: 'user', content: 'update the notes' },
      ],
      maxTokens: 64,
      sharedPrefix: 2,
    });
    const { body, headers, path } = server.received[0]!;
    expect(path).toBe('/v1/messages');
    // This SDK sends the key as a bearer token (older ones used x-api-key).
    expect(headers['x-api-key'] ?? headers['authorization']?.replace(/^Bearer /, '')).toBe('secret-key');
    const messages = body['messages'] as Array<{ content: Array<Record<string, unknown>> }>;
    expect(messages.map((m) => m.content.at(-1)?.['cache_control'] ?? null)).toEqual([null, { type: 'ephemeral' }, null]);
    expect((body['system'] as Array<Record<string, unknown>>)[0]).toMatchObject({ text: 'rules', cache_control: { type: 'ephemeral' } });
  });

  it('without a key it is a configuration error, never a network call', () => {
    expect(() => new AnthropicModel({ env: {} })).toThrow(ConfigError);
    expect(server.received).toHaveLength(0);
  });
});
