import { describe, expect, it } from 'vitest';
import type { GoldItem, GoldSession } from '../../bench/quality/real/realGold.js';
import { itemsAsMemories, readersAgree, trueByEither } from '../../bench/quality/real/readersAgree.js';

const session = (items: GoldSession['items']): GoldSession => ({
  session: 'acme/one.jsonl',
  half: 'dev',
  note: 'hand-made',
  items,
  superseded: [],
  traps: [],
});

const PNPM = { id: 'pnpm', type: 'feedback', certainty: 'certain', words: ['pnpm'], text: 'Use pnpm here, never npm.' } satisfies GoldItem;
const STAGING = {
  id: 'staging',
  type: 'project',
  certainty: 'defensible',
  words: ['staging'],
  text: 'Staging is at eu-west.',
} satisfies GoldItem;
const JIRA = {
  id: 'jira',
  type: 'reference',
  certainty: 'certain',
  words: ['jira'],
  text: 'Bugs go to the JIRA board.',
} satisfies GoldItem;

describe('how far two readers agree (decision 154)', () => {
  it('takes each item as a memory holding the words it quotes, in its session’s project', () => {
    expect(itemsAsMemories([session([PNPM, STAGING])])).toEqual([
      { project: 'acme', filename: 'pnpm.md', text: PNPM.text },
      { project: 'acme', filename: 'staging.md', text: STAGING.text },
    ]);
    expect(itemsAsMemories([session([PNPM, STAGING])], true).map((memory) => memory.filename)).toEqual(['pnpm.md']);
  });

  it('judges each reading by the other: an item only one reader kept is a false save one way and a miss the other', () => {
    const agree = readersAgree([session([PNPM, STAGING])], [session([PNPM, JIRA])]);
    expect(agree.secondByFirst.trueSaves).toBe(1);
    expect(agree.secondByFirst.saved).toBe(2);
    expect(agree.secondByFirst.falseSaves.other).toBe(1);
    expect(agree.secondByFirst.certain).toEqual({ found: 1, total: 1 });
    expect(agree.firstBySecond.certain).toEqual({ found: 1, total: 2 });
    expect(agree.secondCertainByFirst.saved).toBe(2);
  });

  it('agrees fully with itself, and refuses a second reading of a session the first never read', () => {
    const same = readersAgree([session([PNPM, STAGING])], [session([PNPM, STAGING])]);
    expect(same.secondByFirst.precision).toBe(1);
    expect(same.firstBySecond.all).toEqual({ found: 2, total: 2 });
    expect(() => readersAgree([], [session([PNPM])])).toThrow(/gold list of the first/);
  });

  it('counts a memory true when either reading judges it a true save, once even when both do; a repeat or noise when neither does', () => {
    const memories = [
      { project: 'acme', filename: 'a.md', text: 'Staging is in eu-west' },
      { project: 'acme', filename: 'b.md', text: 'File bugs on the Jira board' },
      { project: 'acme', filename: 'c.md', text: 'The sky is blue' },
      { project: 'acme', filename: 'd.md', text: 'Staging again' },
      { project: 'acme', filename: 'e.md', text: 'pnpm, never npm' },
      { project: 'acme', filename: 'f.md', text: 'pnpm only' },
    ];
    expect(trueByEither([session([PNPM, STAGING])], [session([PNPM, JIRA])], memories)).toEqual({ saved: 6, trueSaves: 3 });
  });
});
