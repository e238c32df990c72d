import { closeSync, openSync } from 'node:fs';
import { resolve } from 'node:path';
import { identityOf, type FileIdentity } from '../search/fileIdentity.js';
import type { CatalogDb } from './catalogDb.js';
import { REREAD_WINDOW_BYTES } from './chainWindow.js';
import { missing } from '../errors.js';
import { CatalogRows, type CatalogHead } from './catalogRows.js';
import { NO_RESPONSES, type CountedResponses } from './countedResponses.js';
import type { FoldJob, FoldResult } from './foldFileCore.js';
import type { SessionSummary } from './sessionSummary.js';

/** How one file's summary was had: from its row as stored, folded on from it, or read from the start. */
export type SummarySource = 'stored' | 'folded-on' | 'read';

/** One file's summary, or why it could not be had (the caller reads that file the ordinary way, which says why). */
export type CatalogAnswer =
  | { readonly path: string; readonly summary: SessionSummary; readonly source: SummarySource }
  | { readonly path: string; readonly error: Error };

/** One file's summary with the API responses it counted (decision 109), or why it could not be had. */
export type UsageAnswer =
  Extract<CatalogAnswer, { error: Error }> | (Extract<CatalogAnswer, { summary: unknown }> & { readonly responses: CountedResponses });

/** The answers of one call, and the file each summary was had from (its identity), where it was had. */
interface Answered {
  readonly answers: CatalogAnswer[];
  readonly identities: Array<FileIdentity | undefined>;
}

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
    return this.#queued(async () => (await this.#answer(paths)).answers);
  }

  /**
   * The summaries of the files with the API responses each counted, both read in one read transaction, so that another
   * memlog's fold stored between them cannot pair a summary with responses it never counted: what the usage report counts
   * once across files (decision 109).
   */
  async summariesWithResponses(paths: readonly string[]): Promise<UsageAnswer[]> {
    return this.#queued(async () => {
      const { answers, identities } = await this.#answer(paths);
      return this.#rows.reading(() => answers.map((answer, at) => this.#withResponses(answer, identities[at])));
    });
  }

  /**
   * Runs `work` once the call before has stored its rows: read before, a fold would go on from an old row while its
   * usage lookups met the messages that call stored (decision 98); and the connection holds one transaction at a time.
   */
  #queued<T>(work: () => Promise<T>): Promise<T> {
    const done = this.#folding.then(work);
    this.#folding = done.then(
      () => undefined,
      () => undefined,
    );
    return done;
  }

  /**
   * The answer with the responses its file's row holds now, and that row's summary when another memlog stored a fold
   * of another state of the file since this call had its own (decision 109). A row gone since leaves no responses.
   */
  #withResponses(answer: CatalogAnswer, identity: FileIdentity | undefined): UsageAnswer {
    if ('error' in answer) return answer;
    const key = resolve(answer.path);
    const head = this.#rows.head(key);
    if (head === undefined) return { ...answer, responses: NO_RESPONSES };
    const same = identity !== undefined && sameIdentity(head.identity, identity);
    const summary = same ? answer.summary : (JSON.parse(head.summary) as SessionSummary);
    return { ...answer, summary, responses: this.#rows.countedResponses(key) };
  }

  /** Answers from the stored rows, folding the files that changed since. */
  async #answer(paths: readonly string[]): Promise<Answered> {
    const answers: Answers = [];
    const identities: Array<FileIdentity | undefined> = [];
    const jobs: Array<{ readonly at: number; readonly job: FoldJob }> = [];
    paths.forEach((path, at) => {
      const key = resolve(path);
      const head = this.#rows.head(key);
      const now = identityOrError(key);
      if (now instanceof Error) answers[at] = { path, error: now };
      else if (head !== undefined && sameIdentity(head.identity, now)) {
        answers[at] = storedAnswer(path, head);
        identities[at] = head.identity;
      } else jobs.push({ at, job: this.#job(key, head !== undefined) });
    });
    if (jobs.length > 0) await this.#fold(paths, jobs, { answers, identities });
    return {
      answers: paths.map((path, at) => answers[at] ?? { path, error: new Error('not summarised') }),
      identities,
    };
  }

  /** Folds the jobs, storing each row as its fold ends while the other threads fold on, in one transaction (decision 98). */
  async #fold(
    paths: readonly string[],
    jobs: ReadonlyArray<{ readonly at: number; readonly job: FoldJob }>,
    { answers, identities }: { answers: Answers; identities: Array<FileIdentity | undefined> },
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
      identities[at] = row.identity;
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
