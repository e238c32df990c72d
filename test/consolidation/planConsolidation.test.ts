import { describe, expect, it } from 'vitest';
import { applyConsolidation, planConsolidation } from '../../src/consolidation/planConsolidation.js';
import type { MemoryCandidate, StoredMemory } from '../../src/consolidation/memoryCandidate.js';
import type { MemoryType } from '../../src/memory/durable/topicFile.js';

let uuid = 0;
const said = (body: string, saidAt: string, session: string, type: MemoryType = 'feedback'): MemoryCandidate => ({
  type,
  name: body.split(' ').slice(0, 5).join(' '),
  description: body,
  body,
  saidAt,
  sources: [{ session, uuid: `u${++uuid}`, timestamp: saidAt }],
});
const stored = (filename: string, body: string, modified?: string, type: MemoryType = 'feedback'): StoredMemory => ({
  filename,
  file: { type, name: body.split(' ').slice(0, 5).join(' '), description: body, body, ...(modified === undefined ? {} : { modified }) },
});
const bodies = (memories: readonly StoredMemory[]) => memories.map((m) => m.file.body);

describe('planConsolidation', () => {
  it('keeps one memory for a preference said in different words in several sessions', () => {
    const candidates = [
      said('Use tabs for indentation, not spaces.', '2026-01-05T09:00:00Z', 'session-a'),
      said('Indent with tabs rather than spaces.', '2026-01-19T09:00:00Z', 'session-b'),
      said('I prefer tabs over spaces for indentation.', '2026-02-02T09:00:00Z', 'session-c'),
    ];
    const plan = planConsolidation({ memories: [], index: '', candidates });
    const after = applyConsolidation([], plan);
    expect(bodies(after)).toEqual(['I prefer tabs over spaces for indentation.']);
    const added = plan.changes.find((c) => c.kind === 'added');
    expect(added?.kind === 'added' && added.sources.map((s) => s.session)).toEqual(['session-a', 'session-b', 'session-c']);
    expect(plan.index).toBe(`- [I prefer tabs over spaces](${after[0]!.filename}) — I prefer tabs over spaces for indentation.\n`);
  });

  it('lets a later statement of a fact replace the earlier one, and says so', () => {
    const memories = [stored('staging-api-port.md', 'The staging API runs on port 8080.', '2026-01-10T12:00:00Z', 'project')];
    const candidates = [said('The staging API now runs on port 9090.', '2026-03-02T12:00:00Z', 'session-d1234567', 'project')];
    const plan = planConsolidation({
      memories,
      index: '- [The staging API](staging-api-port.md) — The staging API runs on port 8080.\n',
      candidates,
    });
    expect(bodies(applyConsolidation(memories, plan))).toEqual(['The staging API now runs on port 9090.']);
    const updated = plan.changes.find((c) => c.kind === 'updated');
    expect(updated?.reason).toBe('a later statement (2026-03-02, session session-) replaces what was said on 2026-01-10');
  });

  it('keeps different rules apart even when they share a word', () => {
    const candidates = [
      said('Always run the tests before pushing.', '2026-01-05T09:00:00Z', 's1'),
      said('Never push to main directly.', '2026-01-06T09:00:00Z', 's1'),
    ];
    expect(applyConsolidation([], planConsolidation({ memories: [], index: '', candidates }))).toHaveLength(2);
  });

  it('makes relative dates absolute from when they were said', () => {
    const plan = planConsolidation({
      memories: [],
      index: '',
      candidates: [said('The release freeze starts next Monday.', '2026-03-04T10:00:00Z', 's1', 'project')],
    });
    expect(bodies(applyConsolidation([], plan))).toEqual(['The release freeze starts on 2026-03-09.']);
    expect(plan.changes[0]?.reason).toContain('relative dates made absolute: "next Monday" → "on 2026-03-09"');
  });

  it('merges near-duplicate files already in the directory into one, and drops their extra index line', () => {
    const memories = [
      stored('a-tabs.md', 'Use tabs for indentation, not spaces.'),
      stored('b-tabs.md', 'Indent with tabs rather than spaces.'),
    ];
    const index = '# Memory\n- [Tabs](a-tabs.md) — tabs\n- [Tabs again](b-tabs.md) — tabs\n- [Gone](gone.md) — a file that is not there\n';
    const plan = planConsolidation({ memories, index, candidates: [] });
    expect(plan.changes.filter((c) => c.kind !== 'updated')).toEqual([
      expect.objectContaining({ kind: 'merged', filename: 'b-tabs.md', into: 'a-tabs.md' }),
      { kind: 'unindexed', line: '- [Tabs again](b-tabs.md) — tabs', reason: 'b-tabs.md was merged into a-tabs.md' },
      { kind: 'unindexed', line: '- [Gone](gone.md) — a file that is not there', reason: 'gone.md does not exist' },
    ]);
    expect(plan.index.split('\n')[0]).toBe('# Memory');
    expect(plan.writes.get('b-tabs.md')).toBeNull();
  });

  it('changes nothing in a directory that is already consolidated', () => {
    const candidates = [
      said('Use tabs for indentation, not spaces.', '2026-01-05T09:00:00Z', 's1'),
      said('Deploys happen on Fridays only.', '2026-01-06T09:00:00Z', 's1', 'project'),
    ];
    const first = planConsolidation({ memories: [], index: '', candidates });
    const again = planConsolidation({ memories: applyConsolidation([], first), index: first.index, candidates: [] });
    expect(again).toEqual({ changes: [], writes: new Map(), index: first.index, indexBefore: first.index, indexChanged: false });
  });
});
