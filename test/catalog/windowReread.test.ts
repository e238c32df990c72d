import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeCorpus } from '../../bench/corpus.js';
import { openCatalogDb } from '../../src/catalog/catalogDb.js';
import { REREAD_WINDOW_BYTES } from '../../src/catalog/chainWindow.js';
import { foldFile } from '../../src/catalog/foldFile.js';
import { SessionCatalog } from '../../src/catalog/sessionCatalog.js';
import { tempDir } from '../support/tempDir.js';
import { FOLD_ON_ANY_SIZE } from './catalogSupport.js';

/** A session written, folded into a fresh catalog, grown by `more` bytes of another session, and folded on. */
async function foldedTwice(bytes: number, compactions: number, more: number) {
  const dir = tempDir();
  const path = join(dir, 'session.jsonl');
  writeCorpus(path, bytes, 11, { compactions });
  const db = openCatalogDb(':memory:');
  const catalog = new SessionCatalog(db, FOLD_ON_ANY_SIZE);
  await catalog.summaries([path]);
  const snapshot = () => (db.prepare('SELECT snapshot FROM sessions').get() as { snapshot: string }).snapshot;
  const first = snapshot();
  writeCorpus(join(dir, 'more.jsonl'), more, 12, { compactions: 1 });
  appendFileSync(path, readFileSync(join(dir, 'more.jsonl')));
  const [answer] = await catalog.summaries([path]);
  return { path, first, answer };
}

describe('the chain window read again on growth rather than stored (decision 98)', () => {
  it('leaves the window’s entries out of a 1 MB session’s row, and folding on reads them again to the whole fold’s summary', async () => {
    for (const compactions of [0, 3]) {
      const { path, first, answer } = await foldedTwice(1_000_000, compactions, 200_000);
      expect(first.length).toBeLessThan(4_000);
      expect(JSON.parse(first).window).toMatchObject({ reread: true });
      expect(answer && 'source' in answer ? answer.source : answer).toBe('folded-on');
      expect(answer && 'summary' in answer ? answer.summary : answer).toEqual(foldFile({ path }).summary);
    }
  });

  it('keeps the entries in the row when the window spans more bytes than a growth should read again', async () => {
    const { path, first, answer } = await foldedTwice(REREAD_WINDOW_BYTES + 500_000, 0, 100_000);
    const window = JSON.parse(first).window as { entries: unknown[]; reread?: true };
    expect(window.reread).toBeUndefined();
    expect(window.entries.length).toBeGreaterThan(100);
    expect(answer && 'source' in answer ? answer.source : answer).toBe('folded-on');
    expect(answer && 'summary' in answer ? answer.summary : answer).toEqual(foldFile({ path }).summary);
  });
});
