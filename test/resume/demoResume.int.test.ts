import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConversation, serializeEntry } from '../../src/index.js';
import { readTranscriptFileSync } from '../../src/transcript/index.js';
import { jsonlFiles, physicalLines } from '../support/fixtureFiles.js';
import { demoProjects } from '../support/paths.js';

const acme = (file: string): string => join(demoProjects, '-home-dev-acme-shop', file);

describe('the bundled demo projects', () => {
  const files = jsonlFiles(demoProjects);

  it('hold the sessions the README describes', () => {
    expect(files).toHaveLength(5);
  });

  it.each(files)('%s reads with no diagnostic and re-serialises byte for byte', (file) => {
    const path = join(demoProjects, file);
    const lines = physicalLines(readFileSync(path));
    const items = readTranscriptFileSync(path);
    expect(items.filter((i) => i.kind === 'diagnostic')).toEqual([]);
    expect(items.map((i) => (i.kind === 'entry' ? serializeEntry(i.entry) : ''))).toEqual(lines);
  });

  it('resumes the compacted session: boundary, summary, the preserved segment relinked, then the new turns', () => {
    const resumed = loadConversation(acme('4a2030a7-b5cb-49a2-b41c-016deb5688ff.jsonl'));
    expect(resumed.chain.nodes.map((n) => n.uuid).slice(0, 8)).toEqual([
      '4a883132-e7ec-4fdc-bb18-baef904959a2', // boundary
      '4a64ec27-b06c-4d44-8061-72f9ca6cab3b', // summary = anchor
      'bfdf92de-96c9-4f8f-a3cb-43be52b73876', // head, relinked under the anchor
      'd1666e64-221c-4773-abfe-ea60caa58412',
      '950aeee8-4285-49a7-87fb-4511d09eb703',
      'bd4042cb-c0e5-41d3-9165-46b00288539e', // tail
      '42e1fd04-8391-4f16-8ef9-80d164de4424', // on disk a child of the summary; re-pointed to the tail
      'e3d79832-7f50-4f03-8f2c-2cdaac6c08e4',
    ]);
    expect(resumed.chain.nodes).toHaveLength(26);
    expect(resumed.chain.leaf).toBe('909aa024-9538-4850-badc-4e0ea16948ae');
    expect([...resumed.index.preserved].sort()).toEqual(
      ['950aeee8-4285-49a7-87fb-4511d09eb703', 'bfdf92de-96c9-4f8f-a3cb-43be52b73876'].sort(),
    );
  });

  it('recovers the parallel branch: both tool_use pieces of one message and both results, results after the pieces', () => {
    const resumed = loadConversation(acme('a1eaaff9-3a09-471e-b457-360fb17ea04f.jsonl'));
    expect(resumed.chain.leaf).toBe('ab1a864d-d434-4f22-8dec-79b90532479a');
    const uuids = resumed.chain.nodes.map((n) => n.uuid);
    const read = uuids.indexOf('31800380-6cc2-4848-a09d-c330a1780b99');
    const grep = uuids.indexOf('73679bb8-8219-45d4-a008-88d060e7fb43');
    expect(read).toBeGreaterThan(-1);
    expect(grep).toBeGreaterThan(-1);
    const message = resumed.messages.find((m) => m.sources.includes('31800380-6cc2-4848-a09d-c330a1780b99'));
    expect(message?.sources).toContain('73679bb8-8219-45d4-a008-88d060e7fb43');
    const toolIds = message?.content.filter((b) => b.type === 'tool_use').map((b) => (b as { id: string }).id) ?? [];
    expect(toolIds).toHaveLength(2);
    const next = resumed.messages[resumed.messages.indexOf(message!) + 1];
    expect(
      next?.content
        .filter((b) => b.type === 'tool_result')
        .map((b) => (b as { tool_use_id: string }).tool_use_id)
        .sort(),
    ).toEqual([...toolIds].sort());
  });

  it('keeps the subagent in its own file and chain', () => {
    const main = loadConversation(acme('7f26641c-f5f5-4490-80f6-02093c4c460a.jsonl'));
    expect(main.chain.nodes.some((n) => n.entry.isSidechain === true)).toBe(false);
    const agent = loadConversation(acme('7f26641c-f5f5-4490-80f6-02093c4c460a/subagents/agent-a2e6a9c6df1616842.jsonl'));
    expect(agent.chain.nodes).toHaveLength(10);
    expect(agent.chain.nodes[0]?.entry.parentUuid).toBeNull();
  });
});
