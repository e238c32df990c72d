import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  batchBody,
  batchByBytes,
  deltaKeys,
  hashContent,
  MAX_ENTRY_BYTES,
  MAX_PUT_BODY_BYTES,
  selectUploadable,
  type LocalTeamFile,
} from '../../../src/memory/team/index.js';
import type { SecretFinding } from '../../../src/secrets/index.js';
import { withinEntryLimit } from '../../../src/memory/team/pushPlan.js';
import { fcRuns } from '../../support/fcRuns.js';

const finding: SecretFinding = { ruleId: 'github-pat', label: 'GitHub token', line: 1, column: 1 };
const key = fc.stringMatching(/^[a-z0-9_\-é"\\]{1,12}(\/[a-z0-9_\-"]{1,8})?\.md$/);
/** Sizes chosen so batches really fill up: many small files, some near the body limit, some over the file limit. */
const content = fc.oneof(
  { weight: 6, arbitrary: fc.string({ maxLength: 200, unit: fc.constantFrom('a', 'é', '"', '\\', '\n', '😀', '\u0001') }) },
  { weight: 2, arbitrary: fc.integer({ min: 20_000, max: 120_000 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 150_000, max: 260_000 }).map((n) => 'y'.repeat(n)) },
);
const files = fc.uniqueArray(fc.record({ key, content, secret: fc.boolean(), onServer: fc.constantFrom('same', 'different', 'absent') }), {
  selector: (f) => f.key,
  maxLength: 25,
});

describe('push planning', () => {
  it('property: batches never exceed 200 KB (a lone oversized entry excepted), every changed uploadable file is in exactly one batch, nothing unchanged, secret or too large is sent', () => {
    fc.assert(
      fc.property(files, fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }), (spec, maxEntries) => {
        const local: LocalTeamFile[] = spec.map((f) => ({ key: f.key, content: f.content, findings: f.secret ? [finding] : [] }));
        const server = new Map(
          spec
            .filter((f) => f.onServer !== 'absent')
            .map((f) => [f.key, f.onServer === 'same' ? hashContent(f.content) : hashContent(`${f.content}!`)]),
        );
        const uploadable = selectUploadable(local);
        const limited = withinEntryLimit(uploadable.entries, server, maxEntries);
        const { entries } = limited;
        const skipped = [...uploadable.skipped, ...limited.skipped];
        const delta = deltaKeys(entries, server);
        const batches = batchByBytes(delta, entries);
        const sent = batches.flat();
        for (const batch of batches) {
          const bytes = Buffer.byteLength(JSON.stringify(batchBody(batch, entries)));
          if (batch.length > 1) expect(bytes).toBeLessThanOrEqual(MAX_PUT_BODY_BYTES);
        }
        expect(sent.length).toBe(new Set(sent).size);
        const expected = spec
          .filter((f) => !f.secret && Buffer.byteLength(f.content) <= MAX_ENTRY_BYTES && f.onServer !== 'same')
          .map((f) => f.key)
          .filter((k) => entries.has(k));
        expect([...sent].sort()).toEqual(expected.sort());
        for (const f of spec) {
          if (f.secret || Buffer.byteLength(f.content) > MAX_ENTRY_BYTES || f.onServer === 'same') expect(sent).not.toContain(f.key);
        }
        // The limit counts what the server holds after the push; a key it already has always stays.
        if (maxEntries !== null)
          expect(new Set([...server.keys(), ...entries.keys()]).size).toBeLessThanOrEqual(Math.max(maxEntries, server.size));
        for (const k of uploadable.entries.keys()) if (server.has(k)) expect(entries.has(k)).toBe(true);
        // every local file is either uploadable or skipped with a reason, never both, never neither
        expect(entries.size + skipped.length).toBe(spec.length);
        for (const s of skipped) expect(entries.has(s.key)).toBe(false);
      }),
      { numRuns: Math.min(fcRuns, 100) },
    );
  });

  it('packs greedily: a batch closes only when the next entry would not fit', () => {
    const entries = new Map(['a', 'b', 'c'].map((k) => [k, { content: 'z'.repeat(90_000), hash: '' }]));
    expect(batchByBytes(['a', 'b', 'c'], entries)).toEqual([['a', 'b'], ['c']]);
  });

  it('the entry limit keeps the first keys in sorted order and reports the rest', () => {
    const local = ['c.md', 'a.md', 'b.md'].map((k) => ({ key: k, content: k, findings: [] }));
    const { entries, skipped } = withinEntryLimit(selectUploadable(local).entries, new Map(), 2);
    expect([...entries.keys()]).toEqual(['a.md', 'b.md']);
    expect(skipped).toEqual([{ key: 'c.md', reason: 'over_entry_limit' }]);
  });

  it('the entry limit counts keys only the server has, and never holds back a key the server has', () => {
    const local = ['a.md', 'b.md', 'z.md'].map((k) => ({ key: k, content: k, findings: [] }));
    const server = new Map([
      ['t.md', hashContent('t')],
      ['z.md', hashContent('old')],
    ]);
    const { entries, skipped } = withinEntryLimit(selectUploadable(local).entries, server, 3);
    expect([...entries.keys()]).toEqual(['a.md', 'z.md']);
    expect(skipped).toEqual([{ key: 'b.md', reason: 'over_entry_limit' }]);
  });

  it('a file named __proto__ is an ordinary entry in a body', () => {
    const entries = new Map([['__proto__', { content: 'x', hash: '' }]]);
    expect(JSON.stringify(batchBody(['__proto__'], entries))).toBe('{"entries":{"__proto__":"x"}}');
  });
});
