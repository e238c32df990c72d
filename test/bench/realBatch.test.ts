import { describe, expect, it } from 'vitest';
import type { GoldSession } from '../../bench/quality/real/realGold.js';
import { BATCHES, formatFalseSaves, formatMissedCertain, selectSessions } from '../../bench/quality/real/realBatch.js';
import { scoreReal } from '../../bench/quality/real/realScore.js';

const gold = (session: string, half: GoldSession['half'], items: GoldSession['items'] = []): GoldSession => ({
  session,
  half,
  note: 'hand-made',
  items,
  superseded: [],
  traps: [],
});

const GOLDS: GoldSession[] = [
  gold('git-sync/a.jsonl', 'dev', [
    { id: 'cobra', type: 'project', certainty: 'certain', words: ['cobra'], text: 'migrate to cobra' },
    { id: 'v6', type: 'project', certainty: 'defensible', words: ['v6'], text: 'switch to v6' },
  ]),
  gold('git-sync/b.jsonl', 'aside'),
  gold('entire-graph/c.jsonl', 'dev'),
  gold('acme/d.jsonl', 'dev'),
];

const batchNumber = (name: string): number => Number(name.replace('batch', ''));

describe('selecting a batch of real sessions', () => {
  it('takes every session of the sources a batch name lists', () => {
    const batch = { ...BATCHES, test: ['git-sync', 'entire-graph'] };
    expect(selectSessions(['test'], GOLDS, batch).map((g) => g.session)).toEqual([
      'git-sync/a.jsonl',
      'git-sync/b.jsonl',
      'entire-graph/c.jsonl',
    ]);
  });

  it('names batch 3 by its four repositories', () => {
    expect(BATCHES.batch3).toEqual(['git-sync', 'entire-skills', 'entire-graph', 'awesome-chatgpt-prompts']);
  });

  it('names batch 4 by its three repositories', () => {
    expect(BATCHES.batch4).toEqual(['auth-go', 'dsa110-flits', 'imessage-mail']);
  });

  it('names batch 5 by its three repositories', () => {
    expect(BATCHES.batch5).toEqual(['chkit', 'duet', 'react-native-live-text-view']);
  });

  it('names batch 6 by its source folders', () => {
    expect(BATCHES.batch6).toEqual(['bids-utils', 'entirecontext']);
  });

  it('takes the sessions a batch names one by one beside whole sources', () => {
    const batch = { ...BATCHES, test: ['entire-graph', 'git-sync/b.jsonl'] };
    expect(selectSessions(['test'], GOLDS, batch).map((g) => g.session)).toEqual(['git-sync/b.jsonl', 'entire-graph/c.jsonl']);
  });

  it('names batch 7 by its 24 sessions, in sources already here', () => {
    const sessions = BATCHES.batch7 ?? [];
    expect(sessions).toHaveLength(24);
    expect(new Set(sessions.map((session) => session.split('/')[0]))).toEqual(
      new Set(['context-evaluator', 'entire-cli', 'git-sync', 'oh-my-posh']),
    );
  });

  it.each([
    ['batch8', 24],
    ['batch9', 24],
    ['batch10', 9],
  ])('names %s by its %i sessions, none of them in an earlier batch', (name, count) => {
    const sessions = BATCHES[name] ?? [];
    const earlier = Object.entries(BATCHES)
      .filter(([other]) => batchNumber(other) < batchNumber(name))
      .flatMap(([, named]) => named);
    expect(sessions).toHaveLength(count);
    expect(sessions.filter((session) => earlier.includes(session))).toEqual([]);
  });

  it('takes a session by its path under sessions/, with or without that folder, once', () => {
    const picked = selectSessions(['bench/quality/real/sessions/acme/d.jsonl', 'git-sync/b.jsonl', 'acme/d.jsonl'], GOLDS, BATCHES);
    expect(picked.map((g) => g.session)).toEqual(['acme/d.jsonl', 'git-sync/b.jsonl']);
  });

  it('refuses a name that is neither a batch nor a labelled session, in one line', () => {
    expect(() => selectSessions(['batch99'], GOLDS, BATCHES)).toThrow(
      /^no batch or labelled session named batch99 \(batches: batch3, batch4, batch5, batch6, batch7, batch8, batch9, batch10\)$/,
    );
    expect(() => selectSessions([], GOLDS, BATCHES)).toThrow(/^name a batch/);
  });
});

describe('the missed certain items of a development run', () => {
  it('lists each missed certain item with its text, never a defensible one', () => {
    const dev = GOLDS.filter((g) => g.half === 'dev');
    expect(formatMissedCertain(dev, scoreReal(dev, []))).toEqual(['  missed certain git-sync/a.jsonl#cobra: migrate to cobra']);
  });

  it('refuses a set holding an aside session', () => {
    expect(() => formatMissedCertain(GOLDS.slice(0, 2), scoreReal(GOLDS.slice(0, 2), []))).toThrow(/totals only/);
  });
});

describe('the false saves of a development run', () => {
  it('lists each false save with its cause, file and description, never a true save', () => {
    const dev = GOLDS.filter((g) => g.half === 'dev');
    const memories = [
      { project: 'git-sync', filename: 'cobra.md', text: 'cobra\nThe CLI uses cobra\nbody' },
      { project: 'git-sync', filename: 'commit.md', text: 'commit\nCommit and\npush now\nbody' },
    ];
    expect(formatFalseSaves(dev, scoreReal(dev, memories))).toEqual(['  false other: git-sync/commit.md: Commit and']);
  });

  it('refuses a set holding an aside session', () => {
    expect(() => formatFalseSaves(GOLDS, scoreReal(GOLDS, []))).toThrow(/totals only/);
  });
});
