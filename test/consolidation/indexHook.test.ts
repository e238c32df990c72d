import { describe, expect, it } from 'vitest';
import { indexHook, lastResortHook } from '../../src/consolidation/indexHook.js';
import { rebuildIndex } from '../../src/consolidation/rebuildIndex.js';
import type { TopicFile } from '../../src/memory/durable/topicFile.js';

const lineOf = (filename: string, title: string, file: TopicFile): string =>
  rebuildIndex({
    index: '',
    memories: new Map([[filename, file]]),
    described: new Set([filename]),
    kept: [],
    mergedInto: new Map(),
    titles: new Map([[filename, title]]),
  }).content.trimEnd();

describe('an index hook that only goes on with its title’s sentence says what more the memory holds (decision 120, amended 2026-12-07)', () => {
  const title = 'Store the deploy tokens under the shared service account';
  const filename = 'store-deploy-tokens-shared-service-account.md';
  const description = `${title} of the org.`;

  it('the reason given follows the continuation, within the line’s target', () => {
    const body = `${description}\n\n**Why:** People leave.`;
    const line = lineOf(filename, title, { name: filename.replace(/\.md$/, ''), type: 'project', description, body });
    expect(line).toBe(`- [${title}](${filename}) — of the org. Why: People leave.`);
  });

  it('the rest of the statement follows the continuation, cut on a word', () => {
    const body = `${description} Rotate them every quarter from the ops runbook, never by hand.`;
    const line = lineOf(filename, title, { name: filename.replace(/\.md$/, ''), type: 'project', description, body });
    expect(line).toMatch(/ — of the org\. Rotate them every quarter…$/);
    expect([...line].length).toBeLessThanOrEqual(150);
  });

  it('a memory that says nothing more keeps its description as the hook', () => {
    const file = { name: 'x', type: 'project' as const, description, body: description };
    expect(indexHook(title, filename, file)).toBe(description);
  });

  it('a line that fits whole keeps the description alone, whatever the body adds', () => {
    const file = { name: 'x', type: 'project' as const, description: 'Serve raw markdown.', body: 'Serve raw markdown. Also the rest.' };
    expect(indexHook('Serve raw markdown', 'serve-raw-markdown.md', file)).toBe('Serve raw markdown.');
  });
});

describe('the hook of last resort is never a bare type label (decision 120, amended 2026-12-07)', () => {
  const title = 'Never deploy on Fridays';
  it('the day the memory was saved, when the title is the whole memory', () => {
    const file = { name: 'x', type: 'feedback' as const, description: title, body: title, modified: '2026-02-24T04:08:00.895Z' };
    expect(lastResortHook(title, file)).toBe('feedback memory of 2026-02-24');
  });

  it('the reason, said to be one', () => {
    const file = { name: 'x', type: 'feedback' as const, description: title, body: `${title}\n\n**Why:** The team is off on weekends.` };
    expect(lastResortHook(title, file)).toBe('Why: The team is off on weekends.');
  });

  it('no path of the author’s machine from the body', () => {
    const file = { name: 'x', type: 'feedback' as const, description: title, body: `${title}, see /Users/ann/ops/deploy.md` };
    expect(lastResortHook(title, file)).toBe('see ~/ops/deploy.md');
  });
});
