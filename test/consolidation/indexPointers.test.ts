import { describe, expect, it } from 'vitest';
import type { StoredMemory } from '../../src/consolidation/memoryCandidate.js';
import { applyConsolidation, planConsolidation } from '../../src/consolidation/planConsolidation.js';
import { rebuildIndex } from '../../src/consolidation/rebuildIndex.js';

const topics = ['deploys', 'reviews', 'ports', 'tracker', 'lockfiles', 'freezes', 'branches', 'secrets', 'backups', 'oncall'];
const memories: StoredMemory[] = topics.map((topic, i) => ({
  filename: `${topic}.md`,
  file: {
    type: 'project',
    name: topic,
    description: `What the team decided about ${topic} (${i + 1})`,
    body: `Memory ${i + 1}: what the team decided about ${topic}.`,
    modified: `2026-01-${String(i + 10)}T09:00:00.000Z`,
  },
}));

describe('an over-long MEMORY.md never loses a pointer to an existing memory (decision 70)', () => {
  it('239 lines with 10 pointers at the top: the prose goes, every memory keeps its pointer, a second run changes nothing', () => {
    const pointers = memories.map((m) => `- [${m.file.name}](${m.filename}) — ${m.file.description}`);
    const prose = Array.from({ length: 229 }, (_, i) => (i % 10 === 0 ? `## Notes ${i}` : `Some note the person typed, number ${i}.`));
    const index = `${[...pointers, ...prose].join('\n')}\n`;
    expect(index.split('\n').length - 1).toBe(239);
    const plan = planConsolidation({ memories, index, candidates: [] });
    const lines = plan.index.split('\n').filter((l) => l !== '');
    expect(lines.length).toBeLessThanOrEqual(200);
    for (const m of memories) expect(lines).toContain(`- [${m.file.name}](${m.filename}) — ${m.file.description}`);
    expect(plan.changes.every((c) => c.kind === 'unindexed' && !/\]\(/.test(c.line))).toBe(true);
    expect(plan.changes[0]?.kind === 'unindexed' && plan.changes[0].reason).toBe(
      'the index is at its limits: lines that point to no memory leave it first',
    );
    const again = planConsolidation({ memories: applyConsolidation(memories, plan), index: plan.index, candidates: [] });
    expect(again.changes).toEqual([]);
    expect(again.indexChanged).toBe(false);
  });
});

describe('an index line cut to fit ends on whole words, in its title and its hook (decision 68, amended)', () => {
  it('a long title and a long description are cut after a word, with "…"', () => {
    const title = 'In review mode we should never show the reviewers the drafts of the other reviewers';
    const description =
      'In review mode we should never show the reviewers the drafts of the other reviewers, because their scores must stay independent of each other until the end';
    const file = { type: 'feedback' as const, name: 'review-mode-never-show-drafts', description, body: description };
    const { content } = rebuildIndex({
      index: '',
      memories: new Map([['review-mode-never-show-drafts.md', file]]),
      described: new Set(['review-mode-never-show-drafts.md']),
      kept: [],
      mergedInto: new Map(),
      titles: new Map([['review-mode-never-show-drafts.md', title]]),
    });
    const line = content.trimEnd();
    expect([...line].length).toBeLessThanOrEqual(150);
    const [, shown, hook] = /^- \[([^\]]*)\]\(review-mode-never-show-drafts\.md\) — (.*)$/.exec(line) ?? [];
    expect(shown).toMatch(/…$/);
    const title_ = (shown ?? '').slice(0, -1);
    expect(title.startsWith(title_)).toBe(true);
    expect(title.charAt(title_.length)).toMatch(/[\s,]/);
    // The hook goes on where the title stopped, instead of saying the title again, with no ellipsis before it (decision
    // 120): "the drafts of the other…".
    expect(hook).toMatch(/^[^…].*…$/);
    const goesOn = (hook ?? '').slice(0, -1);
    expect(description.indexOf(goesOn)).toBeGreaterThan(title_.length - 1);
    expect(description.charAt(description.indexOf(goesOn) + goesOn.length)).toMatch(/[\s,]/);
  });

  it('a line short enough to keep whole says its description as it is, even when it opens with the title', () => {
    const file = { type: 'feedback' as const, name: 'tabs', description: 'I prefer tabs over spaces for indentation.', body: 'x' };
    const { content } = rebuildIndex({
      index: '',
      memories: new Map([['tabs.md', file]]),
      described: new Set(['tabs.md']),
      kept: [],
      mergedInto: new Map(),
      titles: new Map([['tabs.md', 'I prefer tabs over spaces']]),
    });
    expect(content.trimEnd()).toBe('- [I prefer tabs over spaces](tabs.md) — I prefer tabs over spaces for indentation.');
  });
});

describe('an index line always says something after its title (decision 120, amended)', () => {
  /** The line of one memory whose title, kept whole for its negation, fills the line's room. */
  const lineOf = (body: string): string => {
    const title = 'Do a careful write-up only of the behaviour you checked, never of settings you cannot verify';
    const filename = 'careful-write-up-only-behaviour-checked-never-settings-verify.md';
    const file = { type: 'feedback' as const, name: filename.replace(/\.md$/, ''), description: `${title}.`, body };
    const { content } = rebuildIndex({
      index: '',
      memories: new Map([[filename, file]]),
      described: new Set([filename]),
      kept: [],
      mergedInto: new Map(),
      titles: new Map([[filename, title]]),
    });
    const line = content.trimEnd();
    expect(line.startsWith(`- [${title}](${filename}) — `)).toBe(true);
    return line.slice(`- [${title}](${filename}) — `.length);
  };

  it('a title that leaves no room for the description gets the reason given, said to be one', () => {
    const said = 'Do a careful write-up only of the behaviour you checked, never of settings you cannot verify.';
    expect(lineOf(`${said}\n\n**Why:** Users act on what the write-up says.`)).toBe('Why: Users act on what the write-up says.');
  });

  it('without a reason, what the body says besides the title, cut on a word; never the type alone', () => {
    const said =
      'Do a careful write-up only of the behaviour you checked, never of settings you cannot verify, like which flags exist in which version of the terminal.';
    expect(lineOf(said)).toBe('like which flags exist in which version of the terminal.');
    const whole = lineOf('Do a careful write-up only of the behaviour you checked, never of settings you cannot verify.');
    expect(whole).not.toBe('feedback memory');
    expect(whole).toBe('feedback memory, whole in its title');
  });

  it('a line kept as it was, whose hook no longer fits, gets the same hook a rewritten line gets', () => {
    const title = 'Do a careful write-up only of the behaviour you checked, never of settings you cannot verify';
    const filename = 'careful-write-up-only-behaviour-checked-never-settings-verify.md';
    const file = {
      type: 'feedback' as const,
      name: filename.replace(/\.md$/, ''),
      description: `${title}.`,
      body: `${title}.\n\n**Why:** Users act on it.`,
    };
    const rebuild = (described: ReadonlySet<string>, index: string) =>
      rebuildIndex({
        index,
        memories: new Map([[filename, file]]),
        described,
        kept: [],
        mergedInto: new Map(),
        titles: new Map([[filename, title]]),
      }).content;
    const rewritten = rebuild(new Set([filename]), '');
    expect(rebuild(new Set(), `- [${title}](${filename}) — ${title}, as the person said it in the session.\n`)).toBe(rewritten);
    expect(rewritten.trimEnd()).toMatch(/ — Why: Users act on it\.$/);
  });
});
