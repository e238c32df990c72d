import fc from 'fast-check';
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCatalogDb } from '../../src/catalog/catalogDb.js';
import { decodeResponses, mergedResponses, responseKeyOf, type CountedResponses } from '../../src/catalog/countedResponses.js';
import { foldFile } from '../../src/catalog/foldFile.js';
import { SessionCatalog } from '../../src/catalog/sessionCatalog.js';
import { usageReport, type UsageSession } from '../../src/report/usage/index.js';
import { assistantEntry, text } from '../../src/testing/entryBuilders.js';
import { FOLD_ON_ANY_SIZE } from '../catalog/catalogSupport.js';
import { fcRuns } from '../support/fcRuns.js';
import { tempDir } from '../support/tempDir.js';

/** One API response: its usage is the same in every file that holds it, as a copied history's is. */
const response = fc.record({
  input: fc.nat(5000),
  output: fc.nat(5000),
  cacheRead: fc.nat(5000),
  model: fc.constantFrom('claude-opus-4-5-20251101', 'claude-sonnet-4-5', 'unpriced-model'),
  minute: fc.option(fc.nat(2 * 24 * 60 - 1), { nil: null }),
  /** Whether it is written in two pieces, the first with less output (a thinking block before the text). */
  pieces: fc.constantFrom(1, 2),
});
type Response = typeof response extends fc.Arbitrary<infer T> ? T : never;

/** Each file: which responses it holds (by index, in order), and where its bytes are cut between the catalog's runs. */
const tree = fc.array(response, { minLength: 1, maxLength: 12 }).chain((responses) =>
  fc.record({
    responses: fc.constant(responses),
    files: fc.array(
      fc.record({
        holds: fc.subarray(responses.map((_, i) => i)),
        cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 3 }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
  }),
);

let uuids = 0;
function linesOf(index: number, r: Response): string {
  const id = `msg_${index}`;
  const timestamp = r.minute === null ? undefined : new Date(Date.UTC(2026, 0, 1) + r.minute * 60_000).toISOString();
  const piece = (output: number): string => {
    const entry = assistantEntry(`u${uuids++}`, id, text('x'), {
      usage: { input_tokens: r.input, output_tokens: output, cache_read_input_tokens: r.cacheRead },
      ...(timestamp === undefined ? {} : { timestamp }),
    }) as unknown as Record<string, unknown>;
    if (timestamp === undefined) delete entry['timestamp'];
    return `${JSON.stringify({ ...entry, message: { ...(entry['message'] as object), model: r.model } })}\n`;
  };
  return (r.pieces === 2 ? piece(Math.floor(r.output / 2)) : '') + piece(r.output);
}

/** A file's responses as sorted rows, for comparing a catalog's with a fold's of the whole file. */
function rows(responses: CountedResponses): string[] {
  return Array.from({ length: responses.size }, (_, at) =>
    JSON.stringify([
      responseKeyOf(responses, at),
      responses.firstMs[at],
      [...responses.tokens.subarray(4 * at, 4 * at + 4)],
      responses.models[responses.refs[2 * at] ?? 0],
      responses.days[responses.refs[2 * at + 1] ?? 0],
    ]),
  ).sort();
}

function wholeFold(path: string): string[] {
  const { responses, tornResponses } = foldFile({ path });
  return rows(mergedResponses([responses, ...(tornResponses === null ? [] : [tornResponses])].map(decodeResponses)));
}

describe('the usage report over files sharing responses (decision 109)', () => {
  it('totals each distinct response once, and a catalog folded on keeps the responses a whole fold gives', async () => {
    await fc.assert(
      fc.asyncProperty(tree, async ({ responses, files }) => {
        const dir = tempDir();
        const catalog = new SessionCatalog(openCatalogDb(':memory:'), FOLD_ON_ANY_SIZE);
        // Every response is in some file: the last holds those no other does.
        const held = new Set(files.flatMap(({ holds }) => holds));
        const all = [...files, { holds: responses.map((_, i) => i).filter((i) => !held.has(i)), cuts: [] }];
        const paths = all.map((_, i) => join(dir, `s${i}.jsonl`));
        for (const [i, { holds, cuts }] of all.entries()) {
          const bytes = Buffer.from(holds.map((at) => linesOf(at, responses[at] as Response)).join(''), 'utf8');
          const ends = [...cuts.map((cut) => Math.floor(cut * bytes.length)).sort((a, b) => a - b), bytes.length];
          const path = paths[i] as string;
          writeFileSync(path, '');
          let written = 0;
          for (const end of ends) {
            appendFileSync(path, bytes.subarray(written, Math.max(written, end)));
            written = Math.max(written, end);
            const [answer] = await catalog.summariesWithResponses([path]);
            expect(rows((answer as { responses: CountedResponses }).responses)).toEqual(wholeFold(path));
          }
        }
        const answers = await catalog.summariesWithResponses(paths);
        const sessions: UsageSession[] = answers.map((answer, i) => {
          if (!('summary' in answer)) throw answer.error;
          return { project: 'p', session: `s${i}`, path: answer.path, summary: answer.summary, responses: answer.responses };
        });
        const report = usageReport(sessions, { by: 'session', prices: { date: 'd', source: 's', models: {} } });
        const sum = (pick: (r: Response) => number): number => responses.reduce((total, r) => total + pick(r), 0);
        expect(report.total).toMatchObject({
          input: sum((r) => r.input),
          output: sum((r) => r.output),
          cacheRead: sum((r) => r.cacheRead),
          messages: responses.length,
        });
      }),
      { numRuns: fcRuns },
    );
  });
});
