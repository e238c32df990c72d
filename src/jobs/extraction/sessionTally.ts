import { INDEX_NAME } from '../../memory/durable/memoryIndex.js';
import type { PacedRun, RunFold } from '../../pipeline/pacedRuns.js';
import type { ExtractionOutcome } from '../../pipeline/runOutcomes.js';

/** Memory files written, by type (`other` for a file without one). */
export type CountsByType = Readonly<Record<string, number>>;

/**
 * What one session's extraction runs add up to, folded run by run as each ends: counts and the
 * set of files written, never the runs themselves, so a session of 40,000 runs reports in the
 * memory of one (decision 60).
 */
export interface SessionTally {
  /** Runs that ended here (finished or failed), a first look's declined runs left out. */
  readonly runs: number;
  readonly failed: number;
  /** Runs handed to a message batch, still in flight. */
  readonly submitted: number;
  readonly added: CountsByType;
  readonly updated: CountsByType;
  /** Each memory file the runs added or updated, once (MEMORY.md left out). */
  readonly touched: ReadonlySet<string>;
  readonly tokens: { readonly input: number; readonly output: number };
  /** Index lines that left MEMORY.md, run after run, as each run reported them. */
  readonly indexDropped: readonly string[];
}

export const emptyTally = (): SessionTally => ({
  runs: 0,
  failed: 0,
  submitted: 0,
  added: {},
  updated: {},
  touched: new Set(),
  tokens: { input: 0, output: 0 },
  indexDropped: [],
});

const declined = (run: PacedRun): boolean => (run.outcome as { declined?: unknown } | undefined)?.declined === 'first_look';

const counted = (counts: CountsByType, type: string | null): CountsByType => {
  const key = type ?? 'other';
  return { ...counts, [key]: (counts[key] ?? 0) + 1 };
};

/** The tally with one more ended (or deferred) run in it. */
export function tallyRun(tally: SessionTally, run: PacedRun): SessionTally {
  if (run.deferred === true) return { ...tally, submitted: tally.submitted + 1 };
  const runs = tally.runs + (declined(run) ? 0 : 1);
  if (!run.ok) return { ...tally, runs, failed: tally.failed + 1 };
  const outcome = run.outcome as ExtractionOutcome;
  let { added, updated, touched } = tally;
  for (const w of outcome.written) {
    if (w.file === INDEX_NAME) continue;
    if (w.change === 'added') added = counted(added, w.type);
    else updated = counted(updated, w.type);
    if (!touched.has(w.file)) touched = new Set([...touched, w.file]);
  }
  return {
    ...tally,
    runs,
    added,
    updated,
    touched,
    tokens: { input: tally.tokens.input + outcome.tokens.input, output: tally.tokens.output + outcome.tokens.output },
    indexDropped: outcome.indexDropped.length === 0 ? tally.indexDropped : [...tally.indexDropped, ...outcome.indexDropped],
  };
}

/** The fold runPaced takes, starting from the runs already collected (a message batch's results). */
export const sessionTally = (collected: readonly PacedRun[]): RunFold<SessionTally> => ({
  initial: () => collected.reduce(tallyRun, emptyTally()),
  step: tallyRun,
});

/** How many files a by-type count holds in all. */
export const totalOf = (counts: CountsByType): number => Object.values(counts).reduce((n, c) => n + c, 0);
