import { bands, formatNumber, LANES, LAYOUT, linear, niceCeil, niceTicks, px, shortNumber } from './chartGeometry.js';
import { escapeHtml } from './escapeHtml.js';
import { MARKER_STYLE, shapePath } from './markerShapes.js';
import type { Marker } from './sessionMarkers.js';
import type { SessionView } from './sessionView.js';
import { thresholdLines } from './thresholdLines.js';

const LANE_TITLES: Readonly<Record<(typeof LANES)[number], string>> = {
  compaction: 'compaction',
  notes: 'session notes',
  extraction: 'extraction',
};

/**
 * The session as one SVG: the context-token line with the warning and threshold lines, a lane
 * per kind of run with its markers, and the turn strip. Markers are focusable and carry their
 * details as data attributes (escaped); the page script shows them.
 */
export function renderSessionSvg(view: SessionView): string {
  const b = bands();
  const x = linear(view.firstSeq, Math.max(view.lastSeq, view.firstSeq + 1), LAYOUT.left, LAYOUT.left + b.plotWidth);
  const top = niceCeil(Math.max(view.series.max, ...view.stretches.map((s) => s.thresholds.threshold)) * 1.04);
  const y = linear(0, top, b.chartBottom, LAYOUT.chartTop);
  const out: string[] = [];
  out.push(
    `<svg id="timeline" viewBox="0 0 ${LAYOUT.width} ${b.height}" role="img" aria-label="context tokens and memory decisions over the session" data-seq0="${view.firstSeq}" data-seq1="${Math.max(view.lastSeq, view.firstSeq + 1)}" data-left="${LAYOUT.left}" data-width="${b.plotWidth}" data-top="${LAYOUT.chartTop}" data-bottom="${b.chartBottom}">`,
  );
  // Y grid and labels.
  for (const t of niceTicks(top, 5))
    out.push(
      `<line class="grid" x1="${LAYOUT.left}" x2="${LAYOUT.left + b.plotWidth}" y1="${px(y(t))}" y2="${px(y(t))}"/><text class="ylab" x="${LAYOUT.left - 6}" y="${px(y(t) + 4)}">${shortNumber(t)}</text>`,
    );
  // Compactions first, behind everything: a line down through the chart and the lanes.
  for (const m of view.markers.filter((m) => m.kind === 'compacted'))
    out.push(
      `<line class="cut" x1="${px(x(m.seq))}" x2="${px(x(m.seq))}" y1="${LAYOUT.chartTop}" y2="${b.stripTop + LAYOUT.stripHeight}"/>`,
    );
  out.push(...thresholdLines(view, x, y));
  out.push(tokenLine(view, x, y, b.chartBottom));
  out.push(`<line id="cross" class="crosshair" x1="0" x2="0" y1="${LAYOUT.chartTop}" y2="${b.chartBottom}" visibility="hidden"/>`);
  // Lanes.
  LANES.forEach((lane, i) => {
    const laneTop = b.lane(i);
    out.push(
      `<rect class="lane" x="${LAYOUT.left}" y="${laneTop}" width="${b.plotWidth}" height="${LAYOUT.laneHeight - 2}"/><text class="lanelab" x="${LAYOUT.left - 6}" y="${laneTop + 17}">${LANE_TITLES[lane]}</text>`,
    );
    out.push(`<g class="lane-${lane}">`);
    for (const m of view.markers.filter((m) => m.lane === lane))
      out.push(markerElement(m, x(m.seq), laneTop + (MARKER_STYLE[m.kind].row === 'decision' ? 8 : 19)));
    out.push('</g>');
  });
  out.push(turnStrip(view, x, b.stripTop));
  out.push(xAxis(view, x, b.axisTop));
  out.push('</svg>');
  return out.join('\n');
}

function tokenLine(view: SessionView, x: (v: number) => number, y: (v: number) => number, bottom: number): string {
  const points = view.series.points;
  if (points.length === 0) return `<text class="empty" x="${LAYOUT.left + 8}" y="${bottom - 8}">no main-thread messages</text>`;
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${px(x(p.seq))} ${px(y(p.tokens))}`).join('');
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return `<path class="area" d="${line}L${px(x(last.seq))} ${bottom}L${px(x(first.seq))} ${bottom}Z"/><path id="tokens" class="tokens" d="${line}"/>`;
}

function markerElement(m: Marker, at: number, cy: number): string {
  const style = MARKER_STYLE[m.kind];
  const data: Array<[string, string | number | undefined]> = [
    ['kind', style.label],
    ['seq', m.seq],
    ['uuid', m.uuid ?? undefined],
    ['time', m.time],
    ['tokens', m.tokens === null ? undefined : formatNumber(m.tokens)],
    ['reason', m.reason],
    ['rung', m.rung],
    ['before', m.before === undefined ? undefined : formatNumber(m.before)],
    ['after', m.after === undefined ? undefined : formatNumber(m.after)],
    ['run', m.run],
    ['batch', m.batch === undefined ? undefined : `${m.batch} decision${m.batch === 1 ? '' : 's'}`],
    ['files', m.files === undefined || m.files.length === 0 ? undefined : m.files.join(', ')],
    ['audit', m.audit],
    ['lost', m.lost?.join(' · ')],
  ];
  return `<path class="m k-${m.kind}" tabindex="0" role="button" aria-label="${escapeHtml(`${style.label}, entry ${m.seq}`)}" d="${shapePath(style.shape, at, cy)}"${attributes(data)}/>`;
}

function attributes(data: ReadonlyArray<readonly [string, string | number | undefined]>): string {
  return data.map(([key, value]) => (value === undefined ? '' : ` data-${key}="${escapeHtml(String(value))}"`)).join('');
}

/** Turns as alternating bands, one tick per pixel column holding tool calls, a marker per failed tool result. */
function turnStrip(view: SessionView, x: (v: number) => number, top: number): string {
  const out = [`<text class="lanelab" x="${LAYOUT.left - 6}" y="${top + 22}">turns</text><g class="strip">`];
  for (const [i, t] of view.turns.entries()) {
    const name = t.through === undefined ? `turn ${t.index}` : `turns ${t.index}–${t.through}`;
    const x0 = x(t.startSeq);
    const width = Math.max(1, Math.min(x(t.endSeq + 1), LAYOUT.width - LAYOUT.right) - x0);
    const data: Array<[string, string | number | undefined]> = [
      ['kind', `${name}${t.open ? ' (still open)' : ''}`],
      ['seq', t.startSeq],
      ['uuid', t.uuid ?? undefined],
      ['tokens', formatNumber(t.tokens)],
      ['reason', t.prompt],
      ['tools', t.toolCalls],
      ['errors', t.toolErrors],
    ];
    out.push(
      `<rect class="m turn t${(t.through === undefined ? t.index : i) % 2}" tabindex="0" role="button" aria-label="${name}, entry ${t.startSeq}" x="${px(x0)}" y="${top}" width="${px(width)}" height="${LAYOUT.stripHeight - 10}"${attributes(data)}/>`,
    );
  }
  const columns = [...new Set(view.toolCalls.map((seq) => Math.round(x(seq))))];
  if (columns.length > 0) out.push(`<path class="ticks" d="${columns.map((c) => `M${c} ${top + 2}v8`).join('')}"/>`);
  for (const e of view.toolErrors) {
    const data: Array<[string, string | number | undefined]> = [
      ['kind', MARKER_STYLE.tool_error.label],
      ['seq', e.seq],
      ['uuid', e.uuid],
      ['reason', `${e.tool} failed: ${e.text}`],
    ];
    out.push(
      `<path class="m k-tool_error" tabindex="0" role="button" aria-label="tool error, entry ${e.seq}" d="${shapePath('triangle', x(e.seq), top + LAYOUT.stripHeight - 5)}"${attributes(data)}/>`,
    );
  }
  out.push('</g>');
  return out.join('\n');
}

function xAxis(view: SessionView, x: (v: number) => number, top: number): string {
  const span = Math.max(view.lastSeq - view.firstSeq, 1);
  const ticks = niceTicks(span, 10).map((t) => t + view.firstSeq);
  const labels = ticks.map(
    (t) =>
      `<line class="grid" x1="${px(x(t))}" x2="${px(x(t))}" y1="${top}" y2="${top + 4}"/><text class="xlab" x="${px(x(t))}" y="${top + 16}">${formatNumber(t)}</text>`,
  );
  return `${labels.join('')}<text class="axis-title" x="${LAYOUT.left + bands().plotWidth / 2}" y="${top + 28}">entry (its position in the transcript, from 0)</text>`;
}
