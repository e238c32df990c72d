import { appendEffectsSync } from './effectLog.js';
import type { EffectRecord, LogPosition } from './effectRecord.js';
import { candidatesRecord, consolidationStartedRecord } from './effectRecords.js';
import type { EffectJournal } from './runEffect.js';

/** No begin to fail: a kind that commits as it begins has nothing recorded before its commit (the driver rethrows). */
const noBegin = (kind: string) => (): EffectRecord => {
  throw new TypeError(`a ${kind} entry has no begin to end`);
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

/** A chunk's journal in backfill's first phase (decision 91): the session's log; its `candidates` record commits and ends it, placed at the chunk's last entry. */
export function candidatesJournal(logPath: string, at: LogPosition, chunkId: string): EffectJournal<'candidates'> {
  return {
    id: chunkId,
    record: (records) => appendEffectsSync(logPath, records),
    begin: () => null,
    commit: (outcome) => {
      if (outcome === undefined) throw new TypeError('a chunk commits its candidates');
      const { first, last, candidates, tokens } = outcome;
      return candidatesRecord({ at, chunkId, first, last, candidates, tokens });
    },
    failed: noBegin('candidates'),
  };
}
