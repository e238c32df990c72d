import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consolidationGate } from '../../src/model/index.js';
import { tempDir } from '../support/tempDir.js';

/** A project folder in Claude Code's layout: the memory directory, the agent's copy of it beside, a session, and the project's CLAUDE.md elsewhere. */
function layout() {
  const base = tempDir();
  const project = join(base, 'project');
  const sessions = join(base, 'projects', '-home-me-shop');
  const memory = join(sessions, 'memory');
  const workspace = join(sessions, '.memory.consolidation@0.memlog-run');
  const outside = join(base, 'outside');
  for (const dir of [project, memory, workspace, outside]) mkdirSync(dir, { recursive: true });
  for (const dir of [memory, workspace]) {
    writeFileSync(join(dir, 'MEMORY.md'), '- [Tabs](tabs.md) — tabs\n');
    writeFileSync(join(dir, 'tabs.md'), 'x');
    writeFileSync(join(dir, 'broken.md'), 'no frontmatter');
  }
  writeFileSync(join(sessions, '11111111-1111-4111-8111-111111111111.jsonl'), '{}\n');
  writeFileSync(join(project, 'CLAUDE.md'), 'Use tabs.\n');
  writeFileSync(join(project, 'README.md'), 'hello\n');
  symlinkSync(outside, join(workspace, 'escape'));
  const gate = consolidationGate({
    memoryDir: memory,
    workspace,
    sessionsDir: sessions,
    instructionFiles: [join(project, 'CLAUDE.md')],
    protectedFiles: ['broken.md'],
    pathless: ['record_consolidation'],
  });
  const check = async (name: string, input: Record<string, unknown>) => gate.check({ id: 't', name, input });
  return { base, project, sessions, memory, workspace, outside, check };
}

describe('consolidationGate', () => {
  it('reads and writes .md memory files in the copy, whichever of the two paths the agent names', async () => {
    const { memory, workspace, check } = layout();
    expect(await check('Read', { file_path: join(memory, 'tabs.md') })).toEqual({ allow: true, path: join(workspace, 'tabs.md') });
    expect(await check('Write', { file_path: join(memory, 'new.md') })).toEqual({ allow: true, path: join(workspace, 'new.md') });
    expect(await check('Edit', { file_path: join(workspace, 'tabs.md') })).toEqual({ allow: true, path: join(workspace, 'tabs.md') });
    expect(await check('Delete', { file_path: join(memory, 'tabs.md') })).toEqual({ allow: true, path: join(workspace, 'tabs.md') });
    expect(await check('Write', { file_path: join(memory, 'MEMORY.md') })).toEqual({ allow: true, path: join(workspace, 'MEMORY.md') });
    expect(await check('Glob', { pattern: '*.md', path: memory })).toEqual({ allow: true, path: workspace });
    expect(await check('Grep', { pattern: 'tabs' })).toEqual({ allow: true, path: workspace });
    expect(await check('record_consolidation', { changes: [] })).toEqual({ allow: true, path: '' });
  });

  it.each([
    [
      'a file outside the memory directory',
      'Write',
      (d: ReturnType<typeof layout>) => join(d.outside, 'x.md'),
      /only inside the memory directory/,
    ],
    ['the project', 'Write', (d: ReturnType<typeof layout>) => join(d.project, 'notes.md'), /only inside the memory directory/],
    ["the project's CLAUDE.md", 'Edit', (d: ReturnType<typeof layout>) => join(d.project, 'CLAUDE.md'), /only inside the memory directory/],
    ['a CLAUDE.md in the memory directory', 'Write', (d: ReturnType<typeof layout>) => join(d.memory, 'CLAUDE.md'), /never changes it/],
    ['claude.local.md, any case', 'Write', (d: ReturnType<typeof layout>) => join(d.memory, 'Claude.Local.md'), /never changes it/],
    ['a protected file', 'Edit', (d: ReturnType<typeof layout>) => join(d.memory, 'broken.md'), /never changes it/],
    ['a file that is not .md', 'Write', (d: ReturnType<typeof layout>) => join(d.memory, 'notes.txt'), /only \.md memory files/],
    ['the lock', 'Delete', (d: ReturnType<typeof layout>) => join(d.memory, '.consolidate-lock'), /only \.md memory files/],
    ['a subfolder', 'Write', (d: ReturnType<typeof layout>) => join(d.memory, 'team', 'x.md'), /top of the memory directory/],
    [
      'a link out of the copy',
      'Write',
      (d: ReturnType<typeof layout>) => join(d.memory, 'escape', 'x.md'),
      /only inside the memory directory/,
    ],
    ['the index in another spelling', 'Write', (d: ReturnType<typeof layout>) => join(d.memory, 'memory.md'), /would replace the index/],
    ['the index, by Delete', 'Delete', (d: ReturnType<typeof layout>) => join(d.memory, 'MEMORY.md'), /rewritten, never deleted/],
    ['a `..` path', 'Write', (d: ReturnType<typeof layout>) => join(d.memory, '..', '..', 'x.md'), /only inside the memory directory/],
  ])('refuses a write to %s', async (_what, tool, path, reason) => {
    const d = layout();
    const verdict = await d.check(tool, { file_path: path(d), content: 'x', old_string: 'a', new_string: 'b' });
    expect(verdict.allow).toBe(false);
    expect(!verdict.allow && verdict.reason).toMatch(reason);
  });

  it('reads the sessions through Grep only, the CLAUDE.md files named, and nothing else', async () => {
    const { sessions, project, check } = layout();
    const session = join(sessions, '11111111-1111-4111-8111-111111111111.jsonl');
    expect(await check('Grep', { pattern: 'port', path: sessions })).toEqual({ allow: true, path: sessions });
    expect(await check('Grep', { pattern: 'port', path: session })).toEqual({ allow: true, path: session });
    for (const [tool, input] of [
      ['Read', { file_path: session }],
      ['Glob', { pattern: '*.jsonl', path: sessions }],
    ] as const) {
      const verdict = await check(tool, input);
      expect(!verdict.allow && verdict.reason).toMatch(/searched with Grep .* never read whole or listed/);
    }
    expect(await check('Read', { file_path: join(project, 'CLAUDE.md') })).toEqual({ allow: true, path: join(project, 'CLAUDE.md') });
    expect((await check('Read', { file_path: join(project, 'README.md') })).allow).toBe(false);
    expect((await check('Grep', { pattern: 'x', path: project })).allow).toBe(false);
    expect(await check('Bash', { command: 'rm -rf /' })).toEqual({
      allow: false,
      reason: 'the Bash tool is not available to consolidation',
    });
  });
});
