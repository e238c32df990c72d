import type { Decision } from '../projections/decisions.js';
import type { LogEntry } from '../transcript/logEntry.js';
import { foldAll } from '../projections/projection.js';
import { promptPreview, selectTurns, turnsProjection, type Turn } from '../projections/turns.js';
import { hasUuid } from '../transcript/entrySchema.js';
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

/** Replays entries (an array: it is read twice) into a timeline. */
export function buildTimeline(
  entries: readonly LogEntry[],
  settings: ReplaySettings = {},
  records: readonly EffectRecord[] = [],
): Timeline {
  const { decisions, state } = replaySync(entries, settings, undefined, records);
  const turns = selectTurns(foldAll(turnsProjection, entries));
  const prompts = promptEntries(entries, turns);
  const { before, byTurn } = placeDecisions(
    turns.map((turn) => turn.startSeq),
    decisions,
  );
  const placed = turns.map((turn, i): TimelineTurn => {
    const entry = turn.promptUuid === null ? undefined : prompts.get(turn.promptUuid);
    return { ...turn, prompt: entry === undefined ? '' : promptPreview(entry), decisions: byTurn[i] ?? [] };
  });
  return { turns: placed, before, decisions, state };
}

/** The entry of each turn's prompt, by uuid. */
function promptEntries(entries: readonly LogEntry[], turns: readonly Turn[]): Map<string, LogEntry['entry']> {
  const wanted = new Set(turns.flatMap((turn) => (turn.promptUuid === null ? [] : [turn.promptUuid])));
  const found = new Map<string, LogEntry['entry']>();
  for (const { entry } of entries) {
    if (hasUuid(entry) && wanted.has(entry.uuid) && !found.has(entry.uuid)) found.set(entry.uuid, entry);
  }
  return found;
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
  out.push(
    `  ${timeline.turns.length} turns, ${notes} session-notes updates due, ${compactions} compactions due, ${extractions} extractions due, ${skipped} skipped${trailing > 0 ? `, ${trailing} trailing runs` : ''}`,
  );
  return out.join('\n');
}
