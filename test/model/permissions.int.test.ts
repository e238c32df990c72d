import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ModelReply } from '../../src/index.js';
import { memoryGate } from '../../src/model/index.js';
import { runExtraction } from '../../src/jobs/index.js';
import { ScriptedModel } from '../../src/testing/scriptedModel.js';
import { tempDir } from '../support/tempDir.js';

/** Spellings of the index name that are the index on a case-insensitive file system. */
const INDEX_SPELLINGS = ['memory.md', 'Memory.MD', 'mEMORY.md', 'MEMORY.MD', 'MEMORY.md.', 'team/memory.md'];

function dirs() {
  const base = tempDir();
  const project = join(base, 'project');
  const memory = join(base, 'memory');
  for (const d of [project, join(memory, 'team')]) mkdirSync(d, { recursive: true });
  return { project, memory };
}

describe('memoryGate: the index name is reserved, whatever its case', () => {
  it('a Write or Edit of the index name in another spelling is refused, naming the file and the index', async () => {
    const { project, memory } = dirs();
    const gate = memoryGate({ readRoots: [project], writeRoot: memory });
    for (const name of ['Write', 'Edit']) {
      for (const file of INDEX_SPELLINGS) {
        const verdict = await gate.check({ id: 't', name, input: { file_path: join(memory, file) } });
        expect(verdict.allow, `${name} ${file}`).toBe(false);
        expect(!verdict.allow && verdict.reason).toBe(
          `${JSON.stringify(file.split('/').at(-1))} would replace the index MEMORY.md on a case-insensitive file system (it is that name in another spelling); give the memory a file name of its own`,
        );
      }
    }
  });

  it('the index itself, names that only contain "memory", and reads stay allowed; a link to a reserved name is refused', async () => {
    const { project, memory } = dirs();
    const gate = memoryGate({ readRoots: [project], writeRoot: memory });
    for (const file of ['MEMORY.md', 'team/MEMORY.md', 'memory-notes.md', 'my-memory.md']) {
      expect((await gate.check({ id: 't', name: 'Write', input: { file_path: join(memory, file) } })).allow, file).toBe(true);
    }
    expect((await gate.check({ id: 't', name: 'Read', input: { file_path: join(memory, 'memory.md') } })).allow).toBe(true);
    writeFileSync(join(memory, 'memory.md'), 'left by hand');
    symlinkSync(join(memory, 'memory.md'), join(memory, 'innocent.md'));
    expect((await gate.check({ id: 't', name: 'Edit', input: { file_path: join(memory, 'innocent.md') } })).allow).toBe(false);
  });

  it('an extraction run whose model writes memory.md: the write is denied, the model told why, and the index stays the index', async () => {
    const { memory } = dirs();
    writeFileSync(join(memory, 'MEMORY.md'), '- [Build](build.md) — pnpm\n');
    const topic = '---\nname: tabs\ndescription: prefers tabs\ntype: user\n---\n\nTabs.\n';
    const attempts: Partial<ModelReply> = {
      content: [
        { type: 'tool_use', id: 'a', name: 'Write', input: { file_path: join(memory, 'memory.md'), content: topic } },
        { type: 'tool_use', id: 'b', name: 'Write', input: { file_path: join(memory, 'Memory.MD'), content: topic } },
        { type: 'tool_use', id: 'c', name: 'Write', input: { file_path: join(memory, 'tabs.md'), content: topic } },
        {
          type: 'tool_use',
          id: 'd',
          name: 'Edit',
          input: { file_path: join(memory, 'MEMORY.md'), old_string: 'pnpm\n', new_string: 'pnpm\n- [Tabs](tabs.md) — tabs\n' },
        },
      ],
      stopReason: 'tool_use',
    };
    const model = new ScriptedModel([attempts, { content: [{ type: 'text', text: 'done' }] }]);
    const result = await runExtraction({
      model,
      memoryDir: memory,
      readRoots: [],
      conversation: [{ role: 'user', content: 'hi' }],
      newMessages: 1,
      runId: 'r1',
      sessionId: 's',
      from: null,
      to: null,
      now: '2026-01-01T00:00:00.000Z',
    });
    expect(result.outcome).toMatchObject({ toolCalls: 4, denied: 2 });
    const told = model.calls[1]!.messages.at(-1)!.content as unknown as Array<{ tool_use_id: string; content: string }>;
    expect(told.filter((r) => /would replace the index MEMORY\.md/.test(r.content)).map((r) => r.tool_use_id)).toEqual(['a', 'b']);
    await result.apply();
    expect(readdirSync(memory).sort()).toEqual(['MEMORY.md', 'tabs.md', 'team']);
    expect(readFileSync(join(memory, 'MEMORY.md'), 'utf8')).toBe('- [Build](build.md) — pnpm\n- [Tabs](tabs.md) — tabs\n');
  });
});

describe('memoryGate: the write lint of Claude Code 2.1.332', () => {
  const write = (path: string) => ({ id: 't', name: 'Write', input: { file_path: path, content: 'x' } });

  it('a name with an invisible character is refused naming it, before the path is resolved', async () => {
    const { project, memory } = dirs();
    const gate = memoryGate({ readRoots: [project], writeRoot: memory });
    const verdict = await gate.check(write(join(memory, 'prefers\u200b-tabs.md')));
    expect(verdict.allow).toBe(false);
    expect(!verdict.allow && verdict.reason).toMatch(/U\+200B \(ZERO WIDTH SPACE\)/);
    const control = await gate.check(write(join(memory, 'a\u0007b.md')));
    expect(!control.allow && control.reason).toMatch(/U\+0007/);
  });

  it('Markdown only, never into a protected folder or a dot-folder; reads there stay allowed', async () => {
    const { project, memory } = dirs();
    const gate = memoryGate({ readRoots: [project], writeRoot: memory });
    for (const path of ['notes.txt', '.git/config.md', 'skills/x.md', 'node_modules/a/b.md', '.claude/settings.md', 'hooks/pre.md']) {
      const verdict = await gate.check(write(join(memory, path)));
      expect(verdict.allow, path).toBe(false);
    }
    expect((await gate.check({ id: 't', name: 'Read', input: { file_path: join(memory, 'notes.txt') } })).allow).toBe(true);
    expect((await gate.check(write(join(memory, 'topics', 'build.md')))).allow).toBe(true);
  });
});
