import { dirname, join } from 'node:path';
import { isSameSubject } from '../../consolidation/sameSubject.js';
import { subjectTerms } from '../../consolidation/subjectTerms.js';
import { readOrNullSync } from '../../fs/readOrNull.js';
import { INDEX_NAME } from '../../memory/durable/memoryIndex.js';
import { scanMemoryFiles } from '../../memory/durable/memoryScan.js';
import { memoryHistory } from './memoryHistory.js';
import { sessionTranscripts, sessionUse, type SessionUse } from './sessionUse.js';

/** Whether a memory was used: the later sessions it was in context in, and those where the person said it again. */
export interface MemoryEffect {
  readonly file: string;
  readonly description: string | null;
  /** When it was first written (its history, else its file's time). */
  readonly since: string;
  /** Sessions that started after it existed. */
  readonly later: number;
  /** How it reached each later session's context: read with a tool, recalled (an attachment), or only listed in the index loaded at start. */
  readonly inContext: readonly { readonly session: string; readonly how: 'read' | 'recalled' | 'index' }[];
  /** The person's messages, in later sessions, on the same subject: written but not applied. */
  readonly restated: readonly { readonly session: string; readonly uuid: string; readonly words: string }[];
}

/** Per project: how often people say a subject again in a later session, with a memory of it and without. */
export interface EffectTotals {
  readonly memories: number;
  /** Memories with at least one later session, and those of them said again. */
  readonly withLater: number;
  readonly restated: number;
  readonly rateWith: number | null;
  /** Subjects the person raised that no memory holds, and those raised again in another session. */
  readonly subjectsWithout: number;
  readonly repeatedWithout: number;
  readonly rateWithout: number | null;
}

const rate = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

/** When a memory first existed: its first recorded write, else its file's modification time. */
function sinceOf(memoryDir: string, file: string, mtimeMs: number): string {
  const first = memoryHistory(memoryDir, file).find((e) => e.change !== 'deleted' && e.failed !== true && e.time !== null);
  return first?.time ?? new Date(mtimeMs).toISOString();
}

function effectOf(
  file: { filename: string; description: string | null; since: string; terms: string[] },
  uses: readonly SessionUse[],
  listed: boolean,
): MemoryEffect {
  const later = uses.filter((u) => u.start !== null && u.start > file.since);
  const inContext = later.flatMap((u) => {
    const how = u.read.has(file.filename) ? 'read' : u.recalled.has(file.filename) ? 'recalled' : listed ? 'index' : null;
    return how === null ? [] : [{ session: u.session, how } as const];
  });
  const restated = later.flatMap((u) =>
    u.said
      .filter((s) => isSameSubject(file.terms, subjectTerms(s.words)))
      .map((s) => ({ session: u.session, uuid: s.uuid, words: s.words })),
  );
  return { file: file.filename, description: file.description, since: file.since, later: later.length, inContext, restated };
}

/** Subjects no memory holds, grouped by subject (greedily, in order), with the sessions each was raised in. */
function subjectsWithout(uses: readonly SessionUse[], memoryTerms: readonly string[][]): Set<string>[] {
  const subjects: { terms: string[]; sessions: Set<string> }[] = [];
  for (const use of uses)
    for (const said of use.said) {
      const terms = subjectTerms(said.words);
      if (terms.length < 2 || memoryTerms.some((m) => isSameSubject(m, terms))) continue;
      const subject = subjects.find((s) => isSameSubject(s.terms, terms));
      if (subject === undefined) subjects.push({ terms, sessions: new Set([use.session]) });
      else subject.sessions.add(use.session);
    }
  return subjects.map((s) => s.sessions);
}

/**
 * For each memory of a directory, the later sessions of its project (the transcripts beside it)
 * in which it was in the model's context, and those in which the person stated its subject
 * again; and per project, the repeat rate on subjects with a memory against subjects without
 * one (decision 80). `transcriptsDir` is the project's folder when the directory is elsewhere
 * (a report's `--out`).
 */
export async function memoryEffect(
  memoryDir: string,
  transcriptsDir = dirname(memoryDir),
): Promise<{ readonly memories: MemoryEffect[]; readonly totals: EffectTotals }> {
  const headers = (await scanMemoryFiles(memoryDir)).filter((h) => h.filename !== INDEX_NAME);
  const index = readOrNullSync(join(memoryDir, INDEX_NAME))?.toString('utf8') ?? '';
  const files = headers.map((h) => ({
    filename: h.filename,
    description: h.description,
    since: sinceOf(memoryDir, h.filename, h.mtimeMs),
    terms: subjectTerms(h.description ?? h.name ?? h.filename.replace(/\.md$/, '')),
  }));
  const uses = sessionTranscripts(transcriptsDir).map((path) =>
    sessionUse(
      path,
      memoryDir,
      files.map((f) => f.filename),
    ),
  );
  const memories = files.map((f) => effectOf(f, uses, index.includes(`(${f.filename})`)));
  const withLater = memories.filter((m) => m.later > 0);
  const restated = withLater.filter((m) => m.restated.length > 0).length;
  const without = subjectsWithout(
    uses,
    files.map((f) => f.terms),
  );
  const repeated = without.filter((s) => s.size > 1).length;
  return {
    memories,
    totals: {
      memories: memories.length,
      withLater: withLater.length,
      restated,
      rateWith: rate(restated, withLater.length),
      subjectsWithout: without.length,
      repeatedWithout: repeated,
      rateWithout: rate(repeated, without.length),
    },
  };
}
