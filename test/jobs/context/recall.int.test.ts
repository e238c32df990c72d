import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ModelPortError, OfflineModel, recallMemories, renderTopicFile } from '../../../src/index.js';
import { MAX_MEMORY_BYTES, MAX_SESSION_BYTES } from '../../../src/jobs/index.js';
import { ScriptedModel } from '../../../src/testing/scriptedModel.js';
import { tempDir } from '../../support/tempDir.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-30T12:00:00Z');

function memoryDir(): string {
  const dir = join(tempDir(), 'memory');
  mkdirSync(dir);
  const write = (name: string, description: string, type: 'user' | 'feedback' | 'project' | 'reference', body: string, ageDays: number) => {
    writeFileSync(join(dir, name), renderTopicFile({ name: name.replace('.md', ''), description, type, body }));
    const when = new Date(NOW - ageDays * DAY);
    utimesSync(join(dir, name), when, when);
  };
  write('prefer-pnpm.md', 'Use pnpm, not npm, for installs and scripts', 'feedback', 'Use pnpm.', 0);
  write('release-freeze.md', 'Release freeze from 2026-12-12: no merges to main after that', 'project', 'Freeze.', 3);
  write(
    'grafana-board.md',
    'Latency dashboard is the Grafana board api-latency',
    'reference',
    `${'a line of detail about the latency board\n'.repeat(400)}`,
    10,
  );
  writeFileSync(join(dir, 'MEMORY.md'), '- [Prefer pnpm](prefer-pnpm.md) — pnpm\n');
  return dir;
}

describe('relevance recall (long-term spec §2)', () => {
  it('picks the memories relevant to the message, with a header by age, capped at 200 lines and 4 KB', async () => {
    const dir = memoryDir();
    const { memories } = await recallMemories({
      memoryDir: dir,
      query: 'where is the latency dashboard?',
      model: new OfflineModel(),
      now: NOW,
    });
    expect(memories.map((m) => m.path)).toEqual([join(dir, 'grafana-board.md')]);
    expect(memories[0]!.header).toMatch(/^This memory is 10 days old\. [\s\S]*\n\nMemory: .*grafana-board\.md:$/);
    expect(Buffer.byteLength(memories[0]!.content.split('\n\nThis memory was cut')[0]!)).toBeLessThanOrEqual(MAX_MEMORY_BYTES);
    expect(memories[0]!.content).toMatch(/This memory was cut to the 4096-byte limit; the Read tool shows all of it at/);
    expect(memories[0]!.limit).toBeGreaterThan(0);
    const fresh = await recallMemories({
      memoryDir: dir,
      query: 'can I merge to main before the release',
      model: new OfflineModel(),
      now: NOW,
    });
    expect(fresh.memories.map((m) => m.path)).toEqual([join(dir, 'release-freeze.md')]);
    expect(fresh.memories[0]!.header).toMatch(/^This memory is 3 days old\./);
    expect(fresh.memories[0]!.limit).toBeUndefined();
  });

  it('dates a memory by its `modified:` frontmatter, not by when its file was written (a memory backfilled from an old session)', async () => {
    const dir = join(tempDir(), 'memory');
    mkdirSync(dir);
    const write = (name: string, modified: string | undefined) => {
      const body = 'Run the shell tests with bats, never plain sh.';
      const file = { name: name.replace('.md', ''), description: 'Shell tests run with bats', type: 'feedback' as const, body };
      writeFileSync(join(dir, name), renderTopicFile(modified === undefined ? file : { ...file, modified }));
      utimesSync(join(dir, name), new Date(NOW), new Date(NOW));
    };
    write('shell-tests-bats.md', '2025-07-13T09:00:00.000Z');
    const model = () =>
      new ScriptedModel([{ content: [{ type: 'text', text: JSON.stringify({ selected_memories: ['shell-tests-bats.md'] }) }] }]);
    const old = model();
    const { memories } = await recallMemories({ memoryDir: dir, query: 'how do I run the shell tests', model: old, now: NOW });
    expect(memories[0]!.header).toMatch(/^This memory is 505 days old\. [\s\S]*check them before relying on them\.\n\nMemory: /);
    expect(old.calls[0]!.messages[0]!.content).toContain('shell-tests-bats.md (2025-07-13T09:00:00.000Z)');
    // No `modified:`, or one that is no time: the file's time, as Claude Code dates it.
    write('shell-tests-bats.md', undefined);
    expect(
      (await recallMemories({ memoryDir: dir, query: 'how do I run the shell tests', model: model(), now: NOW })).memories[0]!.header,
    ).toMatch(/^Memory \(saved today\)/);
    write('shell-tests-bats.md', 'last summer');
    expect(
      (await recallMemories({ memoryDir: dir, query: 'how do I run the shell tests', model: model(), now: NOW })).memories[0]!.header,
    ).toMatch(/^Memory \(saved today\)/);
  });

  it('never offers what was already surfaced, and makes no call when nothing is left', async () => {
    const dir = memoryDir();
    const surfaced = new Set([join(dir, 'prefer-pnpm.md'), join(dir, 'release-freeze.md'), join(dir, 'grafana-board.md')]);
    const model = new ScriptedModel();
    expect(await recallMemories({ memoryDir: dir, query: 'install the deps with pnpm', model, alreadySurfaced: surfaced })).toEqual({
      memories: [],
      skipped: 'no memories left to offer',
    });
    expect(model.calls).toHaveLength(0);
  });

  it('asks the model with the manifest and a JSON schema; keeps only names it offered, at most five', async () => {
    const dir = memoryDir();
    const model = new ScriptedModel([
      { content: [{ type: 'text', text: JSON.stringify({ selected_memories: ['prefer-pnpm.md', 'invented.md', 'prefer-pnpm.md'] }) }] },
    ]);
    const { memories } = await recallMemories({
      memoryDir: dir,
      query: 'install the dependencies',
      model,
      recentTools: ['Bash'],
      now: NOW,
    });
    expect(memories.map((m) => m.path)).toEqual([join(dir, 'prefer-pnpm.md')]);
    expect(memories[0]!.header).toBe(`Memory (saved today): ${join(dir, 'prefer-pnpm.md')}:`);
    const request = model.calls[0]!;
    expect(request.maxTokens).toBe(256);
    expect(request.outputSchema).toMatchObject({ required: ['selected_memories'] });
    expect(request.messages[0]!.content).toMatch(
      /^Query: install the dependencies\n\nAvailable memories:\n- \[feedback\] prefer-pnpm\.md \(/,
    );
    expect(request.messages[0]!.content).toMatch(/\n\nRecently used tools: Bash$/);
  });

  it('a one-word message, a spent session budget or a failing selector recall nothing, without failing', async () => {
    const dir = memoryDir();
    expect((await recallMemories({ memoryDir: dir, query: 'thanks', model: new ScriptedModel() })).memories).toEqual([]);
    expect(
      (
        await recallMemories({
          memoryDir: dir,
          query: 'the latency dashboard',
          model: new ScriptedModel(),
          surfacedBytes: MAX_SESSION_BYTES,
        })
      ).memories,
    ).toEqual([]);
    const failing = await recallMemories({
      memoryDir: dir,
      query: 'the latency dashboard',
      model: new ScriptedModel([new ModelPortError('boom', 500)]),
    });
    expect(failing).toEqual({ memories: [], skipped: 'the selector failed: boom' });
  });
});
