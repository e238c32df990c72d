import { readEffectLog, withoutInterrupted } from '../../pipeline/effectLog.js';
import { retryRecords } from '../../pipeline/pacedRuns.js';
import type { ReplaySettings } from '../../pipeline/replayDecider.js';
import { replaySync } from '../../pipeline/replaySync.js';
import { transcriptEntries } from '../../transcript/transcriptEntries.js';

/** Extraction runs a session still owes (what `--dry-run` lists), and the messages they would read. */
export function pendingExtraction(
  session: string,
  logPath: string,
  settings?: ReplaySettings,
): { readonly runs: number; readonly messages: number; readonly estimatedTokens: number } {
  const read = readEffectLog(logPath).records;
  // A run that started and never ended (a crash) will run again, and so will a failed newest run: neither is done.
  const records = withoutInterrupted([...read, ...retryRecords(read, 'extraction')]);
  const ended = new Set(records.flatMap((r) => (r.type === 'run_finished' || r.type === 'run_failed' ? [r.runId] : [])));
  const done = new Set(
    records.flatMap((r) =>
      r.type === 'run_started' && r.run === 'extraction' && ended.has(r.runId) ? [r.batch.map((p) => p.uuid).join(' ')] : [],
    ),
  );
  const decisions = replaySync(transcriptEntries(session), settings, undefined, records).decisions;
  const starts = decisions.filter((d) => d.kind === 'run_start' && d.run === 'extraction' && !done.has(d.batch.join(' ')));
  // The first decision at an entry counts, should a line be written twice.
  const due = new Map<string, number>();
  for (const d of decisions) if (d.kind === 'extraction_due' && !due.has(d.uuid)) due.set(d.uuid, d.newMessages);
  const messages = starts.reduce(
    (sum, start) => sum + (start.kind === 'run_start' ? start.batch.reduce((n, uuid) => n + (due.get(uuid) ?? 0), 0) : 0),
    0,
  );
  // Each run sends the conversation so far plus a prompt of about 1,500 tokens.
  const estimatedTokens = starts.reduce((sum, start) => sum + start.tokens + 1_500, 0);
  return { runs: starts.length, messages, estimatedTokens };
}
