import type Anthropic from '@anthropic-ai/sdk';
import { ModelPortError } from '../../errors.js';
import { toModelReply } from './toModelReply.js';
import type { BatchItemResult, BatchStatus, MessageBatchesPort } from '../messageBatches.js';
import type { ModelRequest } from '../port.js';

/** The port on the SDK's `messages.batches`; requests are built as the synchronous adapter builds them. */
export class AnthropicMessageBatches implements MessageBatchesPort {
  constructor(
    /** The SDK's client, made on first use (the adapter loads the SDK only when a call needs it, decision 118). */
    private readonly client: () => Promise<Anthropic>,
    private readonly toParams: (request: ModelRequest) => Anthropic.MessageCreateParamsNonStreaming,
  ) {}

  async submit(
    requests: ReadonlyArray<{ readonly customId: string; readonly request: ModelRequest }>,
  ): Promise<{ readonly batchId: string }> {
    try {
      const batch = await (
        await this.client()
      ).messages.batches.create({
        requests: requests.map(({ customId, request }) => ({ custom_id: customId, params: this.toParams(request) })),
      });
      return { batchId: batch.id };
    } catch (error) {
      throw batchError('submitting a message batch', error);
    }
  }

  async status(batchId: string): Promise<BatchStatus> {
    try {
      const client = await this.client();
      const batch = await client.messages.batches.retrieve(batchId);
      if (batch.processing_status !== 'ended') return { ended: false };
      const results = new Map<string, BatchItemResult>();
      for await (const item of await client.messages.batches.results(batchId)) results.set(item.custom_id, toItemResult(item.result));
      return { ended: true, results };
    } catch (error) {
      throw batchError(`reading message batch ${batchId}`, error);
    }
  }
}

function toItemResult(result: Anthropic.Messages.MessageBatchResult): BatchItemResult {
  switch (result.type) {
    case 'succeeded':
      return { ok: true, reply: toModelReply(result.message) };
    case 'errored':
      return { ok: false, error: `the batch request errored: ${result.error.error.type}: ${result.error.error.message}` };
    case 'canceled':
      return { ok: false, error: 'the batch request was canceled before it ran' };
    case 'expired':
      return { ok: false, error: 'the batch request expired (not processed within 24 hours)' };
  }
}

function batchError(what: string, error: unknown): ModelPortError {
  if (error instanceof ModelPortError) return error;
  const status = typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : null;
  return new ModelPortError(`${what} failed: ${(error as Error).message}`, status, {}, { cause: error });
}
