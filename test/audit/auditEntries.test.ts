import { describe, expect, it } from 'vitest';
import { auditEntries } from '../../src/audit/auditTranscript.js';
import type { Entry } from '../../src/index.js';
import {
  assistantEntry,
  compactBoundaryEntry,
  compactSummaryEntry,
  text,
  toolResultEntry,
  toolUse,
  userEntry,
} from '../../src/testing/index.js';

/** A session: rules, a correction, a fact, todos and an edit, then a boundary whose summary carries some of them. */
function before(): Entry[] {
  return [
    userEntry('u1', 'Never push to main without a green CI run.'),
    assistantEntry('a1', 'm1', text('Understood. I will open a branch first.'), { parentUuid: 'u1' }),
    userEntry('u2', 'The staging database lives on db7.internal port 5433.', { parentUuid: 'a1' }),
    assistantEntry('a2', 'm2', text('I will mock the database in the tests.'), { parentUuid: 'u2' }),
    userEntry('u3', "No, don't mock the database in integration tests, use the docker compose one.", { parentUuid: 'a2' }),
    assistantEntry(
      'a3',
      'm3',
      toolUse('t1', 'TodoWrite', {
        todos: [
          { content: 'Add the retry to the payment client', status: 'in_progress' },
          { content: 'Write the changelog entry', status: 'completed' },
        ],
      }),
      { parentUuid: 'u3' },
    ),
    toolResultEntry('r1', 't1', 'a3'),
    assistantEntry('a4', 'm4', toolUse('t2', 'Edit', { file_path: 'src/payments/client.ts', old_string: 'a', new_string: 'b' }), {
      parentUuid: 'r1',
    }),
    toolResultEntry('r2', 't2', 'a4'),
    userEntry('u4', 'Now make the payment client retry three times with backoff.', { parentUuid: 'r2' }),
  ];
}

const lines = (entries: readonly Entry[]) => entries.map((entry, i) => ({ line: i + 1, entry }));

describe('memlog audit: per compaction, what the person established and whether it survived', () => {
  it('finds rules, corrections, facts, the goal and open items, and judges each against the summary', () => {
    const summary = [
      'This session is being continued from a previous conversation.',
      'Summary:',
      '1. Primary Request: make the payment client retry three times with backoff.',
      '3. Files: src/payments/client.ts (changed)',
      '7. Pending: Add the retry to the payment client',
      'The user wants the real database (docker compose) for integration tests.',
    ].join('\n');
    const entries = [...before(), compactBoundaryEntry('b1', 'u4'), compactSummaryEntry('s1', 'b1', summary)];
    const [audit] = auditEntries(lines(entries));
    const verdictOf = (needle: string) => audit!.items.find((i) => i.text.includes(needle))?.verdict;
    expect(audit!.items.map((i) => i.kind).sort()).toEqual(['correction', 'fact', 'goal', 'open-item', 'open-item', 'rule'].sort());
    expect(verdictOf('green CI')).toBe('lost');
    expect(verdictOf('db7.internal')).toBe('lost');
    expect(verdictOf('mock the database')).toBe('paraphrased');
    expect(verdictOf('retry three times')).toBe('kept');
    expect(verdictOf('Add the retry')).toBe('kept');
    expect(verdictOf('src/payments/client.ts')).toBe('kept');
    expect(audit!.origin).toBe('claude-code');
    expect(audit!.counts).toEqual({ 'lost-restated': 0, lost: 2, paraphrased: 1, kept: 3 });
  });

  it('a lost item the person says again after the boundary is lost and restated, and listed first', () => {
    const entries = [
      ...before(),
      compactBoundaryEntry('b1', 'u4'),
      compactSummaryEntry('s1', 'b1', 'Summary: the payment client work.'),
      assistantEntry('a5', 'm5', text('Pushing to main now.'), { parentUuid: 's1' }),
      userEntry('u5', 'I told you: never push to main unless CI is green!', { parentUuid: 'a5' }),
    ];
    const [audit] = auditEntries(lines(entries));
    expect(audit!.items[0]).toMatchObject({
      kind: 'rule',
      verdict: 'lost-restated',
      from: { uuid: 'u1', line: 1 },
      restatedAt: { uuid: 'u5' },
    });
    expect(audit!.counts['lost-restated']).toBe(1);
  });

  it('an item said in a message the compaction kept is kept', () => {
    const entries = [
      ...before(),
      compactBoundaryEntry('b1', 'u4', { headUuid: 'u3', anchorUuid: 's1', tailUuid: 'u4' }),
      compactSummaryEntry('s1', 'b1', 'Summary.'),
    ];
    const [audit] = auditEntries(lines(entries));
    expect(audit!.items.find((i) => i.kind === 'correction')?.verdict).toBe('kept');
    expect(audit!.items.find((i) => i.kind === 'goal')?.verdict).toBe('kept');
    expect(audit!.keptMessages).toBeGreaterThanOrEqual(2);
  });

  it('a summary written in three parts (Claude Code 2.1.337) is audited as one', () => {
    const parts = [
      'Summary:\n1. Primary Request: make the payment client retry three times with backoff.',
      '3. Files: src/payments/client.ts\n4. Errors: none\n5. Problem solving: none',
      '6. All user messages:\n- Never push to main without a green CI run.\n- The staging database lives on db7.internal port 5433.',
    ];
    const entries = [
      ...before(),
      compactBoundaryEntry('b1', 'u4'),
      compactSummaryEntry('s1', 'b1', parts[0]!),
      compactSummaryEntry('s2', 's1', parts[1]!),
      compactSummaryEntry('s3', 's2', parts[2]!),
    ];
    const audits = auditEntries(lines(entries));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.summaryParts).toBe(3);
    expect(audits[0]!.items.find((i) => i.text.includes('green CI'))?.verdict).toBe('kept');
    expect(audits[0]!.items.find((i) => i.text.includes('db7.internal'))?.verdict).toBe('kept');
  });

  it("a boundary memlog wrote is told apart from Claude Code's by its summary's opening", () => {
    const memlogSummary =
      'This session continues an earlier conversation that grew too long for the context window. The earlier part is summarised below.\n\nSummary.';
    const [audit] = auditEntries(lines([...before(), compactBoundaryEntry('b1', 'u4'), compactSummaryEntry('s1', 'b1', memlogSummary)]));
    expect(audit!.origin).toBe('memlog');
  });

  it("a message queued while the agent worked is the person's; a queued task notification is not", () => {
    const queued = (content: string) => ({ type: 'queue-operation', operation: 'enqueue', sessionId: 's', content }) as unknown as Entry;
    const entries = [
      userEntry('u1', 'Fix the login bug.'),
      queued('new tickets were added, tackle them'),
      queued('<task-notification>\n<task-id>b1</task-id>\n<status>completed</status>\n</task-notification>'),
      compactBoundaryEntry('b1', 'u1'),
      compactSummaryEntry('s1', 'b1', 'Summary: fixed the login bug.'),
    ];
    const [audit] = auditEntries(lines(entries));
    expect(audit!.items.find((i) => i.kind === 'goal')).toMatchObject({ text: 'new tickets were added, tackle them', from: { line: 2 } });
  });

  it('an acknowledgement after the work ("Looks good, thanks!") is no goal: the request before it is', () => {
    const entries = [
      userEntry('u1', 'Add a dark mode toggle to the settings page.'),
      userEntry('u2', 'Looks good, thanks!', { parentUuid: 'u1' }),
      compactBoundaryEntry('b1', 'u2'),
      compactSummaryEntry('s1', 'b1', 'Summary: added the toggle.'),
    ];
    const [audit] = auditEntries(lines(entries));
    expect(audit!.items.find((i) => i.kind === 'goal')?.text).toBe('Add a dark mode toggle to the settings page.');
  });

  it('a session without a compaction has nothing to audit', () => {
    expect(auditEntries(lines(before()))).toEqual([]);
  });
});
