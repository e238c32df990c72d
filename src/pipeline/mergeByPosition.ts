import { isAfterEnd } from './effectRecords.js';
import type { EffectRecord } from './effectRecord.js';
import type { PipelineEvent } from './replayDecider.js';
import type { LogEntry } from '../transcript/logEntry.js';

/**
 * Transcript entries and effect records in log order, then the end: a record placed at seq k
 * follows entry k (records stably sorted by position). A record marked `afterEnd` was written
 * once the log, then ending at entry k, had been read to its end (a run collected later): the
 * triggers' close (`end`) comes just before it, so it meets the state it met then, however the
 * log grew since.
 */
export function* mergeByPosition(entries: Iterable<LogEntry>, records: readonly EffectRecord[]): Generator<PipelineEvent> {
  let next = 0;
  const pending = records
    .map((record, i) => ({ record, i }))
    .sort((a, b) => a.record.at.seq - b.record.at.seq || a.i - b.i)
    .map((x) => x.record);
  let closedAt: number | null = null;
  const flushUpTo = function* (seq: number): Generator<PipelineEvent> {
    while (next < pending.length && (pending[next]?.at.seq ?? Infinity) <= seq) {
      const record = pending[next++] as EffectRecord;
      if (isAfterEnd(record) && closedAt !== record.at.seq) {
        closedAt = record.at.seq;
        yield { source: 'end' };
      }
      yield { source: 'effects', record };
    }
  };
  yield* flushUpTo(-1);
  for (const event of entries) {
    yield { source: 'transcript', event };
    yield* flushUpTo(event.seq);
  }
  yield* flushUpTo(Number.POSITIVE_INFINITY);
  yield { source: 'end' };
}
