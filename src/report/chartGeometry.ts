/** The page's fixed drawing grid, in SVG user units; the SVG scales to the window's width. */
export const LAYOUT = {
  width: 1200,
  left: 84,
  right: 24,
  chartTop: 24,
  chartHeight: 260,
  laneHeight: 28,
  stripHeight: 36,
  gap: 12,
} as const;

export const LANES = ['compaction', 'notes', 'extraction'] as const;

/** Where each band of the drawing sits, top to bottom. */
export function bands(): {
  chartBottom: number;
  lane: (i: number) => number;
  stripTop: number;
  axisTop: number;
  height: number;
  plotWidth: number;
} {
  const chartBottom = LAYOUT.chartTop + LAYOUT.chartHeight;
  const lanesTop = chartBottom + LAYOUT.gap;
  const stripTop = lanesTop + LANES.length * LAYOUT.laneHeight + 4;
  const axisTop = stripTop + LAYOUT.stripHeight + 4;
  return {
    chartBottom,
    lane: (i) => lanesTop + i * LAYOUT.laneHeight,
    stripTop,
    axisTop,
    height: axisTop + 36,
    plotWidth: LAYOUT.width - LAYOUT.left - LAYOUT.right,
  };
}

/** A linear map from a domain to a pixel range. */
export function linear(d0: number, d1: number, r0: number, r1: number): (v: number) => number {
  const span = d1 - d0 || 1;
  return (v) => r0 + ((v - d0) / span) * (r1 - r0);
}

/** One decimal is plenty at this size, and rounding keeps the page byte-stable and small. */
export function px(v: number): string {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}

/** Round tick values (1, 2 or 5 times a power of ten) covering [0, max], about `count` of them. */
export function niceTicks(max: number, count: number): number[] {
  // A usage total can overflow to Infinity (finite fields that add up past it): no axis for that.
  if (!(max > 0) || !Number.isFinite(max)) return [0];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const ticks: number[] = [];
  for (let v = 0; v <= max + step * 1e-9; v += step) ticks.push(Math.round(v));
  return ticks;
}

/** The smallest round number (a nice tick step multiple) at or above `max`. */
export function niceCeil(max: number): number {
  const ticks = niceTicks(max, 5);
  const last = ticks[ticks.length - 1] ?? 0;
  const step = (ticks[1] ?? 1) - (ticks[0] ?? 0);
  return last >= max ? last : last + step;
}

const grouped = new Intl.NumberFormat('en-US');

/** 167000 → "167,000". */
export const formatNumber = (n: number): string => grouped.format(n);

/** 167000 → "167k", 1200000 → "1.2M": axis labels. */
export function shortNumber(n: number): string {
  if (n >= 1_000_000) return `${Math.round(n / 100_000) / 10}M`;
  if (n >= 1_000) return `${Math.round(n / 100) / 10}k`;
  return String(n);
}
