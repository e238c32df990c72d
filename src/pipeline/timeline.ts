import type { Decision } from '../projections/decisions.js';
import type { LogEntry } from '../transcript/logEntry.js';
import { isPrompt, promptPreview, selectTurns, turnsProjection, type Turn } from '../projections/turns.js';
import { hasUuid, type Entry } from '../transcript/entrySchema.js';
import { FingerprintSet } from '../resume/fingerprintSet.js';
import type { EffectRecord } from './effectRecord.js';
import { placeDecisions } from './placeDecisions.js';
import type { ReplaySettings, ReplayState } from './replayDecider.js';
import { replaySync } from './replaySync.js';

/** A turn with a preview of its prompt and the decisions made during it. */
export interface TimelineTurn extends Turn {
  /** The prompt on one line, cut to 400 characters ({@link promptPreview}); '' when its entry is missing. */
  readonly prompt: string;
  readonly decisions: readonly Decision[];
}

/** A session's memory life: its turns, and every decision placed in the turn that caused it. */
export interface Timeline {
  readonly turns: readonly TimelineTurn[];
  /** Decisions before the first prompt (rare: resumed or hand-made files). */
  readonly before: readonly Decision[];
  readonly decisions: readonly Decision[];
  readonly state: ReplayState;
}

/**
 * Replays entries into a timeline in one pass: the decisions, the turns and each turn's prompt
 * preview are folded side by side, so a lazily read transcript is read once and never held.
 */
export function buildTimeline(
  entries: Iterable<LogEntry>,
  settings: ReplaySettings = {},
  records: readonly EffectRecord[] = [],
  /** Told of each decision as it is made, while the entry that caused it is still among the last few read. */
  onDecision?: (decision: Decision) => void,
): Timeline {
  let turnState = turnsProjection.initialState();
  const previews = new PromptPreviews();
  function* folded(): Generator<LogEntry> {
    for (const logEntry of entries) {
      turnState = turnsProjection.evolve(turnState, logEntry);
      previews.note(logEntry.entry);
      yield logEntry;
    }
  }
  const decisions: Decision[] = [];
  const { state } = replaySync(folded(), settings, undefined, records, (decision) => {
    decisions.push(decision);
    onDecision?.(decision);
  });
  previews.findFirstLines(entries);
  const turns = selectTurns(turnState);
  const { before, byTurn } = placeDecisions(
    turns.map((turn) => turn.startSeq),
    decisions,
  );
  const placed = turns.map((turn, i): TimelineTurn => ({ ...turn, prompt: previews.of(turn.promptUuid), decisions: byTurn[i] ?? [] }));
  return { turns: placed, before, decisions, state };
}

/** Each prompt's preview, as the first entry of its uuid shows it (a uuid written twice keeps its first line). */
class PromptPreviews {
  private readonly previews = new Map<string, string>();
  // Fingerprints, not the uuids (a long session has hundreds of thousands): a false "seen"
  // only sends the prompt to `findFirstLines`, which finds its first line all the same.
  private readonly seen = new FingerprintSet();
  private readonly firstSeenElsewhere = new Set<string>();

  note(entry: Entry): void {
    if (!hasUuid(entry)) return;
    const first = !this.seen.mayHave(entry.uuid);
    this.seen.add(entry.uuid);
    if (entry.type !== 'user' || !isPrompt(entry)) return;
    if (first) this.previews.set(entry.uuid, promptPreview(entry));
    else if (!this.previews.has(entry.uuid)) this.firstSeenElsewhere.add(entry.uuid);
  }

  /** Rare: a prompt whose uuid an earlier entry had. One more walk finds that entry. */
  findFirstLines(entries: Iterable<LogEntry>): void {
    if (this.firstSeenElsewhere.size === 0) return;
    for (const { entry } of entries) {
      if (!hasUuid(entry) || !this.firstSeenElsewhere.has(entry.uuid)) continue;
      this.previews.set(entry.uuid, promptPreview(entry));
      this.firstSeenElsewhere.delete(entry.uuid);
      if (this.firstSeenElsewhere.size === 0) break;
    }
  }

  of(uuid: string | null): string {
    return uuid === null ? '' : (this.previews.get(uuid) ?? '');
  }
}

/** A prompt's preview when its uuid was written on an earlier line: the preview of that first line; '' when none is found. */
export function firstPromptPreview(entries: Iterable<LogEntry>, uuid: string): string {
  for (const { entry } of entries) if (hasUuid(entry) && entry.uuid === uuid) return promptPreview(entry);
  return '';
}

const number = new Intl.NumberFormat('en-US');

/** A run that starts right at its decision says nothing new; a trailing run (coalesced requests) does. */
export const shown = (d: Decision): boolean => d.kind !== 'run_start' || d.trailing;

/** A decision as `memlog replay` prints it, without its indent. */
export const decisionLine = (d: Decision): string => `${d.reason} (entry ${d.seq}, ${d.uuid.slice(0, 8)})`;

/** A turn as `memlog replay` prints it: its prompt's preview cut to 60 characters, its context and tool calls. */
export function turnLine(turn: Turn, prompt: string): string {
  const cut = prompt.length > 60 ? `${prompt.slice(0, 57)}...` : prompt;
  const errors = turn.toolErrors > 0 ? `, ${turn.toolErrors} failed` : '';
  const open = turn.endUuid === null ? ', still open' : '';
  return `  turn ${turn.index}: "${cut}" → ${number.format(turn.tokens)} tokens, ${turn.toolCalls} tool calls${errors}${open}`;
}

/** How many decisions of each kind `memlog replay`'s last line counts. */
export interface DecisionCounts {
  notes: number;
  compactions: number;
  extractions: number;
  skipped: number;
  trailing: number;
}

export const noDecisions = (): DecisionCounts => ({ notes: 0, compactions: 0, extractions: 0, skipped: 0, trailing: 0 });

export function countDecision(counts: DecisionCounts, d: Decision): void {
  if (d.kind === 'session_notes_due') counts.notes++;
  else if (d.kind === 'compaction_due') counts.compactions++;
  else if (d.kind === 'extraction_due') counts.extractions++;
  else if (d.kind === 'extraction_skipped') counts.skipped++;
  else if (d.kind === 'run_start' && d.trailing) counts.trailing++;
}

/** `memlog replay`'s last line. */
export function summaryLine(turns: number, c: DecisionCounts): string {
  return `  ${turns} turns, ${c.notes} session-notes updates due, ${c.compactions} compactions due, ${c.extractions} extractions due, ${c.skipped} skipped${c.trailing > 0 ? `, ${c.trailing} trailing runs` : ''}`;
}

/** The readable form `memlog replay` prints. */
export function formatTimeline(file: string, timeline: Timeline): string {
  const out = [file];
  for (const d of timeline.before.filter(shown)) out.push(`  ${decisionLine(d)}`);
  for (const turn of timeline.turns) {
    out.push(turnLine(turn, turn.prompt));
    for (const d of turn.decisions.filter(shown)) out.push(`    ${decisionLine(d)}`);
  }
  const counts = noDecisions();
  for (const d of timeline.decisions) countDecision(counts, d);
  out.push(summaryLine(timeline.turns.length, counts));
  return out.join('\n');
}
