import type { EffectRecord } from './effectRecord.js';
import { appendEffectsSync } from './effectLog.js';
import type { EffectJob } from './effectJob.js';
import { JOURNAL_ENDS } from './journalEnds.js';
import type { JournalKind } from './journalKinds.js';
import type { BeginOf, CommitOf, Unended } from './unendedEntries.js';

/** How one kind finishes or takes back what a killed process left (decision 74); each step returns the records that close it. */
export interface RecoverySteps<K extends JournalKind> {
  /** Committed: the apply is done now (a staged copy moved in), as the uninterrupted run would have. */
  readonly finish: (commit: CommitOf<K>) => Promise<readonly EffectRecord[]>;
  /** Never committed: whatever it left is taken back (a staged copy, a part-append), so it can run again at its place. */
  readonly rollBack: (begin: BeginOf<K>) => Promise<readonly EffectRecord[]>;
  /** A begun entry whose commit is a fact on disk, not a record (`memlog compact`'s append landed whole): finished by `finishBegun`. */
  readonly landed?: (begin: BeginOf<K>) => boolean;
  readonly finishBegun?: (begin: BeginOf<K>) => Promise<readonly EffectRecord[]>;
}

export interface Recovered {
  /** Entries finished, and entries taken back, by the records that closed them. */
  readonly finished: readonly EffectRecord[];
  readonly rolledBack: readonly EffectRecord[];
}

/**
 * The one recovery path: for each entry a killed process left, finishes it when it was
 * committed, takes it back when it was not, and appends the records that say so. Committed
 * entries go first (their apply may be what a taken-back entry's rerun builds on). Safe to run
 * again when killed itself: every step is idempotent and its record comes after its effect.
 */
export async function recoverJournal<K extends JournalKind>(
  unended: Unended<K>,
  steps: RecoverySteps<K>,
  logPath: string,
): Promise<Recovered> {
  const finished: EffectRecord[] = [];
  const rolledBack: EffectRecord[] = [];
  const close = (into: EffectRecord[], records: readonly EffectRecord[]): void => {
    appendEffectsSync(logPath, records);
    into.push(...records);
  };
  for (const commit of unended.committed) close(finished, await steps.finish(commit));
  for (const begin of unended.begun) {
    if (steps.landed?.(begin) === true && steps.finishBegun !== undefined) close(finished, await steps.finishBegun(begin));
    else close(rolledBack, await steps.rollBack(begin));
  }
  return { finished, rolledBack };
}

/**
 * The one recovery path from a job's own declaration (decision 91): a committed entry is finished
 * by the job's apply step, the same as live, then closed by its kind's end records; a begun one is
 * taken back by the job's `rollBack`, then closed by its kind's taken-back records. `landed`: for a
 * kind whose commit is a fact on disk (`memlog compact`'s append landed whole), the begun entry as
 * its commit when it landed, so it is closed instead of taken back.
 */
export function recoverEffects<K extends JournalKind>(
  unended: Unended<K>,
  job: Pick<EffectJob<K, never>, 'kind' | 'apply' | 'rollBack'>,
  logPath: string,
  landed?: (begin: BeginOf<K>) => CommitOf<K> | null,
): Promise<Recovered> {
  const end = JOURNAL_ENDS[job.kind];
  const finish = async (commit: CommitOf<K>): Promise<readonly EffectRecord[]> => {
    await job.apply(commit);
    return end.ended(commit);
  };
  const rollBack = async (begin: BeginOf<K>): Promise<readonly EffectRecord[]> => {
    const asCommit = landed?.(begin) ?? null;
    if (asCommit !== null) return end.ended(asCommit);
    await job.rollBack?.(begin);
    return end.takenBack(begin);
  };
  return recoverJournal(unended, { finish, rollBack }, logPath);
}
