import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { MemlogError } from '../errors.js';
import type { ParseJob } from './parseRange.js';
import { CONSUMED, PRODUCED, type ParseReply } from './parseProtocol.js';
import type { RowBatch } from './rowBatcher.js';

/** The worker's module beside this one: there in the built package, absent from the sources and from one bundle. */
const WORKER = new URL('./parseWorker.js', import.meta.url);

/** How long the writer waits for a worker that sends nothing before it gives up on it. */
const SILENCE_MS = 300_000;

/**
 * The writer's side of a parse worker (decision 89), synchronous: `parse` posts a job and blocks
 * on the shared counters between batches, so the index is written in this thread, in order, while
 * the worker parses the next batch. Undefined from `start` where no worker module is there.
 */
export class ParseWorkerClient {
  private constructor(
    private readonly worker: Worker,
    private readonly port: MessagePort,
    private readonly counters: Int32Array,
  ) {}

  static start(): ParseWorkerClient | undefined {
    if (WORKER.protocol !== 'file:' || !existsSync(fileURLToPath(WORKER))) return undefined;
    const { port1, port2 } = new MessageChannel();
    const counters = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
    const worker = new Worker(WORKER, { workerData: { port: port2, state: counters.buffer }, transferList: [port2] });
    // Never what keeps the process alive: a pass that ends, or fails, leaves nothing behind.
    worker.unref();
    return new ParseWorkerClient(worker, port1, counters);
  }

  /** Parses the job in the worker, handing each batch to `write` here, in order. */
  parse(job: ParseJob, write: (batch: RowBatch, last: boolean) => void): void {
    this.port.postMessage(job);
    for (;;) {
      const reply = this.next();
      if (reply.kind === 'error') throw new MemlogError('io', `the parse worker failed: ${reply.message}`);
      write(reply.batch, reply.last);
      if (reply.last) return;
    }
  }

  /** Stops the worker; the pass does not wait for it to be gone. */
  close(): void {
    this.port.close();
    void this.worker.terminate();
  }

  private next(): ParseReply {
    let silent = 0;
    for (;;) {
      // Counted before looking, so a reply sent in between makes the wait return at once.
      const sent = Atomics.load(this.counters, PRODUCED);
      const received = receiveMessageOnPort(this.port);
      if (received !== undefined) {
        Atomics.add(this.counters, CONSUMED, 1);
        Atomics.notify(this.counters, CONSUMED);
        return received.message as ParseReply;
      }
      if (Atomics.wait(this.counters, PRODUCED, sent, 1000) === 'timed-out') silent += 1000;
      if (silent >= SILENCE_MS) throw new MemlogError('io', `the parse worker sent nothing for ${SILENCE_MS / 1000} s`);
    }
  }
}
