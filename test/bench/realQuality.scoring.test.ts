import { describe, expect, it } from 'vitest';
import type { SavedMemory } from '../../bench/quality/score.js';
import type { GoldSession } from '../../bench/quality/real/realGold.js';
import { scoreReal } from '../../bench/quality/real/realScore.js';
import { formatRealDetail, formatRealTable, formatRealTypes, type RealRow } from '../../bench/quality/real/realTable.js';

const GOLD: GoldSession[] = [
  {
    session: 'acme/one.jsonl',
    half: 'dev',
    note: 'hand-made',
    items: [
      { id: 'port', type: 'feedback', certainty: 'certain', words: ['port', 'compar*'], text: 'run it on a different port to compare' },
      { id: 'pnpm', type: 'project', certainty: 'defensible', words: ['pnpm'], text: 'we use pnpm' },
    ],
    superseded: [{ id: 'old-host', words: ['vercel', 'host*'], text: 'hosted on Vercel (later: Cloudflare)' }],
    traps: [
      { cause: 'pasted', words: ['mocha', 'warning'] },
      { cause: 'status', words: ['pr', 'merged'] },
      { cause: 'task', words: ['rename'] },
    ],
  },
  {
    session: 'acme/two.jsonl',
    half: 'dev',
    note: 'hand-made',
    items: [
      {
        id: 'port-again',
        type: 'feedback',
        certainty: 'certain',
        words: ['port'],
        text: 'a second port again',
        sameAs: 'acme/one.jsonl#port',
      },
      { id: 'cf', type: 'project', certainty: 'certain', words: ['cloudflare'], text: 'the site is on Cloudflare' },
    ],
    superseded: [],
    traps: [{ cause: 'question', words: ['which', 'conda'] }],
  },
];

const memory = (text: string, project = 'acme'): SavedMemory => ({ project, filename: `${text.slice(0, 6)}.md`, text });

describe('the real-session scorer', () => {
  it('counts the first memory holding an item as a true save, and a later one holding only found items as a duplicate', () => {
    const score = scoreReal(GOLD, [
      memory('Run the app on another port to compare installs'),
      memory('Use a separate port; compare side by side'),
    ]);
    expect(score.judgements.map((j) => j.verdict)).toEqual(['true', 'duplicate']);
    expect(score.trueSaves).toBe(1);
    expect(score.precision).toBe(0.5);
    expect(score.falseSaves.duplicate).toBe(1);
  });

  it('credits a long memory holding two items with one of them in the strict reading, and the specific memory after it with the other', () => {
    const score = scoreReal(GOLD, [
      memory('Run it on another port to compare; the site is on Cloudflare'),
      memory('Cloudflare hosts the site'),
    ]);
    expect(score.judgements.map((j) => j.verdict)).toEqual(['true', 'duplicate']);
    expect(score.certain.found).toBe(2);
    expect(score.oneItemEach.trueSaves).toBe(2);
    expect(score.oneItemEach.certain).toEqual({ found: 2, total: 2 });
    const alone = scoreReal(GOLD, [memory('Run it on another port to compare; the site is on Cloudflare')]);
    expect(alone.certain.found).toBe(2);
    expect(alone.oneItemEach).toEqual({ trueSaves: 1, certain: { found: 1, total: 2 } });
  });

  it('prints the strict reading beside the first-come one: memories holding several items, memories given an item, certain recall', () => {
    const score = scoreReal(GOLD, [
      memory('Run it on another port to compare; the site is on Cloudflare; we use pnpm'),
      memory('The sky is blue'),
    ]);
    const row: RealRow = { extractor: 'offline', half: 'aside', score, secrets: 0, ms: 1 };
    const [head, , line] = formatRealTable([row]).split('\n');
    const cells = (text: string) => text.split('|').map((cell) => cell.trim());
    const at = (name: string) => cells(line!)[cells(head!).indexOf(name)];
    expect(at('recall (certain)')).toBe('1.00 (2/2)');
    expect(at('holding several items')).toBe('1');
    expect(at('memories given an item, one item each')).toBe('0.50 (1/2)');
    expect(at('recall (certain), one item each')).toBe('0.50 (1/2)');
  });

  it('tallies certain items per type, an item said in two sessions once, and prints them per half', () => {
    const score = scoreReal(GOLD, [memory('Cloudflare hosts it')]);
    expect(score.certainByType).toEqual({
      user: { found: 0, total: 0 },
      feedback: { found: 0, total: 1 },
      project: { found: 1, total: 1 },
      reference: { found: 0, total: 0 },
    });
    const table = formatRealTypes([{ extractor: 'offline', half: 'aside', score, secrets: 0, ms: 1 }]);
    expect(table.split('\n')[2]).toBe('| offline | aside | – | 0.00 (0/1) | 1.00 (1/1) | – |');
  });

  it('counts the same fact said in two sessions of a project once (sameAs)', () => {
    const score = scoreReal(GOLD, [memory('Run the app on another port to compare installs')]);
    expect(score.certain).toEqual({ found: 1, total: 2 });
    expect(score.all).toEqual({ found: 1, total: 3 });
    expect(score.missedCertain).toEqual(['acme/two.jsonl#cf']);
  });

  it('names a false save by the superseded fact or the trap it holds, else other', () => {
    const score = scoreReal(GOLD, [
      memory('The site is hosted on Vercel'),
      memory('mocha printed a warning about loaders'),
      memory('PR #12 merged, CI green'),
      memory('Rename fetchUser to loadUser'),
      memory('Which conda environment am I in?'),
      memory('The sky is blue'),
    ]);
    expect(score.judgements.map((j) => j.verdict)).toEqual(['superseded', 'pasted', 'status', 'task', 'question', 'other']);
    expect(score.trueSaves).toBe(0);
    expect(score.precision).toBe(0);
    expect(score.falseSaves).toMatchObject({ superseded: 1, pasted: 1, status: 1, task: 1, question: 1, other: 1, duplicate: 0 });
  });

  it('judges a memory only against the gold of its own project', () => {
    const score = scoreReal(GOLD, [memory('The site is on Cloudflare', 'elsewhere')]);
    expect(score.judgements[0]?.verdict).toBe('other');
    expect(score.certain.found).toBe(0);
  });

  it('has no precision when nothing was saved, and full recall counts every certain and defensible item', () => {
    expect(scoreReal(GOLD, []).precision).toBeNull();
    const all = scoreReal(GOLD, [memory('port to compare'), memory('we use pnpm'), memory('Cloudflare hosts it')]);
    expect(all.certain).toEqual({ found: 2, total: 2 });
    expect(all.all).toEqual({ found: 3, total: 3 });
    expect(all.precision).toBe(1);
  });

  it('prints per-memory detail for the dev half and refuses it for the aside half', () => {
    const score = scoreReal(GOLD, [memory('The sky is blue')]);
    const row = (half: 'dev' | 'aside'): RealRow => ({ extractor: 'offline', half, score, secrets: 0, ms: 1 });
    expect(formatRealDetail(row('dev'))).toContain('false other: acme/');
    expect(() => formatRealDetail(row('aside'))).toThrow(/totals only/);
    expect(formatRealTable([row('aside')])).not.toContain('sky');
  });
});
