import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCatalogDb } from '../../src/catalog/catalogDb.js';
import { foldFile } from '../../src/catalog/foldFile.js';
import { SessionCatalog } from '../../src/catalog/sessionCatalog.js';
import { assistantEntry, text } from '../../src/testing/entryBuilders.js';
import { tempDir } from '../support/tempDir.js';
import { FOLD_ON_ANY_SIZE } from './catalogSupport.js';

let uuids = 0;
const line = (messageId: string, output: number, day = '2026-01-01'): string =>
  `${JSON.stringify(
    assistantEntry(`entry-${uuids++}`, messageId, text('hi'), {
      usage: { input_tokens: 3, output_tokens: output },
      timestamp: `${day}T10:00:00.000Z`,
    }),
  )}\n`;

describe("the catalog's usage table (decision 94)", () => {
  it('keeps each message’s usage out of the row, and a growth stores only the messages its tail met', async () => {
    const path = join(tempDir(), 'session.jsonl');
    writeFileSync(path, Array.from({ length: 40 }, (_, i) => line(`msg_${i}`, 1)).join(''));
    const db = openCatalogDb(':memory:');
    const catalog = new SessionCatalog(db, FOLD_ON_ANY_SIZE);
    await catalog.summaries([path]);
    const snapshot = (db.prepare('SELECT snapshot FROM sessions').get() as { snapshot: string }).snapshot;
    expect(JSON.parse(snapshot)).not.toHaveProperty('usage');
    expect(db.prepare('SELECT count(*) AS n FROM usage').get()).toMatchObject({ n: 40 });

    // msg_39 goes on with a larger output and on the next day; msg_40 is new.
    appendFileSync(path, line('msg_39', 9, '2026-01-02') + line('msg_40', 2));
    const [answer] = await catalog.summaries([path]);
    expect(answer && 'source' in answer ? answer.source : answer).toBe('folded-on');
    expect(answer && 'summary' in answer ? answer.summary : null).toEqual(foldFile({ path }).summary);
    const summary = foldFile({ path }).summary;
    expect(summary.usage).toEqual({ input: 41 * 3, output: 39 + 9 + 2, cacheCreation: 0, cacheRead: 0, messages: 41 });
    expect(Object.keys(summary.usageByDay)).toEqual(['2026-01-01', '2026-01-02']);
    expect(db.prepare("SELECT output, day FROM usage WHERE id = 'msg_39'").get()).toMatchObject({ output: 9, day: '2026-01-02' });
    expect(db.prepare('SELECT count(*) AS n FROM usage').get()).toMatchObject({ n: 41 });
  });

  it('drops a rewritten file’s old usage', async () => {
    const path = join(tempDir(), 'session.jsonl');
    writeFileSync(path, line('msg_a', 1) + line('msg_b', 1));
    const db = openCatalogDb(':memory:');
    const catalog = new SessionCatalog(db, FOLD_ON_ANY_SIZE);
    await catalog.summaries([path]);
    writeFileSync(path, line('msg_c', 5));
    const [answer] = await catalog.summaries([path]);
    expect(answer && 'source' in answer ? answer.source : answer).toBe('read');
    expect((db.prepare('SELECT id FROM usage').all() as Array<{ id: string }>).map(({ id }) => id)).toEqual(['msg_c']);
  });
});
