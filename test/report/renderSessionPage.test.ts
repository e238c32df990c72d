import { describe, expect, it } from 'vitest';
import type { EffectRecord } from '../../src/pipeline/effectRecord.js';
import { escapeHtml } from '../../src/report/escapeHtml.js';
import { mergeEffectLogs } from '../../src/report/mergeEffectLogs.js';
import { renderSessionPage } from '../../src/report/renderSessionPage.js';
import { pageNames } from '../../src/report/reportRow.js';
import { buildSessionView } from '../../src/report/sessionView.js';
import { measureTokens, thin } from '../../src/report/tokenSeries.js';
import {
  assistantEntry,
  compactBoundaryEntry,
  compactSummaryEntry,
  text,
  toolResultEntry,
  toolUse,
  userEntry,
} from '../../src/testing/entryBuilders.js';
import { longSession } from './longSession.js';

const log = (entries: ReturnType<typeof longSession>): Array<{ seq: number; entry: ReturnType<typeof longSession>[number] }> =>
  entries.map((entry, seq) => ({ seq, entry }));

describe('session view', () => {
  it('places a marker for every decision, a compaction with tokens before and after, and the turns with their tool calls', () => {
    const view = buildSessionView({ name: 'long', entries: log(longSession(600)) });
    expect(view.totals.turns).toBeGreaterThan(50);
    expect(view.totals.toolCalls).toBe(view.toolCalls.length);
    expect(view.totals.toolErrors).toBeGreaterThan(0);
    const compactions = view.markers.filter((m) => m.kind === 'compacted');
    expect(compactions.length).toBeGreaterThan(0);
    expect(compactions[0]).toMatchObject({ lane: 'compaction', before: 1000, rung: 'Claude Code auto' });
    expect(compactions[0]?.after).toBeLessThan(20_000);
    expect(view.markers.filter((m) => m.kind === 'compaction_due').length).toBeGreaterThan(0);
    expect(view.markers.filter((m) => m.kind === 'session_notes_due').length).toBe(view.totals.notesDue);
    expect(view.markers.map((m) => m.seq)).toEqual([...view.markers.map((m) => m.seq)].sort((a, b) => a - b));
  });

  it('shows recorded runs: a trailing run, what a finished extraction wrote, a failed notes run, a memlog compaction with its rung', () => {
    const entries = log(longSession(80));
    const at = (seq: number) => ({ seq, uuid: (entries[seq]?.entry as { uuid: string }).uuid });
    const records: EffectRecord[] = [
      { v: 1, type: 'run_started', at: at(10), run: 'extraction', runId: 'x1', batch: [at(9)], trailing: false },
      {
        v: 1,
        type: 'run_finished',
        at: at(20),
        run: 'extraction',
        runId: 'x1',
        outcome: { written: [{ file: 'prefer-pnpm.md', change: 'added' }] },
      },
      { v: 1, type: 'run_started', at: at(20), run: 'extraction', runId: 'x2', batch: [at(12), at(18)], trailing: true },
      { v: 1, type: 'run_failed', at: at(30), run: 'session_notes', runId: 'n1', error: 'model said no' },
      {
        v: 1,
        type: 'compacted',
        at: at(40),
        outcome: { rung: 'notes', trigger: 'manual', boundaryUuid: 'b-1', tokensBefore: 50_000, tokensAfter: 4_000 },
      },
    ];
    const view = buildSessionView({ name: 's', entries, records });
    const finished = view.markers.find((m) => m.kind === 'run_finished');
    expect(finished).toMatchObject({ lane: 'extraction', files: ['prefer-pnpm.md (added)'], batch: 1, run: 'x1' });
    expect(view.markers.find((m) => m.kind === 'run_failed')).toMatchObject({
      lane: 'notes',
      reason: 'session notes run failed: model said no',
    });
    expect(view.markers.find((m) => m.rung === 'notes')).toMatchObject({ before: 50_000, after: 4_000, uuid: 'b-1' });
    expect(view.totals.memoriesWritten).toBe(1);
    expect(view.totals.failedRuns).toBe(1);
  });

  it('draws no zero at a compact boundary: the line goes from the last count before it to the first one measured after it', () => {
    const big = { input_tokens: 40_000, output_tokens: 500 };
    const boundary = compactBoundaryEntry('b1', 'a1');
    const entries = log([
      userEntry('u1', 'start'),
      assistantEntry('a1', 'm1', text('working'), { parentUuid: 'u1', usage: big }),
      boundary,
      { ...boundary, uuid: 'd1', parentUuid: 'b1', subtype: 'turn_duration', compactMetadata: undefined },
      compactSummaryEntry('s1', 'd1', 'Summary of the work so far.'),
      assistantEntry('a2', 'm2', text('resumed'), { parentUuid: 's1', usage: { input_tokens: 3_000, output_tokens: 20 } }),
      compactBoundaryEntry('b2', 'a2'),
      { ...compactBoundaryEntry('b3', 'b2'), compactMetadata: { trigger: 'manual', preTokens: 3_020, postTokens: 900 } },
    ]);
    const view = buildSessionView({ name: 'compacted', entries });
    expect(view.series.points.map((p) => p.tokens)).not.toContain(0);
    expect(view.series.points.map((p) => p.seq)).toEqual([0, 1, 4, 5]);
    expect(view.series.points[2]!.tokens).toBeGreaterThan(0);
    // The markers still carry what each compaction left: the boundary's postTokens, else the next count.
    expect(view.markers.filter((m) => m.kind === 'compacted').map((m) => m.after ?? null)).toEqual([
      view.series.points[2]!.tokens,
      null,
      900,
    ]);
    expect(buildSessionView({ name: 'compacted', entries })).toEqual(view);
    expect(measureTokens(entries.slice(0, 2))).toEqual([
      { seq: 0, tokens: 1 },
      { seq: 1, tokens: 40_500 },
    ]);
  });

  it('thins a long token line but keeps the peak before a compaction and the drop after it', () => {
    const points = Array.from({ length: 10_000 }, (_, i) => ({ seq: i, tokens: i === 6_001 ? 5 : i === 6_000 ? 999_999 : i }));
    const thinned = thin(points, 500);
    expect(thinned.length).toBeLessThanOrEqual(500);
    expect(thinned.some((p) => p.tokens === 999_999)).toBe(true);
    expect(thinned.some((p) => p.tokens === 5)).toBe(true);
    expect(thinned[0]).toEqual(points[0]);
    expect(thinned[thinned.length - 1]).toEqual(points[points.length - 1]);
  });
});

describe('session page', () => {
  it('is byte-identical for the same inputs', () => {
    const a = renderSessionPage(buildSessionView({ name: 'same', entries: log(longSession(400)) }));
    const b = renderSessionPage(buildSessionView({ name: 'same', entries: log(longSession(400)) }));
    expect(a).toBe(b);
  });

  it('renders transcript text as text: a prompt or tool error holding a script tag cannot run', () => {
    const attack = '</script><script>alert(1)</script><img src=x onerror=alert(2)>"\'';
    const entries = log([
      userEntry('p1', attack),
      assistantEntry('a1', 'm1', toolUse('t1', 'Bash')),
      toolResultEntry('r1', 't1', 'a1', { isError: true, content: attack }),
      assistantEntry('a2', 'm2', text('ok'), { stopReason: 'end_turn' }),
    ]);
    const page = renderSessionPage(buildSessionView({ name: attack, entries }));
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('<img');
    expect(page).toContain(escapeHtml(attack));
    // Only the page's own two script blocks: the series data and the behaviour.
    expect(page.match(/<script/g)).toHaveLength(2);
  });

  it('loads nothing from elsewhere: no external URL, and a policy that forbids fetching', () => {
    const page = renderSessionPage(buildSessionView({ name: 'x', entries: log(longSession(50)) }));
    expect(page).toContain("default-src 'none'");
    expect(page).not.toMatch(/\b(src|href)="(https?:)?\/\//);
    expect(page).not.toMatch(/@import|url\(/);
  });
});

describe('report helpers', () => {
  it('takes each kind of run from one effect log only, and compactions from all', () => {
    const at = { seq: 1, uuid: 'u' };
    const notesLog: EffectRecord[] = [
      { v: 1, type: 'run_started', at, run: 'session_notes', runId: 'n', batch: [], trailing: false },
      { v: 1, type: 'compacted', at, outcome: { rung: 'notes', trigger: 'manual', boundaryUuid: 'b', tokensBefore: 2, tokensAfter: 1 } },
    ];
    const extractLog: EffectRecord[] = [
      { v: 1, type: 'run_started', at, run: 'extraction', runId: 'x', batch: [], trailing: false },
      { v: 1, type: 'run_started', at, run: 'session_notes', runId: 'n-dup', batch: [], trailing: false },
    ];
    const merged = mergeEffectLogs([extractLog, notesLog]);
    expect(merged.map((r) => ('runId' in r ? r.runId : r.type))).toEqual(['x', 'n-dup', 'compacted']);
  });

  it('names pages safely and never twice', () => {
    expect(
      pageNames([
        { project: '-home-a', session: 'transcript' },
        { project: '-home/a', session: 'transcript' },
        { project: '../x', session: '<s>' },
      ]),
    ).toEqual(['-home-a__transcript.html', '-home_a__transcript.html', 'x___s_.html']);
    expect(
      pageNames([
        { project: 'p', session: 's' },
        { project: 'p', session: 's' },
      ]),
    ).toEqual(['p__s.html', 'p__s-2.html']);
  });
});
