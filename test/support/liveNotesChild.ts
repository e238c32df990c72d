/**
 * A live session-notes run that dies at a chosen moment: the child of the live-notes crash test.
 * Runs the first session-notes update a replay of the transcript calls for through the live
 * effect runner, appending its records to the effect log, and kills itself with SIGKILL right
 * after the run's end is on disk, before its result is applied.
 *   node --import tsx liveNotesChild.ts <transcript> <notes> <effect log>
 */
import { lastValueFrom, of, toArray } from 'rxjs';
import { DEFAULT_NOTES_TEMPLATE, OfflineModel, readLogEntries, replaySync } from '../../src/index.js';
import { appendEffectsSync, runEffects } from '../../src/pipeline/index.js';
import { DEFAULT_UPDATE_PROMPT } from '../../src/memory/session/index.js';
import { liveConversation } from '../../src/resume/index.js';
import { sessionNotesExecutor } from '../../src/jobs/index.js';

const [transcript, notesPath, logPath] = process.argv.slice(2) as [string, string, string];
const { entries } = readLogEntries(transcript);
const start = replaySync(entries).decisions.find((d) => d.kind === 'run_start' && d.run === 'session_notes');
const due = replaySync(entries).decisions.find((d) => d.kind === 'session_notes_due' && d.uuid === start?.uuid);
if (start === undefined || due === undefined) throw new Error('no session-notes update in this transcript');
const execute = sessionNotesExecutor({
  model: new OfflineModel(),
  notesPath,
  config: { template: DEFAULT_NOTES_TEMPLATE, prompt: DEFAULT_UPDATE_PROMPT, warnings: [] },
  snapshot: () => liveConversation(entries.filter((e) => e.seq <= start.seq)),
});
await lastValueFrom(
  runEffects(of(due), {
    execute: (_run, _batch, signal, runId) => execute(signal, runId),
    record: (records) => {
      appendEffectsSync(logPath, records);
      if (records.some((r) => r.type === 'run_finished')) process.kill(process.pid, 'SIGKILL');
    },
    position: () => ({ seq: start.seq, uuid: start.uuid }),
  }).pipe(toArray()),
);
