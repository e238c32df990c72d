import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backfillIndex } from '../../../src/memory/durable/index.js';
import { tempDir } from '../../support/tempDir.js';

const topic = (description: string) => `---\nname: x\ndescription: ${description}\nmetadata:\n  type: user\n---\n\nBody.\n`;

function memoryDir(files: Record<string, { description: string; minutesAgo: number }>): string {
  const dir = join(tempDir(), 'memory');
  mkdirSync(dir, { recursive: true });
  const now = Date.now() / 1000;
  for (const [name, { description, minutesAgo }] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), topic(description));
    utimesSync(join(dir, name), now - minutesAgo * 60, now - minutesAgo * 60);
  }
  return dir;
}

describe('index backfill (spec-2.1.332 §3)', () => {
  it('a directory of topic files without MEMORY.md gets one: newest first, one line each, what is not memory left out', async () => {
    const dir = memoryDir({
      'old.md': { description: 'Oldest fact', minutesAgo: 30 },
      'new.md': { description: 'Newest fact', minutesAgo: 1 },
      'topics/build.md': { description: 'Build with pnpm', minutesAgo: 10 },
      'team/shared.md': { description: 'A team memory', minutesAgo: 2 },
      'logs/today.md': { description: 'A log', minutesAgo: 2 },
      'odd [1].md': { description: 'Brackets in the name', minutesAgo: 3 },
      'zero\u200bwidth.md': { description: 'Hidden character in the name', minutesAgo: 3 },
    });
    const result = await backfillIndex(dir);
    expect(result.status).toBe('created');
    expect(readFileSync(join(dir, 'MEMORY.md'), 'utf8')).toBe(
      ['- [new](new.md) — Newest fact', '- [build](topics/build.md) — Build with pnpm', '- [old](old.md) — Oldest fact', ''].join('\n'),
    );
    expect(result.plan?.skipped.map((s) => s.filename).sort()).toEqual(['odd [1].md', 'zero\u200bwidth.md']);
    // No temp file left beside it.
    expect(readdirSync(dir).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('an index already there is never touched, even a link or a folder of that name; an empty directory gets none', async () => {
    const dir = memoryDir({ 'a.md': { description: 'A', minutesAgo: 1 } });
    writeFileSync(join(dir, 'MEMORY.md'), 'mine\n');
    expect((await backfillIndex(dir)).status).toBe('exists');
    expect(readFileSync(join(dir, 'MEMORY.md'), 'utf8')).toBe('mine\n');

    const linked = memoryDir({ 'a.md': { description: 'A', minutesAgo: 1 } });
    symlinkSync(join(linked, 'nowhere.md'), join(linked, 'MEMORY.md'));
    expect((await backfillIndex(linked)).status).toBe('exists');
    expect(existsSync(join(linked, 'nowhere.md'))).toBe(false);

    const empty = memoryDir({});
    expect((await backfillIndex(empty)).status).toBe('no_memories');
    expect(existsSync(join(empty, 'MEMORY.md'))).toBe(false);
  });

  it('racing another creator: whoever creates MEMORY.md first keeps it, and the loser never overwrites it', async () => {
    for (let round = 0; round < 20; round++) {
      const dir = memoryDir({ 'a.md': { description: 'A', minutesAgo: 1 }, 'b.md': { description: 'B', minutesAgo: 2 } });
      const theirs = writeFile(join(dir, 'MEMORY.md'), 'their index\n', { flag: 'wx' }).then(
        () => true,
        () => false,
      );
      const [ours, theyWon, again] = await Promise.all([backfillIndex(dir), theirs, backfillIndex(dir)]);
      const content = readFileSync(join(dir, 'MEMORY.md'), 'utf8');
      if (theyWon) {
        expect(content).toBe('their index\n');
        expect([ours.status, again.status]).toEqual(['exists', 'exists']);
      } else {
        expect(content).toBe('- [a](a.md) — A\n- [b](b.md) — B\n');
        expect([ours.status, again.status].filter((s) => s === 'created')).toHaveLength(1);
      }
      expect(readdirSync(dir).filter((name) => name.startsWith('.'))).toEqual([]);
    }
  });
});
