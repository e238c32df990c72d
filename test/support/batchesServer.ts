import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { closeLocal, listenLocal } from './localServer.js';

export interface BatchRequest {
  readonly custom_id: string;
  readonly params: Record<string, unknown>;
}

/** What the test answers for one request once its batch ends: the content of a message, or a failure. */
export type BatchAnswer = { readonly content: unknown[] } | { readonly errored: string } | { readonly expired: true };

interface StoredBatch {
  readonly id: string;
  readonly requests: readonly BatchRequest[];
  ended: boolean;
}

/**
 * A small Message Batches API on 127.0.0.1 for tests: batches are created in progress and end
 * when the test says so; their results are then served as JSONL, one answer per request from
 * the test's `answer` function. It records every request it received.
 */
export class BatchesServer {
  readonly batches: StoredBatch[] = [];
  readonly received: Array<{ readonly method: string; readonly path: string }> = [];
  private server: Server | null = null;
  private base = '';

  constructor(private readonly answer: (request: BatchRequest) => BatchAnswer) {}

  async start(): Promise<string> {
    const { server, url } = await listenLocal((request, response) => this.handle(request, response));
    this.server = server;
    this.base = url;
    return url;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    await closeLocal(server);
  }

  /** Ends every batch so far: their results become readable. */
  endAll(): void {
    for (const batch of this.batches) batch.ended = true;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = (request.url ?? '').split('?')[0] ?? '';
    this.received.push({ method: request.method ?? '', path });
    if (request.method === 'POST' && path === '/v1/messages/batches') {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { requests: BatchRequest[] };
      const batch: StoredBatch = { id: `msgbatch_test_${this.batches.length + 1}`, requests: body.requests, ended: false };
      this.batches.push(batch);
      return json(response, 200, this.describe(batch));
    }
    const match = /^\/v1\/messages\/batches\/([^/]+)(\/results)?$/.exec(path);
    const batch = match === null ? undefined : this.batches.find((b) => b.id === match[1]);
    if (request.method !== 'GET' || match === null || batch === undefined)
      return json(response, 404, { type: 'error', error: { type: 'not_found_error', message: `no ${path}` } });
    if (match[2] === undefined) return json(response, 200, this.describe(batch));
    if (!batch.ended)
      return json(response, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'batch still in progress' } });
    response.writeHead(200, { 'content-type': 'application/binary' });
    response.end(batch.requests.map((r) => `${JSON.stringify({ custom_id: r.custom_id, result: this.result(r) })}\n`).join(''));
  }

  private result(request: BatchRequest): Record<string, unknown> {
    const answer = this.answer(request);
    if ('errored' in answer) return { type: 'errored', error: { type: 'error', error: { type: 'api_error', message: answer.errored } } };
    if ('expired' in answer) return { type: 'expired' };
    return {
      type: 'succeeded',
      message: {
        id: `msg_${request.custom_id}`,
        type: 'message',
        role: 'assistant',
        model: 'claude-test',
        content: answer.content,
        stop_reason: 'tool_use',
        stop_sequence: null,
        usage: { input_tokens: 100, output_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
      },
    };
  }

  private describe(batch: StoredBatch): Record<string, unknown> {
    const n = batch.requests.length;
    return {
      id: batch.id,
      type: 'message_batch',
      processing_status: batch.ended ? 'ended' : 'in_progress',
      request_counts: { processing: batch.ended ? 0 : n, succeeded: batch.ended ? n : 0, errored: 0, canceled: 0, expired: 0 },
      created_at: '2026-11-30T00:00:00Z',
      expires_at: '2026-12-01T00:00:00Z',
      ended_at: batch.ended ? '2026-11-30T01:00:00Z' : null,
      archived_at: null,
      cancel_initiated_at: null,
      results_url: batch.ended ? `${this.base}/v1/messages/batches/${batch.id}/results` : null,
    };
  }
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
