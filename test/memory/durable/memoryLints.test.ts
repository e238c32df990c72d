import { describe, expect, it } from 'vitest';
import { indexCut, lintIndex, lintTopicFiles, readIndexForModel, type LintedFile } from '../../../src/memory/durable/index.js';

const file = (filename: string, over: Partial<LintedFile> = {}): LintedFile => ({
  filename,
  description: 'A fact',
  bytes: 100,
  lines: 5,
  ...over,
});
const kinds = (files: LintedFile[]) => lintTopicFiles(files).map((l) => `${l.file}:${l.kind}`);

describe('memory lints (spec-2.1.332 §3)', () => {
  it('an invisible character in a name is named; missing and over-long descriptions are flagged at 300', () => {
    const lints = lintTopicFiles([file('a\u200b.md'), file('b.md', { description: null }), file('c.md', { description: 'x'.repeat(301) })]);
    expect(lints.map((l) => `${l.file}:${l.kind}`)).toEqual([
      'a\u200b.md:invisible_name',
      'b.md:missing_description',
      'c.md:long_description',
    ]);
    expect(lints[0]!.message).toContain('U+200B (ZERO WIDTH SPACE)');
    expect(kinds([file('d.md', { description: 'x'.repeat(300) })])).toEqual([]);
  });

  it('name-2.md beside name.md is a continuation chain; without name.md, or name-1.md, it is not', () => {
    expect(kinds([file('deploy.md'), file('deploy-2.md'), file('deploy-3.md'), file('solo-2.md'), file('v-1.md'), file('v.md')])).toEqual([
      'deploy-2.md:continuation_chain',
      'deploy-3.md:continuation_chain',
    ]);
  });

  it('a topic file at 80 % of 4,096 bytes or 200 lines is near its cap; over it, over', () => {
    expect(
      kinds([file('a.md', { bytes: 3276 }), file('b.md', { bytes: 3277 }), file('c.md', { lines: 160 }), file('d.md', { bytes: 4097 })]),
    ).toEqual(['b.md:near_cap', 'c.md:near_cap', 'd.md:over_cap']);
  });

  it('an index at 80 % of 200 lines is near its cap; over it, the first line Claude Code cuts is named', () => {
    const index = (n: number) => Array.from({ length: n }, (_, i) => `- [m${i}](m${i}.md) — fact ${i}`).join('\n');
    expect(lintIndex(index(159))).toEqual([]);
    expect(lintIndex(index(160)).map((l) => l.kind)).toEqual(['near_cap']);
    const over = lintIndex(`\n${index(205)}\n`);
    expect(over).toHaveLength(1);
    expect(over[0]!.message).toMatch(/cuts it from line 202, "- \[m200\]\(m200\.md\) — fact 200", 5 lines not loaded/);
  });

  it('the cut agrees with what Claude Code loads, by lines and by characters', () => {
    const long = Array.from({ length: 150 }, (_, i) => `- [m${i}](m${i}.md) — ${'y'.repeat(200)}`).join('\n');
    const cut = indexCut(long)!;
    const loaded = readIndexForModel(long).content.split('\n\n> WARNING')[0]!.split('\n');
    expect(cut.firstCutLine).toBe(loaded.length + 1);
    expect(cut.firstCutText).toBe(long.split('\n')[loaded.length]);
    expect(cut.partial).toBe(false);
    expect(indexCut('x'.repeat(25_001))).toMatchObject({ firstCutLine: 1, partial: true, cutLines: 1 });
    expect(indexCut('short')).toBeNull();
  });
});
