import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSessionFiles, indexSessions, openSearchDb, searchEntries, type SearchDb } from '../../src/search/index.js';
import { assistantEntry, userEntry } from '../../src/testing/index.js';
import { tempDir } from '../support/tempDir.js';

/** One session: an early assistant message that says "deploy" most, then thirty user messages that say it once. */
function indexed(): SearchDb {
  const project = join(tempDir(), '-home-dev-app');
  mkdirSync(project);
  const lines = [
    assistantEntry('a-old', 'm-1', { type: 'text', text: 'deploy deploy deploy deploy the app' }),
    ...Array.from({ length: 30 }, (_, i) => userEntry(`u-${i}`, `please deploy build number ${i} of the app today`)),
  ];
  const file = join(project, '11111111-1111-4111-8111-111111111111.jsonl');
  return write(file, lines);
}

function write(file: string, lines: readonly unknown[]): SearchDb {
  writeFileSync(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(''), { flag: 'w' });
  const db = openSearchDb(':memory:');
  indexSessions(db, findSessionFiles([file]));
  return db;
}

describe('searchEntries ranks a bounded window of matches (decision 89)', () => {
  it('ranks every match when there are no more than the window', () => {
    const db = indexed();
    expect(searchEntries(db, 'deploy', { limit: 1 }).map((hit) => hit.uuid)).toEqual(['a-old']);
  });

  it('ranks the newest matches only when there are more, the best of those first', () => {
    const db = indexed();
    const hits = searchEntries(db, 'deploy', { limit: 3 }, 10);
    expect(hits).toHaveLength(3);
    expect(hits.map((hit) => hit.uuid)).not.toContain('a-old');
    expect(hits.every((hit) => Number(hit.uuid?.slice(2)) >= 20)).toBe(true);
  });

  it('looks past the window when the filters leave fewer hits than the limit there', () => {
    const db = indexed();
    const hits = searchEntries(db, 'deploy', { limit: 5, role: 'assistant' }, 10);
    expect(hits.map((hit) => [hit.uuid, hit.snippet])).toEqual([['a-old', '«deploy» «deploy» «deploy» «deploy» the app']]);
  });
});
