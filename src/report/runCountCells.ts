import { formatNumber } from './chartGeometry.js';
import type { ReportRow } from './reportRow.js';
import type { SessionTotals } from './sessionView.js';

/**
 * The counts the text table and the index page both end a session's row with, formatted: compactions, notes and
 * extractions due, memories written, candidates found, failed runs, messages lost at compaction, unreadable lines.
 */
export function runCountCells(row: ReportRow, totals: SessionTotals): string[] {
  return [
    formatNumber(totals.compactions),
    formatNumber(totals.notesDue),
    formatNumber(totals.extractionsDue),
    formatNumber(totals.memoriesWritten),
    formatNumber(totals.candidatesFound),
    formatNumber(totals.failedRuns),
    formatNumber(totals.lostAtCompaction),
    formatNumber(row.diagnostics + row.effectDiagnostics),
  ];
}
