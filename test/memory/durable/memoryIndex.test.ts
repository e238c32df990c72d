import { describe, expect, it } from 'vitest';
import { readIndexForModel } from '../../../src/index.js';
import { fitIndex, MAX_INDEX_CHARS, planBackfillIndex } from '../../../src/memory/durable/index.js';
import { cutOnWords } from '../../../src/memory/durable/cutOnWords.js';
import { shortenIndexLine } from '../../../src/memory/durable/memoryIndex.js';

const line = (i: number, width = 40): string => `- [Memory ${i}](memory-${i}.md) — ${'x'.repeat(Math.max(0, width - 30))}`;
const index = (count: number, width = 40): string => `${Array.from({ length: count }, (_, i) => line(i, width)).join('\n')}\n`;

describe('MEMORY.md limits (long-term spec §1.4)', () => {
  it('200 lines load whole; 201 are cut to 200 with a warning', () => {
    expect(readIndexForModel(index(200))).toEqual({ content: index(200).trim(), lineTruncated: false, charTruncated: false });
    const cut = readIndexForModel(index(201));
    expect(cut.lineTruncated).toBe(true);
    expect(cut.content.split('\n\n')[0]!.split('\n')).toHaveLength(200);
    expect(cut.content).toMatch(/> WARNING: MEMORY\.md is 201 lines \(limit: 200\)\. Only part of it was loaded/);
  });

  it('25,000 characters load whole; one more is cut at the last line that fits', () => {
    const body = (chars: number) => {
      const lines: string[] = [];
      let total = 0;
      for (let i = 0; total < chars; i++) {
        const next = line(i, 200);
        lines.push(next);
        total += next.length + 1;
      }
      const text = lines.join('\n');
      return text.length >= chars ? text.slice(0, chars - 1) + 'y' : text;
    };
    const exact = body(MAX_INDEX_CHARS);
    expect(exact.length).toBe(MAX_INDEX_CHARS);
    expect(readIndexForModel(exact).charTruncated).toBe(false);
    const over = `${exact}z`;
    const cut = readIndexForModel(over);
    expect(cut.charTruncated).toBe(true);
    const kept = cut.content.split('\n\n> WARNING')[0]!;
    expect(kept.length).toBeLessThanOrEqual(MAX_INDEX_CHARS);
    expect(over.startsWith(kept)).toBe(true);
    expect(over[kept.length]).toBe('\n');
    expect(cut.content).toMatch(/index entries are too long/);
  });

  it('memlog never writes an index Claude Code would cut: long lines are shortened, then the oldest entries leave it', () => {
    expect(fitIndex(index(200))).toEqual({ content: index(200), shortened: 0, dropped: [] });
    const fitted = fitIndex(index(201));
    expect(fitted.dropped).toEqual([line(0)]);
    expect(readIndexForModel(fitted.content).lineTruncated).toBe(false);
    const wide = fitIndex(index(150, 400));
    expect(wide.shortened).toBe(150);
    expect(wide.dropped).toEqual([]);
    const { lineTruncated, charTruncated } = readIndexForModel(wide.content);
    expect([lineTruncated, charTruncated]).toEqual([false, false]);
  });
});

describe('shortening index lines', () => {
  it('keeps the link whole and cuts the hook on whole characters', () => {
    const long = `- [Deploy freeze](deploy-freeze.md) — ${'🚀 no deploys on Fridays because the on-call rota is thin '.repeat(4)}`;
    const fitted = fitIndex(`${Array.from({ length: 201 }, () => long).join('\n')}\n`);
    const first = fitted.content.split('\n')[0]!;
    expect(first.startsWith('- [Deploy freeze](deploy-freeze.md) — ')).toBe(true);
    expect(first.endsWith('…')).toBe(true);
    expect(first).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(fitted.shortened).toBeGreaterThan(0);
  });
});

describe('a shortened pointer ends on a whole word (decision 68, amended)', () => {
  const link = '- [Release checklist](release-checklist.md)';
  const hook =
    'Before a release the changelog is read by the whole team, the version is bumped in every package and the tag is pushed from the release branch only';

  it('cuts the hook after a whole word, not on a word that needs the next, and marks the cut', () => {
    const short = shortenIndexLine(`${link} — ${hook}`);
    expect([...short].length).toBeLessThanOrEqual(150);
    expect(short.startsWith(`${link} — `)).toBe(true);
    expect(short.endsWith('…')).toBe(true);
    const kept = short.slice(`${link} — `.length, -1);
    expect(hook.startsWith(kept)).toBe(true);
    expect(hook.charAt(kept.length)).toMatch(/[\s,]/);
    expect(kept).not.toMatch(/\b(?:the|in|and|from|is)$/);
  });

  it('a hook cut after a whole sentence ends as the sentence does; an abbreviation is no end', () => {
    expect(cutOnWords('Tag releases from main. Bump every version in the workspace.', 30)).toBe('Tag releases from main.');
    expect(cutOnWords('Name it after the Python version, e.g. 311 for Python 3.11.', 40)).toBe('Name it after the Python version…');
  });

  it('a cut hook does not end on a word that needs the next in Spanish, French or German either', () => {
    expect(cutOnWords('Preguntar al humano en la sesión si desea probar los skills recién creados', 40)).toBe(
      'Preguntar al humano en la sesión…',
    );
    expect(cutOnWords('Toujours demander à la personne pour une nouvelle version', 38)).toBe('Toujours demander à la personne…');
    expect(cutOnWords('Frag die Person immer zuerst, wenn ein Test fehlschlägt', 40)).toBe('Frag die Person immer zuerst…');
  });

  it('a hook whose first word does not fit leaves the pointer alone, whole', () => {
    expect(shortenIndexLine(`${link} — ${'x'.repeat(200)}`)).toBe(link);
  });

  it('a line that fits is left as it is', () => {
    expect(shortenIndexLine(`${link} — Tag from the release branch only`)).toBe(`${link} — Tag from the release branch only`);
  });

  it('the index a directory without one gets cuts a description on a whole word too', () => {
    const plan = planBackfillIndex([{ filename: 'release-checklist.md', description: hook, savedAtMs: 1 }]);
    const line = plan.content.trimEnd();
    expect([...line].length).toBeLessThanOrEqual(150);
    const kept = line.slice('- [release-checklist](release-checklist.md) — '.length, -1);
    expect(hook.startsWith(kept)).toBe(true);
    expect(hook.charAt(kept.length)).toMatch(/[\s,]/);
  });
});
