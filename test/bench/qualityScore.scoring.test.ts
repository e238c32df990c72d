import { describe, expect, it } from 'vitest';
import { resolve, type ResolvedStatement } from '../../bench/quality/corpus.js';
import { fakeSecret } from '../../bench/quality/fakeSecrets.js';
import type { Statement } from '../../bench/quality/labels.js';
import { hasAllWords } from '../../bench/quality/matchWords.js';
import { SECTION_BEGIN, replaceSection } from '../../bench/quality/table.js';
import { scannerFindings, scoreMemories, type MemoryFile, type SavedMemory } from '../../bench/quality/score.js';

const positive = (id: string, type: 'user' | 'feedback' | 'project' | 'reference', words: string[]): Statement => ({
  id,
  save: true,
  type,
  text: `statement ${id}`,
  words,
});

const STATEMENTS: ResolvedStatement[] = [
  positive('p1', 'project', ['vercel', 'cloudflare']),
  positive('p2', 'reference', ['#deploy-help']),
  positive('p3', 'feedback', ['mock*', 'database']),
  { id: 'n1', save: false, kind: 'task', text: 'Rename fetchUser to loadUser.', words: ['fetchuser', 'loaduser'] },
  { id: 's1', save: false, kind: 'secret', secret: 'aws-access-key', text: 'key {{secret}}', words: [] },
  { id: 's2', save: false, kind: 'secret', secret: 'private-key-rsa', text: 'key:\n{{secret}}', words: [] },
].map((s) => resolve(s as Statement));

const PLACEMENTS = new Map(STATEMENTS.map((s) => [s.id, 'proj']));
const memory = (text: string, project = 'proj'): SavedMemory => ({ project, filename: `${text.slice(0, 8)}.md`, text });
const score = (memories: SavedMemory[], files: MemoryFile[] = []) => scoreMemories(STATEMENTS, PLACEMENTS, memories, files);

describe('the quality scorer', () => {
  it('counts a positive found when one memory holds all its words, whatever the case and wording around them', () => {
    const result = score([memory('hosting-moved\nWe left Vercel.\nEverything is on Cloudflare Pages now.')]);
    expect(result.recall.project).toEqual({ found: 1, total: 1 });
    expect(result.overall).toEqual({ found: 1, total: 3 });
    expect(result.precision).toBe(1);
    expect(result.falseSaves).toBe(0);
  });

  it('does not count a memory missing one of the words, nor words spread over two memories', () => {
    const result = score([memory('We left Vercel.'), memory('It is on Cloudflare now.')]);
    expect(result.recall.project.found).toBe(0);
    expect(result.missed).toContain('p1');
    expect(result.precision).toBe(0);
    expect(result.falseSaves).toBe(2);
  });

  it('matches whole words only, a starred word as a prefix, and either of two alternatives', () => {
    expect(hasAllWords('ask in #deploy-help', ['#deploy-help'])).toBe(true);
    expect(hasAllWords('ask in #deploy-helpers', ['#deploy-help'])).toBe(false);
    expect(hasAllWords('we redeploy', ['deploy'])).toBe(false);
    expect(hasAllWords('stop mocking the database', ['mock*', 'database'])).toBe(true);
    expect(hasAllWords('moved to 2 June', ['junio|june'])).toBe(true);
    expect(hasAllWords('Ärger mit Änderungen', ['änderungen'])).toBe(true);
    expect(hasAllWords('anything', [])).toBe(false);
  });

  it('only counts memories of the project the statement was said in', () => {
    expect(score([memory('Vercel to Cloudflare', 'other')]).recall.project.found).toBe(0);
  });

  it('counts a positive matched by two memories as a duplicate', () => {
    const result = score([memory('moved off Vercel to Cloudflare'), memory('Cloudflare replaced Vercel'), memory('ask #deploy-help')]);
    expect(result.duplicates).toEqual(['p1']);
    expect(result.overall.found).toBe(2);
    expect(result.matched).toBe(3);
  });

  it('counts a negative saved when its words are in a memory', () => {
    expect(score([memory('Rename fetchUser to loadUser in the client')]).negativesSaved).toEqual(['n1']);
    expect(score([memory('fetchUser is the old name')]).negativesSaved).toEqual([]);
  });

  it('finds a secret in any memory file, the index included, and one line of a private key', () => {
    const aws = STATEMENTS.find((s) => s.id === 's1')!.secretValue!;
    const key = STATEMENTS.find((s) => s.id === 's2')!.secretValue!;
    const keyLine = key.split('\n')[2]!;
    const result = score(
      [memory(`the build box key ${keyLine}`)],
      [{ path: 'proj/memory/MEMORY.md', content: `- [creds](creds.md) ${aws}` }],
    );
    expect(result.secretsSaved).toEqual(['s1']);
    expect(result.negativesSaved).toEqual(['s2']);
    expect(score([], [{ path: 'proj/memory/a.md', content: keyLine }]).secretsSaved).toEqual(['s2']);
    expect(score([memory('nothing secret here')], [{ path: 'a.md', content: 'AKIA is how the key ids start' }]).secretsSaved).toEqual([]);
  });

  it("runs memlog's secret scanner over the files and finds the generated families it knows", async () => {
    const families = [
      'aws-access-key',
      'github-pat',
      'slack-bot',
      'private-key-rsa',
      'stripe-live',
      'google-api-key',
      'npm-token',
    ] as const;
    for (const family of families)
      expect(await scannerFindings([{ path: 'a.md', content: `the key: ${fakeSecret(family, 7)}` }]), family).toBeGreaterThan(0);
    expect(await scannerFindings([{ path: 'a.md', content: 'We moved hosting to Cloudflare.' }])).toBe(0);
  });

  it('generates the same fake secret for the same seed and another for another seed', () => {
    expect(fakeSecret('jwt', 3)).toBe(fakeSecret('jwt', 3));
    expect(fakeSecret('jwt', 3)).not.toBe(fakeSecret('jwt', 4));
    expect(fakeSecret('jwt', 3).split('.')).toHaveLength(3);
  });
});

describe('the RESULTS.md section', () => {
  it('is added once with its heading, then replaced between its markers, the rest kept', () => {
    const first = replaceSection('# Results\n\nold text\n', 'table one');
    expect(first).toContain('## Extraction quality');
    const second = replaceSection(`${first}\nafter\n`, 'table two');
    expect(second).toContain('table two');
    expect(second).not.toContain('table one');
    expect(second).toContain('old text');
    expect(second).toContain('after');
    expect(second.split(SECTION_BEGIN)).toHaveLength(2);
  });
});

describe('the quality scorer, on a correction (decision 69)', () => {
  const corrected: ResolvedStatement = resolve({
    id: 'c1',
    save: true,
    type: 'project',
    hazard: 'correction',
    earlier: { text: 'The database listens on port 5433.', words: ['5433'] },
    text: 'Correction: the database listens on port 6543.',
    words: ['6543'],
  });
  const run = (memories: SavedMemory[]) => scoreMemories([corrected], new Map([['c1', 'proj']]), memories, []);

  it('counts the earlier version kept in a memory of the project as a negative saved', () => {
    const result = run([memory('The database listens on port 6543.'), memory('The database listens on port 5433.')]);
    expect(result.overall).toEqual({ found: 1, total: 1 });
    expect(result.negativesSaved).toEqual(['c1:earlier']);
  });

  it('and nothing when only the corrected version is kept', () => {
    expect(run([memory('The database listens on port 6543.')]).negativesSaved).toEqual([]);
  });
});
