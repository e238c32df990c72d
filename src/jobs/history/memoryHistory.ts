import { dirname } from 'node:path';
import { readBlob } from '../records/blobStore.js';
import { claudeCodeWrites } from './claudeCodeWrites.js';
import { diffText, lineDiff } from './lineDiff.js';
import { recordedRuns, type FileChange, type RecordedRun } from './readChanges.js';
import { wordsAt, wordsBetween } from './sourceWords.js';

/** What happened to a memory in one change, in the words `memlog memory log` uses. */
export type ChangeName = 'created' | 'updated' | 'merged' | 'renamed' | 'marked stale' | 'deleted';

/** One change to one memory file, by memlog or by Claude Code. */
export interface HistoryEntry {
  readonly file: string;
  readonly change: ChangeName;
  readonly time: string | null;
  /** Who: `memlog` (a recorded run) or `claude-code` (a tool call in its transcripts). */
  readonly by: 'memlog' | 'claude-code';
  /** memlog: the run's id for `memlog undo`; Claude Code: the tool. */
  readonly run: string;
  readonly session: string | null;
  /** memlog's sources (session/message), or Claude Code's subagent. */
  readonly from: readonly string[];
  readonly reason: string | null;
  /** The person's words the change came from. */
  readonly words: readonly string[];
  /** The diff before → after, or null when the bytes were not recorded. */
  readonly diff: string | null;
  readonly failed?: boolean;
}

const changeName = (change: FileChange): ChangeName => {
  if (change.after === null) return change.kind === 'merged' || change.kind === 'renamed' ? change.kind : 'deleted';
  if (change.before === null) return 'created';
  return change.kind === 'contradicts' ? 'marked stale' : 'updated';
};

/** The text of a recorded side of a change: '' for no file, null when not recorded or not kept. */
function sideText(memoryDir: string, sha: string | null | undefined): string | null {
  if (sha === null) return '';
  if (sha === undefined) return null;
  return readBlob(memoryDir, sha)?.toString('utf8') ?? null;
}

export const diffOf = (before: string | null | undefined, after: string | null | undefined): string | null =>
  before === undefined || after === undefined ? null : diffText(lineDiff(before ?? '', after ?? ''));

/** The person's words behind a change: the messages a commit cites, or the ones an extraction read. */
function wordsOf(projectDir: string, run: RecordedRun, change: FileChange): string[] {
  if (run.session !== undefined)
    return run.session.id === null ? [] : wordsBetween(projectDir, run.session.id, run.session.from, run.session.to);
  const bySession = new Map<string, Set<string>>();
  for (const s of change.sources) bySession.set(s.session, (bySession.get(s.session) ?? new Set()).add(s.uuid));
  return [...bySession].flatMap(([session, uuids]) => [...wordsAt(projectDir, session, uuids).values()]);
}

function memlogEntries(memoryDir: string, matches: (file: string) => boolean): HistoryEntry[] {
  const projectDir = dirname(memoryDir);
  return recordedRuns(memoryDir).flatMap((run) =>
    run.files
      .filter((change) => matches(change.file) || (change.into !== undefined && matches(change.into)))
      .map((change) => {
        const before = sideText(memoryDir, change.before);
        const after = sideText(memoryDir, change.after);
        return {
          file: change.file,
          change: changeName(change),
          time: run.time,
          by: 'memlog' as const,
          run: run.id,
          session: run.session?.id ?? null,
          from: [...new Set(change.sources.map((s) => `${s.session}/${s.uuid}`))],
          reason: change.into === undefined ? change.reason : `${change.reason ?? 'merged'} (into ${change.into})`,
          words: wordsOf(projectDir, run, change),
          diff: before === null || after === null ? null : diffOf(before, after),
        };
      }),
  );
}

function claudeCodeEntries(memoryDir: string, matches: (file: string) => boolean): HistoryEntry[] {
  return claudeCodeWrites(memoryDir)
    .filter((w) => matches(w.file))
    .map((w) => ({
      file: w.file,
      change: w.change,
      time: w.time,
      by: 'claude-code' as const,
      run: w.tool,
      session: w.session,
      from: w.agent === null ? [] : [`subagent ${w.agent}`],
      reason: null,
      words: [],
      diff: w.failed ? null : diffOf(w.before, w.after),
      ...(w.failed ? { failed: true } : {}),
    }));
}

/**
 * Every change to a directory's memories (or to one, by file name), oldest first: memlog's
 * recorded runs with their sources and the person's words, and Claude Code's own writes from
 * its transcripts; each with a diff where the bytes are known (decision 79).
 */
export function memoryHistory(memoryDir: string, file?: string): HistoryEntry[] {
  const matches = (name: string): boolean => file === undefined || name === file;
  const entries = [...memlogEntries(memoryDir, matches), ...claudeCodeEntries(memoryDir, matches)];
  return entries
    .map((entry, order) => ({ entry, order }))
    .sort((a, b) => (a.entry.time ?? '').localeCompare(b.entry.time ?? '') || a.order - b.order)
    .map(({ entry }) => entry);
}
