import { describe, expect, it } from 'vitest';
import type { ConsolidationReport } from '../../src/consolidation/agentReport.js';
import { formatPlan } from '../../src/consolidation/index.js';
import { planFromAgent, type AgentWork } from '../../src/consolidation/planFromAgent.js';
import type { TopicFile } from '../../src/memory/durable/topicFile.js';

const SESSION = '4a2030a7-1111-4111-8111-111111111111';
const memory = (name: string, description: string, body = `${description}.`): TopicFile => ({ name, description, type: 'feedback', body });
const before = new Map([
  ['tabs.md', memory('tabs', 'Use tabs for indentation')],
  ['indent-tabs.md', memory('indent-tabs', 'Indent with tabs')],
  ['port.md', { ...memory('port', 'The staging port'), type: 'project' as const, body: 'Staging runs on port 9090.' }],
]);
const INDEX = '- [Tabs](tabs.md) — tabs\n- [Indent](indent-tabs.md) — tabs again\n- [Port](port.md) — staging port\n';
const source = { session: SESSION, uuid: 'u-1', timestamp: '2026-03-04T10:00:00.000Z' };

function work(overrides: Partial<AgentWork>): AgentWork {
  return {
    before,
    written: new Map(),
    deleted: [],
    indexBefore: INDEX,
    index: INDEX,
    report: null,
    kept: [],
    instructions: [],
    sessions: new Set([SESSION]),
    ...overrides,
  };
}

describe('planFromAgent', () => {
  it('reads what changed from the files and why from the report: a merge, an update with its sources, the index line of the merged file gone', () => {
    const merged = memory('indent-tabs', 'Indent with tabs, never spaces');
    const port = { ...before.get('port.md')!, body: 'Staging runs on port 9191 since 2026-03-09.' };
    const report: ConsolidationReport = {
      summary: 'merged the tab rules; the port changed',
      changes: [
        { file: 'indent-tabs.md', kind: 'updated', reason: 'holds both tab rules now' },
        { file: 'tabs.md', kind: 'merged', into: 'indent-tabs.md', reason: 'said the same as indent-tabs.md' },
        {
          file: 'port.md',
          kind: 'updated',
          reason: 'the port moved to 9191',
          sources: [source, { session: 'not-a-session-of-this-project', uuid: 'u', timestamp: 't' }],
        },
      ],
    };
    const { plan, restored } = planFromAgent(
      work({
        written: new Map([
          ['indent-tabs.md', merged],
          ['port.md', port],
        ]),
        deleted: ['tabs.md'],
        index: '- [Tabs](tabs.md) — tabs\n- [Indent](indent-tabs.md) — tab rules\n- [Port](port.md) — staging port\n',
        report,
      }),
    );
    expect(restored).toEqual([]);
    expect(plan.changes).toEqual([
      {
        kind: 'updated',
        filename: 'indent-tabs.md',
        before: before.get('indent-tabs.md'),
        file: merged,
        reason: 'holds both tab rules now',
        sources: [],
      },
      {
        kind: 'updated',
        filename: 'port.md',
        before: before.get('port.md'),
        file: port,
        reason: 'the port moved to 9191',
        sources: [source],
      },
      {
        kind: 'merged',
        filename: 'tabs.md',
        into: 'indent-tabs.md',
        before: before.get('tabs.md'),
        reason: 'said the same as indent-tabs.md',
      },
      { kind: 'unindexed', line: '- [Tabs](tabs.md) — tabs', reason: 'tabs.md was merged into indent-tabs.md' },
    ]);
    expect([...plan.writes]).toEqual([
      ['indent-tabs.md', merged],
      ['port.md', port],
      ['tabs.md', null],
    ]);
    expect(plan.index).toBe('- [Indent](indent-tabs.md) — tab rules\n- [Port](port.md) — staging port\n');
    expect(formatPlan(plan, 'dir')).toContain('< tabs.md into indent-tabs.md: said the same as indent-tabs.md');
  });

  it('puts back a file deleted without a reason, and a merge into a file that is not there; the index keeps a line for each', () => {
    const report: ConsolidationReport = {
      summary: '',
      changes: [{ file: 'tabs.md', kind: 'merged', into: 'nowhere.md', reason: 'merged' }],
    };
    const { plan, restored } = planFromAgent(work({ deleted: ['tabs.md', 'port.md'], index: '', report }));
    expect(restored).toEqual(['port.md', 'tabs.md']);
    expect([...plan.writes]).toEqual([]);
    expect(plan.changes.filter((c) => c.kind !== 'unindexed')).toEqual([]);
    // The agent emptied the index: every memory gets its line back.
    expect(plan.index.split('\n').filter(Boolean)).toHaveLength(3);
  });

  it('a removal with its reason; a contradiction only when it names an instruction it was given; new files are added', () => {
    const added = memory('deploy-day', 'Deploys happen on Thursdays');
    const instruction = { file: 'CLAUDE.md', line: 3, text: 'Deploy on Fridays' };
    const report: ConsolidationReport = {
      summary: 'x',
      changes: [
        { file: 'port.md', kind: 'removed', reason: 'staging was shut down', sources: [source] },
        { file: 'deploy-day.md', kind: 'added', reason: 'said in a session', sources: [source] },
        { file: 'deploy-day.md', kind: 'contradicts', instruction: 'CLAUDE.md:3', reason: 'Thursday against Friday' },
        { file: 'deploy-day.md', kind: 'contradicts', instruction: 'CLAUDE.md:99', reason: 'no such line' },
      ],
    };
    const { plan } = planFromAgent(
      work({ written: new Map([['deploy-day.md', added]]), deleted: ['port.md'], report, instructions: [instruction] }),
    );
    expect(plan.changes.map((c) => [c.kind, 'filename' in c ? c.filename : c.line, c.reason])).toEqual([
      ['added', 'deploy-day.md', 'said in a session'],
      ['removed', 'port.md', 'staging was shut down'],
      ['contradicts', 'deploy-day.md', 'Thursday against Friday'],
      ['unindexed', '- [Port](port.md) — staging port', 'port.md does not exist'],
    ]);
    expect(plan.index).toContain('(deploy-day.md) — Deploys happen on Thursdays');
    expect(formatPlan(plan, 'dir')).toContain('x port.md: staging was shut down');
  });

  it('keeps the index within its limits and every line within the target, however the agent wrote it', () => {
    const many = new Map(
      Array.from({ length: 260 }, (_, i) => [`m${i}.md`, memory(`m${i}`, `Memory number ${i} ${'x'.repeat(200)}`)] as const),
    );
    const index = [...many.keys()].map((f) => `- [${f}](${f}) — ${'a long hook '.repeat(30)}`).join('\n');
    const { plan } = planFromAgent(work({ before: many, index: `${index}\n`, indexBefore: '' }));
    const lines = plan.index.split('\n').filter(Boolean);
    expect(lines.length).toBeLessThanOrEqual(200);
    expect(plan.index.length).toBeLessThanOrEqual(25_000);
    expect(lines.every((l) => l.length <= 150)).toBe(true);
    expect(plan.changes.some((c) => c.kind === 'unindexed' && /at its limits/.test(c.reason))).toBe(true);
  });
});
