import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeCorpus } from '../../bench/corpus.js';
import { openCatalogDb } from '../../src/catalog/catalogDb.js';
import { foldFile } from '../../src/catalog/foldFile.js';
import { SessionCatalog } from '../../src/catalog/sessionCatalog.js';
import { HEAD_BYTES } from '../../src/search/fileIdentity.js';
import { tempDir } from '../support/tempDir.js';
import { FOLD_ON_ANY_SIZE } from './catalogSupport.js';

/** The file with each assistant entry between its first and last HEAD_BYTES of another kind (as many bytes): same size. */
function rewriteMiddle(path: string): void {
  const bytes = readFileSync(path);
  const text = bytes.toString('latin1');
  const kind = '"type":"assistant"';
  let changed = 0;
  for (let at = text.indexOf(kind, HEAD_BYTES); at !== -1 && at < bytes.length - 2 * HEAD_BYTES; at = text.indexOf(kind, at + 1)) {
    bytes.write('"type":"assistanz"', at, 'latin1');
    changed += 1;
  }
  expect(changed).toBeGreaterThan(10);
  writeFileSync(path, bytes);
}

describe('a chain window read again from bytes rewritten since the row was stored (decision 98)', () => {
  it('is told by the hash of its span, and the file is folded from its start', async () => {
    const dir = tempDir();
    const path = join(dir, 'session.jsonl');
    writeCorpus(path, 600_000, 11, { compactions: 0 });
    const db = openCatalogDb(':memory:');
    const catalog = new SessionCatalog(db, FOLD_ON_ANY_SIZE);
    await catalog.summaries([path]);
    const { snapshot } = db.prepare('SELECT snapshot FROM sessions').get() as { snapshot: string };
    expect(JSON.parse(snapshot).window).toMatchObject({ reread: true });
    rewriteMiddle(path);
    appendFileSync(path, readFileSync(path).subarray(0, readFileSync(path).indexOf(0x0a) + 1));
    const [answer] = await catalog.summaries([path]);
    expect(answer && 'source' in answer ? answer.source : answer).toBe('read');
    expect(answer && 'summary' in answer ? answer.summary : answer).toEqual(foldFile({ path }).summary);
  });
});
