import { formatNumber } from './chartGeometry.js';
import type { Marker } from './sessionMarkers.js';
import type { SessionView, TurnBar } from './sessionView.js';
import type { ToolErrorMark } from './toolActivity.js';

/** Past this many turns the strip draws groups of consecutive turns, one bar each. */
export const MAX_TURN_BARS = 2_000;
/** Past this many markers in one lane, the lane keeps one marker of a kind per slice of the session. */
export const MAX_LANE_MARKERS = 2_000;
/** Past this many failed tool results, the strip keeps one per slice of the session. */
export const MAX_TOOL_ERRORS = 1_000;
/** How many equal slices of the session a crowded lane is drawn in: more than the chart has pixel columns to tell apart. */
export const SLICES = 1_000;

/** What the page draws of a session's turns, markers and tool errors, and a sentence saying what it left out. */
export interface DisplayedTimeline {
  readonly turns: readonly TurnBar[];
  readonly markers: readonly Marker[];
  readonly toolErrors: readonly ToolErrorMark[];
  /** '' when everything is drawn. */
  readonly note: string;
}

/**
 * Downsamples a very long session for display (issue 21): a page of a session with a hundred
 * thousand turns would be hundreds of megabytes and draw nothing more than a page of a few
 * thousand. Below the caps everything is drawn as it is; the totals always count everything.
 */
export function displayedTimeline(view: SessionView): DisplayedTimeline {
  const turns = view.turns.length > MAX_TURN_BARS ? groupTurns(view.turns, Math.ceil(view.turns.length / MAX_TURN_BARS)) : view.turns;
  const sliceOf = (seq: number): number =>
    Math.min(SLICES - 1, Math.floor(((seq - view.firstSeq) / Math.max(1, view.lastSeq - view.firstSeq + 1)) * SLICES));
  const laneCounts = new Map<string, number>();
  for (const m of view.markers) laneCounts.set(m.lane, (laneCounts.get(m.lane) ?? 0) + 1);
  const kept = new Set<string>();
  const markers = view.markers.filter((m) => {
    if ((laneCounts.get(m.lane) ?? 0) <= MAX_LANE_MARKERS) return true;
    const key = `${m.lane} ${m.kind} ${sliceOf(m.seq)}`;
    if (kept.has(key)) return false;
    kept.add(key);
    return true;
  });
  const errorSlices = new Set<number>();
  const toolErrors =
    view.toolErrors.length > MAX_TOOL_ERRORS
      ? view.toolErrors.filter((e) => {
          const slice = sliceOf(e.seq);
          if (errorSlices.has(slice)) return false;
          errorSlices.add(slice);
          return true;
        })
      : view.toolErrors;
  const left: string[] = [];
  if (turns !== view.turns)
    left.push(
      `${formatNumber(turns.length)} bars for ${formatNumber(view.turns.length)} turns (${Math.ceil(view.turns.length / MAX_TURN_BARS)} turns a bar)`,
    );
  if (markers.length < view.markers.length)
    left.push(
      `${formatNumber(markers.length)} of ${formatNumber(view.markers.length)} markers (a crowded lane keeps one of a kind per thousandth of the session)`,
    );
  if (toolErrors !== view.toolErrors)
    left.push(`${formatNumber(toolErrors.length)} of ${formatNumber(view.toolErrors.length)} failed tool results (one per thousandth)`);
  const note =
    left.length === 0 ? '' : ` This session is too long to draw whole: the page shows ${left.join(', ')}; the totals count everything.`;
  return { turns, markers, toolErrors, note };
}

/** Consecutive turns `size` at a time: one bar from the first's start to the last's end, counts summed, the highest context. */
function groupTurns(turns: readonly TurnBar[], size: number): TurnBar[] {
  const out: TurnBar[] = [];
  for (let i = 0; i < turns.length; i += size) {
    const group = turns.slice(i, i + size);
    const first = group[0]!;
    const last = group[group.length - 1]!;
    out.push({
      ...first,
      endSeq: last.endSeq,
      toolCalls: group.reduce((n, t) => n + t.toolCalls, 0),
      toolErrors: group.reduce((n, t) => n + t.toolErrors, 0),
      tokens: group.reduce((n, t) => Math.max(n, t.tokens), 0),
      open: last.open,
      through: last.index,
    });
  }
  return out;
}
