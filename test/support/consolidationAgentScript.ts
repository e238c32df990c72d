import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { userEntry } from '../../src/testing/entryBuilders.js';
import type { Arranged } from './messagesServer.js';
import { topicText, writeDriftedMemory } from './memoryFiles.js';
import { tempDir } from './tempDir.js';

export const AGENT_SESSION = '5b3c0a11-2222-4222-8222-222222222222';
export const PORT_MESSAGE = 'u-port-9191';
export const PORT_SAID_AT = '2026-03-05T08:30:00.000Z';

/** A project in Claude Code's layout: the drifted memory, one session that says the port changed, CLAUDE.md in the repository, a folder outside. */
export function agentProject() {
  const base = tempDir();
  const sessions = join(base, 'projects', '-home-me-shop');
  const memory = writeDriftedMemory(join(sessions, 'memory'));
  const repo = join(base, 'shop');
  const outside = join(base, 'outside');
  mkdirSync(repo);
  mkdirSync(outside);
  writeFileSync(join(repo, 'CLAUDE.md'), '# Shop\n\n- Run the tests with vitest.\n');
  const entry = (uuid: string, text: string, timestamp: string) =>
    JSON.stringify({ ...userEntry(uuid, text, { sessionId: AGENT_SESSION, timestamp }), cwd: repo });
  writeFileSync(
    join(sessions, `${AGENT_SESSION}.jsonl`),
    [
      entry('u-hello', 'hello', '2026-03-05T08:00:00.000Z'),
      // A long line (a pasted log): a search that hits it gets an excerpt, never the line.
      entry('u-log', `${'noise '.repeat(5_000)}staging answered on port 9090 ${'noise '.repeat(5_000)}`, '2026-03-05T08:10:00.000Z'),
      entry(PORT_MESSAGE, 'The staging API moved to port 9191 this morning.', PORT_SAID_AT),
    ].join('\n') + '\n',
  );
  return { base, sessions, memory, repo, outside };
}

const tools = (...uses: Array<[string, string, Record<string, unknown>]>): Arranged => ({
  kind: 'reply',
  content: uses.map(([id, name, input]) => ({ type: 'tool_use', id, name, input })),
  stopReason: 'tool_use',
});

export const MERGED_TABS = topicText(
  'indent-tabs',
  'Indent with tabs, never spaces',
  'Indent with tabs, never spaces.',
  '2026-02-02T09:00:00.000Z',
);
export const AGENT_INDEX =
  '- [Indent with tabs](indent-tabs.md) — tabs, never spaces\n- [Staging port](staging-port.md) — where staging listens (9191)\n';

/** The reads and searches an agent starts with. */
export function orientSteps(p: ReturnType<typeof agentProject>): Arranged[] {
  return [
    tools(['r1', 'Read', { file_path: join(p.memory, 'MEMORY.md') }], ['g1', 'Glob', { pattern: '*.md', path: p.memory }]),
    tools(
      ['r2', 'Read', { file_path: join(p.memory, 'tabs.md') }],
      ['r3', 'Read', { file_path: join(p.memory, 'indent-tabs.md') }],
      ['r4', 'Read', { file_path: join(p.memory, 'staging-port.md') }],
      ['r5', 'Read', { file_path: join(p.repo, 'CLAUDE.md') }],
    ),
    tools(['s1', 'Grep', { pattern: 'port 9\\d{3}', path: p.sessions }]),
  ];
}

/** The changes: merge the two tab rules (one file deleted), fix the port at its source, rewrite the index; and four calls the gate must refuse. */
export function changeSteps(p: ReturnType<typeof agentProject>): Arranged[] {
  return [
    tools(
      ['w1', 'Write', { file_path: join(p.memory, 'indent-tabs.md'), content: MERGED_TABS }],
      ['d1', 'Delete', { file_path: join(p.memory, 'tabs.md') }],
      [
        'e1',
        'Edit',
        {
          file_path: join(p.memory, 'staging-port.md'),
          old_string: 'port 9090 since next Monday',
          new_string: 'port 9191 since 2026-03-05',
        },
      ],
      ['w2', 'Write', { file_path: join(p.memory, 'MEMORY.md'), content: AGENT_INDEX }],
      ['x1', 'Write', { file_path: join(p.outside, 'stolen.md'), content: 'x' }],
      ['x2', 'Edit', { file_path: join(p.repo, 'CLAUDE.md'), old_string: 'vitest', new_string: 'jest' }],
      ['x3', 'Write', { file_path: join(p.memory, 'CLAUDE.md'), content: 'x' }],
      ['x4', 'Write', { file_path: join(p.memory, 'notes.txt'), content: 'x' }],
    ),
  ];
}

export function reportSteps(): Arranged[] {
  return [
    tools([
      'rep',
      'record_consolidation',
      {
        summary: 'Merged the two tab rules; the staging port is 9191 now.',
        changes: [
          { file: 'indent-tabs.md', kind: 'updated', reason: 'now holds both statements of the tab rule' },
          { file: 'tabs.md', kind: 'merged', into: 'indent-tabs.md', reason: 'said the same as indent-tabs.md' },
          {
            file: 'staging-port.md',
            kind: 'updated',
            reason: 'the staging API moved to port 9191',
            sources: [{ session: AGENT_SESSION, uuid: PORT_MESSAGE, timestamp: PORT_SAID_AT }],
          },
        ],
      },
    ]),
    { kind: 'reply', content: [{ type: 'text', text: 'Done: merged the two tab rules; the staging port is 9191 now.' }] },
  ];
}

/** The whole scripted session, in order. */
export const agentSession = (p: ReturnType<typeof agentProject>): Arranged[] => [...orientSteps(p), ...changeSteps(p), ...reportSteps()];
