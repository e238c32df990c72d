import { basename, dirname, join } from 'node:path';
import { isEnvironmentFault } from '../../fs/fsError.js';
import { acquireProcessLock, LockHeldError } from '../../fs/processLock.js';
import { submitOutbox, type BatchRound } from './messageBatchRound.js';

/** One extraction at a time per memory directory, across processes (a lock file beside it). */
export function lockMemoryDir(memoryDir: string): () => void {
  return acquireProcessLock(join(dirname(memoryDir), `.${basename(memoryDir)}.memlog-extract.lock`), {
    holder: 'memlog extract',
    target: memoryDir,
  });
}

export interface ProjectRoundOptions {
  /** Projects worked on side by side (default 2). */
  readonly concurrency?: number | undefined;
  /** A message-batch round: its outbox is sent once every project is done. */
  readonly batch: BatchRound | null;
  readonly now?: (() => Date) | undefined;
}

/**
 * Works on each project under its memory directory's lock, projects side by side up to
 * `concurrency`, each project's work in one piece. Projects that share a memory directory (a
 * repository and a subfolder of it, two worktrees: one canonical git root) are one
 * group, worked on one after another under one lock: side by side, the second would find the
 * lock this process holds and take it for another extract's. In a batch round a directory stays locked
 * until the round's batch is sent and in the ledger: another extract in between would take its
 * requests for never sent, and send them again. Returns the ids of the batches sent.
 */
export async function forEachProject<T extends { readonly memoryDir: string }>(
  targets: readonly T[],
  options: ProjectRoundOptions & {
    /**
     * A project whose lock the machine refused (a full disk, a failing one) or another memlog
     * extract holds (two runs over one output folder): it is told here, its work waits for the
     * next run, and the round goes on. Without it, the error stops the round.
     */
    readonly lockRefused?: (target: T, error: unknown) => void;
  },
  work: (target: T) => Promise<void>,
): Promise<string[]> {
  const queue = groupedByMemoryDir(targets);
  const held: Array<() => void> = [];
  const lock = (group: readonly [T, ...T[]]): (() => void) | null => {
    try {
      return lockMemoryDir(group[0].memoryDir);
    } catch (error) {
      if (options.lockRefused === undefined || !(isEnvironmentFault(error) || error instanceof LockHeldError)) throw error;
      for (const target of group) options.lockRefused(target, error);
      return null;
    }
  };
  const worker = async (): Promise<void> => {
    for (let group = queue.shift(); group !== undefined; group = queue.shift()) {
      const release = lock(group);
      if (release === null) continue;
      try {
        for (const target of group) await work(target);
      } finally {
        if (options.batch === null) release();
        else held.push(release);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 2, queue.length)) }, worker));
    return options.batch === null ? [] : await submitOutbox(options.batch, options.now ?? (() => new Date()));
  } finally {
    for (const release of held) release();
  }
}

/** The targets by memory directory, each group in the targets' order, the groups in the order of their first target. */
function groupedByMemoryDir<T extends { readonly memoryDir: string }>(targets: readonly T[]): Array<[T, ...T[]]> {
  const groups = new Map<string, [T, ...T[]]>();
  for (const target of targets) {
    const group = groups.get(target.memoryDir);
    if (group === undefined) groups.set(target.memoryDir, [target]);
    else group.push(target);
  }
  return [...groups.values()];
}
