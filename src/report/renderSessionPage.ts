import { formatNumber } from './chartGeometry.js';
import { escapeHtml } from './escapeHtml.js';
import { MARKER_STYLE, shapePath, type Shape } from './markerShapes.js';
import { pageShell } from './pageShell.js';
import { PAGE_SCRIPT } from './pageScript.js';
import { renderSessionSvg } from './renderSessionSvg.js';
import type { SessionView } from './sessionView.js';

/** A session's page: header and totals, the timeline SVG, the details panel and a legend. Same view, same bytes. */
export function renderSessionPage(view: SessionView): string {
  const t = view.totals;
  const span = view.firstTime !== null && view.lastTime !== null ? `${view.firstTime} → ${view.lastTime}` : 'no timestamps';
  const back = view.backLink === null ? '' : ` · <a href="${escapeHtml(view.backLink)}">all sessions</a>`;
  const stats: Array<[string, string]> = [
    ['entries', formatNumber(t.entries)],
    ...(view.bytes === null ? [] : ([['size', bytes(view.bytes)]] as Array<[string, string]>)),
    ['turns', formatNumber(t.turns)],
    ['tool calls', `${formatNumber(t.toolCalls)} (${formatNumber(t.toolErrors)} failed)`],
    ['max context', `${formatNumber(t.maxTokens)} tokens`],
    ['session notes due', formatNumber(t.notesDue)],
    ['extractions due', formatNumber(t.extractionsDue)],
    ['skipped', formatNumber(t.extractionsSkipped)],
    ['trailing runs', formatNumber(t.trailingRuns)],
    ['compactions due', formatNumber(t.compactionsDue)],
    ['compactions', formatNumber(t.compactions)],
    ['memories written', formatNumber(t.memoriesWritten)],
    ['candidates found (backfill)', formatNumber(t.candidatesFound)],
    ['failed runs', formatNumber(t.failedRuns)],
    ['effect records', formatNumber(view.records)],
    ['unreadable lines', formatNumber(view.diagnostics)],
  ];
  const points = view.series.points.map((p) => `[${p.seq},${p.tokens}]`).join(',');
  const thinned = view.series.thinned
    ? ` The line is thinned to ${formatNumber(view.series.points.length)} of ${formatNumber(view.series.measured)} points: the lowest and the highest of each slice are kept.`
    : '';
  const body = [
    '<header>',
    `<h1>${escapeHtml(view.name)}</h1>`,
    `<p class="sub">memlog session timeline · ${escapeHtml(span)} · context window ${windowsOf(view)}${view.policy === undefined ? '' : ` · ${escapeHtml(view.policy)}`}${back}</p>`,
    `<dl class="stats">${stats.map(([k, v]) => `<div><dt>${k}</dt><dd>${escapeHtml(v)}</dd></div>`).join('')}</dl>`,
    '</header>',
    '<div class="layout">',
    '<figure>',
    renderSessionSvg(view),
    '<div id="readout" aria-live="polite"></div>',
    legend(),
    `<p class="note">Context tokens as Claude Code counts them (the newest API usage plus an estimate of what came after). Decisions sit on the upper row of each lane, runs recorded in memlog's effect log on the lower row. Hover, focus (Tab) or click a marker for its details; a click pins them.${thinned}${drawnNote(view)}${stretchesNote(view)}</p>`,
    '</figure>',
    '<aside id="details" aria-live="polite"><h2>Details</h2><div id="details-body"><p class="note">Hover or focus a marker or a turn.</p></div></aside>',
    '</div>',
    `<script id="series" type="application/json">[${points}]</script>`,
  ].join('\n');
  return pageShell(`${view.name} · memlog timeline`, body, PAGE_SCRIPT);
}

const LEGEND: ReadonlyArray<readonly [keyof typeof MARKER_STYLE, string]> = [
  ['session_notes_due', 'lane-notes'],
  ['extraction_due', 'lane-extraction'],
  ['extraction_skipped', 'lane-extraction'],
  ['compaction_due', 'lane-compaction'],
  ['trailing_run', 'lane-extraction'],
  ['run_finished', 'lane-extraction'],
  ['run_failed', 'lane-extraction'],
  ['compacted', 'lane-compaction'],
  ['tool_error', 'strip'],
];

function legend(): string {
  const item = (shape: Shape, cls: string, kind: string, label: string): string =>
    `<li><svg viewBox="0 0 14 14" aria-hidden="true"><g class="${cls}"><path class="m k-${kind}" d="${shapePath(shape, 7, 7)}"/></g></svg>${label}</li>`;
  return `<ul class="legend">${LEGEND.map(([kind, cls]) => item(MARKER_STYLE[kind].shape, cls, kind, MARKER_STYLE[kind].label)).join('')}<li>▮ turn (strip), | tool call</li></ul>`;
}

function bytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}

/** The window the session ran with, or each in turn when it changed within it (decision 113). */
function windowsOf(view: SessionView): string {
  const windows = view.stretches.map((s) => s.contextWindow).filter((w, i, all) => i === 0 || all[i - 1] !== w);
  return windows.length <= 1 ? formatNumber(view.contextWindow) : windows.map(formatNumber).join(' → ');
}

/** The sentence a page adds when the session changed Claude Code version or window: each stretch's thresholds; '' when not. */
export function stretchesNote(view: SessionView): string {
  if (view.stretches.length <= 1) return '';
  const last = Math.max(view.lastSeq, view.firstSeq);
  const parts = view.stretches.map((s, i) => {
    const through = (view.stretches[i + 1]?.since ?? last + 1) - 1;
    const version = s.version === null ? 'an unknown Claude Code version' : `Claude Code ${s.version}`;
    return `entries ${formatNumber(s.since)}–${formatNumber(through)} ran under ${version} with a ${formatNumber(s.contextWindow)}-token window: autocompact threshold ${formatNumber(s.thresholds.threshold)}, warning ${formatNumber(s.thresholds.warning)}`;
  });
  return ` The session changed version or window as it went, so the thresholds step where it did: ${escapeHtml(parts.join('; '))}.`;
}

/** The sentence a page adds when it does not draw everything; '' when it does. */
export function drawnNote(view: SessionView): string {
  const { drawn, totals } = view;
  const left: string[] = [];
  if (drawn.turnsPerBar > 1)
    left.push(
      `${formatNumber(view.turns.length)} bars for ${formatNumber(totals.turns)} turns (${formatNumber(drawn.turnsPerBar)} turns a bar)`,
    );
  if (view.markers.length < drawn.markers)
    left.push(
      `${formatNumber(view.markers.length)} of ${formatNumber(drawn.markers)} markers (a crowded lane keeps the first of a kind in every ${formatNumber(drawn.markerStretch)} entries)`,
    );
  if (view.toolErrors.length < totals.toolErrors)
    left.push(
      `${formatNumber(view.toolErrors.length)} of ${formatNumber(totals.toolErrors)} failed tool results (the first in every ${formatNumber(drawn.toolErrorStretch)} entries)`,
    );
  return left.length === 0
    ? ''
    : ` This session is too long to draw whole: the page shows ${left.join(', ')}; the totals count everything.`;
}
