import { describe, expect, it } from 'vitest';
import { displayedTimeline, MAX_LANE_MARKERS, MAX_TOOL_ERRORS, MAX_TURN_BARS, SLICES } from '../../src/report/displayCaps.js';
import { renderSessionPage } from '../../src/report/renderSessionPage.js';
import type { Marker } from '../../src/report/sessionMarkers.js';
import { buildSessionView, type SessionView, type TurnBar } from '../../src/report/sessionView.js';
import { longSession } from './longSession.js';

const base = (): SessionView => buildSessionView({ name: 'long', entries: longSession(600).map((entry, seq) => ({ seq, entry })) });

/** The base view stretched to `turns` turns, `markers` extraction markers and `errors` tool errors over a million entries. */
function stretched(turns: number, markers: number, errors: number): SessionView {
  const view = base();
  const span = 1_000_000;
  const turnBars: TurnBar[] = Array.from({ length: turns }, (_, i) => ({
    index: i + 1,
    startSeq: Math.floor((i * span) / turns),
    endSeq: Math.floor(((i + 1) * span) / turns) - 1,
    uuid: `u-${i}`,
    prompt: `prompt ${i}`,
    toolCalls: 2,
    toolErrors: i % 7 === 0 ? 1 : 0,
    tokens: 1_000 + i,
    open: i === turns - 1,
  }));
  const lane: Marker[] = Array.from({ length: markers }, (_, i) => ({
    lane: 'extraction',
    kind: i % 2 === 0 ? 'extraction_due' : 'run_finished',
    seq: Math.floor((i * span) / markers),
    uuid: `m-${i}`,
    tokens: 10,
    reason: `marker ${i}`,
  }));
  const toolErrors = Array.from({ length: errors }, (_, i) => ({
    seq: Math.floor((i * span) / errors),
    uuid: `e-${i}`,
    tool: 'Bash',
    text: 'exit 1',
  }));
  return { ...view, firstSeq: 0, lastSeq: span - 1, turns: turnBars, markers: lane, toolErrors };
}

describe('a very long session is downsampled for display', () => {
  it('draws everything, and says nothing, below the caps', () => {
    const view = stretched(MAX_TURN_BARS, MAX_LANE_MARKERS, MAX_TOOL_ERRORS);
    const shown = displayedTimeline(view);
    expect(shown.turns).toBe(view.turns);
    expect(shown.markers).toEqual(view.markers);
    expect(shown.toolErrors).toBe(view.toolErrors);
    expect(shown.note).toBe('');
  });

  it('groups turns, thins a crowded lane and the tool errors, keeps every kind, and says so on the page', () => {
    const view = stretched(50_000, 40_000, 20_000);
    const shown = displayedTimeline(view);
    expect(shown.turns.length).toBeLessThanOrEqual(MAX_TURN_BARS);
    expect(shown.turns[0]).toMatchObject({ index: 1, startSeq: 0, through: 25, toolCalls: 50 });
    expect(shown.turns.at(-1)).toMatchObject({ endSeq: 999_999, through: 50_000, open: true });
    expect(shown.turns.reduce((n, t) => n + t.toolCalls, 0)).toBe(100_000);
    expect(shown.markers.length).toBeLessThanOrEqual(2 * SLICES);
    expect(new Set(shown.markers.map((m) => m.kind))).toEqual(new Set(['extraction_due', 'run_finished']));
    expect(shown.toolErrors.length).toBeLessThanOrEqual(SLICES);
    const page = renderSessionPage(view);
    expect(page).toContain('too long to draw whole');
    expect(page).toContain('turns 1–25');
    // A bounded page: the whole session's markers would take several megabytes by themselves.
    expect(page.length).toBeLessThan(2_500_000);
  });
});
