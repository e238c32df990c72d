import { describe, expect, it } from 'vitest';
import { consolidationBrief, CONSOLIDATION_SYSTEM } from '../../src/consolidation/agentPrompt.js';

const brief = {
  memoryDir: '/p/memory',
  sessionsDir: '/p',
  now: '2026-03-10T12:00:00.000Z',
  memories: [{ filename: 'tabs.md', type: 'feedback', description: 'Use tabs' }],
  hasIndex: true,
  kept: [{ filename: 'broken.md', reason: 'memlog cannot read it (no frontmatter)' }],
  sessions: [{ id: 'aaaa', modified: '2026-03-09T10:00:00.000Z' }],
  since: '2026-03-01T00:00:00.000Z',
  instructionFiles: ['/p/CLAUDE.md'],
  instructions: [{ file: 'CLAUDE.md', line: 3, text: 'Indent with spaces' }],
  candidates: [
    {
      type: 'feedback' as const,
      name: 'tabs',
      description: 'Tabs, not spaces',
      body: 'Tabs.',
      saidAt: '2026-03-09T10:00:00.000Z',
      sources: [{ session: 'aaaa', uuid: 'u1', timestamp: '2026-03-09T10:00:00.000Z' }],
    },
  ],
  form: 'metadata' as const,
};

describe('the consolidation agent prompt', () => {
  it('the first message says where everything is: memories, what is left alone, the sessions to grep, CLAUDE.md, new statements, a file example', () => {
    const text = consolidationBrief(brief);
    expect(text).toContain('Memory folder: /p/memory');
    expect(text).toContain('- tabs.md — feedback — Use tabs');
    expect(text).toContain('- broken.md: memlog cannot read it (no frontmatter)');
    expect(text).toContain(
      'since the last consolidation, 2026-03-01T00:00:00.000Z), searchable with Grep at /p:\n- aaaa (last written 2026-03-09T10:00:00.000Z)',
    );
    expect(text).toContain('- CLAUDE.md:3: Indent with spaces');
    expect(text).toContain('"uuid": "u1"');
    expect(text).toContain('metadata:\n  node_type: memory\n  type: feedback');
    expect(consolidationBrief({ ...brief, sessions: [], candidates: [], instructions: [] })).toMatch(
      /No session of the project was written since the last consolidation .*nothing to search[\s\S]*No CLAUDE.md instructions/,
    );
  });

  it('the instructions name the four steps, the limits, the write rules and the report tool', () => {
    for (const phrase of [
      'Orient',
      'Gather what is new',
      'Consolidate',
      'Prune and index',
      '150 characters',
      '200 lines',
      '25000 characters',
      'Never touch CLAUDE.md',
      'record_consolidation',
    ])
      expect(CONSOLIDATION_SYSTEM).toContain(phrase);
  });
});
