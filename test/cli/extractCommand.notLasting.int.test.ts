import { describe, expect, it } from 'vitest';
import { assistantEntry, text, userEntry } from '../../src/testing/entryBuilders.js';
import type { Entry } from '../../src/transcript/entrySchema.js';
import { oneSessionProjects, savedMemoryText } from '../support/projectSessions.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

// `memlog extract --model offline` over a small transcript, as a review of decision 110's batch-6 kinds ran it: a lasting
// rule the person typed is saved, the statement shaped like a batch-6 kind that holds for no later work is not.
const SESSION = '00000016-1616-4616-8616-161616161616';
const at = (minute: number) => ({ sessionId: SESSION, timestamp: new Date(Date.UTC(2026, 11, 7, 9, minute)).toISOString() });
const RULE = 'We always run the linter before pushing.';

function sessionSaying(said: string): string {
  const entries: Entry[] = [
    userEntry('u1', RULE, at(0)),
    assistantEntry('a1', 'msg_1', text('Noted.'), { ...at(1), parentUuid: 'u1', stopReason: 'end_turn' }),
    userEntry('u2', said, { ...at(2), parentUuid: 'a1' }),
    assistantEntry('a2', 'msg_2', text('On it.'), { ...at(3), parentUuid: 'u2', stopReason: 'end_turn' }),
  ];
  return oneSessionProjects('cli-tool', SESSION, entries);
}

describe('memlog extract saves no batch-6 statement that does not last (decision 110, amended 2026-12-07)', () => {
  it.each([
    ['a default of one occasion', 'Switch the default workflow for pushing to force-push until the migration lands.'],
    ['a task for now after a missing option', 'If --port is not set, find out which process holds 8080 and kill it.'],
  ])('%s', (_kind, said) => {
    const out = tempDir();
    const run = runCli(['extract', sessionSaying(said), '--out', out, '--model', 'offline'], { env: { ANTHROPIC_API_KEY: '' } });
    expect(run.status, run.stderr).toBe(0);
    const saved = savedMemoryText(out, 'cli-tool');
    expect(saved).toContain(RULE);
    expect(saved).not.toContain(said);
    expect(saved).not.toMatch(/force-push|8080/);
  });
});
