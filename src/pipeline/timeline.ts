import type { Decision } from '../projections/decisions.js';
import type { LogEntry } from '../projections/projection.js';
import { foldAll } from '../projections/projection.js';
import { selectTurns, turnsProjection, type Turn } from '../projections/turns.js';
import type { EffectRecord } from './effectRecord.js';
import { replaySync, type ReplaySettings, type ReplayState } from './replay.js';

/** A session's memory life: its turns, and every decision placed in the turn that caused it. */
export interface Timeline {
  readonly turns: ReadonlyArray<Turn & { readonly decisions: readonly Decision[] }>;
  /** Decisions before the first prompt (rare: resumed or hand-made files). */
  readonly before: readonly Decision[];
  readonly decisions: readonly Decision[];
  readonly state: ReplayState;
}

/** Replays entries (an array: it is read twice) into a timeline. */
export function buildTimeline(entries: readonly LogEntry[], settings: ReplaySettings = {}, records: readonly EffectRecord[] = []): Timeline {
  const { decisions, state } = replaySync(entries, settings, undefined, records);
  const turns = selectTurns(foldAll(turnsProjection, entries));
  const placed = turns.map((turn, i) => {
    const next = turns[i + 1];
    const mine = decisions.filter((d) => d.seq >= turn.startSeq && (next === undefined || d.seq < next.startSeq));
    return { ...turn, decisions: mine };
  });
  const firstStart = turns[0]?.startSeq ?? Number.POSITIVE_INFINITY;
  return { turns: placed, before: decisions.filter((d) => d.seq < firstStart), decisions, state };
}

const number = new Intl.NumberFormat('en-US');

/** A run that starts right at its decision says nothing new; a trailing run (coalesced requests) does. */
const shown = (d: Decision): boolean => d.kind !== 'run_start' || d.trailing;

/** The readable form `memlog replay` prints. */
export function formatTimeline(file: string, timeline: Timeline): string {
  const out = [file];
  for (const d of timeline.before.filter(shown)) out.push(`  ${d.reason} (entry ${d.seq}, ${d.uuid.slice(0, 8)})`);
  for (const turn of timeline.turns) {
    const prompt = turn.prompt.length > 60 ? `${turn.prompt.slice(0, 57)}...` : turn.prompt;
    const errors = turn.toolErrors > 0 ? `, ${turn.toolErrors} failed` : '';
    const open = turn.endUuid === null ? ', still open' : '';
    out.push(`  turn ${turn.index}: "${prompt}" → ${number.format(turn.tokens)} tokens, ${turn.toolCalls} tool calls${errors}${open}`);
    for (const d of turn.decisions.filter(shown)) out.push(`    ${d.reason} (entry ${d.seq}, ${d.uuid.slice(0, 8)})`);
  }
  const notes = timeline.decisions.filter((d) => d.kind === 'session_notes_due').length;
  const compactions = timeline.decisions.filter((d) => d.kind === 'compaction_due').length;
  const extractions = timeline.decisions.filter((d) => d.kind === 'extraction_due').length;
  const skipped = timeline.decisions.filter((d) => d.kind === 'extraction_skipped').length;
  const trailing = timeline.decisions.filter((d) => d.kind === 'run_start' && d.trailing).length;
  out.push(`  ${timeline.turns.length} turns, ${notes} session-notes updates due, ${compactions} compactions due, ${extractions} extractions due, ${skipped} skipped${trailing > 0 ? `, ${trailing} trailing runs` : ''}`);
  return out.join('\n');
}
