import type { RowBatch } from './rowBatcher.js';

/** What a parse worker sends back: a batch of rows (the last of its job, or not), or why the job failed. */
export type ParseReply =
  { readonly kind: 'batch'; readonly batch: RowBatch; readonly last: boolean } | { readonly kind: 'error'; readonly message: string };

/** The shared counters' slots: replies sent by the worker, replies taken by the writer. */
export const PRODUCED = 0;
export const CONSUMED = 1;

/** Batches a worker may have sent and the writer not yet taken: enough to keep both threads busy. */
export const AHEAD = 2;
