import type { SessionSummary, UsageSums } from './sessionSummary.js';

/**
 * One message's usage as stored: id, model, input, output, cache creation, cache read, and its UTC day ('' when its time
 * is not one); as a fold counted it, also the time of its first piece and its request id, which tell the usage report
 * where a response copied into several files appeared first (decision 109). The usage table keeps neither.
 */
export type StoredUsage = [
  id: string,
  model: string | null,
  input: number,
  output: number,
  cacheCreation: number,
  cacheRead: number,
  day: string,
  firstTime?: string | null,
  requestId?: string | null,
];

/** Orders messages' usage by message id (the catalog's usage table's key, decision 95). */
export function byMessageId(a: StoredUsage, b: StoredUsage): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

/** The usage a file's earlier fold stored for a message id, if any (the catalog's usage table, decision 94). */
export type UsageLookup = (id: string) => StoredUsage | undefined;

/** Running usage sums as a snapshot stores them: keys in the order first met, kept when their messages drop to none. */
export interface UsageTotalsSnapshot {
  readonly total: UsageSums;
  readonly byModel: Array<[string, UsageSums]>;
  readonly byDay: Array<[string, Array<[string, UsageSums]>]>;
}

/**
 * Usage summed over messages as they are met, so a growth adds its tail's and never sums the whole file again
 * (decision 94). A message met again has its earlier usage taken off before its new one is added. A key keeps the place
 * it was first met even at no messages (the summary leaves those out), so any order of folding gives one key order.
 */
export class UsageTotals {
  readonly #total: UsageSums;
  readonly #byModel: Map<string, UsageSums>;
  readonly #byDay: Map<string, Map<string, UsageSums>>;

  constructor(snapshot?: UsageTotalsSnapshot) {
    this.#total = { ...(snapshot?.total ?? emptySums()) };
    this.#byModel = copied(snapshot?.byModel ?? []);
    this.#byDay = new Map((snapshot?.byDay ?? []).map(([day, models]) => [day, copied(models)]));
  }

  /** Counts `usage` once; `earlier` is what the same message counted before, taken off first. */
  replace(earlier: StoredUsage | undefined, usage: StoredUsage): void {
    if (earlier !== undefined) this.add(earlier, -1);
    this.add(usage, 1);
  }

  /** Adds (sign 1) or takes off (sign -1) one message's usage. */
  add(usage: StoredUsage, sign: 1 | -1): void {
    const model = usage[1] ?? '';
    let day = this.#byDay.get(usage[6]);
    if (day === undefined) {
      day = new Map<string, UsageSums>();
      this.#byDay.set(usage[6], day);
    }
    addTo(this.#total, usage, sign);
    addTo(entryOf(this.#byModel, model), usage, sign);
    addTo(entryOf(day, model), usage, sign);
  }

  /** Adds another part's totals (a later part of the same file), keys new to this one after its own. */
  addAll(other: UsageTotalsSnapshot): void {
    addSums(this.#total, other.total);
    for (const [model, sums] of other.byModel) addSums(entryOf(this.#byModel, model), sums);
    for (const [day, models] of other.byDay) {
      const here = this.#byDay.get(day) ?? new Map<string, UsageSums>();
      this.#byDay.set(day, here);
      for (const [model, sums] of models) addSums(entryOf(here, model), sums);
    }
  }

  snapshot(): UsageTotalsSnapshot {
    return {
      total: { ...this.#total },
      byModel: [...this.#byModel].map(([model, sums]) => [model, { ...sums }]),
      byDay: [...this.#byDay].map(([day, models]) => [day, [...models].map(([model, sums]) => [model, { ...sums }])]),
    };
  }

  /** The summary's usage: keys with no messages left out. */
  summary(): Pick<SessionSummary, 'usage' | 'usageByModel' | 'usageByDay'> {
    const byDay: Record<string, Record<string, UsageSums>> = {};
    for (const [day, models] of this.#byDay) {
      const counted = recordOf(models);
      if (Object.keys(counted).length > 0) byDay[day] = counted;
    }
    return { usage: { ...this.#total }, usageByModel: recordOf(this.#byModel), usageByDay: byDay };
  }
}

function emptySums(): UsageSums {
  return { input: 0, output: 0, cacheCreation: 0, cacheRead: 0, messages: 0 };
}

function copied(entries: ReadonlyArray<[string, UsageSums]>): Map<string, UsageSums> {
  return new Map(entries.map(([key, sums]) => [key, { ...sums }]));
}

function entryOf(map: Map<string, UsageSums>, key: string): UsageSums {
  const found = map.get(key);
  if (found !== undefined) return found;
  const made = emptySums();
  map.set(key, made);
  return made;
}

function addTo(sums: UsageSums, [, , input, output, cacheCreation, cacheRead]: StoredUsage, sign: 1 | -1): void {
  sums.input += sign * input;
  sums.output += sign * output;
  sums.cacheCreation += sign * cacheCreation;
  sums.cacheRead += sign * cacheRead;
  sums.messages += sign;
}

function addSums(sums: UsageSums, more: UsageSums): void {
  sums.input += more.input;
  sums.output += more.output;
  sums.cacheCreation += more.cacheCreation;
  sums.cacheRead += more.cacheRead;
  sums.messages += more.messages;
}

function recordOf(map: ReadonlyMap<string, UsageSums>): Record<string, UsageSums> {
  const out: Record<string, UsageSums> = {};
  for (const [key, sums] of map) if (sums.messages > 0) out[key] = { ...sums };
  return out;
}
