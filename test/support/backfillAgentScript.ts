import { join } from 'node:path';
import type { WrittenPrompt } from './backfillProject.js';
import type { Arranged } from './messagesServer.js';
import { topicText } from './memoryFiles.js';

/**
 * Phase 2 of a backfill of the project in backfillProject.ts as a consolidation agent would run
 * it: the files it writes, and its session for the local Messages API.
 */

const tools = (...uses: Array<[string, string, Record<string, unknown>]>): Arranged => ({
  kind: 'reply',
  content: uses.map(([id, name, input]) => ({ type: 'tool_use', id, name, input })),
  stopReason: 'tool_use',
});

export const DEPLOYS = topicText(
  'staging-deploys',
  'Staging deploys are frozen until 2026-03-20, incidents are on the dashboard',
  'Staging deploys are frozen until the release on 2026-03-20.\nWhen something breaks, check grafana.acme.test/d/incidents first.',
  '2026-03-05T10:00:00.000Z',
  'project',
);
export const PNPM = topicText('pnpm', 'Use pnpm, not npm', 'Use pnpm for every package in this repo.', '2026-03-02T10:00:00.000Z');
/** A file as memlog leaves it after the agent wrote it: the origin session its sources name is recorded (spec-2.1.332 §3). */
const withOrigin = (text: string, session: string): string => text.replace(/^( {2}type: .*)$/m, `$1\n  originSessionId: ${session}`);
export const PNPM_ON_DISK = withOrigin(PNPM, 'aaaaaaaa-0000-4000-8000-000000000001');
export const DEPLOYS_ON_DISK = withOrigin(DEPLOYS, 'bbbbbbbb-0000-4000-8000-000000000002');
export const INDEX =
  '- [pnpm](pnpm.md) — the package manager\n- [Staging deploys](staging-deploys.md) — the freeze and the incident dashboard\n';

/** The agent's session: it lists the (empty) directory, writes two files (two candidates merged into one) and the index, reports, ends. */
export function backfillAgentSession(memory: string, prompts: readonly WrittenPrompt[]): Arranged[] {
  const source = (i: number) => ({ session: prompts[i]!.session, uuid: prompts[i]!.uuid, timestamp: prompts[i]!.timestamp });
  return [
    tools(['g1', 'Glob', { pattern: '*.md', path: memory }]),
    tools(
      ['w1', 'Write', { file_path: join(memory, 'pnpm.md'), content: PNPM }],
      ['w2', 'Write', { file_path: join(memory, 'staging-deploys.md'), content: DEPLOYS }],
      ['w3', 'Write', { file_path: join(memory, 'MEMORY.md'), content: INDEX }],
    ),
    tools([
      'rep',
      'record_consolidation',
      {
        summary: 'Added the package manager; merged the deploy freeze and the incident dashboard into one memory.',
        changes: [
          { file: 'pnpm.md', kind: 'added', reason: 'the person prefers pnpm', sources: [source(0)] },
          {
            file: 'staging-deploys.md',
            kind: 'added',
            reason: 'the staging freeze and where incidents are looked at, one memory',
            sources: [source(1), source(3)],
          },
        ],
      },
    ]),
    { kind: 'reply', content: [{ type: 'text', text: 'Done.' }] },
  ];
}

/** What the agent session's four model calls cost, at the local Messages API's 10 tokens in and 5 out a reply. */
export const AGENT_TOKENS = { input: 40, output: 20 };
