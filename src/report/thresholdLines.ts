import { bands, formatNumber, LAYOUT, px } from './chartGeometry.js';
import { escapeHtml } from './escapeHtml.js';
import type { SessionView } from './sessionView.js';
import type { ThresholdStretch } from './thresholdStretches.js';

type Kind = 'warning' | 'threshold';

/**
 * The autocompact warning and threshold lines: one straight line each when the session ran under one version and
 * one window, else a step at each entry where a stretch begins, each stretch labelled with its value and version.
 */
export function thresholdLines(view: SessionView, x: (seq: number) => number, y: (tokens: number) => number): string[] {
  const width = bands().plotWidth;
  const out: string[] = [];
  if (view.stretches.length <= 1) {
    // A window so small that the limits fall at or below zero has no line to draw for them.
    if (view.thresholds.warning > 0) out.push(thresholdLine('warning', view.thresholds.warning, y(view.thresholds.warning), width));
    if (view.thresholds.threshold > 0) out.push(thresholdLine('threshold', view.thresholds.threshold, y(view.thresholds.threshold), width));
    return out;
  }
  for (const kind of ['warning', 'threshold'] as const)
    if (view.stretches.some((s) => s.thresholds[kind] > 0)) out.push(thresholdSteps(kind, view.stretches, x, y, width));
  return out;
}

function thresholdLine(kind: Kind, value: number, at: number, width: number): string {
  const label = kind === 'warning' ? `autocompact warning ${formatNumber(value)}` : `autocompact threshold ${formatNumber(value)}`;
  return `<line class="${kind}" x1="${LAYOUT.left}" x2="${LAYOUT.left + width}" y1="${px(at)}" y2="${px(at)}"/><text class="${kind}-lab" x="${LAYOUT.left + width - 4}" y="${px(at - 4)}">${label}</text>`;
}

/** One path across the stretches, vertical where one ends, and a label at each stretch's right end. */
function thresholdSteps(
  kind: Kind,
  stretches: readonly ThresholdStretch[],
  x: (seq: number) => number,
  y: (tokens: number) => number,
  width: number,
): string {
  const windows = new Set(stretches.map((s) => s.contextWindow)).size > 1;
  const end = (i: number): number => {
    const next = stretches[i + 1];
    return next === undefined ? LAYOUT.left + width : x(next.since);
  };
  // Below zero (a tiny window) the line rests on the axis rather than leaving the chart.
  const at = (s: ThresholdStretch): number => y(Math.max(0, s.thresholds[kind]));
  const d = stretches.map((s, i) => `${i === 0 ? `M${LAYOUT.left} ` : 'V'}${px(at(s))}H${px(end(i))}`).join('');
  const labels = stretches.map((s, i) => {
    const name = kind === 'warning' ? 'autocompact warning' : 'autocompact threshold';
    const of = [`Claude Code ${s.version ?? 'version unknown'}`, ...(windows ? [`${formatNumber(s.contextWindow)} window`] : [])].join(
      ', ',
    );
    return `<text class="${kind}-lab" x="${px(end(i) - 4)}" y="${px(at(s) - 4)}" data-since="${s.since}">${escapeHtml(`${name} ${formatNumber(s.thresholds[kind])} (${of})`)}</text>`;
  });
  return `<path class="${kind}" fill="none" d="${d}"/>${labels.join('')}`;
}
