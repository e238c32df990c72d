import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReplaySettings } from '../../src/pipeline/replayDecider.js';
import { buildTimeline } from '../../src/pipeline/timeline.js';
import { CompactionAuditFold } from '../../src/report/compactionAudit.js';
import { renderSessionPage } from '../../src/report/renderSessionPage.js';
import { boundaryMarker, decisionMarkers, recordMarkers, type Marker } from '../../src/report/sessionMarkers.js';
import { buildSessionView, type SessionInputs, type TurnBar } from '../../src/report/sessionView.js';
import { tokenMeasure } from '../../src/report/tokenSeries.js';
import { toolActivity } from '../../src/report/toolActivity.js';
import { clip } from '../../src/report/escapeHtml.js';
import type { LogEntry } from '../../src/transcript/logEntry.js';
import { conversation } from '../support/conversationArbitrary.js';
import { fcRuns } from '../support/fcRuns.js';
import { longSession, recordedRuns } from './longSession.js';

const eager: ReplaySettings = {
  sessionNotes: { minimumTokensToInit: 10, minimumTokensBetweenUpdates: 5, toolCallsBetweenUpdates: 1 },
  autocompact: { contextWindow: 40_000, maxOutputTokens: 1_000 },
};

/** What a page drew before its view was sampled as it streams: every list built whole from the timeline, then sorted. */
function wholeLists(inputs: SessionInputs & { entries: readonly LogEntry[] }) {
  const { entries, records = [], settings = {} } = inputs;
  const timeline = buildTimeline(entries, settings, records);
  const last = entries.at(-1)?.seq ?? 0;
  const turns = timeline.turns.map((turn, i): TurnBar => ({
    index: turn.index,
    startSeq: turn.startSeq,
    endSeq: (timeline.turns[i + 1]?.startSeq ?? last + 1) - 1,
    uuid: turn.promptUuid,
    prompt: clip(turn.prompt, 400),
    toolCalls: turn.toolCalls,
    toolErrors: turn.toolErrors,
    tokens: turn.tokens,
    open: turn.endUuid === null,
  }));
  const measure = tokenMeasure();
  for (const event of entries) measure.push(event);
  // Each compaction's marker carries its audit (decision 78), whole lists or streamed.
  const audit = new CompactionAuditFold();
  for (const event of entries) audit.push(event);
  audit.finish();
  const fromRecords = recordMarkers(records).map((m) => audit.withAudit(m));
  const recorded = new Set(fromRecords.flatMap((m) => (m.kind === 'compacted' && m.uuid !== null ? [m.uuid] : [])));
  const fromBoundaries = entries.flatMap(({ seq, entry }) =>
    entry.type === 'system' && entry.subtype === 'compact_boundary' && !recorded.has(entry.uuid)
      ? [audit.withAudit(boundaryMarker(seq, entry, (at) => measure.points.firstAfter(at)?.tokens ?? null))]
      : [],
  );
  const time = (seq: number): unknown => (entries.find((e) => e.seq === seq)?.entry as { timestamp?: unknown }).timestamp;
  const markers = [...decisionMarkers(timeline.decisions), ...fromRecords, ...fromBoundaries]
    .map((m, order) => ({ m, order }))
    .sort((a, b) => a.m.seq - b.m.seq || a.order - b.order)
    .map(({ m }): Marker => {
      const at = time(m.seq);
      return typeof at === 'string' ? { ...m, time: at } : m;
    });
  const activity = toolActivity(entries);
  return { turns, markers, toolErrors: activity.errors, toolCalls: activity.calls };
}

const drawnLists = (inputs: SessionInputs) => {
  const view = buildSessionView(inputs);
  return { turns: view.turns, markers: view.markers, toolErrors: view.toolErrors, toolCalls: view.toolCalls };
};

describe('a session view built as it streams', () => {
  it('draws, below the caps, exactly what the whole lists drew, on generated sessions', () => {
    fc.assert(
      fc.property(conversation, fc.constantFrom<ReplaySettings>({}, eager), (entries, settings) => {
        const inputs = { name: 's', entries: entries.map((entry, seq) => ({ seq, entry })), settings };
        expect(drawnLists(inputs)).toEqual(wholeLists(inputs));
      }),
      { numRuns: fcRuns },
    );
  });

  it('and on a long session with recorded runs and compactions, memlog’s and Claude Code’s', () => {
    const entries = longSession(900).map((entry, seq) => ({ seq, entry }));
    const records = recordedRuns(entries);
    const inputs = { name: 's', entries, records, settings: eager };
    const whole = wholeLists(inputs);
    expect(whole.markers.length).toBeGreaterThan(100);
    expect(whole.toolErrors.length).toBeGreaterThan(10);
    expect(drawnLists(inputs)).toEqual(whole);
    expect(renderSessionPage(buildSessionView(inputs))).not.toContain('too long to draw whole');
  });
});

describe('a very long session is downsampled for display', () => {
  const entries = longSession(3_000).map((entry, seq) => ({ seq, entry }));
  const inputs = { name: 'long', entries, settings: eager };
  const caps = { turnBars: 40, laneMarkers: 30, toolErrors: 20 };

  it('groups turns, thins crowded lanes and the tool errors, keeps every kind, counts everything, and says so on the page', () => {
    const whole = buildSessionView(inputs);
    const view = buildSessionView(inputs, caps);
    expect(whole.turns.length).toBeGreaterThan(caps.turnBars);
    expect(view.totals).toEqual(whole.totals);
    expect(view.turns.length).toBeLessThanOrEqual(caps.turnBars);
    expect(view.drawn.turnsPerBar).toBeGreaterThan(1);
    expect(view.turns.reduce((n, t) => n + t.toolCalls, 0)).toBe(whole.totals.toolCalls);
    expect(view.turns.at(-1)).toMatchObject({ endSeq: whole.lastSeq, through: whole.totals.turns });
    for (const lane of ['notes', 'extraction', 'compaction'] as const) {
      const drawn = view.markers.filter((m) => m.lane === lane);
      const all = whole.markers.filter((m) => m.lane === lane);
      expect(drawn.length).toBeLessThanOrEqual(Math.max(caps.laneMarkers, new Set(all.map((m) => m.kind)).size));
      expect(new Set(drawn.map((m) => m.kind))).toEqual(new Set(all.map((m) => m.kind)));
    }
    expect(view.drawn.markers).toBe(whole.markers.length);
    expect(view.toolErrors.length).toBeLessThanOrEqual(caps.toolErrors);
    expect(view.toolErrors[0]).toEqual(whole.toolErrors[0]);
    const page = renderSessionPage(view);
    expect(page).toContain('too long to draw whole');
    expect(page).toContain(`bars for ${whole.totals.turns.toLocaleString('en-US')} turns`);
    expect(page).toMatch(/turns 1–\d+/);
  });
});
