import { elementAt } from '../errors.js';

/**
 * runId → the uuids its run serves, as the replay state keeps it (from the effect log's
 * run_started records): an immutable map with O(1) adds, in the way of appendOnlyIndex.ts. The
 * newest view adds in place and each view sees only the adds made up to it; extending an older
 * view, or starting a run id again (a damaged log), copies what that view sees first. Copying
 * the whole map at every run start made a long `extract --per-turn` quadratic in its runs
 * when it kept a session of 40,000 runs. Printed (`replay --at`) as an object, as a Map of the same entries would be.
 */
export class RunBatches implements ReadonlyMap<string, readonly string[]> {
  private constructor(
    private readonly store: Store,
    /** How many of the store's adds this view sees. */
    private readonly count: number,
  ) {}

  static empty(): RunBatches {
    return new RunBatches({ adds: [], at: new Map() }, 0);
  }

  /** The view with `uuids` as the batch of `runId`. */
  with(runId: string, uuids: readonly string[]): RunBatches {
    const seen = this.store.at.get(runId);
    if (this.store.adds.length === this.count && seen === undefined) {
      this.store.at.set(runId, this.count);
      this.store.adds.push([runId, uuids]);
      return new RunBatches(this.store, this.count + 1);
    }
    // Map.set keeps a key where it was first added and replaces its value.
    const adds = [...this.entries()].map(([id, batch]): [string, readonly string[]] => [id, id === runId ? uuids : batch]);
    if (!adds.some(([id]) => id === runId)) adds.push([runId, uuids]);
    return new RunBatches({ adds, at: new Map(adds.map(([id], i) => [id, i])) }, adds.length);
  }

  get(runId: string): readonly string[] | undefined {
    const at = this.store.at.get(runId);
    return at !== undefined && at < this.count ? elementAt(this.store.adds, at)[1] : undefined;
  }

  has(runId: string): boolean {
    return this.get(runId) !== undefined;
  }

  get size(): number {
    return this.count;
  }

  *entries(): MapIterator<[string, readonly string[]]> {
    for (let i = 0; i < this.count; i++) yield elementAt(this.store.adds, i);
  }

  *keys(): MapIterator<string> {
    for (const [runId] of this.entries()) yield runId;
  }

  *values(): MapIterator<readonly string[]> {
    for (const [, batch] of this.entries()) yield batch;
  }

  [Symbol.iterator](): MapIterator<[string, readonly string[]]> {
    return this.entries();
  }

  forEach(callback: (batch: readonly string[], runId: string, map: ReadonlyMap<string, readonly string[]>) => void): void {
    for (const [runId, batch] of this.entries()) callback(batch, runId, this);
  }

  toJSON(): Record<string, readonly string[]> {
    return Object.fromEntries(this.entries());
  }
}

interface Store {
  /** Every add, in order; a view sees the first `count`. */
  readonly adds: Array<[string, readonly string[]]>;
  /** Where each run id was added. */
  readonly at: Map<string, number>;
}
