import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { closeLocal, listenLocal } from './localServer.js';

/** What the test arranges for the next request. */
export type Arranged =
  | { readonly kind: 'reply'; readonly content: unknown[]; readonly stopReason?: string; readonly usage?: Record<string, number> }
  /** A reply made from the request itself (e.g. a tool call citing what the request holds). */
  | { readonly kind: 'answer'; readonly content: (body: Record<string, unknown>) => unknown[]; readonly stopReason?: string }
  | { readonly kind: 'status'; readonly status: number; readonly retryAfterMs?: number; readonly body?: unknown }
  | { readonly kind: 'slow'; readonly delayMs: number }
  | { readonly kind: 'drop' }
  /** Streamed requests only: the reply starts, then the connection is cut after `afterEvents` SSE events. */
  | { readonly kind: 'dropMidStream'; readonly content: unknown[]; readonly afterEvents: number }
  /** Streamed requests only: the reply starts, then an SSE `error` event (e.g. overloaded_error) ends it. */
  | { readonly kind: 'errorMidStream'; readonly content: unknown[]; readonly errorType: string };

/** A reply chosen from the request. */
export type Script = (body: Record<string, unknown>) => { readonly content: unknown[]; readonly stopReason?: string };

export interface Received {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: Record<string, unknown>;
}

/**
 * A small Messages API on 127.0.0.1 for tests: it answers POST /v1/messages with what the test
 * arranged, in order, as JSON or (when the request asks to stream) as SSE events, and records
 * what it received. A tool_use block in arranged content may carry `rawInput`: the exact JSON
 * text to stream for its input, to send a model's malformed tool input.
 */
export class MessagesServer {
  readonly received: Received[] = [];
  /** What validation refused, one list of problems per refused request. */
  readonly rejected: string[][] = [];
  private readonly arranged: Arranged[] = [];
  private server: Server | null = null;
  private counter = 0;

  /**
   * With `validate`, a request that breaks the Messages API's rules on messages gets a 400, as the
   * real API answers. With `script`, every request is answered by it instead of by arranged steps:
   * for a client whose requests the test does not know in advance (Claude Code itself).
   */
  constructor(private readonly options: { readonly validate?: boolean; readonly script?: Script } = {}) {}

  arrange(...steps: Arranged[]): this {
    this.arranged.push(...steps);
    return this;
  }

  get pending(): number {
    return this.arranged.length;
  }

  async start(): Promise<string> {
    const { server, url } = await listenLocal((request, response) => this.handle(request, response));
    this.server = server;
    return url;
  }

  /**
   * Forgets what was arranged, received and refused: the next test starts from nothing. Open
   * connections stay, since a client's pool may reuse them for the next test's requests.
   */
  reset(): void {
    this.arranged.length = 0;
    this.received.length = 0;
    this.rejected.length = 0;
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
    this.received.push({
      method: request.method ?? '',
      path: request.url ?? '',
      headers: request.headers,
      body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
    });
    if (this.options.validate === true) {
      const problems = validateRequest(this.received.at(-1)?.body ?? {});
      if (problems.length > 0) {
        this.rejected.push(problems);
        return json(response, 400, { type: 'error', error: { type: 'invalid_request_error', message: problems.join('; ') } });
      }
    }
    const script = this.options.script;
    const step = script === undefined ? this.arranged.shift() : { kind: 'reply' as const, ...script(this.received.at(-1)?.body ?? {}) };
    if (!step) return json(response, 500, { type: 'error', error: { type: 'api_error', message: 'nothing arranged for this request' } });
    const streamed = this.received.at(-1)?.body['stream'] === true;
    switch (step.kind) {
      case 'dropMidStream': {
        const events = sseEvents(this.message(step.content)).slice(0, step.afterEvents);
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write(events.join(''), () => request.socket.destroy());
        return;
      }
      case 'errorMidStream': {
        const events = sseEvents(this.message(step.content)).slice(0, 2);
        events.push(sse('error', { type: 'error', error: { type: step.errorType, message: `arranged ${step.errorType}` } }));
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.end(events.join(''));
        return;
      }
      case 'drop':
        request.socket.destroy();
        return;
      case 'slow':
        setTimeout(() => reply(response, this.message([{ type: 'text', text: 'late' }]), streamed), step.delayMs);
        return;
      case 'status': {
        const headers: Record<string, string> = step.retryAfterMs === undefined ? {} : { 'retry-after-ms': String(step.retryAfterMs) };
        const type = step.status === 429 ? 'rate_limit_error' : step.status === 529 ? 'overloaded_error' : 'api_error';
        return json(response, step.status, step.body ?? { type: 'error', error: { type, message: `arranged ${step.status}` } }, headers);
      }
      case 'reply':
        return reply(response, this.message(step.content, step.stopReason, step.usage), streamed);
      case 'answer':
        return reply(response, this.message(step.content(this.received.at(-1)?.body ?? {}), step.stopReason), streamed);
    }
  }

  private message(content: unknown[], stopReason = 'end_turn', usage: Record<string, number> = {}): Record<string, unknown> {
    return {
      id: `msg_test_${++this.counter}`,
      type: 'message',
      role: 'assistant',
      model: 'claude-test',
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, ...usage },
    };
  }
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

function reply(response: ServerResponse, message: Record<string, unknown>, streamed: boolean): void {
  if (!streamed) {
    const content = (message['content'] as Array<Record<string, unknown>>).map(({ rawInput: _raw, ...block }) => block);
    return json(response, 200, { ...message, content });
  }
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.end(sseEvents(message).join(''));
}

function sse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A message as the API streams it: start, each block as start / deltas / stop, delta, stop. */
function sseEvents(message: Record<string, unknown>): string[] {
  const { content, stop_reason, usage, ...rest } = message as {
    content: Array<Record<string, unknown>>;
    stop_reason: string;
    usage: Record<string, number>;
  };
  const events = [
    sse('message_start', {
      type: 'message_start',
      message: { ...rest, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } },
    }),
  ];
  content.forEach((block, index) => {
    const deltas: unknown[] = [];
    let start: Record<string, unknown> = block;
    if (block['type'] === 'text') {
      start = { type: 'text', text: '' };
      deltas.push(...halves(String(block['text'])).map((text) => ({ type: 'text_delta', text })));
    } else if (block['type'] === 'tool_use') {
      start = { type: 'tool_use', id: block['id'], name: block['name'], input: {} };
      const raw = typeof block['rawInput'] === 'string' ? block['rawInput'] : JSON.stringify(block['input']);
      deltas.push(...halves(raw).map((partial_json) => ({ type: 'input_json_delta', partial_json })));
    } else if (block['type'] === 'thinking') {
      start = { type: 'thinking', thinking: '', signature: '' };
      deltas.push({ type: 'thinking_delta', thinking: block['thinking'] }, { type: 'signature_delta', signature: block['signature'] });
    }
    events.push(sse('content_block_start', { type: 'content_block_start', index, content_block: start }));
    for (const delta of deltas) events.push(sse('content_block_delta', { type: 'content_block_delta', index, delta }));
    events.push(sse('content_block_stop', { type: 'content_block_stop', index }));
  });
  events.push(
    sse('message_delta', {
      type: 'message_delta',
      delta: { stop_reason, stop_sequence: null },
      usage: { output_tokens: usage['output_tokens'] },
    }),
  );
  events.push(sse('message_stop', { type: 'message_stop' }));
  return events;
}

/** Two pieces, so clients must join deltas. */
function halves(text: string): string[] {
  const middle = Math.floor(text.length / 2);
  return middle === 0 ? [text] : [text.slice(0, middle), text.slice(middle)];
}

type Block = Record<string, unknown>;

/**
 * The rules the Messages API enforces on a request's messages, checked on their own here (not
 * with memlog's code): a model and max_tokens; a non-empty list starting with a user message;
 * roles alternating; no empty content and no empty text block; every tool_use answered by a
 * tool_result in the next message; every tool_result answering a tool_use of the message before;
 * tool_use ids unique; system, when present, a string or text blocks.
 */
export function validateRequest(body: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (typeof body['model'] !== 'string' || body['model'] === '') problems.push('model: required');
  if (typeof body['max_tokens'] !== 'number' || body['max_tokens'] < 1) problems.push('max_tokens: required');
  const system = body['system'];
  if (
    system !== undefined &&
    typeof system !== 'string' &&
    !(Array.isArray(system) && system.every((b: Block) => b['type'] === 'text' && typeof b['text'] === 'string' && b['text'] !== ''))
  )
    problems.push('system: must be a string or text blocks');
  const messages = body['messages'];
  if (!Array.isArray(messages) || messages.length === 0) return [...problems, 'messages: at least one message is required'];
  const list = messages as Array<{ role?: unknown; content?: unknown }>;
  const blocksOf = (m: { content?: unknown } | undefined): Block[] =>
    typeof m?.content === 'string' ? [{ type: 'text', text: m.content }] : Array.isArray(m?.content) ? (m.content as Block[]) : [];
  if (list[0]?.role !== 'user') problems.push('messages.0: the first message must use the user role');
  const ids = new Set<string>();
  list.forEach((message, i) => {
    if (message.role !== 'user' && message.role !== 'assistant') problems.push(`messages.${i}.role: must be user or assistant`);
    if (i > 0 && list[i - 1]?.role === message.role) problems.push(`messages.${i}: roles must alternate`);
    const blocks = blocksOf(message);
    if (blocks.length === 0) problems.push(`messages.${i}: content must not be empty`);
    for (const block of blocks) {
      if (block['type'] === 'text' && (typeof block['text'] !== 'string' || block['text'].trim() === ''))
        problems.push(`messages.${i}: text content blocks must contain non-whitespace text`);
      if (block['type'] === 'tool_use') {
        const id = String(block['id']);
        if (message.role !== 'assistant') problems.push(`messages.${i}: tool_use only in assistant messages`);
        if (ids.has(id)) problems.push(`messages.${i}: tool_use ids must be unique (${id})`);
        ids.add(id);
        if (!blocksOf(list[i + 1]).some((b) => b['type'] === 'tool_result' && b['tool_use_id'] === id))
          problems.push(`messages.${i}: tool_use ${id} has no tool_result in the next message`);
      }
      if (block['type'] === 'tool_result') {
        const id = String(block['tool_use_id']);
        if (!blocksOf(list[i - 1]).some((b) => b['type'] === 'tool_use' && b['id'] === id))
          problems.push(`messages.${i}: unexpected tool_result ${id}: no tool_use in the previous message`);
      }
    }
  });
  return problems;
}
