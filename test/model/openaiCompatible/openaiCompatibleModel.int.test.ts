import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, ModelPortError } from '../../../src/index.js';
import { OpenAICompatibleModel } from '../../../src/model/openaiCompatible/index.js';
import { testModelPort } from '../../contract/modelPort.contract.js';
import { ChatCompletionsServer } from '../../support/chatCompletionsServer.js';

type ChatBody = {
  messages: Array<{ role: string; content: string | null }>;
  response_format?: unknown;
  tools?: unknown;
  tool_choice?: unknown;
};

testModelPort(
  'OpenAICompatibleModel (the openai package over HTTP to 127.0.0.1)',
  async () => {
    const server = new ChatCompletionsServer();
    const baseURL = await server.start();
    return {
      port: new OpenAICompatibleModel({ baseURL, model: 'local-test', maxRetries: 0 }),
      scripted: {
        reply: (text, usage) =>
          void server.arrange({
            kind: 'text',
            text,
            usage: {
              prompt_tokens: (usage?.input ?? 1) + (usage?.cacheRead ?? 0),
              completion_tokens: usage?.output ?? 1,
              prompt_tokens_details: { cached_tokens: usage?.cacheRead ?? 0 },
            },
          }),
        replyWithTool: (name, input) =>
          void server.arrange({ kind: 'reply', content: [{ type: 'tool_use', id: 'call_1', name, input }], stopReason: 'tool_use' }),
        fail: (status) => void server.arrange({ kind: 'status', status }),
        lastRequest: () => {
          const body = server.received.at(-1)!.body as ChatBody;
          const system = body.messages.find((m) => m.role === 'system')?.content ?? undefined;
          return { system, texts: body.messages.filter((m) => m.role !== 'system').map((m) => m.content ?? '') };
        },
      },
      close: () => server.stop(),
    };
  },
  { scripted: true },
);

const SCHEMA = { type: 'object', properties: { write_likely: { type: 'boolean' } }, required: ['write_likely'] };
const structured = {
  system: 'Decide.',
  messages: [{ role: 'user' as const, content: 'anything worth keeping?' }],
  maxTokens: 64,
  outputSchema: SCHEMA,
};

describe('OpenAICompatibleModel against a local chat-completions server', () => {
  let server: ChatCompletionsServer;
  let baseURL: string;
  const start = async (options: { noJsonSchema?: boolean } = {}) => {
    server = new ChatCompletionsServer(options);
    baseURL = await server.start();
  };
  beforeEach(() => start());
  afterEach(() => server.stop());
  const model = (extra: Partial<ConstructorParameters<typeof OpenAICompatibleModel>[0]> = {}) =>
    new OpenAICompatibleModel({ baseURL, model: 'local-test', maxRetries: 0, ...extra });

  it('structured output: the schema goes as response_format; the reply is the JSON object alone', async () => {
    server.arrange({ kind: 'text', text: '{"write_likely": true}' });
    const reply = await model().complete(structured);
    expect(reply.content).toEqual([{ type: 'text', text: '{"write_likely":true}' }]);
    const body = server.received[0]!.body as ChatBody;
    expect(body.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'answer', schema: SCHEMA } });
    expect(body.messages[0]).toMatchObject({ role: 'system' });
  });

  it('a server without JSON-schema support: asked again without response_format, its free text with JSON read; remembered', async () => {
    await server.stop();
    await start({ noJsonSchema: true });
    server.arrange(
      { kind: 'text', text: 'Sure! Here it is:\n```json\n{"write_likely": false}\n```\nAnything else?' },
      { kind: 'text', text: 'Result: {"write_likely": true} done' },
    );
    const port = model();
    expect((await port.complete(structured)).content).toEqual([{ type: 'text', text: '{"write_likely":false}' }]);
    expect((await port.complete(structured)).content).toEqual([{ type: 'text', text: '{"write_likely":true}' }]);
    // 400 then the retry without the schema; the second call goes straight without it.
    expect(server.received.map((r) => (r.body as ChatBody).response_format === undefined)).toEqual([false, true, true]);
    expect((server.received[1]!.body as ChatBody).messages[0]!.content).toContain('"write_likely"');
  });

  it('an answer with no JSON is repaired once: the model is shown its answer and asked again', async () => {
    server.arrange({ kind: 'text', text: 'I think yes.' }, { kind: 'text', text: '{"write_likely": true}' });
    const reply = await model().complete(structured);
    expect(reply.content).toEqual([{ type: 'text', text: '{"write_likely":true}' }]);
    expect(reply.usage.inputTokens).toBe(20);
    const repair = (server.received[1]!.body as ChatBody).messages.slice(-2);
    expect(repair[0]).toMatchObject({ role: 'assistant', content: 'I think yes.' });
    expect(repair[1]!.content).toMatch(/not a JSON object/);
  });

  it('malformed JSON twice: one clear ModelPortError, no third call', async () => {
    server.arrange({ kind: 'text', text: '{"write_likely": tru' }, { kind: 'text', text: 'still {not json' });
    await expect(model().complete(structured)).rejects.toThrow(/not a JSON object, after one repair/);
    expect(server.received).toHaveLength(2);
  });

  it("a tool call's malformed arguments are refused, not run", async () => {
    server.arrange({ kind: 'rawToolCall', name: 'Write', args: '{"file_path": "a.md", "content": "cut' });
    const error = await model()
      .complete({
        messages: [{ role: 'user', content: 'go' }],
        maxTokens: 64,
        tools: [{ name: 'Write', description: 'w', inputSchema: { type: 'object' } }],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelPortError);
    expect((error as Error).message).toMatch(/not whole JSON/);
  });

  it.each([
    ['429', 429],
    ['500', 500],
  ])('retries after %s, then succeeds', async (_name, status) => {
    server.arrange({ kind: 'status', status, retryAfterMs: 5 }, { kind: 'text', text: 'ok' });
    const reply = await model({ maxRetries: 2 }).complete({ messages: [{ role: 'user', content: 'hi' }], maxTokens: 16 });
    expect(reply.content).toEqual([{ type: 'text', text: 'ok' }]);
    expect(server.received).toHaveLength(2);
  });

  it('a server slower than the timeout: a ModelPortError naming the timeout', async () => {
    server.arrange({ kind: 'slow', delayMs: 3_000 });
    const error = await model({ timeoutMs: 200 })
      .complete({ messages: [{ role: 'user', content: 'hi' }], maxTokens: 16 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelPortError);
    expect((error as Error).message).toMatch(/timed out/);
  });

  it('the tool loop: tools as functions, a forced tool as tool_choice, calls and results in the protocol', async () => {
    server.arrange({
      kind: 'reply',
      content: [{ type: 'tool_use', id: 'call_9', name: 'record', input: { n: 1 } }],
      stopReason: 'tool_use',
    });
    const tools = [{ name: 'record', description: 'records', inputSchema: { type: 'object', properties: { n: { type: 'number' } } } }];
    const reply = await model().complete({
      messages: [
        { role: 'user', content: 'start' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1', name: 'record', input: { n: 0 } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: 'recorded' }] },
      ],
      maxTokens: 64,
      tools,
      providerData: { tool_choice: { type: 'tool', name: 'record' } },
    });
    expect(reply.content).toEqual([{ type: 'tool_use', id: 'call_9', name: 'record', input: { n: 1 } }]);
    expect(reply.stopReason).toBe('tool_use');
    const body = server.received[0]!.body as ChatBody & { messages: unknown[] };
    expect(body.tool_choice).toEqual({ type: 'function', function: { name: 'record' } });
    expect(body.messages).toEqual([
      { role: 'user', content: 'start' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'record', arguments: '{"n":0}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'recorded' },
    ]);
  });

  it('concurrency is limited: with a limit of 1, the second call waits for the first', async () => {
    server.arrange({ kind: 'slow', delayMs: 300 }, { kind: 'text', text: 'second' });
    const port = model({ concurrency: 1 });
    const ask = () => port.complete({ messages: [{ role: 'user', content: 'hi' }], maxTokens: 16 });
    const [first, second] = await Promise.all([ask(), ask()]);
    expect([first.content, second.content]).toEqual([[{ type: 'text', text: 'late' }], [{ type: 'text', text: 'second' }]]);
  });

  it('without a base URL or a model name: a ConfigError naming the flag and the variable', () => {
    expect(() => new OpenAICompatibleModel({ env: {} })).toThrow(ConfigError);
    expect(() => new OpenAICompatibleModel({ env: { MEMLOG_OPENAI_BASE_URL: baseURL } })).toThrow(
      /--model-name or set MEMLOG_OPENAI_MODEL/,
    );
  });
});
