import { describe, expect, it } from 'vitest';
import { formatReportTable } from '../../src/report/formatReportTable.js';
import { renderSessionPage } from '../../src/report/renderSessionPage.js';
import { buildSessionTotals } from '../../src/report/sessionTotals.js';
import { buildSessionView } from '../../src/report/sessionView.js';
import { assistantEntry, compactBoundaryEntry, compactSummaryEntry, text, userEntry } from '../../src/testing/entryBuilders.js';

/** A rule, a fact, then a compaction whose summary keeps only the fact. */
const entries = [
  userEntry('u1', 'Never push to main without a green CI run.'),
  assistantEntry('a1', 'm1', text('Understood.'), { parentUuid: 'u1' }),
  userEntry('u2', 'Remember that the staging database runs on db7.internal port 5433.', { parentUuid: 'a1' }),
  assistantEntry('a2', 'm2', text('Noted.'), { parentUuid: 'u2' }),
  compactBoundaryEntry('b1', 'a2'),
  compactSummaryEntry('s1', 'b1', 'Summary: the staging database runs on db7.internal port 5433.'),
].map((entry, seq) => ({ seq, entry }));

describe('the compaction audit in memlog report and on the session page', () => {
  it('the boundary marker lists the lost items, and the totals count them', () => {
    const view = buildSessionView({ name: 's', entries });
    const marker = view.markers.find((m) => m.kind === 'compacted');
    expect(marker?.audit).toMatch(/1 lost/);
    expect(marker?.lost).toEqual(['lost rule "Never push to main without a green CI run." (entry 0)']);
    expect(view.totals.lostAtCompaction).toBe(1);
    expect(buildSessionTotals({ name: 's', entries }).totals.lostAtCompaction).toBe(1);
    expect(renderSessionPage(view)).toContain('data-lost="lost rule &quot;Never push to main');
  });

  it("the report's table has a column of items lost at compaction", () => {
    const summary = buildSessionTotals({ name: 's', entries });
    const row = {
      project: 'p',
      session: 's',
      page: null,
      bytes: 1,
      diagnostics: 0,
      effectLogs: 0,
      effectDiagnostics: 0,
      totals: summary.totals,
      error: null,
    };
    const [head, line] = formatReportTable([row]).split('\n');
    expect(head).toMatch(/lost at compaction/);
    expect(line?.trim().split(/\s+/).at(-2)).toBe('1');
  });
});
