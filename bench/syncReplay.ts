import { createReplayDecider } from '../src/pipeline/replayDecider.js';
import { conversationProjection } from '../src/projections/conversation.js';
import type { LogEntry } from '../src/transcript/logEntry.js';
import { safeCutsProjection } from '../src/projections/safeCuts.js';
import { readTranscriptSync } from '../src/transcript/readTranscript.js';

/**
 * The sync replay the benches time: read, validate, the decider (three triggers and the run
 * coalescer), and with `projections` the conversation and safe-cuts projections. Streams:
 * nothing is held but the state. Returns the number of entries.
 */
export function replayFileSync(file: string, projections = true): number {
  const decider = createReplayDecider();
  let state = decider.initialState();
  let conversation = conversationProjection.initialState();
  let cuts = safeCutsProjection.initialState();
  let entries = 0;
  for (const item of readTranscriptSync(file)) {
    if (item.kind !== 'entry') continue;
    entries++;
    const event: LogEntry = { seq: item.seq, entry: item.entry };
    state = decider.step(state, { source: 'transcript', event })[0];
    if (projections) {
      conversation = conversationProjection.evolve(conversation, event);
      cuts = safeCutsProjection.evolve(cuts, event);
    }
  }
  decider.end(state);
  return entries;
}
