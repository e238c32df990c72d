import { describe, expect, it, vi } from 'vitest';
import { AnthropicModel, ConfigError, ModelPortError } from '../../../src/index.js';
import { DEFAULT_ANTHROPIC_MODEL } from '../../../src/model/anthropic/index.js';
import { testModelPort } from '../../contract/modelPort.contract.js';
import { MessagesServer } from '../../support/messagesServer.js';
import { useMessagesServer } from '../../support/useMessagesServer.js';

const textsOf = (body: Record<string, unknown>): string[] =>
  (body['messages'] as Array<{ content: Array<{ type: string; text?: string }> }>).flatMap((m) =>
    m.content.flatMap((b) => (b.type === 'text' ? [b.text ?? ''] : [])),
  );

for (const stream of [true, false]) {
  testModelPort(
    `AnthropicModel, ${stream ? 'streamed over SSE' : 'plain JSON'} (the real SDK over HTTP to 127.0.0.1)`,
    async () => {
      const server = new MessagesServer();
      const baseURL = await server.start();
      return {
        port: new AnthropicModel({ apiKey: 'test-key', baseURL, maxRetries: 0, stream }),
        scripted: {
          reply: (text, usage) =>
            void server.arrange({
              kind: 'reply',
              content: [{ type: 'text', text }],
              usage: { input_tokens: usage?.input ?? 1, output_tokens: usage?.output ?? 1, cache_read_input_tokens: usage?.cacheRead ?? 0 },
            }),
          replyWithTool: (name, input) =>
            void server.arrange({ kind: 'reply', content: [{ type: 'tool_use', id: 'toolu_1', name, input }], stopReason: 'tool_use' }),
          fail: (status) => void server.arrange({ kind: 'status', status }),
          lastRequest: () => {
            const body = server.received.at(-1)!.body;
            const system = (body['system'] as Array<{ text: string }> | undefined)?.map((b) => b.text).join('');
            return { system, texts: textsOf(body) };
          },
        },
        close: () => server.stop(),
      };
    },
    { scripted: true },
  );
}

describe('AnthropicModel against faults (the real SDK, a local server)', () => {
  const api = useMessagesServer();
  const { server } = api;

  const ask = (model: AnthropicModel) => model.complete({ messages: [{ role: 'user', content: 'hi' }], maxTokens: 16 });
  const content = [{ type: 'text', text: 'a reply long enough to be cut in the middle' }];

  it.each([
    ['429 with retry-after', { kind: 'status', status: 429, retryAfterMs: 5 }],
    ['529 overloaded', { kind: 'status', status: 529, retryAfterMs: 5 }],
    ['500', { kind: 'status', status: 500, retryAfterMs: 5 }],
    ['a dropped connection', { kind: 'drop' }],
  ] as const)('retries after %s, then succeeds', async (_name, fault) => {
    server.arrange(fault, fault, { kind: 'reply', content: [{ type: 'text', text: 'finally' }] });
    const reply = await ask(new AnthropicModel({ apiKey: 'k', baseURL: api.url, maxRetries: 2 }));
    expect(reply.content).toEqual([{ type: 'text', text: 'finally' }]);
    expect(server.received).toHaveLength(3);
  });

  it.each([true, false])('retries 429, 529 and 500 in turn, streamed: %s', async (stream) => {
    server.arrange(
      { kind: 'status', status: 429, retryAfterMs: 5 },
      { kind: 'status', status: 529, retryAfterMs: 5 },
      { kind: 'status', status: 500, retryAfterMs: 5 },
      { kind: 'reply', content },
    );
    const reply = await ask(new AnthropicModel({ apiKey: 'k', baseURL: api.url, maxRetries: 3, stream }));
    expect(reply.content).toEqual(content);
    expect(server.received.map((r) => r.body['stream'] === true)).toEqual([stream, stream, stream, stream]);
  });

  it('a stream cut mid-reply is asked again, and the reply is whole', async () => {
    server.arrange({ kind: 'dropMidStream', content, afterEvents: 3 }, { kind: 'reply', content });
    const reply = await ask(new AnthropicModel({ apiKey: 'k', baseURL: api.url, maxRetries: 2 }));
    expect(reply.content).toEqual(content);
    expect(server.received).toHaveLength(2);
  });

  it('an overloaded_error event mid-stream is asked again', async () => {
    server.arrange({ kind: 'errorMidStream', content, errorType: 'overloaded_error' }, { kind: 'reply', content });
    const reply = await ask(new AnthropicModel({ apiKey: 'k', baseURL: api.url, maxRetries: 1 }));
    expect(reply.content).toEqual(content);
  });

  it('streams cut every time: a retryable ModelPortError once the retries are used up', async () => {
    server.arrange(...Array.from({ length: 2 }, () => ({ kind: 'dropMidStream', content, afterEvents: 2 }) as const));
    const error: unknown = await ask(new AnthropicModel({ apiKey: 'k', baseURL: api.url, maxRetries: 1 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelPortError);
    expect(error).toMatchObject({ status: null, retryable: true, aborted: false });
    expect(server.received).toHaveLength(2);
  });

  it('streamed tool input that is not JSON is a ModelPortError, not a crash or a half-made call', async () => {
    server.arrange({
      kind: 'reply',
      content: [{ type: 'tool_use', id: 'toolu_x', name: 'Edit', input: {}, rawInput: '{"file_path": "notes.md", "old_string": ' }],
      stopReason: 'tool_use',
    });
    const error: unknown = await ask(new AnthropicModel({ apiKey: 'k', baseURL: api.url, maxRetries: 0 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelPortError);
    expect((error as Error).message).toMatch(/json|parse/i);
  });

  it('an aborted call rejects at once, marked aborted and not retryable', async () => {
    server.arrange({ kind: 'slow', delayMs: 10_000 });
    const controller = new AbortController();
    const pending = new AnthropicModel({ apiKey: 'k', baseURL: api.url, maxRetries: 3 }).complete(
      { messages: [{ role: 'user', content: 'hi' }], maxTokens: 16 },
      { signal: controller.signal },
    );
    // Aborted once the server holds the request, whatever the machine's load: a fixed delay could abort before it is sent.
    await vi.waitFor(() => expect(server.received).toHaveLength(1), { timeout: 30_000, interval: 5 });
    controller.abort();
    const error: unknown = await pending.catch((e: unknown) => e);
    expect(error).toMatchObject({ aborted: true, retryable: false });
    expect(server.received).toHaveLength(1);
  });

  it('sends an output schema as output_config.format', async () => {
    server.arrange({ kind: 'reply', content: [{ type: 'text', text: '{"selected_memories":[]}' }] });
    const schema = {
      type: 'object',
      properties: { selected_memories: { type: 'array', items: { type: 'string' } } },
      required: ['selected_memories'],
      additionalProperties: false,
    };
    await new AnthropicModel({ apiKey: 'k', baseURL: api.url, maxRetries: 0 }).complete({
      messages: [{ role: 'user', content: 'pick' }],
      maxTokens: 256,
      outputSchema: schema,
      task: { kind: 'summary' },
    });
    const { body } = server.received[0]!;
    expect(body['output_config']).toEqual({ format: { type: 'json_schema', schema } });
    expect(body).not.toHaveProperty('task');
  });

  it('gives up when the retries are used up: a retryable ModelPortError with the status', async () => {
    server.arrange(...Array.from({ length: 3 }, () => ({ kind: 'status', status: 529, retryAfterMs: 5 }) as const));
    const error: unknown = await ask(new AnthropicModel({ apiKey: 'k', baseURL: api.url, maxRetries: 2 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelPortError);
    expect(error).toMatchObject({ status: 529, retryable: true });
    expect(server.received).toHaveLength(3);
  });

  it('times out a reply slower than the timeout', async () => {
    server.arrange({ kind: 'slow', delayMs: 2_000 });
    const error: unknown = await ask(new AnthropicModel({ apiKey: 'k', baseURL: api.url, maxRetries: 0, timeoutMs: 150 })).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: null, retryable: true });
    expect((error as Error).message).toMatch(/timed out|timeout/i);
  });

  it('marks the shared prefix and the system prompt for prompt caching, and sends the key', async () => {
    server.arrange({ kind: 'reply', content: [{ type: 'text', text: 'ok' }] });
    await new AnthropicModel({ apiKey: 'secret-key', baseURL: api.url, maxRetries: 0 }).complete({
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

  it('the model id is a setting: the option, else MEMLOG_MODEL_ID, else the default', async () => {
    server.arrange(...Array.from({ length: 3 }, () => ({ kind: 'reply' as const, content: [{ type: 'text', text: 'ok' }] })));
    await ask(new AnthropicModel({ apiKey: 'k', baseURL: api.url, maxRetries: 0, model: 'claude-opus-5-5' }));
    await ask(new AnthropicModel({ apiKey: 'k', baseURL: api.url, maxRetries: 0, env: { MEMLOG_MODEL_ID: 'claude-haiku-5-0' } }));
    await ask(new AnthropicModel({ apiKey: 'k', baseURL: api.url, maxRetries: 0, env: {} }));
    expect(server.received.map((r) => r.body['model'])).toEqual(['claude-opus-5-5', 'claude-haiku-5-0', DEFAULT_ANTHROPIC_MODEL]);
  });

  it('without a key it is a configuration error, never a network call', () => {
    expect(() => new AnthropicModel({ env: {} })).toThrow(ConfigError);
    expect(server.received).toHaveLength(0);
  });
});
