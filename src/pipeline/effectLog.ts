import { existsSync, readFileSync } from 'node:fs';
import type { Diagnostic } from '../errors.js';
import { appendWholeLines, appendWholeLinesSync } from '../fs/appendLines.js';
import { LineSplitter } from '../transcript/lineSplitter.js';
import { CURRENT_EFFECT_LOG_VERSION, EffectRecord, SUPPORTED_EFFECT_LOG_VERSIONS } from './effectRecord.js';
import { isWithdrawal } from './effectRecords.js';

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
  if (!existsSync(path)) return { records: [], diagnostics: [] };
  const records: EffectRecord[] = [];
  const diagnostics: Diagnostic[] = [];
  const splitter = new LineSplitter();
  const take = (line: { bytes: Uint8Array; line: number; offset: number; terminated: boolean }): void => {
    const raw = utf8.decode(line.bytes).replace(/\r$/, '');
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      diagnostics.push({
        code: line.terminated ? 'malformed_json' : 'truncated_line',
        line: line.line,
        offset: line.offset,
        raw,
        message: (error as Error).message,
      });
      return;
    }
    const version = (value as { v?: unknown } | null)?.v;
    if (!(SUPPORTED_EFFECT_LOG_VERSIONS as readonly unknown[]).includes(version)) {
      diagnostics.push({
        code: 'unsupported_version',
        line: line.line,
        offset: line.offset,
        raw,
        message: `effect record version ${JSON.stringify(version)} is not supported; this memlog reads version ${CURRENT_EFFECT_LOG_VERSION}`,
      });
      return;
    }
    const parsed = EffectRecord.safeParse(value);
    if (parsed.success) records.push(parsed.data);
    else
      diagnostics.push({
        code: 'schema_mismatch',
        line: line.line,
        offset: line.offset,
        raw,
        message: parsed.error.issues[0]?.message ?? 'not an effect record',
      });
  };
  splitter.push(readFileSync(path), take);
  splitter.end(take);
  return { records, diagnostics };
}

/**
 * Appends records, each a whole line, before the effect they describe is applied. A record cut
 * by a crash is ended first, so the next one is never glued to it; a failed append leaves
 * nothing (appendWholeLines takes it back).
 */
export async function appendEffects(path: string, records: readonly EffectRecord[]): Promise<void> {
  if (records.length === 0) return;
  await appendWholeLines(path, records.map((record) => `${JSON.stringify(record)}\n`).join(''), { endTornTail: true });
}

/** Appends records synchronously: the effect runner needs a record on disk in the same tick it decides. */
export function appendEffectsSync(path: string, records: readonly EffectRecord[]): void {
  if (records.length === 0) return;
  appendWholeLinesSync(path, records.map((record) => `${JSON.stringify(record)}\n`).join(''), { endTornTail: true });
}

/**
 * The records of runs taken back: runs that never ended (a crash) and were marked interrupted,
 * and failed runs a later batch extraction chose to retry (marked `retried`). Left out, as if
 * never started, so they run again at the same place.
 */
export function withoutInterrupted(records: readonly EffectRecord[]): EffectRecord[] {
  const withdrawn = new Set(records.flatMap((r) => (r.type === 'run_failed' && isWithdrawal(r) ? [r.runId] : [])));
  if (withdrawn.size === 0) return [...records];
  return records.filter(
    (r) => !((r.type === 'run_started' || r.type === 'run_failed' || r.type === 'run_finished') && withdrawn.has(r.runId)),
  );
}
