import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the test arranges for the next request. */
export type Arranged =
  | { readonly kind: 'reply'; readonly content: unknown[]; readonly stopReason?: string; readonly usage?: Record<string, number> }
  | { readonly kind: 'status'; readonly status: number; readonly retryAfterMs?: number; readonly body?: unknown }
  | { readonly kind: 'slow'; readonly delayMs: number }
  | { readonly kind: 'drop' };

export interface Received {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: Record<string, unknown>;
}

/**
 * A small Messages API on 127.0.0.1 for tests: it answers POST /v1/messages with what the test
 * arranged, in order, and records what it received apart from what was arranged.
 */
export class MessagesServer {
  readonly received: Received[] = [];
  private readonly arranged: Arranged[] = [];
  private server: Server | null = null;
  private counter = 0;

  arrange(...steps: Arranged[]): this {
    this.arranged.push(...steps);
    return this;
  }

  get pending(): number {
    return this.arranged.length;
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    this.received.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) });
    const step = this.arranged.shift();
    if (!step) return json(response, 500, { type: 'error', error: { type: 'api_error', message: 'nothing arranged for this request' } });
    switch (step.kind) {
      case 'drop':
        request.socket.destroy();
        return;
      case 'slow':
        setTimeout(() => json(response, 200, this.message([{ type: 'text', text: 'late' }])), step.delayMs);
        return;
      case 'status': {
        const headers: Record<string, string> = step.retryAfterMs === undefined ? {} : { 'retry-after-ms': String(step.retryAfterMs) };
        const type = step.status === 429 ? 'rate_limit_error' : step.status === 529 ? 'overloaded_error' : 'api_error';
        return json(response, step.status, step.body ?? { type: 'error', error: { type, message: `arranged ${step.status}` } }, headers);
      }
      case 'reply':
        return json(response, 200, this.message(step.content, step.stopReason, step.usage));
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
