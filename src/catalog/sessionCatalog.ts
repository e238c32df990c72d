import { closeSync, openSync } from 'node:fs';
import { resolve } from 'node:path';
import { identityOf, type FileIdentity } from '../search/fileIdentity.js';
import type { CatalogDb } from './catalogDb.js';
import { REREAD_WINDOW_BYTES } from './chainWindow.js';
import { missing } from '../errors.js';
import { CatalogRows, type CatalogHead } from './catalogRows.js';
import type { CountedResponses } from './countedResponses.js';
import type { FoldJob, FoldResult } from './foldFileCore.js';
import type { SessionSummary } from './sessionSummary.js';

/** How one file's summary was had: from its row as stored, folded on from it, or read from the start. */
export type SummarySource = 'stored' | 'folded-on' | 'read';

/** One file's summary, or why it could not be had (the caller reads that file the ordinary way, which says why). */
export type CatalogAnswer =
  | { readonly path: string; readonly summary: SessionSummary; readonly source: SummarySource }
  | { readonly path: string; readonly error: Error };

/** How the catalog folds a file again. */
export interface SessionCatalogOptions {
  /**
   * A file whose fold ended within this many bytes is folded from its start when it grows, and its row keeps no usage
   * or forgotten rows (decision 103); a longer one is folded on from its row. REREAD_WINDOW_BYTES unless given.
   */
  readonly refoldUpToBytes?: number;
}

/**
 * The session catalog (decision 81): a summary per transcript file, kept in a SQLite file and read back while the file
 * is the one it was read from. A file that only grew is folded on from its stored snapshot (a small one from its start);
 * any other change reads it again. Only what changed is parsed, across the machine's cores.
 */
export class SessionCatalog {
  readonly #rows: CatalogRows;
  readonly #refoldUpToBytes: number;
  /** The call in progress: its fold's transaction stays open while threads fold (decision 98), so the next waits for it. */
  #folding: Promise<void> = Promise.resolve();

  constructor(db: CatalogDb, options: SessionCatalogOptions = {}) {
    this.#rows = new CatalogRows(db);
    this.#refoldUpToBytes = options.refoldUpToBytes ?? REREAD_WINDOW_BYTES;
  }

  /** The summaries of the files, in their order. */
  async summaries(paths: readonly string[]): Promise<CatalogAnswer[]> {
    // The rows are read only once the call before has stored its own: read before, a fold would go on from an old row
    // while its usage lookups met the messages that call stored (decision 98).
    const answered = this.#folding.then(() => this.#answer(paths));
    this.#folding = answered.then(
      () => undefined,
      () => undefined,
    );
    return answered;
  }

  /**
   * The API responses each file counted, as its last summary did (NO_RESPONSES for a file without a row): what the usage
   * report counts once across files (decision 109). Read once the summaries asked for before are stored.
   */
  async countedResponses(paths: readonly string[]): Promise<CountedResponses[]> {
    await this.#folding;
    return paths.map((path) => this.#rows.countedResponses(resolve(path)));
  }

  /** Answers from the stored rows, folding the files that changed since. */
  async #answer(paths: readonly string[]): Promise<CatalogAnswer[]> {
    const answers: Answers = [];
    const jobs: Array<{ readonly at: number; readonly job: FoldJob }> = [];
    paths.forEach((path, at) => {
      const key = resolve(path);
      const head = this.#rows.head(key);
      const now = identityOrError(key);
      if (now instanceof Error) answers[at] = { path, error: now };
      else if (head !== undefined && sameIdentity(head.identity, now)) answers[at] = storedAnswer(path, head);
      else jobs.push({ at, job: this.#job(key, head !== undefined) });
    });
    if (jobs.length > 0) await this.#fold(paths, jobs, answers);
    return answers.map((answer, at) => answer ?? { path: paths[at] as string, error: new Error('not summarised') });
  }

  /** Folds the jobs, storing each row as its fold ends while the other threads fold on, in one transaction (decision 98). */
  async #fold(
    paths: readonly string[],
    jobs: ReadonlyArray<{ readonly at: number; readonly job: FoldJob }>,
    answers: Answers,
  ): Promise<void> {
    // Loaded only when something is to be read: a rerun over unchanged files needs neither the parser nor the schemas.
    const { foldAll } = await import('./parallelFold.js');
    const writer = this.#rows.writer();
    const onResult = (i: number, result: FoldResult | Error): void => {
      const { at, job } = jobs[i] ?? missing('jobs', i);
      const path = paths[at] ?? missing('paths', at);
      if (result instanceof Error) {
        answers[at] = { path, error: result };
        return;
      }
      const { row, foldedOn, responses, tornResponses } = result;
      writer.put({ path: job.path, row, foldedOn, responses, tornResponses, ...this.#tablesOf(result) });
      answers[at] = { path, summary: result.summary, source: result.foldedOn ? 'folded-on' : 'read' };
    };
    try {
      await foldAll(
        jobs.map(({ job }) => job),
        { onResult },
      );
      writer.end();
    } catch (error) {
      writer.abort();
      throw error;
    }
  }

  /**
   * What a row stores in the usage and forgotten tables: nothing for a file a growth folds from its start (decision 103:
   * the usage inserts were most of a first scan's writes, and such a growth reads those bytes again anyway).
   */
  #tablesOf(result: FoldResult): Pick<FoldResult, 'usage' | 'forgotten'> {
    if (result.foldedOn || result.row.endOffset > this.#refoldUpToBytes) return { usage: result.usage, forgotten: result.forgotten };
    return { usage: [], forgotten: { nodes: new Uint32Array(0), progress: new Uint32Array(0) } };
  }

  /**
   * A file to fold: on from its whole stored row (snapshot and all) when there is one, its messages' usage looked up in
   * the usage table as the tail meets them (decision 94); else, or when its fold ended within `refoldUpToBytes`, from its
   * start (decision 103).
   */
  #job(key: string, hasRow: boolean): FoldJob {
    const stored = hasRow ? this.#rows.get(key) : undefined;
    const rows = this.#rows;
    if (stored === undefined || stored.endOffset <= this.#refoldUpToBytes) return { path: key };
    const usageOf = (id: string): ReturnType<CatalogRows['usageOf']> => rows.usageOf(key, id);
    return { path: key, stored, usageOf, forgottenHas: (kind, [high, low]) => rows.forgottenHas(key, kind, high, low) };
  }
}

type Answers = Array<CatalogAnswer | undefined>;

function storedAnswer(path: string, row: CatalogHead): CatalogAnswer {
  return { path, summary: JSON.parse(row.summary) as SessionSummary, source: 'stored' };
}

function identityOrError(path: string): FileIdentity | Error {
  try {
    const fd = openSync(path, 'r');
    try {
      return identityOf(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

function sameIdentity(a: FileIdentity, b: FileIdentity): boolean {
  return (
    a.dev === b.dev &&
    a.ino === b.ino &&
    a.size === b.size &&
    a.mtimeMs === b.mtimeMs &&
    a.headBytes === b.headBytes &&
    a.headHash === b.headHash
  );
}
