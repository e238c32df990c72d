import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCatalogDb } from '../../src/catalog/catalogDb.js';
import { foldFile } from '../../src/catalog/foldFile.js';
import { SessionCatalog } from '../../src/catalog/sessionCatalog.js';
import { compactBoundaryEntry, userEntry } from '../../src/testing/entryBuilders.js';
import { tempDir } from '../support/tempDir.js';
import { FOLD_ON_ANY_SIZE } from './catalogSupport.js';

const lines = (entries: readonly unknown[]): string => entries.map((entry) => `${JSON.stringify(entry)}\n`).join('');
const round = (n: number, parent: string | null): unknown[] => [
  userEntry(`u-${n}`, `turn ${n}`, { parentUuid: parent }),
  compactBoundaryEntry(`b-${n}`, `u-${n}`),
];
const rowsOf = (db: ReturnType<typeof openCatalogDb>): number =>
  (db.prepare('SELECT count(*) AS n FROM forgotten').get() as { n: number }).n;

describe("the catalog's forgotten table (decision 94)", () => {
  it('keeps the forgotten fingerprints out of the row, and a growth inserts only those it newly forgot', async () => {
    const path = join(tempDir(), 'session.jsonl');
    writeFileSync(path, lines([...round(0, null), ...round(1, 'b-0'), ...round(2, 'b-1')]));
    const db = openCatalogDb(':memory:');
    const catalog = new SessionCatalog(db, FOLD_ON_ANY_SIZE);
    await catalog.summaries([path]);
    const snapshot = JSON.parse((db.prepare('SELECT snapshot FROM sessions').get() as { snapshot: string }).snapshot);
    expect(snapshot.window).not.toHaveProperty('forgotten');
    expect(snapshot.window.forgottenCounts).toEqual([3, 0]);
    expect(rowsOf(db)).toBe(3);

    appendFileSync(path, lines(round(3, 'b-2')));
    const [answer] = await catalog.summaries([path]);
    expect(answer && 'source' in answer ? answer.source : answer).toBe('folded-on');
    expect(answer && 'summary' in answer ? answer.summary : null).toEqual(foldFile({ path }).summary);
    expect(rowsOf(db)).toBe(5);
    const grown = JSON.parse((db.prepare('SELECT snapshot FROM sessions').get() as { snapshot: string }).snapshot);
    expect(grown.window.forgottenCounts).toEqual([5, 0]);
  });

  it('a tail that names a forgotten uuid found in the table gives the summary of a whole fold', async () => {
    const path = join(tempDir(), 'session.jsonl');
    writeFileSync(path, lines([...round(0, null), ...round(1, 'b-0'), ...round(2, 'b-1')]));
    const catalog = new SessionCatalog(openCatalogDb(':memory:'), FOLD_ON_ANY_SIZE);
    await catalog.summaries([path]);
    appendFileSync(path, lines([userEntry('u-late', 'back to the start', { parentUuid: 'u-0' })]));
    const [answer] = await catalog.summaries([path]);
    expect(answer && 'source' in answer ? answer.source : answer).toBe('folded-on');
    expect(answer && 'summary' in answer ? answer.summary : null).toEqual(foldFile({ path }).summary);
  });

  it('drops a rewritten file’s old fingerprints', async () => {
    const path = join(tempDir(), 'session.jsonl');
    writeFileSync(path, lines([...round(0, null), ...round(1, 'b-0'), ...round(2, 'b-1')]));
    const db = openCatalogDb(':memory:');
    const catalog = new SessionCatalog(db, FOLD_ON_ANY_SIZE);
    await catalog.summaries([path]);
    writeFileSync(path, lines([userEntry('x-1', 'new', { parentUuid: null })]));
    const [answer] = await catalog.summaries([path]);
    expect(answer && 'source' in answer ? answer.source : answer).toBe('read');
    expect(rowsOf(db)).toBe(0);
  });
});
