import { basename } from 'node:path';
import type { EffectRecord } from '../../pipeline/effectRecord.js';
import { effectRecords, readEffectLog } from '../../pipeline/effectLog.js';
import { consolidationLogPath } from '../../memory/durable/memoryPaths.js';
import { ExtractionOutcome } from '../../pipeline/runOutcomes.js';
import { effectLogsFor } from '../extraction/provenance.js';

/**
 * The one reader of what memlog's runs recorded about a memory directory: every other module of
 * history, undo and review reads runs through here, so moving the records to another journal
 * changes this file alone (decision 79).
 */

/** Which kind of run changed the directory. */
export type RunSort = 'extraction' | 'consolidation' | 'undo' | 'review' | 'index';

/** What one recorded run did to one file: its bytes before and after by sha256 (null: no file; undefined: not recorded, an older log). */
export interface FileChange {
  readonly file: string;
  readonly before: string | null | undefined;
  readonly after: string | null | undefined;
  /** The meaning the run gave it: `added`, `updated`, `merged`, `removed`, `renamed`, `contradicts`… */
  readonly kind: string;
  readonly reason: string | null;
  /** `merged`: the memory it went into. */
  readonly into?: string;
  readonly sources: readonly { readonly session: string; readonly uuid: string; readonly timestamp: string }[];
}

/** One recorded run that changed a memory directory. */
export interface RecordedRun {
  /** What `memlog undo` names it by: the run id, prefixed by its session for an extraction (those ids repeat across sessions). */
  readonly id: string;
  readonly runId: string;
  readonly sort: RunSort;
  /** ISO time, when recorded. */
  readonly time: string | null;
  readonly files: readonly FileChange[];
  /** `undo`: the run it took back. */
  readonly undoes?: string;
  /** Extraction: the session and the messages it read (after `from`, up to `to`). */
  readonly session?: { readonly id: string | null; readonly from: string | null; readonly to: string | null };
  /** False while a cut-short commit waits for the next run to finish it. */
  readonly finished: boolean;
  readonly log: string;
}

const sortOf = (runId: string): RunSort => {
  const prefix = runId.slice(0, runId.indexOf('@'));
  return prefix === 'undo' || prefix === 'review' || prefix === 'index' ? prefix : 'consolidation';
};

type Started = Extract<EffectRecord, { type: 'consolidation_started' }>;

/** A directory-log commit as a run: each file it wrote or removed, with the change its plan gave the file. */
function commitRun(record: Started, finished: boolean, log: string): RecordedRun {
  const snapshots = new Map((record.files ?? []).map((f) => [f.file, f]));
  const meaning = new Map(record.changes.flatMap((c) => (c.filename === undefined || c.kind === 'confirmed' ? [] : [[c.filename, c]])));
  const names = [...new Set([...record.writes, ...record.removes])];
  const files = names.map((file): FileChange => {
    const change = meaning.get(file);
    const snapshot = snapshots.get(file);
    return {
      file,
      before: snapshot?.before,
      after: snapshot === undefined ? (record.removes.includes(file) ? null : undefined) : snapshot.after,
      kind: change?.kind ?? (record.removes.includes(file) ? 'removed' : 'updated'),
      reason: change?.reason ?? null,
      ...(change?.into === undefined ? {} : { into: change.into }),
      sources: change?.sources ?? [],
    };
  });
  return {
    id: record.runId,
    runId: record.runId,
    sort: sortOf(record.runId),
    time: record.time ?? null,
    files,
    ...(record.undoes === undefined ? {} : { undoes: record.undoes }),
    finished,
    log,
  };
}

/** The commits of the directory's own log (consolidations, undos, accepted reviews, index backfills), in order. */
function directoryRuns(memoryDir: string): RecordedRun[] {
  const log = consolidationLogPath(memoryDir);
  const records = readEffectLog(log).records;
  const finished = new Set(records.flatMap((r) => (r.type === 'consolidation_finished' ? [r.runId] : [])));
  return records.flatMap((r) => (r.type === 'consolidation_started' ? [commitRun(r, finished.has(r.runId), log)] : []));
}

/**
 * The files a per-turn run moved to the file their new name says (decision 93), as `renamed`
 * changes. The outcome keeps only the old file; when the run created one file, that is where it went.
 */
function movedFiles(outcome: ExtractionOutcome): FileChange[] {
  const created = outcome.written.filter((w) => w.before === null && w.file.endsWith('.md') && w.file !== 'MEMORY.md');
  const [only, ...more] = created;
  const reason = only !== undefined && more.length === 0 ? `moved to ${only.file}` : 'moved to the file its new name says';
  return (outcome.removed ?? []).map((r) => ({ file: r.file, before: r.before, after: null, kind: 'renamed', reason, sources: [] }));
}

/** The extraction runs that wrote into the directory, from the sessions' effect logs. */
function extractionRuns(memoryDir: string): RecordedRun[] {
  const runs: RecordedRun[] = [];
  for (const log of effectLogsFor(memoryDir))
    for (const record of effectRecords(log)) {
      if (record.type !== 'run_finished' || record.run !== 'extraction') continue;
      const parsed = ExtractionOutcome.safeParse(record.outcome);
      if (!parsed.success || parsed.data.written.length === 0) continue;
      const outcome = parsed.data;
      runs.push({
        id: `${basename(log, '.memlog.jsonl').slice(0, 8)}:${record.runId}`,
        runId: record.runId,
        sort: 'extraction',
        time: outcome.when ?? null,
        files: [
          ...outcome.written.map((w) => ({ file: w.file, before: w.before, after: w.sha256, kind: w.change, reason: null, sources: [] })),
          ...movedFiles(outcome),
        ],
        session: { id: outcome.sessionId, from: outcome.from, to: outcome.to },
        finished: true,
        log,
      });
    }
  return runs;
}

/** Every recorded run that changed the directory, oldest first (by time where both have one; extraction before the directory's own otherwise). */
export function recordedRuns(memoryDir: string): RecordedRun[] {
  const all = [...extractionRuns(memoryDir), ...directoryRuns(memoryDir)];
  return all
    .map((run, order) => ({ run, order }))
    .sort((a, b) =>
      a.run.time !== null && b.run.time !== null && a.run.time !== b.run.time ? (a.run.time < b.run.time ? -1 : 1) : a.order - b.order,
    )
    .map(({ run }) => run);
}
