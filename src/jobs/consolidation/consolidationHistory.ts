import { readEffectLog } from '../../pipeline/effectLog.js';
import { consolidationLogPath } from '../../memory/durable/memoryPaths.js';

/** One thing a consolidation did to one memory, as its log recorded it. */
export interface ConsolidationTouch {
  readonly runId: string;
  /** `absorbed`: another memory was merged into this one (`other` names it). */
  readonly kind: 'added' | 'updated' | 'merged' | 'absorbed' | 'removed' | 'confirmed' | 'contradicts';
  readonly file: string;
  /** `merged`: the memory it went into; `absorbed`: the memory that went into it. */
  readonly other?: string;
  readonly reason: string;
  readonly sources: readonly { readonly session: string; readonly uuid: string; readonly timestamp: string }[];
  /** `contradicts`: the CLAUDE.md instruction. */
  readonly instruction?: { readonly file: string; readonly line: number; readonly text: string };
  /** False while a killed run's consolidation waits for the next run to finish moving its files in. */
  readonly finished: boolean;
}

/**
 * Every change the consolidations of a memory directory made to its memories, oldest first,
 * from the consolidation log beside it: what `memlog memory why` shows after the extraction
 * runs. A memory merged into another appears under both names.
 */
export function consolidationHistory(memoryDir: string): ConsolidationTouch[] {
  const records = readEffectLog(consolidationLogPath(memoryDir)).records;
  const finished = new Set(records.flatMap((r) => (r.type === 'consolidation_finished' ? [r.runId] : [])));
  const touches: ConsolidationTouch[] = [];
  for (const record of records) {
    if (record.type !== 'consolidation_started') continue;
    const done = finished.has(record.runId);
    for (const change of record.changes) {
      if (change.kind === 'unindexed' || change.filename === undefined) continue;
      const base = { runId: record.runId, reason: change.reason, sources: change.sources ?? [], finished: done };
      if (change.kind === 'merged') {
        const into = change.into ?? '';
        touches.push({ ...base, kind: 'merged', file: change.filename, other: into });
        touches.push({ ...base, kind: 'absorbed', file: into, other: change.filename });
        continue;
      }
      touches.push({
        ...base,
        kind: change.kind,
        file: change.filename,
        ...(change.instruction === undefined ? {} : { instruction: change.instruction }),
      });
    }
  }
  return touches;
}
