/**
 * A parse worker (decision 89): parses byte ranges of transcripts into index rows while the
 * thread that started it writes the rows before them. Batches go back on the port it was given;
 * a shared counter pair (batches sent, batches taken) wakes the writer and keeps this worker at
 * most AHEAD batches in front of it, so memory stays bounded.
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import { parseRange, type ParseJob } from './parseRange.js';
import { AHEAD, CONSUMED, PRODUCED, type ParseReply } from './parseProtocol.js';

const { port, state } = workerData as { readonly port: MessagePort; readonly state: SharedArrayBuffer };
const counters = new Int32Array(state);

function send(reply: ParseReply): void {
  port.postMessage(reply);
  Atomics.add(counters, PRODUCED, 1);
  Atomics.notify(counters, PRODUCED);
  for (;;) {
    const taken = Atomics.load(counters, CONSUMED);
    if (Atomics.load(counters, PRODUCED) - taken <= AHEAD) return;
    Atomics.wait(counters, CONSUMED, taken, 1000);
  }
}

port.on('message', (job: ParseJob) => {
  try {
    parseRange(job, (batch, last) => send({ kind: 'batch', batch, last }));
  } catch (error) {
    send({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
  }
});
