import { consolidationHistory } from '../consolidation/consolidationHistory.js';
import { memoryWrites } from '../extraction/provenance.js';

/**
 * The sessions each memory file of a directory came from, in the order they were recorded: those
 * whose per-turn extraction wrote it, then those whose words a consolidation cited for it. The
 * default backfill writes every memory through a consolidation, so without the second a memory it
 * made would name no session.
 */
export function memorySessions(memoryDir: string): Map<string, string[]> {
  const sessions = new Map<string, Set<string>>();
  const add = (file: string, session: string | null): void => {
    if (session === null) return;
    const known = sessions.get(file) ?? new Set<string>();
    known.add(session);
    sessions.set(file, known);
  };
  for (const write of memoryWrites(memoryDir)) add(write.file, write.sessionId);
  for (const touch of consolidationHistory(memoryDir)) for (const source of touch.sources) add(touch.file, source.session);
  return new Map([...sessions].map(([file, known]) => [file, [...known]]));
}
