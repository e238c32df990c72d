import { describe, expect, it } from 'vitest';
import type { Decision, Entry, LogEntry } from '../../src/index.js';
import { replaySync, type ReplaySettings } from '../../src/pipeline/index.js';
import { runFinishedRecord, runStartedRecord } from '../../src/pipeline/effectRecords.js';
import { claudeCodeRules } from '../../src/projections/index.js';
import { assistantEntry, compactBoundaryEntry, compactSummaryEntry, text, userEntry } from '../../src/testing/entryBuilders.js';

const as = (version: string, entries: Entry[]): Entry[] => entries.map((e) => ({ ...e, version }) as Entry);
const logged = (entries: readonly Entry[]): LogEntry[] => entries.map((entry, seq) => ({ seq, entry }));
/** A prompt of three words and an answer whose usage puts the context at `tokens`. */
const turn = (name: string, tokens = 100): Entry[] => [
  userEntry(`u-${name}`, 'please do this'),
  assistantEntry(`a-${name}`, `m-${name}`, text('done'), { usage: { input_tokens: tokens, output_tokens: 0 } }),
];
const decide = (entries: Entry[], settings: ReplaySettings, records: Parameters<typeof replaySync>[3] = []): Decision[] =>
  replaySync(logged(entries), settings, undefined, records).decisions;
const kinds = (decisions: readonly Decision[], kind: Decision['kind']): Decision[] => decisions.filter((d) => d.kind === kind);

describe('the claude-code policy follows the rules of the version that wrote each entry', () => {
  it('picks the rules by version: 2.1.88 for older or unknown, the prose gate from 2.1.126, 2.1.332 without notes, 2.1.337 with the 1M window', () => {
    expect(
      ['2.1.39', '2.1.88', '2.1.125', '', 'abc', '2.1.126', '2.1.206', '2.1.332', '2.1.336', '2.1.337', '2.2.0', '3.0.0-beta'].map(
        (v) => claudeCodeRules(v).release,
      ),
    ).toEqual([
      '2.1.88',
      '2.1.88',
      '2.1.88',
      '2.1.88',
      '2.1.88',
      '2.1.126',
      '2.1.126',
      '2.1.332',
      '2.1.332',
      '2.1.337',
      '2.1.337',
      '2.1.337',
    ]);
  });

  it('2.1.332 keeps no session notes; 2.1.88 does, as memlog does for every version', () => {
    const session = (version: string) => as(version, [...turn('1', 12_000), ...turn('2', 18_000)]);
    expect(kinds(decide(session('2.1.332'), { policy: 'claude-code' }), 'session_notes_due')).toHaveLength(0);
    expect(kinds(decide(session('2.1.39'), { policy: 'claude-code' }), 'session_notes_due')).toHaveLength(2);
    expect(kinds(decide(session('2.1.332'), { policy: 'memlog' }), 'session_notes_due')).toHaveLength(2);
  });

  it("never re-takes the notes' growth baseline after a compaction (decision 15 undone); memlog does", () => {
    const boundary = compactBoundaryEntry('b', 'a-2');
    const session = as('2.1.39', [
      ...turn('1', 12_000),
      ...turn('2', 18_000),
      boundary,
      compactSummaryEntry('s', 'b', 'what happened so far in this session'),
      ...turn('3', 6_000),
      ...turn('4', 12_000),
      ...turn('5', 20_000),
      ...turn('6', 24_000),
    ]);
    const at = (settings: ReplaySettings) => kinds(decide(session, settings), 'session_notes_due').map((d) => d.uuid);
    // memlog: 6,000 is the new baseline, 12,000 is +6,000. Claude Code: 18,000 stays the baseline until 23,000.
    expect(at({ policy: 'memlog' })).toEqual(['a-1', 'a-2', 'a-4', 'a-5']);
    expect(at({ policy: 'claude-code' })).toEqual(['a-1', 'a-2', 'a-6']);
  });

  it("the prose gate applies to 2.1.126 and later only; the compact summary counts as the user's words (memlog: not)", () => {
    const short = (version: string) => as(version, [userEntry('u', 'ok'), assistantEntry('a', 'm', text('done'))]);
    const outcome = (decisions: Decision[]) => decisions.filter((d) => d.kind.startsWith('extraction')).map((d) => d.kind);
    expect(outcome(decide(short('2.1.88'), { policy: 'claude-code' }))).toEqual(['extraction_due']);
    expect(outcome(decide(short('2.1.126'), { policy: 'claude-code' }))).toEqual(['extraction_skipped']);
    expect(outcome(decide(short('2.1.88'), { policy: 'memlog' }))).toEqual(['extraction_skipped']);
    const afterCompaction = as('2.1.332', [
      ...turn('1'),
      compactBoundaryEntry('b', 'a-1'),
      compactSummaryEntry('s', 'b', 'the user asked for pagination and got it'),
      userEntry('u2', 'ok'),
      assistantEntry('a2', 'm2', text('done')),
    ]);
    expect(outcome(decide(afterCompaction, { policy: 'claude-code' }))).toEqual(['extraction_due', 'extraction_due']);
    expect(outcome(decide(afterCompaction, { policy: 'memlog' }))).toEqual(['extraction_due', 'extraction_skipped']);
  });

  it('2.1.332 at a cadence above 1 makes no trailing run: the requests made meanwhile are dropped and their messages wait', () => {
    const session = as(
      '2.1.332',
      ['1', '2', '3', '4', '5', '6'].flatMap((n) => turn(n)),
    );
    // The run for turn 2 (decided as entry 4 arrived) ends after turn 4's request (decided at entry 8).
    const records = [
      runStartedRecord({
        at: { seq: 4, uuid: 'u-3' },
        run: 'extraction',
        runId: 'extraction@3',
        batch: [{ seq: 3, uuid: 'a-2' }],
        trailing: false,
      }),
      runFinishedRecord({ at: { seq: 9, uuid: 'a-5' }, run: 'extraction', runId: 'extraction@3' }),
    ];
    const settings = (policy: 'claude-code' | 'memlog'): ReplaySettings => ({
      policy,
      extraction: { everyTurns: 2 },
      runs: ['extraction'],
    });
    const cc = decide(session, settings('claude-code'), records);
    expect(cc.filter((d) => d.kind === 'run_start' && d.trailing)).toEqual([]);
    expect(cc.find((d) => d.kind === 'extraction_skipped' && /no trailing run for 1 request/.test(d.reason))).toMatchObject({
      uuid: 'a-4',
    });
    expect(kinds(cc, 'extraction_due').map((d) => [d.uuid, d.kind === 'extraction_due' ? d.newMessages : 0])).toEqual([
      ['a-2', 4],
      ['a-4', 4],
      ['a-6', 8],
    ]);
    const memlog = decide(session, settings('memlog'), records);
    expect(memlog.filter((d) => d.kind === 'run_start' && d.trailing).map((d) => d.uuid)).toEqual(['a-4']);
    expect(kinds(memlog, 'extraction_due').map((d) => (d.kind === 'extraction_due' ? d.newMessages : 0))).toEqual([4, 4, 4]);
    // At a cadence of 1, 2.1.332 makes the trailing run as 2.1.88 did.
    const everyOne = decide(session, { policy: 'claude-code', runs: ['extraction'] }, [
      runStartedRecord({
        at: { seq: 2, uuid: 'u-2' },
        run: 'extraction',
        runId: 'extraction@1',
        batch: [{ seq: 1, uuid: 'a-1' }],
        trailing: false,
      }),
      runFinishedRecord({ at: { seq: 5, uuid: 'a-3' }, run: 'extraction', runId: 'extraction@1' }),
    ]);
    expect(everyOne.filter((d) => d.kind === 'run_start' && d.trailing).map((d) => d.uuid)).toEqual(['a-2']);
  });
});
