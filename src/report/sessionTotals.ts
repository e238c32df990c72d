import type { LogEntry } from '../transcript/logEntry.js';
import { replaySync } from '../pipeline/replaySync.js';
import { countDecision, noDecisions } from '../pipeline/timeline.js';
import { turnsProjection } from '../projections/turns.js';
import { CompactionAuditFold } from './compactionAudit.js';
import { recordMarkers } from './sessionMarkers.js';
import type { SessionInputs, SessionView } from './sessionView.js';
import { totalsOf } from './sessionTotalsOf.js';
import { tokenMeasure } from './tokenSeries.js';
import { toolActivityFold } from './toolActivity.js';

/** What a report's row shows of a session. */
export type SessionSummary = Pick<SessionView, 'bytes' | 'diagnostics' | 'totals'>;

/**
 * `buildSessionView(inputs).totals` without the view (decision 55): what a report's row needs is
 * counted in one walk, and neither the turns, their prompts, the decisions nor the markers are
 * kept. The counts are the view's by construction (a property test holds them equal).
 */
export function buildSessionTotals(inputs: SessionInputs): SessionSummary {
  const { entries, settings = {}, records = [] } = inputs;
  const measure = tokenMeasure();
  const activityFold = toolActivityFold();
  const boundaries: string[] = [];
  const audit = new CompactionAuditFold();
  let count = 0;
  let turns = turnsProjection.initialState();
  function* walked(): Generator<LogEntry> {
    for (const event of entries) {
      count++;
      measure.push(event);
      activityFold.push(event);
      audit.push(event);
      turns = turnsProjection.evolve(turns, event);
      // Only how many turns there are is wanted: the ended ones need not be kept.
      if (turns.earlier !== null) turns = { ...turns, earlier: null };
      if (event.entry.type === 'system' && event.entry.subtype === 'compact_boundary') boundaries.push(event.entry.uuid);
      yield event;
    }
  }
  const decided = noDecisions();
  replaySync(walked(), settings, undefined, records, (d) => countDecision(decided, d));
  audit.finish();
  const fromRecords = recordMarkers(records);
  const recorded = new Set(fromRecords.flatMap((m) => (m.kind === 'compacted' && m.uuid !== null ? [m.uuid] : [])));
  return {
    bytes: inputs.bytes ?? null,
    diagnostics: typeof inputs.diagnostics === 'function' ? inputs.diagnostics() : (inputs.diagnostics ?? 0),
    totals: totalsOf({
      entries: count,
      turns: turns.finished + (turns.current === null ? 0 : 1),
      toolCalls: activityFold.calls(),
      toolErrors: activityFold.errors(),
      points: measure.points,
      decided,
      recordMarkers: fromRecords,
      unrecordedBoundaries: boundaries.filter((uuid) => !recorded.has(uuid)).length,
      records,
      lostAtCompaction: audit.lostTotal(),
    }),
  };
}
