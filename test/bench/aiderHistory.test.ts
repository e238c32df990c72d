import { describe, expect, it } from 'vitest';
import { aiderSessions } from '../../bench/quality/audit/aiderHistory.js';
import { toEntry } from '../../src/transcript/entrySchema.js';

// An aider chat history written for this test, in the layout aider writes (decision 132).
const HISTORY = [
  '',
  '# aider chat started at 2026-03-01 09:00:00',
  '',
  '> Aider v0.86.2',
  '> Add .aider* to .gitignore (recommended)? (Y)es/(N)o [Yes]: y',
  '',
  '#### We use pnpm in this repo, never npm.  ',
  '#### Add a lint script.  ',
  '',
  'I will add a lint script to package.json.',
  '',
  '> Tokens: 1.2k sent, 300 received.',
  '',
  '#### /add package.json',
  '',
  '#### /architect Plan the parser rewrite.',
  '',
  'Step 1: split the tokenizer out.',
  'Step 2: add tests.',
  '',
  '#### Step 1: split the tokenizer out.',
  '#### Step 2: add tests.',
  '',
  'Done with both steps.',
  '',
  '# aider chat started at 2026-03-02 10:00:00',
  '',
  '> Aider v0.86.2',
  '',
].join('\r\n');

describe('aiderSessions', () => {
  const sessions = aiderSessions(HISTORY, 'demo');

  it('one session per block in which the person typed; a block with none is left out', () => {
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.started).toBe('2026-03-01 09:00:00');
  });

  it("the person's prompts, joined across lines; commands, aider's own lines and the architect's hand-off left out", () => {
    const said = sessions[0]!.entries.map((entry) => [entry['type'], JSON.stringify(entry['message'])]);
    const users = sessions[0]!.entries
      .filter((entry) => entry['type'] === 'user')
      .map((entry) => (entry['message'] as { content: string }).content);
    expect(users).toEqual(['We use pnpm in this repo, never npm.\nAdd a lint script.', 'Plan the parser rewrite.']);
    expect(sessions[0]!.prompts).toBe(2);
    expect(said.map(([type]) => type)).toEqual(['user', 'assistant', 'user', 'assistant', 'assistant']);
    expect(JSON.stringify(said)).not.toMatch(/Tokens:|\(Y\)es|\/add/);
  });

  it('entries are Claude Code lines chained by parentUuid, with the same ids on every conversion', () => {
    const [session] = sessions;
    const entries = session!.entries;
    entries.forEach((entry, i) => {
      expect(toEntry(entry).ok).toBe(true);
      expect(entry['sessionId']).toBe(session!.sessionId);
      expect(entry['parentUuid']).toBe(i === 0 ? null : entries[i - 1]!['uuid']);
    });
    expect(aiderSessions(HISTORY, 'demo')[0]!.sessionId).toBe(session!.sessionId);
    expect(aiderSessions(HISTORY, 'other')[0]!.sessionId).not.toBe(session!.sessionId);
  });
});
