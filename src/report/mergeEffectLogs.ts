import type { EffectRecord } from '../pipeline/effectRecord.js';
import type { RunKind } from '../projections/decisions.js';

/**
 * One session can have several effect logs: `memlog notes` and `memlog compact` write beside the
 * transcript, `memlog extract` into its output folder. Each kind of run is taken from the first
 * log (in the order given) that records it, so two logs of the same runs are never replayed
 * twice; `compacted` and `decision` records, which no other log repeats, come from every log.
 */
export function mergeEffectLogs(logs: ReadonlyArray<readonly EffectRecord[]>): EffectRecord[] {
  const owner = new Map<RunKind, number>();
  logs.forEach((records, i) => {
    for (const r of records)
      if ((r.type === 'run_started' || r.type === 'run_finished' || r.type === 'run_failed') && !owner.has(r.run)) owner.set(r.run, i);
  });
  return logs.flatMap((records, i) =>
    records.filter((r) =>
      r.type === 'run_started' || r.type === 'run_finished' || r.type === 'run_failed' ? owner.get(r.run) === i : true,
    ),
  );
}
