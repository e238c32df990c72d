import { describe, expect, it } from 'vitest';
import { backfillMemories } from '../../../src/jobs/index.js';
import { OfflineModel } from '../../../src/model/offline/index.js';
import {
  assistantEntry,
  compactBoundaryEntry,
  compactSummaryEntry,
  sideEntry,
  text,
  toolResultEntry,
  toolUse,
  userEntry,
} from '../../../src/testing/entryBuilders.js';
import type { Entry } from '../../../src/transcript/entrySchema.js';
import { EXTRACT_RUNS, oneSessionProjects, savedMemoryText } from '../../support/projectSessions.js';
import { tempDir } from '../../support/tempDir.js';

const SESSION = '00000009-2222-4222-8222-222222222222';
const at = (minute: number) => ({ sessionId: SESSION, timestamp: new Date(Date.UTC(2026, 3, 1, 9, minute)).toISOString() });

/**
 * One turn in which the person types a rule while a tool runs: Claude Code logs the text only in
 * its queue (enqueue, then remove when it hands it to the model), then the turn goes on with the
 * tool's result. Before it, a slash command whose arguments state a rule of their own.
 */
function sessionWithTypedRules(queued: string, args: string, handedWith: 'result' | 'an empty entry' = 'result'): string {
  // Handed over with an entry that holds nothing for the model, which the conversation drops: the turn goes on after it.
  const dropped = handedWith === 'an empty entry' ? [userEntry('e1', [], { ...at(5), parentUuid: 'a2' })] : [];
  const entries: Entry[] = [
    userEntry(
      'u1',
      `<command-message>setup</command-message>\n<command-name>/setup</command-name>\n<command-args>${args}</command-args>`,
      at(0),
    ),
    assistantEntry('a1', 'msg_1', text('Set up.'), { ...at(1), parentUuid: 'u1', stopReason: 'end_turn' }),
    userEntry('u2', 'Fix the failing build.', { ...at(2), parentUuid: 'a1' }),
    assistantEntry('a2', 'msg_2', toolUse('t1', 'Bash', { command: 'npm test' }), { ...at(3), parentUuid: 'u2', stopReason: 'tool_use' }),
    sideEntry('queue-operation', { operation: 'enqueue', content: queued, timestamp: at(4).timestamp }, SESSION),
    sideEntry('queue-operation', { operation: 'remove', timestamp: at(4).timestamp }, SESSION),
    ...dropped,
    toolResultEntry('r1', 't1', dropped.length === 0 ? 'a2' : 'e1', { ...at(5), content: '1 failing' }),
    assistantEntry('a3', 'msg_3', text('Fixed; I will use pnpm from now on.'), { ...at(6), parentUuid: 'r1', stopReason: 'end_turn' }),
  ];
  return oneSessionProjects('shop', SESSION, entries);
}

/**
 * The words handed over with an empty entry after a question, then either a compaction and a prompt
 * after it, or a rewind: the person starts another branch from the question, leaving the entry behind.
 */
function sessionWithEmptyTarget(queued: string, then: 'a compaction' | 'a rewind'): string {
  const after: Entry[] =
    then === 'a compaction'
      ? [
          compactBoundaryEntry('cb', 'e1', undefined, at(6)),
          compactSummaryEntry('cs', 'cb', 'Summary of the build fix.', at(7)),
          userEntry('u3', 'Now update the changelog.', { ...at(8), parentUuid: 'cs' }),
        ]
      : [
          assistantEntry('a3', 'msg_3', text('Done.'), { ...at(6), parentUuid: 'e1', stopReason: 'end_turn' }),
          userEntry('u3', 'Something else entirely: update the changelog.', { ...at(7), parentUuid: 'a2' }),
        ];
  const entries: Entry[] = [
    userEntry('u2', 'Fix the failing build.', at(2)),
    assistantEntry('a2', 'msg_2', text('Which fix do you want?'), { ...at(3), parentUuid: 'u2', stopReason: 'end_turn' }),
    sideEntry('queue-operation', { operation: 'enqueue', content: queued, timestamp: at(4).timestamp }, SESSION),
    sideEntry('queue-operation', { operation: 'remove', timestamp: at(4).timestamp }, SESSION),
    userEntry('e1', [], { ...at(5), parentUuid: 'a2' }),
    ...after,
    assistantEntry('a9', 'msg_9', text('Updated.'), { ...at(9), parentUuid: 'u3', stopReason: 'end_turn' }),
  ];
  return oneSessionProjects('shop', SESSION, entries);
}

const memoryText = (out: string): string => savedMemoryText(out, 'shop');

const QUEUED = 'Always use pnpm in this repository, never npm.';
const ARGS = 'We deploy to Fly.io, not Heroku.';

describe('what the person typed outside a prompt is read as theirs (decision 100)', () => {
  for (const [path, run] of EXTRACT_RUNS)
    it(path, async () => {
      const out = tempDir();
      const report = await run({ root: sessionWithTypedRules(QUEUED, ARGS), out, model: new OfflineModel() });
      expect(report.failedSessions).toBe(0);
      const saved = memoryText(out);
      expect(saved).toMatch(/pnpm/);
      expect(saved).toMatch(/Fly\.io/);
    });

  for (const [path, run] of EXTRACT_RUNS)
    it(`${path}: words handed over with an entry the conversation drops are read with the next message it keeps`, async () => {
      const out = tempDir();
      const report = await run({ root: sessionWithTypedRules(QUEUED, ARGS, 'an empty entry'), out, model: new OfflineModel() });
      expect(report.failedSessions).toBe(0);
      expect(memoryText(out)).toMatch(/pnpm/);
    });

  for (const [path, run] of EXTRACT_RUNS)
    it(`${path}: words handed over with an entry dropped just before a compaction are read with the prompt after it`, async () => {
      const out = tempDir();
      const report = await run({ root: sessionWithEmptyTarget(QUEUED, 'a compaction'), out, model: new OfflineModel() });
      expect(report.failedSessions).toBe(0);
      expect(memoryText(out)).toMatch(/pnpm/);
    });

  for (const [path, run] of EXTRACT_RUNS)
    it(`${path}: words handed over with a dropped entry on a branch the person left are not read on the branch they took`, async () => {
      const out = tempDir();
      const report = await run({ root: sessionWithEmptyTarget(QUEUED, 'a rewind'), out, model: new OfflineModel() });
      expect(report.failedSessions).toBe(0);
      expect(memoryText(out)).not.toMatch(/pnpm/);
    });

  it("and the assistant's words around them are still not", async () => {
    const out = tempDir();
    await backfillMemories({ root: sessionWithTypedRules('ok', 'now'), out, model: new OfflineModel() });
    expect(memoryText(out)).not.toMatch(/pnpm/);
  });
});
