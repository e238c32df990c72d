import { formatNumber } from './chartGeometry.js';
import type { ReportRow } from './reportRow.js';
import { runCountCells } from './runCountCells.js';

const HEAD = [
  'project',
  'session',
  'entries',
  'KB',
  'turns',
  'max tokens',
  'compactions',
  'notes due',
  'extractions',
  'memories',
  'candidates',
  'failed',
  'lost at compaction',
  'bad lines',
];

/** The report as a plain-text table: one row a session, columns aligned. */
export function formatReportTable(rows: readonly ReportRow[]): string {
  const lines = rows.map((r) => {
    const t = r.totals;
    if (t === null) return [r.project, r.session, `error: ${r.error ?? 'unreadable'}`];
    return [
      r.project,
      r.session,
      formatNumber(t.entries),
      r.bytes === null ? '' : formatNumber(Math.ceil(r.bytes / 1024)),
      formatNumber(t.turns),
      formatNumber(t.maxTokens),
      ...runCountCells(r, t),
    ];
  });
  const all = [HEAD, ...lines];
  const widths = HEAD.map((_, i) => Math.max(...all.map((cells) => (cells.length === HEAD.length ? (cells[i] ?? '').length : 0))));
  const pad = (cells: readonly string[]): string =>
    cells.length !== HEAD.length
      ? cells.join('  ')
      : cells
          .map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
          .join('  ')
          .trimEnd();
  return [...all.map(pad), `${rows.length} session${rows.length === 1 ? '' : 's'}`].join('\n');
}
