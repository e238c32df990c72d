import { HAZARD_KINDS, type Half, type Statement } from './labels.js';
import type { Score } from './score.js';
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

export interface SectionMarkers {
  readonly begin: string;
  readonly end: string;
  /** The heading a new section gets when the document has no markers yet. */
  readonly heading: string;
}

const QUALITY_MARKERS: SectionMarkers = {
  begin: SECTION_BEGIN,
  end: SECTION_END,
  heading: '## Extraction quality: the labelled benchmark',
};

/** The document with the text between the markers replaced, or a new section with them at its end. */
export function replaceSection(document: string, body: string, markers: SectionMarkers = QUALITY_MARKERS): string {
  const section = `${markers.begin}\n${body}\n${markers.end}`;
  const begin = document.indexOf(markers.begin);
  const end = document.indexOf(markers.end);
  if (begin >= 0 && end > begin) return document.slice(0, begin) + section + document.slice(end + markers.end.length);
  const trimmed = document.replace(/\s*$/, '');
  return `${trimmed}${trimmed === '' ? '' : '\n\n'}${markers.heading}\n\n${section}\n`;
}

/**
 * How each hazard kind fared in one run (decision 69): of its statements, how many were handled
 * right — a positive saved (and its earlier version not kept), a negative left alone.
 */
export function formatHazardKinds(statements: readonly Statement[], score: Score): string {
  const wrong = new Set([...score.missed, ...score.negativesSaved.map((id) => id.replace(/:earlier$/, ''))]);
  return HAZARD_KINDS.map((kind) => {
    const ofKind = statements.filter((s) => s.hazard === kind);
    return `${kind} ${ofKind.filter((s) => !wrong.has(s.id)).length}/${ofKind.length}`;
  }).join(', ');
}
