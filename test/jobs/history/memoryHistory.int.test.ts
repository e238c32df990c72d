import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consolidateMemory } from '../../../src/jobs/index.js';
import { memoryHistory } from '../../../src/jobs/history/memoryHistory.js';
import { assistantEntry, toolResult, toolResultEntry, toolUse, userEntry } from '../../../src/testing/entryBuilders.js';
import { writeTabsPreference } from '../../support/memoryFiles.js';
import { hasShared, sharedFixtures } from '../../support/paths.js';
import { tempDir } from '../../support/tempDir.js';

const jsonl = (entries: readonly unknown[]): string => entries.map((e) => `${JSON.stringify(e)}\n`).join('');

describe('memoryHistory of a directory memlog consolidated', () => {
  it('shows the merge with the merged file’s whole text as removed lines, and the kept file’s update as a diff', async () => {
    const memory = join(tempDir(), 'project', 'memory');
    writeTabsPreference(memory);
    const tabsBefore = readFileSync(join(memory, 'tabs.md'), 'utf8');
    const result = await consolidateMemory({ memoryDir: memory, force: true, now: () => new Date('2026-03-01T10:00:00.000Z') });
    expect(result.status).toBe('consolidated');
    const merged = memoryHistory(memory, 'tabs.md').find((e) => e.file === 'tabs.md');
    expect(merged).toMatchObject({ change: 'merged', by: 'memlog', run: 'consolidation@0', time: '2026-03-01T10:00:00.000Z' });
    expect(merged?.reason).toContain('(into indent-tabs.md)');
    expect(merged?.diff).toBe(
      tabsBefore
        .replace(/\n$/, '')
        .split('\n')
        .map((line) => `- ${line}`)
        .join('\n'),
    );
    const index = memoryHistory(memory, 'MEMORY.md');
    expect(index.map((e) => [e.run, e.change])).toEqual([
      ['index@0', 'created'],
      ['consolidation@0', 'updated'],
    ]);
  });
});

describe('memoryHistory of a directory Claude Code wrote', () => {
  it.runIf(hasShared)('finds the real Claude Code 2.1.332 session’s two Write calls, with session, time and content', () => {
    const project = join(tempDir(), '-home-user-memory-write');
    cpSync(join(sharedFixtures, 'claude-code-2.1.332', 'memory-write', '-home-user-memory-write'), project, { recursive: true });
    const memory = join(project, 'memory');
    const history = memoryHistory(memory);
    expect(history.map((e) => [e.file, e.change, e.by, e.run, e.session, e.time])).toEqual([
      ['prefer-tabs.md', 'created', 'claude-code', 'Write', 'a2ea74f1-8364-4641-85de-78e24afde085', '2026-11-30T00:40:54.930Z'],
      ['MEMORY.md', 'created', 'claude-code', 'Write', 'a2ea74f1-8364-4641-85de-78e24afde085', '2026-11-30T00:40:55.020Z'],
    ]);
    // The Write's own content, every line added (Claude Code stamps the file's frontmatter after its Write).
    expect(history[0]?.diff).toBe(
      [
        '+ ---',
        '+ name: prefer-tabs',
        '+ description: User prefers tabs over spaces for indentation',
        '+ metadata:',
        '+   type: user',
        '+ ---',
        '+ ',
        '+ The user prefers tabs over spaces.',
      ].join('\n'),
    );
    expect(readFileSync(join(memory, 'prefer-tabs.md'), 'utf8')).toContain('The user prefers tabs over spaces.');
  });

  it('follows an Edit on a written file, a subagent’s MultiEdit, a failed Edit and an rm through Bash', () => {
    const project = join(tempDir(), '-home-me-shop');
    const memory = join(project, 'memory');
    mkdirSync(memory, { recursive: true });
    const path = '/home/me/.claude/projects/-home-me-shop/memory/port.md';
    const at = (minute: number) => ({ timestamp: `2026-02-01T10:0${minute}:00.000Z`, sessionId: 's-main' });
    writeFileSync(
      join(project, 's-main.jsonl'),
      jsonl([
        userEntry('u1', 'Remember: staging runs on port 8080', at(0)),
        assistantEntry('a1', 'm1', toolUse('t1', 'Write', { file_path: path, content: 'port 8080\n' }), at(1)),
        toolResultEntry('r1', 't1', 'a1', at(1)),
        assistantEntry('a2', 'm2', toolUse('t2', 'Edit', { file_path: path, old_string: 'nothing like this', new_string: 'x' }), at(2)),
        userEntry('r2', [toolResult('t2', 'String to replace not found', true)], at(2)),
        assistantEntry('a4', 'm4', toolUse('t4', 'Bash', { command: `rm -f ${path}` }), at(5)),
      ]),
    );
    mkdirSync(join(project, 's-main', 'subagents'), { recursive: true });
    const sub = { ...at(3), isSidechain: true, agentId: 'dream1' };
    writeFileSync(
      join(project, 's-main', 'subagents', 'agent-dream1.jsonl'),
      jsonl([
        assistantEntry(
          'b1',
          'n1',
          toolUse('t3', 'MultiEdit', { file_path: path, edits: [{ old_string: '8080', new_string: '9090' }] }),
          sub,
        ),
      ]),
    );
    const history = memoryHistory(memory, 'port.md');
    expect(history.map((e) => [e.change, e.run, e.from, e.failed ?? false, e.diff])).toEqual([
      ['created', 'Write', [], false, '+ port 8080'],
      ['updated', 'Edit', [], true, null],
      ['updated', 'MultiEdit', ['subagent dream1'], false, '- port 8080\n+ port 9090'],
      ['deleted', 'Bash', [], false, '- port 9090'],
    ]);
  });
});
