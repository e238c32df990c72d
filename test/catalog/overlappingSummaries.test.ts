import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCatalogDb } from '../../src/catalog/catalogDb.js';
import { foldFile } from '../../src/catalog/foldFile.js';
import { SessionCatalog, type CatalogAnswer } from '../../src/catalog/sessionCatalog.js';
import { tempDir } from '../support/tempDir.js';
import { FOLD_ON_ANY_SIZE } from './catalogSupport.js';

/** An assistant message with its usage, the i-th of a chain. */
const message = (i: number): string =>
  `${JSON.stringify({
    type: 'assistant',
    uuid: `u${i}`,
    parentUuid: i > 0 ? `u${i - 1}` : null,
    sessionId: 's',
    timestamp: '2026-01-01T00:00:00Z',
    message: {
      id: `msg${i}`,
      role: 'assistant',
      model: 'claude-x',
      content: [{ type: 'text', text: 'hi' }],
      usage: { input_tokens: 100, output_tokens: 10 },
    },
  })}\n`;

const summaryOf = (answers: CatalogAnswer[]): unknown => {
  const [answer] = answers;
  return answer !== undefined && 'summary' in answer ? answer.summary : answer;
};

describe('overlapping summaries() calls on one catalog', () => {
  it('each folds on from the row the one before it stored, so both answers and the stored row equal a fresh fold', async () => {
    const dir = tempDir();
    const path = join(dir, 'session.jsonl');
    writeFileSync(path, [0, 1, 2].map(message).join(''));
    const catalog = new SessionCatalog(openCatalogDb(join(dir, 'catalog.db')), FOLD_ON_ANY_SIZE);
    await catalog.summaries([path]);
    appendFileSync(path, [3, 4, 5].map(message).join(''));
    const [first, second] = await Promise.all([catalog.summaries([path]), catalog.summaries([path])]);
    const stored = await catalog.summaries([path]);
    const fresh = foldFile({ path }).summary;
    expect(summaryOf(first)).toEqual(fresh);
    expect(summaryOf(second)).toEqual(fresh);
    expect(stored[0] && 'source' in stored[0] ? stored[0].source : stored[0]).toBe('stored');
    expect(summaryOf(stored)).toEqual(fresh);
  });
});
