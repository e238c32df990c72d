import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCatalogDb } from '../../src/catalog/catalogDb.js';
import {
  decodeResponses,
  encodeResponses,
  mergedResponses,
  NO_RESPONSES,
  responseKeyOf,
  type CountedResponses,
} from '../../src/catalog/countedResponses.js';
import { foldFile } from '../../src/catalog/foldFile.js';
import { SessionCatalog } from '../../src/catalog/sessionCatalog.js';
import { assistantEntry, text } from '../../src/testing/entryBuilders.js';
import { tempDir } from '../support/tempDir.js';
import { FOLD_ON_ANY_SIZE } from './catalogSupport.js';

let uuids = 0;
/** One piece of a response, at minute `minute` of 2026-01-01 (none when null). */
const piece = (messageId: string | undefined, output: number, minute: number | null, requestId = `req_${messageId}`): string => {
  const entry = assistantEntry(`entry-${uuids++}`, messageId ?? '', text('hi'), {
    usage: { input_tokens: 3, output_tokens: output },
    ...(minute === null ? {} : { timestamp: `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z` }),
  }) as unknown as Record<string, unknown>;
  if (minute === null) delete entry['timestamp'];
  if (messageId === undefined) delete (entry['message'] as Record<string, unknown>)['id'];
  return `${JSON.stringify({ ...entry, requestId })}\n`;
};

/** The responses as plain rows, sorted by key: [key, first time, input, output, model, day]. */
function rows(responses: CountedResponses): Array<[string, number, ...number[], string, string]> {
  return Array.from({ length: responses.size }, (_, at): [string, number, ...number[], string, string] => [
    responseKeyOf(responses, at),
    responses.firstMs[at] ?? -1,
    ...responses.tokens.subarray(4 * at, 4 * at + 4),
    responses.models[responses.refs[2 * at] ?? 0] ?? '?',
    responses.days[responses.refs[2 * at + 1] ?? 0] ?? '?',
  ]).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** A fold of the whole file's responses, its torn last line's with them, as the summary counts them. */
function wholeFoldResponses(path: string): [CountedResponses] {
  const { responses, tornResponses } = foldFile({ path });
  return [mergedResponses([responses, ...(tornResponses === null ? [] : [tornResponses])].map(decodeResponses))];
}

function wholeFold(path: string): ReturnType<typeof rows> {
  return rows(wholeFoldResponses(path)[0]);
}

async function stored(catalog: SessionCatalog, path: string): Promise<ReturnType<typeof rows>> {
  const [answer] = await catalog.summariesWithResponses([path]);
  return rows(answer !== undefined && 'responses' in answer ? answer.responses : NO_RESPONSES);
}

describe("the catalog's counted responses (decision 109)", () => {
  it('keeps each response of a file once, with its first piece’s time and its last piece’s usage; none for a message without an id', async () => {
    const path = join(tempDir(), 'session.jsonl');
    writeFileSync(
      path,
      piece('msg_a', 1, 5) + piece('msg_a', 7, 6) + piece('msg_b', 2, null) + piece('msg_b', 3, 9) + piece(undefined, 4, 9),
    );
    const catalog = new SessionCatalog(openCatalogDb(':memory:'));
    const counted = await stored(catalog, path);
    expect(counted.map(([, first, input, output]) => [first, input, output])).toEqual(
      expect.arrayContaining([
        [Date.parse('2026-01-01T10:05:00.000Z'), 3, 7],
        [Date.parse('2026-01-01T10:09:00.000Z'), 3, 3],
      ]),
    );
    expect(counted).toHaveLength(2);
    expect(counted).toEqual(wholeFold(path));
  });

  it('adds a growth’s tail to what a file folded on stored, to what a fold of the whole file gives', async () => {
    const path = join(tempDir(), 'session.jsonl');
    writeFileSync(path, piece('msg_a', 1, 1) + piece('msg_b', 1, 2));
    const catalog = new SessionCatalog(openCatalogDb(':memory:'), FOLD_ON_ANY_SIZE);
    await stored(catalog, path);
    appendFileSync(path, piece('msg_b', 5, 3) + piece('msg_c', 1, 4));
    const [answer] = await catalog.summaries([path]);
    expect(answer && 'source' in answer ? answer.source : answer).toBe('folded-on');
    expect(await stored(catalog, path)).toEqual(wholeFold(path));
    appendFileSync(path, piece('msg_c', 9, 5));
    expect(await stored(catalog, path)).toEqual(wholeFold(path));
  });

  it('counts a torn last line’s response as the summary does, and replaces it once the line is whole or rewritten', async () => {
    const path = join(tempDir(), 'session.jsonl');
    const torn = piece('msg_t', 4, 2).trimEnd();
    writeFileSync(path, piece('msg_a', 1, 1) + torn);
    const catalog = new SessionCatalog(openCatalogDb(':memory:'), FOLD_ON_ANY_SIZE);
    const withTorn = await stored(catalog, path);
    expect(withTorn).toHaveLength(2);
    expect(withTorn).toEqual(wholeFold(path));
    appendFileSync(path, '\n' + piece('msg_t', 6, 3));
    expect(await stored(catalog, path)).toEqual(wholeFold(path));
    writeFileSync(path, piece('msg_z', 1, 1));
    expect(await stored(catalog, path)).toEqual(wholeFold(path));
  });

  it('tells responses apart by message id and request id', () => {
    const path = join(tempDir(), 'session.jsonl');
    writeFileSync(path, piece('msg_a', 1, 1, 'req_1'));
    const other = join(tempDir(), 'session.jsonl');
    writeFileSync(other, piece('msg_a', 1, 1, 'req_2'));
    expect(wholeFold(path)[0]?.[0]).not.toBe(wholeFold(other)[0]?.[0]);
  });

  it('says in one line which file’s responses are damaged in the catalog, never a stack of its reading', async () => {
    const path = join(tempDir(), 'session.jsonl');
    writeFileSync(path, piece('msg_a', 1, 1));
    const db = openCatalogDb(':memory:');
    const catalog = new SessionCatalog(db);
    await catalog.summaries([path]);
    db.exec('UPDATE responses SET data = substr(data, 1, 20)');
    await expect(catalog.summariesWithResponses([path])).rejects.toThrow(
      /^.*session\.jsonl: its responses in the session catalog are damaged \(a blob of 20 bytes where 1 responses take \d+\); delete the catalog, or pass --no-catalog$/,
    );
  });

  it('takes a blob whose model or day index is past its lists for a damaged one, never for a response to leave counted', async () => {
    const path = join(tempDir(), 'session.jsonl');
    writeFileSync(path, piece('msg_a', 1, 1) + piece('msg_b', 1, 2));
    const db = openCatalogDb(':memory:');
    const catalog = new SessionCatalog(db);
    await catalog.summaries([path]);
    const [good] = wholeFoldResponses(path);
    for (const [slot, what] of [
      [0, 'model'],
      [3, 'day'],
    ] as const) {
      const refs = good.refs.slice();
      refs[slot] = 7;
      // Two parameters: libsql takes a lone Uint8Array for something else than one value.
      db.prepare('UPDATE responses SET data = ? WHERE part >= ?').run(encodeResponses({ ...good, refs }), 0);
      await expect(catalog.summariesWithResponses([path])).rejects.toThrow(
        new RegExp(
          `session\\.jsonl: its responses in the session catalog are damaged \\(a ${what} index of 7 where the blob names 1\\); delete`,
        ),
      );
    }
  });
});
