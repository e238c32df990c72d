import { ChainWindow, type ChainWindowSnapshot, type ForgottenLookup, type SeqEntry } from './chainWindow.js';
import type { BoundaryFact, LineFacts, UsageFact } from './lineFacts.js';
import { resumedFacts } from './resumedFacts.js';
import type { ScanItem } from './scanItem.js';
import type { SessionSummary } from './sessionSummary.js';
import { UsageTotals, type StoredUsage, type UsageLookup, type UsageTotalsSnapshot } from './usageTotals.js';

/** A fold's state as a catalog row stores it (JSON): folding on from it equals folding the whole file (decision 81). */
export interface FoldSnapshot {
  readonly lines: number;
  readonly entries: number;
  readonly nextSeq: number;
  readonly byKind: Record<string, number>;
  readonly diagnostics: SessionSummary['diagnostics'];
  /** Lines that held more than one record, read apart (decision 147). */
  readonly gluedLines: number;
  readonly sessions: Array<[string, number]>;
  readonly inline: Array<[string, number]>;
  readonly boundaries: BoundaryFact[];
  /** The usage of the messages this fold met (all of them for a fold from the file's start): kept out of the row, in the catalog's usage table (decision 94). */
  readonly usage: StoredUsage[];
  readonly usageTotals: UsageTotalsSnapshot;
  readonly firstTime: string | null;
  readonly lastTime: string | null;
  readonly cwd: string | null;
  readonly window: ChainWindowSnapshot;
}

/**
 * The catalog's fold of one transcript: `memlog inspect`'s tallies, usage by message and model, and the light entries
 * a resume needs (ChainWindow). Mutable inside, as one fold's accumulator; what leaves it is a snapshot or a summary.
 */
export class SessionFold {
  #lines: number;
  #entries: number;
  #nextSeq: number;
  readonly #byKind: Record<string, number>;
  readonly #diagnostics: SessionSummary['diagnostics'];
  #gluedLines: number;
  /** The last line counted in `#gluedLines`: a line of three records counts once. */
  #gluedLine = 0;
  readonly #sessions: Map<string, number>;
  readonly #inline: Map<string, number>;
  readonly #boundaries: BoundaryFact[];
  readonly #usage: Map<string, StoredUsage>;
  readonly #usageTotals: UsageTotals;
  readonly #usageOf: UsageLookup;
  readonly #forgottenHas: ForgottenLookup;
  #firstTime: string | null;
  #lastTime: string | null;
  #cwd: string | null;
  readonly #window: ChainWindow;

  /**
   * `usageOf` gives the usage stored for a message met before this fold, `forgottenHas` whether a fingerprint was stored
   * as forgotten (none for a fold from the file's start; decision 94).
   */
  constructor(snapshot?: FoldSnapshot, usageOf: UsageLookup = () => undefined, forgottenHas: ForgottenLookup = () => false) {
    this.#lines = snapshot?.lines ?? 0;
    this.#entries = snapshot?.entries ?? 0;
    this.#nextSeq = snapshot?.nextSeq ?? 0;
    this.#byKind = { ...snapshot?.byKind };
    this.#diagnostics = [...(snapshot?.diagnostics ?? [])];
    this.#gluedLines = snapshot?.gluedLines ?? 0;
    this.#sessions = new Map(snapshot?.sessions);
    this.#inline = new Map(snapshot?.inline);
    this.#boundaries = [...(snapshot?.boundaries ?? [])];
    this.#usage = new Map(snapshot?.usage.map((usage) => [usage[0], usage]));
    this.#usageTotals = new UsageTotals(snapshot?.usageTotals);
    this.#usageOf = usageOf;
    this.#firstTime = snapshot?.firstTime ?? null;
    this.#lastTime = snapshot?.lastTime ?? null;
    this.#cwd = snapshot?.cwd ?? null;
    this.#forgottenHas = forgottenHas;
    this.#window = new ChainWindow(snapshot?.window, forgottenHas);
  }

  /** The seq the next entry gets: where a scan of the rest of the file starts counting. */
  get nextSeq(): number {
    return this.#nextSeq;
  }

  /** The line number of the last line folded. */
  get lines(): number {
    return this.#lines;
  }

  add(item: ScanItem): void {
    // Items come in line order, a line's records all together, and a fold goes on at a line's start: an item on the line
    // of the one before is a record glued on it (decision 147).
    if (item.line === this.#lines && item.line !== this.#gluedLine) {
      this.#gluedLines++;
      this.#gluedLine = item.line;
    }
    this.#lines = Math.max(this.#lines, item.line);
    if (item.kind === 'diagnostic') {
      this.#diagnostics.push({ code: item.code, line: item.line, offset: item.offset, message: item.message });
      return;
    }
    this.#entries++;
    this.#nextSeq = item.seq + 1;
    this.#tally(item.facts);
    if (item.light !== null) this.#window.add({ seq: item.seq, entry: item.light }, item);
  }

  #tally(facts: LineFacts): void {
    this.#byKind[facts.kind] = (this.#byKind[facts.kind] ?? 0) + 1;
    if (facts.sessionId !== undefined) this.#sessions.set(facts.sessionId, (this.#sessions.get(facts.sessionId) ?? 0) + 1);
    if (facts.sidechain !== undefined) this.#inline.set(facts.sidechain, (this.#inline.get(facts.sidechain) ?? 0) + 1);
    if (facts.boundary !== undefined) this.#boundaries.push(facts.boundary);
    if (facts.usage !== undefined) this.#countUsage(facts.usage, facts.timestamp);
    if (facts.timestamp !== undefined) {
      if (this.#firstTime === null) this.#firstTime = facts.timestamp;
      this.#lastTime = facts.timestamp;
    }
    if (facts.cwd !== undefined && this.#cwd === null) this.#cwd = facts.cwd;
  }

  #countUsage(fact: UsageFact, timestamp: string | undefined): void {
    const earlier = this.#usage.get(fact.id);
    const usage = stored(fact, timestamp, earlier?.[7] ?? timestamp ?? null);
    this.#usageTotals.replace(earlier ?? this.#usageOf(fact.id), usage);
    this.#usage.set(fact.id, usage);
  }

  /** The same fold, to go on with apart from this one. */
  copy(): SessionFold {
    return new SessionFold(structuredClone(this.snapshot()), this.#usageOf, this.#forgottenHas);
  }

  snapshot(): FoldSnapshot {
    return {
      lines: this.#lines,
      entries: this.#entries,
      nextSeq: this.#nextSeq,
      byKind: this.#byKind,
      diagnostics: this.#diagnostics,
      gluedLines: this.#gluedLines,
      sessions: [...this.#sessions],
      inline: [...this.#inline],
      boundaries: this.#boundaries,
      usage: [...this.#usage.values()],
      usageTotals: this.#usageTotals.snapshot(),
      firstTime: this.#firstTime,
      lastTime: this.#lastTime,
      cwd: this.#cwd,
      window: this.#window.snapshot(),
    };
  }

  /** The summary of what was folded; `again` gives every light entry of the file, for the rare resume that needs them. */
  summarize(again: () => Iterable<SeqEntry>): SessionSummary {
    const resumed = resumedFacts(this.#window, again);
    return {
      sessionId: mostCommon(this.#sessions) ?? null,
      lines: this.#lines,
      entries: this.#entries,
      byKind: { ...this.#byKind },
      diagnostics: [...this.#diagnostics],
      gluedLines: this.#gluedLines,
      ...resumed,
      inlineSidechains: [...this.#inline].map(([agentId, entries]) => ({ agentId: agentId === '' ? null : agentId, entries })),
      compactBoundaries: [...this.#boundaries],
      ...this.#usageTotals.summary(),
      firstTime: this.#firstTime,
      lastTime: this.#lastTime,
      cwd: this.#cwd,
    };
  }
}

/** A piece's usage as the message's last; `firstTime` is the time of the message's first piece this fold met. */
function stored(usage: UsageFact, timestamp: string | undefined, firstTime: string | null): StoredUsage {
  const day = timestamp !== undefined && /^\d{4}-\d{2}-\d{2}/.test(timestamp) ? timestamp.slice(0, 10) : '';
  return [usage.id, usage.model, usage.input, usage.output, usage.cacheCreation, usage.cacheRead, day, firstTime, usage.requestId];
}

/** The most frequent key; the first met among equals. */
function mostCommon(counts: ReadonlyMap<string, number>): string | undefined {
  let best: string | undefined;
  let bestCount = -1;
  for (const [key, count] of counts) {
    if (count > bestCount) {
      best = key;
      bestCount = count;
    }
  }
  return best;
}
