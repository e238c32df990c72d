import { closeSync, readSync } from 'node:fs';
import type { Diagnostic } from '../errors.js';
import { appendWholeLines, appendWholeLinesSync } from '../fs/appendLines.js';
import { openRegularOrNullSync } from '../fs/regularFile.js';
import { LineSplitter, type RawLine } from '../transcript/lineSplitter.js';
import { CURRENT_EFFECT_LOG_VERSION, EffectRecord, SUPPORTED_EFFECT_LOG_VERSIONS } from './effectRecord.js';
import { isWithdrawal } from './effectRecords.js';
import { fitsJournalSchema, isJournalRecordType } from './journalKinds.js';

/** The effect log of a transcript: `<session>.memlog.jsonl` beside `<session>.jsonl` (Claude Code lists only UUID-named files). */
export function effectLogPath(transcriptPath: string): string {
  return transcriptPath.endsWith('.jsonl') ? `${transcriptPath.slice(0, -'.jsonl'.length)}.memlog.jsonl` : `${transcriptPath}.memlog.jsonl`;
}

export interface EffectLogContents {
  readonly records: EffectRecord[];
  readonly diagnostics: Diagnostic[];
}

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** Reads an effect log; a missing file is an empty log. Bad lines and unknown versions are diagnostics. */
export function readEffectLog(path: string): EffectLogContents {
  const diagnostics: Diagnostic[] = [];
  const records = [...effectRecords(path, (d) => diagnostics.push(d))];
  return { records, diagnostics };
}

/** How much of an effect log is read at a time. */
const CHUNK_BYTES = 1 << 20;

/**
 * Effect records are memlog's own writes, and a record cut short would lose a decision: they keep
 * the reader's earlier limit rather than the transcripts' lower one (decision 66).
 */
const MAX_EFFECT_LINE_BYTES = 256 * 1024 * 1024;

/**
 * An effect log's records one at a time, the file read a mebibyte at a time: for a reader that
 * looks at each record once, memory follows the longest line, not the log (`extract --per-turn`
 * over a 2 GB session writes a 42 MB log; decision 60). A missing file has none; bad lines and
 * unknown versions go to `onDiagnostic`, as `readEffectLog` reports them.
 */
export function* effectRecords(
  path: string,
  onDiagnostic: (diagnostic: Diagnostic) => void = () => undefined,
  /** Smaller in tests, so lines cross chunks. */
  chunkBytes = CHUNK_BYTES,
): Generator<EffectRecord> {
  // Anything but a regular file (a named pipe would block the read for ever) is refused.
  const fd = openRegularOrNullSync(path);
  if (fd === null) return;
  try {
    const splitter = new LineSplitter({ maxLineBytes: MAX_EFFECT_LINE_BYTES });
    const ready: EffectRecord[] = [];
    const take = (line: RawLine): void => {
      const record = parseEffectLine(line, onDiagnostic);
      if (record !== undefined) ready.push(record);
    };
    for (;;) {
      // A chunk of its own each time: a line the splitter holds across chunks may still point into it.
      const chunk = Buffer.allocUnsafe(chunkBytes);
      const read = readSync(fd, chunk, 0, chunkBytes, null);
      if (read === 0) break;
      splitter.push(chunk.subarray(0, read), take);
      yield* ready;
      ready.length = 0;
    }
    splitter.end(take);
    yield* ready;
  } finally {
    closeSync(fd);
  }
}

function parseEffectLine(line: RawLine, onDiagnostic: (diagnostic: Diagnostic) => void): EffectRecord | undefined {
  const raw = utf8.decode(line.bytes).replace(/\r$/, '');
  if (raw.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    onDiagnostic({
      code: line.terminated ? 'malformed_json' : 'truncated_line',
      line: line.line,
      offset: line.offset,
      raw,
      message: (error as Error).message,
    });
    return undefined;
  }
  const version = (value as { v?: unknown } | null)?.v;
  if (!(SUPPORTED_EFFECT_LOG_VERSIONS as readonly unknown[]).includes(version)) {
    onDiagnostic({
      code: 'unsupported_version',
      line: line.line,
      offset: line.offset,
      raw,
      message: `effect record version ${JSON.stringify(version)} is not supported; this memlog reads version ${CURRENT_EFFECT_LOG_VERSION}`,
    });
    return undefined;
  }
  const parsed = EffectRecord.safeParse(value);
  if (parsed.success) return parsed.data;
  onDiagnostic({
    code: 'schema_mismatch',
    line: line.line,
    offset: line.offset,
    raw,
    message: parsed.error.issues[0]?.message ?? 'not an effect record',
  });
  return undefined;
}

/**
 * Appends records, each a whole line, before the effect they describe is applied. A record cut
 * by a crash is ended first, so the next one is never glued to it; a failed append leaves
 * nothing (appendWholeLines takes it back).
 */
export async function appendEffects(path: string, records: readonly EffectRecord[]): Promise<void> {
  if (records.length === 0) return;
  await appendWholeLines(path, journalLines(records), { endTornTail: true });
}

/** Appends records synchronously: the effect runner needs a record on disk in the same tick it decides. */
export function appendEffectsSync(path: string, records: readonly EffectRecord[]): void {
  if (records.length === 0) return;
  appendWholeLinesSync(path, journalLines(records), { endTornTail: true });
}

/**
 * The records as lines; a record of a type the journal does not register, or one that does not
 * fit its type's schema, is refused and nothing is written (decisions 74 and 91): this is the one
 * writer every effect step and every note (a decision) goes through.
 */
function journalLines(records: readonly EffectRecord[]): string {
  const stranger = records.find((record) => !isJournalRecordType(record.type));
  if (stranger !== undefined) throw new TypeError(`effect record type ${JSON.stringify(stranger.type)} is not one the journal registers`);
  const misfit = records.find((record) => !fitsJournalSchema(record));
  if (misfit !== undefined) throw new TypeError(`a ${JSON.stringify(misfit.type)} record does not fit its schema; nothing was written`);
  return records.map((record) => `${JSON.stringify(record)}\n`).join('');
}

/**
 * The records of runs taken back: runs that never ended (a crash) and were marked interrupted,
 * and failed runs a later batch extraction chose to retry (marked `retried`). Left out, as if
 * never started, so they run again at the same place.
 */
export function withoutInterrupted(records: readonly EffectRecord[]): EffectRecord[] {
  const withdrawn = withdrawnRuns(records);
  if (withdrawn.size === 0) return [...records];
  return records.filter((r) => !ofWithdrawnRun(r, withdrawn));
}

/** The ids of the runs taken back (see `withoutInterrupted`), for a reader that streams the log twice. */
export function withdrawnRuns(records: Iterable<EffectRecord>): ReadonlySet<string> {
  const withdrawn = new Set<string>();
  for (const r of records) if (r.type === 'run_failed' && isWithdrawal(r)) withdrawn.add(r.runId);
  return withdrawn;
}

/** Whether a record belongs to a run taken back. */
export function ofWithdrawnRun(record: EffectRecord, withdrawn: ReadonlySet<string>): boolean {
  return (record.type === 'run_started' || record.type === 'run_failed' || record.type === 'run_finished') && withdrawn.has(record.runId);
}
