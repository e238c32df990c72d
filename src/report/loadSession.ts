import { statSync } from 'node:fs';
import { readEffectLog } from '../pipeline/effectLog.js';
import { readTranscriptSync } from '../transcript/readTranscript.js';
import { transcriptEntries } from '../transcript/transcriptEntries.js';
import { mergeEffectLogs } from './mergeEffectLogs.js';
import type { SessionInputs } from './sessionView.js';

/** What a session page needs from disk: the transcript and its effect logs. The report layer's only reading file besides `findReportSessions.ts`. */
export interface LoadedSession {
  readonly inputs: SessionInputs;
  /** Effect-log lines that were not records (bad JSON, unknown version), all logs together. */
  readonly effectDiagnostics: number;
}

/** Reads a transcript and the effect logs given (missing ones are empty), merged as `mergeEffectLogs` says. */
export function loadSession(path: string, name: string, effectLogs: readonly string[], onRead?: (bytes: number) => void): LoadedSession {
  // A transcript that cannot be opened fails here, with the reader's own message, before its size is asked.
  for (const _ of readTranscriptSync(path, { chunkBytes: 4_096 })) break;
  // Read lazily: the session view walks it once, one entry at a time (decision 51).
  const entries = transcriptEntries(path, onRead === undefined ? {} : { onRead });
  const logs = effectLogs.map((log) => readEffectLog(log));
  return {
    inputs: {
      name,
      entries,
      records: mergeEffectLogs(logs.map((l) => l.records)),
      diagnostics: () => entries.diagnostics(),
      bytes: statSync(path).size,
    },
    effectDiagnostics: logs.reduce((n, l) => n + l.diagnostics.length, 0),
  };
}
