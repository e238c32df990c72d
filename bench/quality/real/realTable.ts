import { FALSE_CAUSES, type Judgement } from './realScore.js';
import type { RealHalf } from './realGold.js';
import type { RealRun } from './runReal.js';

export interface RealRow extends RealRun {
  readonly extractor: string;
  readonly half: RealHalf;
}

// Decision 153's strict reading beside the first-come one.
const STRICT = ['holding several items', 'memories given an item, one item each', 'recall (certain), one item each'];

export const ratio = (found: number, total: number): string => (total === 0 ? '–' : `${(found / total).toFixed(2)} (${found}/${total})`);

/** The real-session results as a Markdown table, one row per extractor × half: totals only. */
export function formatRealTable(rows: readonly RealRow[]): string {
  const causes = FALSE_CAUSES.map((cause) => `false: ${cause}`);
  const head = [
    'extractor',
    'half',
    'sessions',
    'saved',
    'precision',
    'recall (certain)',
    'recall (all)',
    ...STRICT,
    ...causes,
    'secrets',
    's',
  ];
  const lines = [`| ${head.join(' | ')} |`, `|${' --- |'.repeat(head.length)}`];
  for (const row of rows) {
    const s = row.score;
    const cells = [
      row.extractor,
      row.half,
      s.sessions,
      s.saved,
      s.precision === null ? '–' : `${s.precision.toFixed(2)} (${s.trueSaves}/${s.saved})`,
      ratio(s.certain.found, s.certain.total),
      ratio(s.all.found, s.all.total),
      s.holdingSeveral,
      ratio(s.oneItemEach.trueSaves, s.saved),
      ratio(s.oneItemEach.certain.found, s.oneItemEach.certain.total),
      ...FALSE_CAUSES.map((cause) => s.falseSaves[cause]),
      row.secrets,
      (row.ms / 1000).toFixed(1),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** Recall of certain items per memory type, one row per extractor × half: where the misses are, totals only. */
export function formatRealTypes(rows: readonly RealRow[]): string {
  const types = ['user', 'feedback', 'project', 'reference'] as const;
  const lines = [`| extractor | half | ${types.map((type) => `certain ${type}`).join(' | ')} |`, `|${' --- |'.repeat(types.length + 2)}`];
  for (const row of rows) {
    const cells = types.map((type) => ratio(row.score.certainByType[type].found, row.score.certainByType[type].total));
    lines.push(`| ${row.extractor} | ${row.half} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

const firstLine = (judgement: Judgement): string => judgement.memory.text.split('\n', 1)[0]!.slice(0, 80);

/** The per-memory detail of a development run: each false save's cause, and the certain items missed. */
export function formatRealDetail(row: RealRow): string {
  if (row.half !== 'dev') throw new Error(`the ${row.half} half is scored by totals only`);
  const falses = row.score.judgements.filter((judgement) => judgement.verdict !== 'true');
  return [
    `${row.extractor} ${row.half}: missed certain ${row.score.missedCertain.join(' ') || '-'}`,
    ...falses.map(
      (judgement) => `  false ${judgement.verdict}: ${judgement.memory.project}/${judgement.memory.filename} "${firstLine(judgement)}"`,
    ),
  ].join('\n');
}
