import { appendEffectsSync } from './effectLog.js';
import type { CandidatesRequestedRecord, EffectRecord, LogPosition } from './effectRecord.js';
import { candidatesRecord, consolidationStartedRecord } from './effectRecords.js';
import type { EffectJournal } from './runEffect.js';

/** No begin to fail: a kind that commits as it begins has nothing recorded before its commit (the driver rethrows). */
const noBegin = (kind: string) => (): EffectRecord => {
  throw new TypeError(`a ${kind} entry has no begin to end`);
};

const rethrow = (_begun: unknown, error: unknown): never => {
  throw error;
};

/** A consolidation's journal (decision 91): its directory's log; staged first, it commits as it begins. */
export function consolidationJournal(logPath: string, runId: string): EffectJournal<'consolidation'> {
  return {
    id: runId,
    record: (records) => appendEffectsSync(logPath, records),
    begin: () => null,
    commit: (outcome) => {
      if (outcome === undefined) throw new TypeError('a consolidation commits its outcome');
      const { changes, writes, removes, consumes, files, time, undoes } = outcome;
      return consolidationStartedRecord({
        runId,
        changes,
        writes,
        removes,
        ...(consumes === undefined ? {} : { consumes }),
        ...(files === undefined ? {} : { files }),
        ...(time === undefined ? {} : { time }),
        ...(undoes === undefined ? {} : { undoes }),
      });
    },
    failed: noBegin('consolidation'),
  };
}

/**
 * Where a chunk in a message batch stands before its commit: asked now (`request`, its begin,
 * recorded before the request goes in the batch), or asked earlier and collected now
 * (`requested`, already in the log: the results commit the same entry).
 */
export type ChunkBegin = { readonly request: CandidatesRequestedRecord } | { readonly requested: CandidatesRequestedRecord };

/**
 * A chunk's journal in backfill's first phase (decision 91): the session's log; its `candidates`
 * record commits and ends it, placed at the chunk's last entry. Asked directly it commits as it
 * begins; in a message batch its request is its begin (`before`).
 */
export function candidatesJournal(logPath: string, at: LogPosition, chunkId: string, before?: ChunkBegin): EffectJournal<'candidates'> {
  return {
    id: chunkId,
    record: (records) => appendEffectsSync(logPath, records),
    begin: () => chunkBegin(before),
    commit: (outcome) => {
      if (outcome === undefined) throw new TypeError('a chunk commits its candidates');
      const { first, last, candidates, tokens } = outcome;
      return candidatesRecord({ at, chunkId, first, last, candidates, tokens });
    },
    // A batched chunk never ends as failed: a request with no answer is due again (sessionCandidatesBatch.ts), so the error is the caller's.
    failed: before === undefined ? noBegin('candidates') : rethrow,
  };
}

function chunkBegin(before: ChunkBegin | undefined): { begun: CandidatesRequestedRecord; write: readonly EffectRecord[] } | null {
  if (before === undefined) return null;
  return 'request' in before ? { begun: before.request, write: [before.request] } : { begun: before.requested, write: [] };
}
