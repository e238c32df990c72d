import { readEffectLog, withoutInterrupted } from '../../pipeline/effectLog.js';
import { retryRecords } from '../../pipeline/pacedRuns.js';
import type { ReplaySettings } from '../../pipeline/replayDecider.js';
import { replaySync } from '../../pipeline/replaySync.js';
import type { ExtractionDue } from '../../projections/decisions.js';
import { readLogEntries } from '../../transcript/readLogEntries.js';

/** Extraction runs a session still owes (what `--dry-run` lists), and the messages they would read. */
export function pendingExtraction(
  session: string,
  logPath: string,
  settings?: ReplaySettings,
): { readonly runs: number; readonly messages: number; readonly estimatedTokens: number } {
  const { entries } = readLogEntries(session);
  const read = readEffectLog(logPath).records;
  // A run that started and never ended (a crash) will run again, and so will a failed newest run: neither is done.
  const records = withoutInterrupted([...read, ...retryRecords(read, 'extraction')]);
  const ended = new Set(records.flatMap((r) => (r.type === 'run_finished' || r.type === 'run_failed' ? [r.runId] : [])));
  const done = new Set(
    records.flatMap((r) =>
      r.type === 'run_started' && r.run === 'extraction' && ended.has(r.runId) ? [r.batch.map((p) => p.uuid).join(' ')] : [],
    ),
  );
  const decisions = replaySync(entries, settings, undefined, records).decisions;
  const starts = decisions.filter((d) => d.kind === 'run_start' && d.run === 'extraction' && !done.has(d.batch.join(' ')));
  const due = decisions.filter((d): d is ExtractionDue => d.kind === 'extraction_due');
  const messages = starts.reduce(
    (sum, start) =>
      sum + (start.kind === 'run_start' ? start.batch.reduce((n, uuid) => n + (due.find((d) => d.uuid === uuid)?.newMessages ?? 0), 0) : 0),
    0,
  );
  // Each run sends the conversation so far plus a prompt of about 1,500 tokens.
  const estimatedTokens = starts.reduce((sum, start) => sum + start.tokens + 1_500, 0);
  return { runs: starts.length, messages, estimatedTokens };
}
