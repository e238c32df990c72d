import { basename, dirname, join } from 'node:path';
import { statSync } from 'node:fs';
import type { BackgroundWrite } from '../../context/backgroundWriteNotice.js';
import { effectLogPath, effectRecords, ofWithdrawnRun, readEffectLog, withdrawnRuns } from '../../pipeline/effectLog.js';
import { CONSOLIDATE_LOCK, consolidationLogPath } from '../../memory/durable/memoryPaths.js';
import { ExtractionOutcome } from '../../pipeline/runOutcomes.js';

export interface BackgroundWritesQuery {
  readonly transcriptPath: string;
  readonly memoryDir: string;
  /** The seq of the conversation's last prompt: runs recorded after it have not been announced yet. */
  readonly sinceSeq: number;
  /** The time of that prompt: consolidations committed at or after it have not been announced yet. */
  readonly sinceTime: string | undefined;
}

/** The session's effect logs: beside its transcript, or in memlog's `effects/` beside the memory directory. */
const sessionLogs = (transcriptPath: string, memoryDir: string): string[] => {
  const own = effectLogPath(transcriptPath);
  return [...new Set([own, join(dirname(memoryDir), 'effects', basename(own))])];
};

/**
 * What memlog's background runs changed in a memory directory since the conversation's last
 * prompt, from their records only (spec-2.1.332 §1 "Afterwards"): the session's extraction runs
 * that finished after that prompt (what each `run_finished` outcome says it wrote), then the
 * directory's last consolidation when it happened since (the files its commit record moves in
 * or removes). Oldest first.
 */
export function backgroundWritesSince(query: BackgroundWritesQuery): BackgroundWrite[] {
  const writes: BackgroundWrite[] = [];
  for (const log of sessionLogs(query.transcriptPath, query.memoryDir)) {
    // Streamed twice, never held: a long session's log is tens of megabytes (decision 60).
    const withdrawn = withdrawnRuns(effectRecords(log));
    for (const record of effectRecords(log)) {
      if (ofWithdrawnRun(record, withdrawn)) continue;
      if (record.type !== 'run_finished' || record.run !== 'extraction') continue;
      if (record.at.seq < query.sinceSeq && record.afterEnd !== true) continue;
      const outcome = ExtractionOutcome.safeParse(record.outcome);
      if (!outcome.success) continue;
      for (const w of outcome.data.written) writes.push({ file: w.file, change: w.change, by: 'extraction' });
    }
  }
  if (query.sinceTime === undefined) return writes;
  // The commit records carry no time (a rerun must write the log an uninterrupted run writes), so
  // "since the prompt" is the lock's: its mtime is when the directory was last consolidated, as
  // Claude Code keeps it. Only the newest commit is that consolidation.
  const lastConsolidatedAt = mtimeOrNull(join(query.memoryDir, CONSOLIDATE_LOCK));
  if (lastConsolidatedAt === null || lastConsolidatedAt < Date.parse(query.sinceTime)) return writes;
  const newest = readEffectLog(consolidationLogPath(query.memoryDir)).records.findLast((r) => r.type === 'consolidation_started');
  if (newest?.type !== 'consolidation_started') return writes;
  for (const file of newest.writes) writes.push({ file, change: 'updated', by: 'consolidation' });
  for (const file of newest.removes) writes.push({ file, change: 'removed', by: 'consolidation' });
  return writes;
}

function mtimeOrNull(path: string): number | null {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}
