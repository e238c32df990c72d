import fc from 'fast-check';
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeCorpus } from '../../bench/corpus.js';
import type { ForgottenKind, StoredForgotten } from '../../src/catalog/chainWindow.js';
import { foldFile } from '../../src/catalog/foldFile.js';
import { foldRange } from '../../src/catalog/rangeFold.js';
import { foldInParts } from '../../src/catalog/splitFold.js';
import { byMessageId, type StoredUsage } from '../../src/catalog/usageTotals.js';
import { fcRuns } from '../support/fcRuns.js';
import { tempDir } from '../support/tempDir.js';
import { lines, transcriptParts } from './catalogSupport.js';

const compactBoundary = (uuid: string, parentUuid: string | null): unknown => ({
  type: 'system',
  subtype: 'compact_boundary',
  uuid,
  parentUuid: null,
  logicalParentUuid: parentUuid,
  compactMetadata: { trigger: 'auto', preTokens: 1000 },
});

/** Chains that trip a forgetful index, whole conversations, compact boundaries between them, unknown kinds, damaged lines. */
const transcript = fc
  .array(
    fc.oneof(
      ...transcriptParts,
      fc.uuid().map((uuid) => lines([compactBoundary(uuid, null)])),
    ),
    { minLength: 2, maxLength: 8 },
  )
  .map((parts) => Buffer.concat([...parts, Buffer.from('\n')]));

/** Whether a fold's forgotten fingerprints, as the catalog's table stores them, hold this one. */
const holds = (forgotten: StoredForgotten, kind: ForgottenKind, [high, low]: readonly [number, number]): boolean => {
  const pairs = forgotten[kind];
  for (let i = 0; i + 1 < pairs.length; i += 2) if (pairs[i] === high && pairs[i + 1] === low) return true;
  return false;
};

/** The parts folded here, one after another, as the workers would fold them. */
const here = (path: string) => (range: { start: number; end: number }) => Promise.resolve(foldRange(path, range));

describe('a file folded in parts and merged', () => {
  it('gives the summary of one fold of the whole file, and a row that folds on as the whole fold’s does', async () => {
    const dir = tempDir();
    let run = 0;
    let split = 0;
    await fc.assert(
      fc.asyncProperty(transcript, fc.integer({ min: 2, max: 5 }), fc.uint8Array({ maxLength: 3000 }), async (content, parts, more) => {
        const path = join(dir, `session-${run++}.jsonl`);
        writeFileSync(path, content);
        const result = await foldInParts(path, parts, here(path), 0);
        if (result === null) return;
        split++;
        const whole = foldFile({ path });
        expect(result.summary).toEqual(whole.summary);
        expect({ ...result.row, snapshot: '' }).toEqual({ ...whole.row, snapshot: '' });
        expect(JSON.parse(result.row.snapshot)).toEqual(JSON.parse(whole.row.snapshot));
        expect(result.forgotten).toEqual(whole.forgotten);
        expect([...result.usage].sort(byMessageId)).toEqual([...whole.usage].sort(byMessageId));
        appendFileSync(path, more);
        const usageOf = (id: string): StoredUsage | undefined => result.usage.find((usage) => usage[0] === id);
        const forgottenHas = (kind: ForgottenKind, fp: readonly [number, number]): boolean => holds(result.forgotten, kind, fp);
        const foldedOn = foldFile({ path, stored: result.row, usageOf, forgottenHas });
        expect(foldedOn.foldedOn).toBe(true);
        expect(foldedOn.summary).toEqual(foldFile({ path }).summary);
      }),
      { numRuns: fcRuns },
    );
    expect(split).toBeGreaterThan(fcRuns / 2);
  });

  it('gives a generated session with many compactions the summary of one fold', async () => {
    const path = join(tempDir(), 'session.jsonl');
    writeCorpus(path, 3_000_000, 11, { compactions: 12 });
    for (const parts of [2, 3, 7]) {
      const result = await foldInParts(path, parts, here(path), 0);
      const whole = foldFile({ path });
      expect(result?.summary).toEqual(whole.summary);
      expect(JSON.parse(result?.row.snapshot ?? '{}')).toEqual(JSON.parse(whole.row.snapshot));
      expect(result?.forgotten).toEqual(whole.forgotten);
    }
  });
});
