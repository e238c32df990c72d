import { basename } from 'node:path';
import type { MemoryCandidate } from '../../consolidation/memoryCandidate.js';
import { effectRecords, readEffectLog } from '../../pipeline/effectLog.js';

/** Chunks the first phase recorded that no consolidation has merged yet, by key (`<session id>/<chunk id>`), and their candidates. */
export interface UnconsumedCandidates {
  readonly keys: readonly string[];
  readonly candidates: readonly MemoryCandidate[];
}

/**
 * What a project's second phase takes in: every `candidates` record of its sessions' effect
 * logs that the memory directory's consolidation log does not list as consumed (by a
 * `candidates_consumed` record or a consolidation's commit record), in session and
 * log order. Reads only.
 */
export function unconsumedCandidates(
  sessions: readonly string[],
  effectLog: (session: string) => string,
  consolidationLog: string,
): UnconsumedCandidates {
  // A consolidation's commit record names the chunks it merges: they are consumed from its commit on.
  const consumed = new Set(
    readEffectLog(consolidationLog).records.flatMap((r) =>
      r.type === 'candidates_consumed' ? r.chunks : r.type === 'consolidation_started' ? (r.consumes ?? []) : [],
    ),
  );
  const keys: string[] = [];
  const candidates: MemoryCandidate[] = [];
  for (const session of sessions) {
    const sessionId = basename(session, '.jsonl');
    for (const record of effectRecords(effectLog(session))) {
      if (record.type !== 'candidates' || consumed.has(`${sessionId}/${record.chunkId}`)) continue;
      keys.push(`${sessionId}/${record.chunkId}`);
      candidates.push(...record.candidates);
    }
  }
  return { keys, candidates };
}
