import { elementAt } from '../errors.js';
import type { InferredWindow } from '../projections/contextWindowInference.js';
import type { Decision } from '../projections/decisions.js';
import { promptPreview, turnsProjection, type Turn } from '../projections/turns.js';
import { FingerprintSet } from '../resume/fingerprintSet.js';
import { hasUuid } from '../transcript/entrySchema.js';
import type { LogEntry } from '../transcript/logEntry.js';
import type { EffectRecord } from './effectRecord.js';
import type { ReplaySettings } from './replayDecider.js';
import { replaySync } from './replaySync.js';
import { countDecision, decisionLine, firstPromptPreview, noDecisions, shown, summaryLine, turnLine } from './timeline.js';

/**
 * `formatTimeline(file, buildTimeline(entries, …))`, written line by line in two walks instead of
 * built whole (decision 55): the first walk replays the decisions and keeps only the lines they print;
 * the second folds the turns and writes each when the next begins, with the decisions that fall
 * in it. Memory holds the decisions' lines, not the turns, their prompts or the output.
 * `entries` is walked twice, the first also reading the window the session ran with when none is
 * given (decision 113; returned, null when the default held), and three times or more in the rare
 * session where a prompt's uuid was first written on an earlier line: its preview comes from that line.
 */
export function writeTimelineText(
  file: string,
  entries: Iterable<LogEntry>,
  write: (text: string) => void,
  settings: ReplaySettings = {},
  records: readonly EffectRecord[] = [],
): InferredWindow | null {
  const counts = noDecisions();
  const lines: string[] = [];
  const seqs: number[] = [];
  const { inferred } = replaySync(entries, settings, undefined, records, (d: Decision) => {
    countDecision(counts, d);
    if (!shown(d)) return;
    lines.push(decisionLine(d));
    seqs.push(d.seq);
  });
  const placed = new DecisionPlacer(seqs);
  write(`${file}\n`);
  let state = turnsProjection.initialState();
  let pending: { turn: Turn; readonly prompt: string } | null = null;
  let started = false;
  const seen = new FingerprintSet();
  const flush = (next: number): void => {
    if (!started) {
      for (const i of placed.before(next)) write(`  ${lines[i]}\n`);
      started = true;
    }
    if (pending === null) return;
    write(`${turnLine(pending.turn, pending.prompt)}\n`);
    for (const i of placed.within(pending.turn.startSeq, next)) write(`    ${lines[i]}\n`);
  };
  for (const event of entries) {
    state = turnsProjection.evolve(state, event);
    const current = state.current;
    if (current !== null && current.index !== pending?.turn.index) {
      // A new turn began: the one before it is complete.
      flush(current.startSeq);
      const { entry } = event;
      const uuid = hasUuid(entry) ? entry.uuid : null;
      const prompt = uuid !== null && seen.mayHave(uuid) ? firstPromptPreview(entries, uuid) : promptPreview(entry);
      pending = { turn: current, prompt };
      // Finished turns are written: the fold need not keep them.
      state = { ...state, earlier: null };
    } else if (current !== null && pending !== null) pending.turn = current;
    if (hasUuid(event.entry)) seen.add(event.entry.uuid);
  }
  flush(Number.POSITIVE_INFINITY);
  write(`${summaryLine(state.finished + (state.current === null ? 0 : 1), counts)}\n`);
  return inferred;
}

/**
 * Decisions by position, handed out turn by turn in the order they were made, as
 * `placeDecisions` puts them: a turn gets those from its start up to the next turn's start.
 */
class DecisionPlacer {
  readonly #bySeq: number[];
  #next = 0;

  constructor(private readonly seqs: readonly number[]) {
    // Decisions come in log order; should some not, a stable sort by position still gives each turn its own.
    this.#bySeq = seqs.map((_, i) => i);
    if (seqs.some((seq, i) => seq < (seqs[i - 1] ?? -Infinity)))
      this.#bySeq.sort((a, b) => elementAt(seqs, a) - elementAt(seqs, b) || a - b);
  }

  /** Decisions before the first turn's start (`end`). */
  before(end: number): number[] {
    return this.#take(end);
  }

  /** Decisions from `start` up to `end`, in the order they were made. */
  within(start: number, end: number): number[] {
    while (this.#pending(start)) this.#next++;
    return this.#take(end);
  }

  #take(end: number): number[] {
    const taken: number[] = [];
    while (this.#pending(end)) taken.push(elementAt(this.#bySeq, this.#next++));
    return taken.sort((a, b) => a - b);
  }

  /** Whether a decision is left to hand out, made before `end`. */
  #pending(end: number): boolean {
    const index = this.#bySeq[this.#next];
    return index !== undefined && elementAt(this.seqs, index) < end;
  }
}
