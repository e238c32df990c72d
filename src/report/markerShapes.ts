import type { MarkerKind } from './sessionMarkers.js';
import { px } from './chartGeometry.js';

/** How each kind of marker is drawn: a shape, and whether it sits on the decision row or the run row of its lane. */
export const MARKER_STYLE: Readonly<
  Record<MarkerKind | 'tool_error', { readonly shape: Shape; readonly row: 'decision' | 'run'; readonly label: string }>
> = {
  session_notes_due: { shape: 'circle', row: 'decision', label: 'session notes due' },
  extraction_due: { shape: 'circle', row: 'decision', label: 'extraction due' },
  extraction_skipped: { shape: 'ring', row: 'decision', label: 'extraction skipped' },
  compaction_due: { shape: 'triangle', row: 'decision', label: 'compaction due' },
  trailing_run: { shape: 'square', row: 'run', label: 'trailing run' },
  run_finished: { shape: 'diamond', row: 'run', label: 'run finished' },
  run_failed: { shape: 'cross', row: 'run', label: 'run failed' },
  compacted: { shape: 'diamond', row: 'run', label: 'compaction' },
  tool_error: { shape: 'triangle', row: 'run', label: 'tool error' },
};

export type Shape = 'circle' | 'ring' | 'triangle' | 'square' | 'diamond' | 'cross';

const R = 5;

/** An SVG path centred on (x, y). */
export function shapePath(shape: Shape, x: number, y: number): string {
  const [cx, cy, r, d] = [px(x), px(y), R, R * 2];
  switch (shape) {
    case 'circle':
    case 'ring':
      return `M${px(x - R)} ${cy}a${r} ${r} 0 1 0 ${d} 0a${r} ${r} 0 1 0 -${d} 0Z`;
    case 'triangle':
      return `M${cx} ${px(y - R)}L${px(x + R)} ${px(y + R)}L${px(x - R)} ${px(y + R)}Z`;
    case 'square':
      return `M${px(x - R + 1)} ${px(y - R + 1)}h${d - 2}v${d - 2}h-${d - 2}Z`;
    case 'diamond':
      return `M${cx} ${px(y - R - 1)}L${px(x + R + 1)} ${cy}L${cx} ${px(y + R + 1)}L${px(x - R - 1)} ${cy}Z`;
    case 'cross':
      return `M${px(x - R)} ${px(y - R)}L${px(x + R)} ${px(y + R)}M${px(x + R)} ${px(y - R)}L${px(x - R)} ${px(y + R)}`;
  }
}
