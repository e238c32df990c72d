import type { ModelReply, ModelRequest } from './port.js';

/** One request's result from an ended batch. */
export type BatchItemResult = { readonly ok: true; readonly reply: ModelReply } | { readonly ok: false; readonly error: string };

export type BatchStatus = { readonly ended: false } | { readonly ended: true; readonly results: ReadonlyMap<string, BatchItemResult> };

/**
 * Asynchronous model calls at half price (the Anthropic Message Batches API): submit many
 * requests at once, look again later. A request is matched to its result by its custom id.
 */
export interface MessageBatchesPort {
  submit(requests: ReadonlyArray<{ readonly customId: string; readonly request: ModelRequest }>): Promise<{ readonly batchId: string }>;
  /** Whether the batch has ended and, when it has, every request's result. */
  status(batchId: string): Promise<BatchStatus>;
}
