import type { Half } from './labels.js';
import type { ExtractPath, QualityRun } from './runQuality.js';

export interface Row extends QualityRun {
  readonly extractor: string;
  readonly half: Half;
  readonly path: ExtractPath;
}

const ratio = (found: number, total: number): string => (total === 0 ? '–' : (found / total).toFixed(2));

/** The results as a Markdown table, one row per extractor × half × path. */
export function formatTable(rows: readonly Row[]): string {
  const head =
    '| extractor | half | path | user | feedback | project | reference | recall | precision | saved | false saves | negatives saved | duplicates | secrets saved | scanner findings | s |';
  const lines = [head, `|${' --- |'.repeat(16)}`];
  for (const row of rows) {
    const s = row.score;
    const kind = (k: keyof typeof s.recall) => `${ratio(s.recall[k].found, s.recall[k].total)} (${s.recall[k].found}/${s.recall[k].total})`;
    lines.push(
      `| ${[
        row.extractor,
        row.half,
        row.path === 'extract' ? 'extract' : '--per-turn',
        kind('user'),
        kind('feedback'),
        kind('project'),
        kind('reference'),
        `${ratio(s.overall.found, s.overall.total)} (${s.overall.found}/${s.overall.total})`,
        s.precision === null ? '–' : s.precision.toFixed(2),
        s.saved,
        s.falseSaves,
        s.negativesSaved.length,
        s.duplicates.length,
        s.secretsSaved.length,
        row.scanner,
        (row.ms / 1000).toFixed(1),
      ].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

export const SECTION_BEGIN = '<!-- bench:quality:begin -->';
export const SECTION_END = '<!-- bench:quality:end -->';

/** The document with the text between the markers replaced, or a new section with them at its end. */
export function replaceSection(document: string, body: string): string {
  const section = `${SECTION_BEGIN}\n${body}\n${SECTION_END}`;
  const begin = document.indexOf(SECTION_BEGIN);
  const end = document.indexOf(SECTION_END);
  if (begin >= 0 && end > begin) return document.slice(0, begin) + section + document.slice(end + SECTION_END.length);
  const trimmed = document.replace(/\s*$/, '');
  return `${trimmed}${trimmed === '' ? '' : '\n\n'}## Extraction quality: the labelled benchmark\n\n${section}\n`;
}
