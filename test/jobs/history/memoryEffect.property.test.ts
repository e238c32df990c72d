import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryEffect } from '../../../src/jobs/history/memoryEffect.js';
import { assistantEntry, toolUse, userEntry } from '../../../src/testing/entryBuilders.js';
import { fcRuns } from '../../support/fcRuns.js';
import { topicText } from '../../support/memoryFiles.js';
import { tempDir } from '../../support/tempDir.js';

const MEMORIES = [
  { file: 'deploy-day.md', description: 'Deploy production on Thursdays', said: 'Remember we deploy production on Thursdays' },
  { file: 'pnpm-installs.md', description: 'Use pnpm for package installs', said: 'Again: pnpm for package installs please' },
] as const;
const FILLER = [
  'Rename the parser variables',
  'Add logging around checkout',
  'Fix the flaky login test',
  'Write docs for the search endpoint',
];
const WRITTEN = '2026-03-01T00:00:00.000Z';

/** A message: a filler line (a subject no memory holds) or a planted restatement of a memory. */
const message = fc.oneof(fc.record({ filler: fc.nat(FILLER.length - 1) }), fc.record({ restates: fc.nat(MEMORIES.length - 1) }));
const session = fc.record({ before: fc.boolean(), messages: fc.array(message, { maxLength: 4 }), reads: fc.boolean() });

describe('memoryEffect on generated histories', () => {
  it('finds exactly the planted restatements in sessions after the memory existed, and the sessions that read it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(session, { minLength: 1, maxLength: 5 }), async (sessions) => {
        const project = join(tempDir(), '-home-me-shop');
        const memory = join(project, 'memory');
        mkdirSync(memory, { recursive: true });
        for (const m of MEMORIES) {
          writeFileSync(join(memory, m.file), topicText(m.file.slice(0, -3), m.description, m.description, WRITTEN));
          utimesSync(join(memory, m.file), new Date(WRITTEN), new Date(WRITTEN));
        }
        writeFileSync(join(memory, 'MEMORY.md'), MEMORIES.map((m) => `- [${m.file}](${m.file}) — ${m.description}`).join('\n') + '\n');
        const planted: string[] = [];
        const read: string[] = [];
        sessions.forEach((s, i) => {
          const id = `s${i}`;
          const time = (n: number) => ({
            sessionId: id,
            timestamp: `2026-${s.before ? '02' : '04'}-${String(i + 1).padStart(2, '0')}T10:0${n}:00.000Z`,
          });
          const entries = s.messages.map((m, n) => {
            const uuid = `${id}-u${n}`;
            if ('restates' in m && !s.before) planted.push(`${MEMORIES[m.restates]?.file}:${id}:${uuid}`);
            return userEntry(uuid, 'restates' in m ? (MEMORIES[m.restates]?.said ?? '') : (FILLER[m.filler] ?? ''), time(n));
          });
          if (s.reads) {
            entries.push(
              assistantEntry(
                `${id}-a`,
                `${id}-m`,
                toolUse(`${id}-t`, 'Read', { file_path: `/home/me/.claude/projects/-home-me-shop/memory/deploy-day.md` }),
                time(5),
              ) as never,
            );
            if (!s.before) read.push(id);
          }
          writeFileSync(join(project, `${id}.jsonl`), entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
        });
        const { memories, totals } = await memoryEffect(memory);
        const found = memories.flatMap((m) => m.restated.map((r) => `${m.file}:${r.session}:${r.uuid}`));
        expect(found.sort()).toEqual(planted.sort());
        const deploy = memories.find((m) => m.file === 'deploy-day.md');
        expect(deploy?.inContext.filter((c) => c.how === 'read').map((c) => c.session)).toEqual(read);
        // An empty transcript is no session.
        const later = sessions.filter((s) => !s.before && (s.messages.length > 0 || s.reads)).length;
        expect(deploy?.later).toBe(later);
        expect(totals.restated).toBe(new Set(planted.map((p) => p.split(':')[0])).size);
      }),
      { numRuns: Math.max(10, Math.floor(fcRuns / 2)) },
    );
  }, 300_000);
});
