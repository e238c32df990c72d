import { selectModel } from '../../../src/jobs/index.js';
import { replaceSection, type SectionMarkers } from '../table.js';
import { loadGold, REAL_HALVES, type RealHalf } from './realGold.js';
import { formatRealDetail, formatRealTable, formatRealTypes, type RealRow } from './realTable.js';
import { runReal } from './runReal.js';

export const REAL_MARKERS: SectionMarkers = {
  begin: '<!-- bench:quality-real:begin -->',
  end: '<!-- bench:quality-real:end -->',
  heading: '## Extraction quality: real sessions',
};

/** The halves `--real-half` names; `all` is both. */
export function realHalves(name: string): RealHalf[] | undefined {
  if (name === 'all') return [...REAL_HALVES];
  return (REAL_HALVES as readonly string[]).includes(name) ? [name as RealHalf] : undefined;
}

/** Runs the offline extractor over each half's real sessions and scores it (decision 67). */
export async function runRealHalves(halves: readonly RealHalf[]): Promise<RealRow[]> {
  const rows: RealRow[] = [];
  for (const half of halves)
    rows.push({ extractor: 'offline', half, ...(await runReal(loadGold(half), selectModel({ model: 'offline' }))) });
  return rows;
}

/** The per-memory detail, for the development half only: the aside half is scored by totals only. */
export function realDetail(rows: readonly RealRow[]): string {
  return rows
    .filter((row) => row.half === 'dev')
    .map(formatRealDetail)
    .join('\n');
}

/** The document with the real-session section replaced by the table and how it was made. */
export function withRealSection(document: string, table: string, date: string): string {
  const body = [
    `\`npm run bench:quality\` (or \`-- --real-only\`; ${date}): real public Claude Code sessions (bench/quality/real/sessions/, sources in`,
    "its SOURCES.md), each with a gold list written by reading the person's prompts and AskUserQuestion answers",
    '(bench/quality/real/gold/), through `memlog extract` (two phases, the default), offline model. Dev: developed against;',
    "aside: one third kept aside, scored by totals only. Every saved memory is judged against its project's gold: the first",
    "memory holding an item's words is a true save; one holding only found items a duplicate; then a superseded fact; then the",
    "trap it holds names its cause (pasted material, a task, a status, a question, the assistant's words); else `other`.",
    'Precision: true saves over saved. Recall: items some memory found, certain ones and all. The strict reading of recall',
    '(decision 153) credits each memory with at most one item and each item with at most one memory, in the assignment that',
    'finds the most certain items; `holding several items` counts the memories the first-come reading credits more than once.',
    "Secrets: src/secrets' scanner over every memory file. The second table: certain recall per memory type of the item.",
    'Targets (aside half): precision ≥ 0.8, recall (certain) ≥ 0.6, duplicates 0, secrets 0.',
    '',
    table,
  ].join('\n');
  return replaceSection(document, body, REAL_MARKERS);
}

export { formatRealTable, formatRealTypes };
