import { thresholdsAt, type AutocompactSettings, type AutocompactThresholds } from '../projections/autocompactTrigger.js';

/** From this entry on, the session ran with this Claude Code version (of its main-thread messages) and this window. */
export interface ThresholdStretch {
  /** The stretch's first entry (its seq). */
  readonly since: number;
  readonly version: string | null;
  readonly contextWindow: number;
  /** The thresholds the autocompact trigger decided at in this stretch (decision 85's lower 1M window by version). */
  readonly thresholds: AutocompactThresholds;
}

/** A value that holds from an entry on. */
export interface Since<T> {
  readonly since: number;
  readonly value: T;
}

/** Keeps where the version of the main-thread messages changes, as a walk reads them (a session rarely changes it). */
export class VersionChanges {
  readonly changes: Array<Since<string | null>> = [];

  push(seq: number, version: string | null): void {
    const last = this.changes[this.changes.length - 1];
    if (last === undefined || last.value !== version) this.changes.push({ since: seq, value: version });
  }

  /** The version the trigger decides with last: the newest message's. */
  get newest(): string | null {
    return this.changes[this.changes.length - 1]?.value ?? null;
  }
}

/**
 * The session cut where its version or its window changed, each stretch with the thresholds the trigger used there:
 * the trigger decides a request with the version of the message before it (autocompactTrigger.ts) and with the
 * window the replay fold settled on for that part (decision 113). Always one stretch at least, from `firstSeq`;
 * neighbours that would draw the same are one stretch.
 */
export function thresholdStretches(
  firstSeq: number,
  versions: ReadonlyArray<Since<string | null>>,
  windows: ReadonlyArray<Since<number>>,
  autocompact: AutocompactSettings,
): ThresholdStretch[] {
  const starts = [...new Set([firstSeq, ...versions.map((v) => v.since), ...windows.map((w) => w.since)])]
    .filter((seq) => seq >= firstSeq)
    .sort((a, b) => a - b);
  const version = holding(versions, null);
  const window = holding(windows, autocompact.contextWindow);
  const stretches: ThresholdStretch[] = [];
  for (const since of starts) {
    const [v, contextWindow] = [version(since), window(since)];
    const last = stretches[stretches.length - 1];
    if (last !== undefined && last.version === v && last.contextWindow === contextWindow) continue;
    stretches.push({ since, version: v, contextWindow, thresholds: thresholdsAt({ ...autocompact, contextWindow }, v) });
  }
  return stretches;
}

/**
 * The value holding at each entry, asked in increasing order: the last one from at or before it, else the first (what
 * holds before any change), else `otherwise`.
 */
function holding<T>(values: ReadonlyArray<Since<T>>, otherwise: T): (seq: number) => T {
  let next = 0;
  let found = values[0]?.value ?? otherwise;
  return (seq) => {
    for (let v = values[next]; v !== undefined && v.since <= seq; v = values[++next]) found = v.value;
    return found;
  };
}
