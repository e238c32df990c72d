import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { closeLocal, listenLocal } from './localServer.js';
import type { Arranged } from './messagesServer.js';

/** A step for the chat-completions server: a Messages-API step (translated), or a raw text answer. */
export type ChatArranged =
  | Arranged
  | { readonly kind: 'text'; readonly text: string; readonly usage?: ChatUsage }
  | { readonly kind: 'rawToolCall'; readonly name: string; readonly args: string };

/** Tokens as the protocol counts them: prompt tokens include the cached ones. */
export interface ChatUsage {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly prompt_tokens_details?: { readonly cached_tokens: number };
}

export interface ChatReceived {
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: Record<string, unknown>;
}

type Block = Record<string, unknown>;
type ChatMessage = {
  role: string;
  content?: string | null;
  tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
};

/**
 * An OpenAI chat-completions server on 127.0.0.1 for tests. It answers POST /v1/chat/completions
 * with what the test arranged, in order, and records what it received. Steps are those of the
 * local Messages API (test/support/messagesServer.ts), translated both ways, so the scripts
 * written for the Anthropic port (chunk answers, agent sessions) drive this port unchanged: an
 * `answer` step reads the request as the Messages API would have received it.
 */
export class ChatCompletionsServer {
  readonly received: ChatReceived[] = [];
  private readonly arranged: ChatArranged[] = [];
  private server: Server | null = null;
  private counter = 0;

  /** With `noJsonSchema`, a request with `response_format` gets a 400, as servers without structured output answer. */
  constructor(private readonly options: { readonly noJsonSchema?: boolean } = {}) {}

  arrange(...steps: ChatArranged[]): this {
    this.arranged.push(...steps);
    return this;
  }

  get pending(): number {
    return this.arranged.length;
  }

  async start(): Promise<string> {
    const { server, url } = await listenLocal((request, response) => this.handle(request, response));
    this.server = server;
    return `${url}/v1`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    await closeLocal(server);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
    this.received.push({ path: request.url ?? '', headers: request.headers, body });
    if (this.options.noJsonSchema === true && body['response_format'] !== undefined)
      return json(response, 400, { error: { message: 'response_format is not supported', type: 'invalid_request_error' } });
    const step = this.arranged.shift();
    if (!step) return json(response, 500, { error: { message: 'nothing arranged for this request', type: 'server_error' } });
    switch (step.kind) {
      case 'drop':
      case 'dropMidStream':
      case 'errorMidStream':
        request.socket.destroy();
        return;
      case 'slow':
        setTimeout(() => json(response, 200, this.completion([{ type: 'text', text: 'late' }], 'end_turn')), step.delayMs);
        return;
      case 'status': {
        const headers: Record<string, string> = step.retryAfterMs === undefined ? {} : { 'retry-after-ms': String(step.retryAfterMs) };
        return json(response, step.status, step.body ?? { error: { message: `arranged ${step.status}`, type: 'server_error' } }, headers);
      }
      case 'text':
        return json(response, 200, this.completion([{ type: 'text', text: step.text }], 'end_turn', step.usage));
      case 'rawToolCall':
        return json(
          response,
          200,
          this.completion([{ type: 'tool_use', id: 'call_raw', name: step.name, rawInput: step.args }], 'tool_use'),
        );
      case 'reply':
        return json(response, 200, this.completion(step.content as Block[], step.stopReason ?? 'end_turn'));
      case 'answer':
        return json(response, 200, this.completion(step.content(asMessagesBody(body)) as Block[], step.stopReason ?? 'end_turn'));
    }
  }

  private completion(content: readonly Block[], stopReason: string, usage?: ChatUsage): Record<string, unknown> {
    const text = content.flatMap((b) => (b['type'] === 'text' ? [String(b['text'])] : [])).join('');
    const calls = content.flatMap((b) =>
      b['type'] === 'tool_use'
        ? [
            {
              id: String(b['id']),
              type: 'function',
              function: {
                name: String(b['name']),
                arguments: typeof b['rawInput'] === 'string' ? b['rawInput'] : JSON.stringify(b['input']),
              },
            },
          ]
        : [],
    );
    return {
      id: `chatcmpl-${++this.counter}`,
      object: 'chat.completion',
      created: 0,
      model: 'local-test',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: text === '' ? null : text, ...(calls.length === 0 ? {} : { tool_calls: calls }) },
          finish_reason: calls.length > 0 || stopReason === 'tool_use' ? 'tool_calls' : 'stop',
        },
      ],
      usage: usage ?? { prompt_tokens: 10, completion_tokens: 5 },
    };
  }
}

/** The request as the Messages API would have received it: the system apart, tool calls and results as blocks. */
export function asMessagesBody(body: Record<string, unknown>): Record<string, unknown> {
  const chat = (body['messages'] ?? []) as ChatMessage[];
  const system = chat.filter((m) => m.role === 'system').map((m) => ({ type: 'text', text: m.content ?? '' }));
  const messages: Array<{ role: string; content: Block[] }> = [];
  const push = (role: string, blocks: Block[]): void => {
    const last = messages.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else messages.push({ role, content: blocks });
  };
  for (const m of chat) {
    if (m.role === 'tool') push('user', [{ type: 'tool_result', tool_use_id: m.tool_call_id, content: m.content ?? '' }]);
    else if (m.role === 'user') push('user', [{ type: 'text', text: m.content ?? '' }]);
    else if (m.role === 'assistant')
      push('assistant', [
        ...(m.content ? [{ type: 'text', text: m.content }] : []),
        ...(m.tool_calls ?? []).map((c) => ({
          type: 'tool_use',
          id: c.id,
          name: c.function.name,
          input: JSON.parse(c.function.arguments) as unknown,
        })),
      ]);
  }
  return { ...body, system, messages };
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}
