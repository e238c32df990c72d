import { describe, expect, it } from 'vitest';
import { backfillMemories } from '../../../src/jobs/index.js';
import { OfflineModel } from '../../../src/model/offline/index.js';
import { assistantEntry, text, toolResultEntry, toolUse, userEntry } from '../../../src/testing/entryBuilders.js';
import type { Entry } from '../../../src/transcript/entrySchema.js';
import { EXTRACT_RUNS, oneSessionProjects, savedMemoryText } from '../../support/projectSessions.js';
import { tempDir } from '../../support/tempDir.js';

const SESSION = '0000000a-2222-4222-8222-222222222222';
const at = (minute: number) => ({ sessionId: SESSION, timestamp: new Date(Date.UTC(2026, 3, 2, 9, minute)).toISOString() });

/** The assistant asks which way to go through AskUserQuestion; the person picks an offered option. */
function sessionWithChoice(question: string, options: readonly string[], picked: string): string {
  const input = {
    questions: [{ question, header: 'Setup', multiSelect: false, options: options.map((label) => ({ label, description: '' })) }],
  };
  const entries: Entry[] = [
    userEntry('u1', 'Set up the release pipeline for the CLI.', at(0)),
    assistantEntry('a1', 'msg_1', toolUse('t1', 'AskUserQuestion', input), { ...at(1), parentUuid: 'u1', stopReason: 'tool_use' }),
    toolResultEntry('r1', 't1', 'a1', {
      ...at(2),
      content: `User has answered your questions: "${question}"="${picked}". You can now continue with the user's answers in mind.`,
    }),
    assistantEntry('a2', 'msg_2', text('Done, the pipeline is set up.'), { ...at(3), parentUuid: 'r1', stopReason: 'end_turn' }),
  ];
  return oneSessionProjects('cli', SESSION, entries);
}

const memoryText = (out: string): string => savedMemoryText(out, 'cli');

const QUESTION = 'Which distribution method do you want for the Homebrew formula?';
const OPTIONS = ['Pre-built binaries (Recommended)', 'Build from source'];

describe('a choice made through AskUserQuestion is kept with its question (decision 102)', () => {
  for (const [path, run] of EXTRACT_RUNS)
    it(path, async () => {
      const out = tempDir();
      const report = await run({ root: sessionWithChoice(QUESTION, OPTIONS, OPTIONS[0]!), out, model: new OfflineModel() });
      expect(report.failedSessions).toBe(0);
      const saved = memoryText(out);
      expect(saved).toMatch(/Pre-built binaries/);
      expect(saved).toMatch(/Homebrew formula/);
      expect(saved).not.toMatch(/\(Recommended\)/);
    });

  it('a choice about the work at hand is not', async () => {
    const out = tempDir();
    const question = 'Which approach should I take for this fix?';
    await backfillMemories({
      root: sessionWithChoice(question, ['Patch the parser', 'Rewrite it'], 'Patch the parser'),
      out,
      model: new OfflineModel(),
    });
    expect(memoryText(out)).toBe('');
  });
});
