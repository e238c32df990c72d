import { cpSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MemoryCandidate } from '../../../src/consolidation/index.js';
import { consolidateMemory } from '../../../src/jobs/index.js';
import { acceptProposal } from '../../../src/jobs/review/reviewActions.js';
import { proposals } from '../../../src/jobs/review/proposals.js';
import { proposeCommit } from '../../../src/jobs/review/proposeCommit.js';
import { dirSnapshot } from '../../support/dirSnapshot.js';
import { fcRuns } from '../../support/fcRuns.js';
import { writeDriftedMemory } from '../../support/memoryFiles.js';
import { tempDir } from '../../support/tempDir.js';

const files = (memory: string) => dirSnapshot(memory, (path) => path !== '.consolidate-lock');

const BODIES = [
  'The staging API runs on port 7070.',
  'Indent with tabs, never spaces.',
  'We deploy on Thursdays only.',
  'Use pnpm, not npm.',
];
const said = (i: number, day: number): MemoryCandidate => {
  const body = BODIES[i % BODIES.length] ?? '';
  const saidAt = `2026-04-${String(10 + day).padStart(2, '0')}T09:00:00.000Z`;
  return {
    type: 'feedback',
    name: body.split(' ').slice(0, 3).join('-').toLowerCase(),
    description: body,
    body,
    saidAt,
    sources: [{ session: 's', uuid: `u${i}`, timestamp: saidAt }],
  };
};

describe('review', () => {
  it('accepting every proposal gives the directory the run without review gives, byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(3), fc.nat(9)), { maxLength: 3 }), async (statements) => {
        const root = tempDir();
        const direct = writeDriftedMemory(join(root, 'a', 'memory'));
        const reviewed = join(root, 'b', 'memory');
        cpSync(direct, reviewed, { recursive: true });
        const candidates = statements.map(([i, day]) => said(i, day));
        const now = () => new Date('2026-05-01T12:00:00.000Z');
        const plain = await consolidateMemory({ memoryDir: direct, force: true, candidates, now });
        const before = files(reviewed);
        const proposed = await consolidateMemory({ memoryDir: reviewed, force: true, candidates, now, review: proposeCommit });
        expect(proposed.status).toBe(plain.status === 'consolidated' ? 'proposed' : plain.status);
        // Nothing written until accepted.
        expect(files(reviewed)).toEqual(before);
        for (const p of proposals(reviewed)) expect(await acceptProposal(reviewed, p.id, now())).toMatchObject({ status: 'accepted' });
        expect(files(reviewed)).toEqual(files(direct));
      }),
      { numRuns: Math.max(5, Math.floor(fcRuns / 5)) },
    );
  }, 600_000);
});
