// @ts-check
/**
 * One memory measurement in a fresh process (bench/readerMemory.bench.ts starts it): streams one
 * corpus with one reader and prints peak RSS and the largest heap after GC, as JSON. Plain
 * JavaScript so it can run on the compiled library (`--from dist`, what the CLI runs) as well as
 * on the sources under tsx (`--from src`), without the loader's own memory in the first figure.
 */
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: { file: { type: 'string' }, reader: { type: 'string' }, from: { type: 'string', default: 'dist' } },
});
if (args.file === undefined || args.reader === undefined || (args.from !== 'dist' && args.from !== 'src')) {
  throw new Error('usage: readerMemoryChild.mjs --file PATH --reader sync|observable|replay [--from dist|src]');
}
const file = args.file;
const base = new URL(`../${args.from}/`, import.meta.url);
/** @type {(path: string) => Promise<any>} */
const load = (path) => import(new URL(path, base).href);
const { readTranscriptSync, readTranscriptBatches } = await load('transcript/readTranscript.js');

let entries = 0;
let heapAfterGc = 0;
const sample = () => {
  globalThis.gc?.();
  heapAfterGc = Math.max(heapAfterGc, process.memoryUsage().heapUsed);
};
if (args.reader === 'replay') {
  // The whole replay: every trigger, the coalescer, and every projection.
  const { createReplayDecider } = await load('pipeline/replayDecider.js');
  const { evolveProjections, initialProjectionStates } = await load('pipeline/foldProjections.js');
  const decider = createReplayDecider();
  let state = decider.initialState();
  let projections = initialProjectionStates();
  for (const item of readTranscriptSync(file)) {
    if (item.kind !== 'entry') continue;
    const event = { seq: item.seq, entry: item.entry };
    state = decider.step(state, { source: 'transcript', event })[0];
    projections = evolveProjections(projections, event);
    if (++entries % 5000 === 0) sample();
  }
  decider.end(state);
  if (projections.seq < 0) throw new Error('nothing folded');
} else if (args.reader === 'sync') {
  for (const item of readTranscriptSync(file)) if (item.kind === 'entry' && ++entries % 5000 === 0) sample();
} else {
  await new Promise((done, fail) =>
    readTranscriptBatches(file).subscribe({
      next: (/** @type {Array<{ kind: string }>} */ batch) => {
        for (const item of batch) if (item.kind === 'entry' && ++entries % 5000 === 0) sample();
      },
      error: fail,
      complete: done,
    }),
  );
}
sample();
process.stdout.write(JSON.stringify({ entries, rssKiB: process.resourceUsage().maxRSS, heapAfterGc }));
