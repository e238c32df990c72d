import { keptOnRequest } from '../../../src/model/offline/memoryRequest.js';
import { statementOf } from '../../../src/model/offline/statementFinders.js';
import { pieces } from '../../../src/model/offline/statementPieces.js';
import { finderOf } from '../../../src/model/offline/statementTrace.js';
import type { Judgement } from './realScore.js';

/**
 * Which kind of statement today's finders read a saved memory's sentence as (decision 116): a save of an older
 * extractor is attributed to the kind that would make it now, so a kind's precision on sessions nobody tuned on can be
 * read from the commits that added each batch. The sentence is taken back from the memory's body (its first paragraph,
 * then the words as said); "none today" is a sentence no finder reads now.
 */
export function kindOfSave(text: string): string {
  const body = text.split('\n').slice(2).join('\n');
  const [statement = ''] = body.split(/\n\n/);
  if (/^Chose .+ when asked: /s.test(statement)) return 'ask-choice';
  const quote = saidLine(body, 'Said as');
  if (quote !== undefined && keptOnRequest(quote) !== undefined) return 'kept-on-request';
  const answered =
    saidLine(body, 'Said to correct the assistant, which had said') ?? saidLine(body, 'Said to confirm the assistant, which had said');
  for (const words of [statement, quote]) {
    if (words === undefined) continue;
    const found = pieces(words)
      .map((piece, i) => statementOf(piece.text, answered, i === 0))
      .find((made) => made !== undefined);
    if (found !== undefined) return finderOf(found) ?? 'unnamed';
  }
  return 'none today';
}

/** The quoted words of a body's line that starts with `lead`: `Said as: "…"`. */
function saidLine(body: string, lead: string): string | undefined {
  const start = body.indexOf(`${lead}: "`);
  if (start < 0) return undefined;
  const from = start + lead.length + 3;
  const end = body.indexOf('"\n', from);
  return body.slice(from, end < 0 ? body.trimEnd().length - 1 : end);
}

export interface KindRow {
  readonly kind: string;
  readonly saves: number;
  readonly trueSaves: number;
}

/** Saves and true saves per kind, the most saved kind first. */
export function tallyKinds(judgements: readonly Judgement[], kindOf: (text: string) => string = kindOfSave): KindRow[] {
  const rows = new Map<string, { saves: number; trueSaves: number }>();
  for (const { memory, verdict } of judgements) {
    const kind = kindOf(memory.text);
    const row = rows.get(kind) ?? { saves: 0, trueSaves: 0 };
    row.saves++;
    if (verdict === 'true') row.trueSaves++;
    rows.set(kind, row);
  }
  return [...rows].map(([kind, row]) => ({ kind, ...row })).sort((a, b) => b.saves - a.saves || a.kind.localeCompare(b.kind));
}

/** The per-kind table in Markdown: saves, true, false, precision, and a total row. */
export function formatKindTable(rows: readonly KindRow[]): string {
  const total = rows.reduce((sum, row) => ({ kind: 'all', saves: sum.saves + row.saves, trueSaves: sum.trueSaves + row.trueSaves }), {
    kind: 'all',
    saves: 0,
    trueSaves: 0,
  });
  const line = (row: KindRow) =>
    `| ${row.kind} | ${row.saves} | ${row.trueSaves} | ${row.saves - row.trueSaves} | ${row.saves === 0 ? '–' : (row.trueSaves / row.saves).toFixed(2)} |`;
  return ['| kind | saves | true | false | precision |', '| --- | --- | --- | --- | --- |', ...rows.map(line), line(total)].join('\n');
}
