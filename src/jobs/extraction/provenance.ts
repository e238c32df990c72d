import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isRegularFile } from '../../fs/fileKind.js';
import { effectRecords } from '../../pipeline/effectLog.js';
import { ExtractionOutcome } from '../../pipeline/runOutcomes.js';

/** One write of a memory file, as the effect log recorded it. */
export interface MemoryWrite {
  readonly file: string;
  readonly change: 'added' | 'updated';
  readonly sessionId: string | null;
  /** The messages the run read: after `from` (null: the session's start) up to `to`. */
  readonly from: string | null;
  readonly to: string | null;
  readonly runId: string;
  readonly effectLog: string;
}

/** The effect logs that can have written into a memory directory: memlog's `effects/` beside it, or the transcripts' own beside it. */
export function effectLogsFor(memoryDir: string): string[] {
  const project = dirname(memoryDir);
  const folders = [join(project, 'effects'), project];
  // Regular files only: a pipe named like a log would block the read.
  return folders.flatMap((folder) =>
    existsSync(folder)
      ? readdirSync(folder)
          .filter((name) => name.endsWith('.memlog.jsonl'))
          .sort()
          .map((name) => join(folder, name))
          .filter(isRegularFile)
      : [],
  );
}

/** Every recorded write of every memory file in a directory, oldest first per log. */
export function memoryWrites(memoryDir: string): MemoryWrite[] {
  const writes: MemoryWrite[] = [];
  for (const log of effectLogsFor(memoryDir)) {
    for (const record of effectRecords(log)) {
      if (record.type !== 'run_finished' || record.run !== 'extraction') continue;
      const outcome = ExtractionOutcome.safeParse(record.outcome);
      if (!outcome.success) continue;
      for (const w of outcome.data.written)
        writes.push({
          file: w.file,
          change: w.change,
          sessionId: outcome.data.sessionId,
          from: outcome.data.from,
          to: outcome.data.to,
          runId: record.runId,
          effectLog: log,
        });
    }
  }
  return writes;
}
