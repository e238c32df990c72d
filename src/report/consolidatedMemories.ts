import { consolidationHistory } from '../jobs/consolidation/consolidationHistory.js';

/** What a finished consolidation did that leaves a memory written: a file added, rewritten, or another merged into it. */
const WRITES = new Set(['added', 'updated', 'absorbed']);

/**
 * The memories the two-phase backfill's second phase wrote, per session: the files its finished
 * consolidations added or rewrote citing that session as a source. Phase 2 writes per project,
 * not per session, so without this a report after `memlog extract` counts no memory anywhere.
 * Read once per memory directory, however many of its sessions the report lists.
 */
export class ConsolidatedMemories {
  private readonly byDir = new Map<string, ReadonlyMap<string, number>>();

  writtenFor(memoryDir: string | null, session: string): number {
    if (memoryDir === null) return 0;
    let counts = this.byDir.get(memoryDir);
    if (counts === undefined) this.byDir.set(memoryDir, (counts = countBySession(memoryDir)));
    return counts.get(session) ?? 0;
  }
}

function countBySession(memoryDir: string): ReadonlyMap<string, number> {
  const files = new Map<string, Set<string>>();
  for (const touch of consolidationHistory(memoryDir)) {
    if (!touch.finished || !WRITES.has(touch.kind)) continue;
    for (const { session } of touch.sources) {
      let written = files.get(session);
      if (written === undefined) files.set(session, (written = new Set()));
      written.add(touch.file);
    }
  }
  return new Map([...files].map(([session, written]) => [session, written.size]));
}
