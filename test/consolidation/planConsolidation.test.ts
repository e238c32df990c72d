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

  it('moves a memory rewritten by a later statement to a file named as it is now named, and a second run changes nothing (decision 77)', () => {
    const memories: StoredMemory[] = [
      {
        filename: 'staging-api-runs-port-8080.md',
        file: {
          type: 'project',
          name: 'staging-api-runs-port-8080',
          description: 'The staging API runs on port 8080.',
          body: 'The staging API runs on port 8080.',
          modified: '2026-01-10T12:00:00Z',
        },
      },
    ];
    const index = '- [The staging API runs on port 8080](staging-api-runs-port-8080.md) — The staging API runs on port 8080.\n';
    const candidates = [said('The staging API now runs on port 9090.', '2026-03-02T12:00:00Z', 'session-d1234567', 'project')];
    const plan = planConsolidation({ memories, index, candidates });
    const after = applyConsolidation(memories, plan);
    expect(after.map((m) => [m.filename.replace(/\.md$/, ''), m.file.name])).toEqual([[after[0]!.file.name, after[0]!.file.name]]);
    expect(after[0]!.filename).not.toBe('staging-api-runs-port-8080.md');
    expect(bodies(after)).toEqual(['The staging API now runs on port 9090.']);
    expect(plan.index).toContain(`](${after[0]!.filename})`);
    expect(plan.index).not.toContain('staging-api-runs-port-8080.md');
    const again = planConsolidation({ memories: after, index: plan.index, candidates: [] });
    expect(again.writes.size).toBe(0);
    expect(again.indexChanged).toBe(false);
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

  it('makes them absolute in the name, a slug name and the index title too: no relative date is left to read', () => {
    const file = (name: string) => ({
      type: 'project' as const,
      name,
      description: 'the release freeze starts next Monday.',
      body: 'The release freeze starts next Monday.',
      modified: '2026-01-15T09:04:00.000Z',
    });
    const memories: StoredMemory[] = [
      { filename: 'freeze.md', file: file('release-freeze-starts-next-monday') },
      {
        filename: 'review.md',
        file: {
          ...file('The design review is tomorrow'),
          description: 'the design review is tomorrow.',
          body: 'The design review is tomorrow.',
        },
      },
    ];
    const index =
      '- [The release freeze starts next Monday](freeze.md) — the release freeze starts next Monday.\n- [The design review is tomorrow](review.md) — the design review is tomorrow.\n';
    const plan = planConsolidation({ memories, index, candidates: [] });
    const after = applyConsolidation(memories, plan);
    expect(after.map((m) => [m.file.name, m.file.description])).toEqual([
      ['release-freeze-starts-on-2026-01-19', 'the release freeze starts on 2026-01-19.'],
      ['The design review is on 2026-01-16', 'the design review is on 2026-01-16.'],
    ]);
    expect(plan.index).toBe(
      '- [The release freeze starts on 2026-01-19](freeze.md) — the release freeze starts on 2026-01-19.\n- [The design review is on 2026-01-16](review.md) — the design review is on 2026-01-16.\n',
    );
    // Consolidated once, there is nothing left to make absolute.
    const again = planConsolidation({ memories: after, index: plan.index, candidates: [] });
    expect(again.changes).toEqual([]);
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

describe('planConsolidation against CLAUDE.md instructions', () => {
  const rule = { file: 'CLAUDE.md', line: 12, text: 'The staging API listens on port 8080.' };
  const note = '> Contradicts CLAUDE.md (CLAUDE.md:12): "The staging API listens on port 8080." — verify which is current.';
  const port = stored('staging-port.md', 'The staging API runs on port 9090.', '2026-03-02T12:00:00Z', 'project');
  const index = '- [Staging](staging-port.md) — where staging listens\n';

  it('notes a memory that contradicts an instruction, lists it with the instruction and its place, and writes only the memory', () => {
    const plan = planConsolidation({ memories: [port], index, candidates: [], instructions: [rule] });
    expect(plan.changes).toEqual([
      { kind: 'contradicts', filename: 'staging-port.md', instruction: rule, reason: 'the memory says 9090 where CLAUDE.md says 8080' },
    ]);
    expect([...plan.writes.keys()]).toEqual(['staging-port.md']);
    expect(plan.writes.get('staging-port.md')?.body).toBe(`The staging API runs on port 9090.\n\n${note}`);
    // What the memory says is unchanged, and so is its index line, as it was written.
    expect(plan.writes.get('staging-port.md')?.description).toBe(port.file.description);
    expect(plan.indexChanged).toBe(false);
  });

  it('notes it once: consolidating the noted directory again changes nothing', () => {
    const first = planConsolidation({ memories: [port], index, candidates: [], instructions: [rule] });
    const again = planConsolidation({
      memories: applyConsolidation([port], first),
      index: first.index,
      candidates: [],
      instructions: [rule],
    });
    expect(again.changes).toEqual([]);
    expect(again.writes.size).toBe(0);
  });

  it('keeps the note, without listing it again, when a newer statement that still contradicts replaces the memory', () => {
    const noted = { ...port, file: { ...port.file, body: `${port.file.body}\n\n${note}` } };
    const candidates = [said('The staging API now runs on port 9090 behind the proxy.', '2026-04-01T12:00:00Z', 's-newer', 'project')];
    const plan = planConsolidation({ memories: [noted], index, candidates, instructions: [rule] });
    // Rewritten by the newer statement, it moves to the file its new name names (decision 77).
    expect(plan.changes.map((c) => c.kind)).toEqual(['updated', 'merged']);
    const [updated] = plan.changes;
    expect(plan.writes.get('staging-port.md')).toBeNull();
    expect(updated?.kind === 'updated' && plan.writes.get(updated.filename)?.body).toBe(
      `The staging API now runs on port 9090 behind the proxy.\n\n${note}`,
    );
  });

  it('drops the note with the statement when a newer one agrees with CLAUDE.md', () => {
    const noted = { ...port, file: { ...port.file, body: `${port.file.body}\n\n${note}` } };
    const candidates = [said('The staging API is back on port 8080 now.', '2026-04-01T12:00:00Z', 's-newer', 'project')];
    const plan = planConsolidation({ memories: [noted], index, candidates, instructions: [rule] });
    expect(plan.changes.map((c) => c.kind)).toEqual(['updated', 'merged']);
    const [updated] = plan.changes;
    expect(updated?.kind === 'updated' && plan.writes.get(updated.filename)?.body).toBe('The staging API is back on port 8080 now.');
    expect(plan.index).toContain(`](${updated?.kind === 'updated' ? updated.filename : ''})`);
  });

  it('lists a new memory that contradicts as added and as contradicting', () => {
    const candidates = [said('Committing straight to main is fine for typo fixes.', '2026-04-01T12:00:00Z', 's1')];
    const never = { file: '.claude/rules/git.md', line: 3, text: 'Never commit directly to main.' };
    const plan = planConsolidation({ memories: [], index: '', candidates, instructions: [never] });
    expect(plan.changes.map((c) => c.kind)).toEqual(['added', 'contradicts']);
    const [added] = plan.changes;
    expect(added?.kind === 'added' && added.file.body).toBe(
      'Committing straight to main is fine for typo fixes.\n\n> Contradicts CLAUDE.md (.claude/rules/git.md:3): "Never commit directly to main." — verify which is current.',
    );
  });

  it('leaves a note’s quote as CLAUDE.md words it: its relative dates are not made absolute', () => {
    const freeze = { file: 'CLAUDE.md', line: 4, text: 'The release freeze for v2 starts next Monday.' };
    const memories = [stored('freeze.md', 'The release freeze for v3 starts on 2026-03-09.', '2026-03-04T10:00:00Z', 'project')];
    const first = planConsolidation({ memories, index: '', candidates: [], instructions: [freeze] });
    expect(first.changes.filter((c) => c.kind === 'contradicts')).toHaveLength(1);
    const body = first.writes.get('freeze.md')?.body ?? '';
    expect(body).toContain('"The release freeze for v2 starts next Monday."');
    const again = planConsolidation({
      memories: applyConsolidation(memories, first),
      index: first.index,
      candidates: [],
      instructions: [freeze],
    });
    expect(again.changes).toEqual([]);
  });
});

describe('planConsolidation keeps facts about different things apart', () => {
  const kept = (memories: readonly StoredMemory[], candidates: readonly MemoryCandidate[]) =>
    bodies(applyConsolidation(memories, planConsolidation({ memories, index: '', candidates }))).sort();

  it('keeps the staging port and the production port: they differ in the environment they are about', () => {
    const memories = [
      stored('staging-api.md', 'The staging API runs on port 9090.', '2026-01-10T12:00:00Z', 'project'),
      stored('production-api.md', 'The production API runs on port 8080.', '2026-02-10T12:00:00Z', 'project'),
    ];
    const plan = planConsolidation({ memories, index: '', candidates: [] });
    expect(plan.changes.filter((c) => c.kind === 'merged')).toEqual([]);
    expect(kept(memories, [])).toEqual(['The production API runs on port 8080.', 'The staging API runs on port 9090.']);
  });

  it('keeps them apart when they come as statements too, in either order', () => {
    const staging = said('The staging API runs on port 9090.', '2026-01-10T12:00:00Z', 's1', 'project');
    const production = said('The production API runs on port 8080.', '2026-02-10T12:00:00Z', 's2', 'project');
    const expected = ['The production API runs on port 8080.', 'The staging API runs on port 9090.'];
    expect(kept([], [staging, production])).toEqual(expected);
    expect(kept([], [{ ...production, saidAt: '2026-01-01T00:00:00Z' }, staging])).toEqual(expected);
  });

  it('keeps service 1 and service 2: a number that names the service is not a value', () => {
    const candidates = [
      said('Service 1 runs on port 8001.', '2026-01-10T12:00:00Z', 's1', 'project'),
      said('Service 2 runs on port 8002.', '2026-01-11T12:00:00Z', 's2', 'project'),
    ];
    expect(kept([], candidates)).toEqual(['Service 1 runs on port 8001.', 'Service 2 runs on port 8002.']);
  });

  it('still lets a later statement about the same service replace the earlier one', () => {
    const memories = [stored('service-1.md', 'Service 1 runs on port 8001.', '2026-01-10T12:00:00Z', 'project')];
    const candidates = [
      said('Service 2 runs on port 8002.', '2026-01-11T12:00:00Z', 's2', 'project'),
      said('Service 1 now runs on port 9001.', '2026-03-01T12:00:00Z', 's3', 'project'),
    ];
    expect(kept(memories, candidates)).toEqual(['Service 1 now runs on port 9001.', 'Service 2 runs on port 8002.']);
  });
});
