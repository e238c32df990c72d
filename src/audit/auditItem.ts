/** What the person established before a compaction, which the work after it depends on. */
export type AuditItemKind = 'rule' | 'correction' | 'goal' | 'open-item' | 'fact';

/** Where an item was said: the entry's uuid and its line in the transcript. */
export interface EntryPlace {
  readonly uuid: string;
  readonly line: number;
}

export interface AuditItem {
  readonly kind: AuditItemKind;
  /** The item in the person's words (or the todo's, or the file's path). */
  readonly text: string;
  readonly from: EntryPlace;
  /** An open item that is a file being changed: carried by its path or name. */
  readonly file?: boolean;
}

/** Lost and said again afterwards is the strongest signal, so it sorts first (decision 78). */
export const VERDICTS = ['lost-restated', 'lost', 'paraphrased', 'kept'] as const;
export type Verdict = (typeof VERDICTS)[number];

export interface AuditedItem extends AuditItem {
  readonly verdict: Verdict;
  /** The later message that said it again, for `lost-restated`. */
  readonly restatedAt?: EntryPlace;
}

export type VerdictCounts = Readonly<Record<Verdict, number>>;

/** Whose compaction wrote a boundary: Claude Code's (automatic or manual) or memlog's. */
export type CompactionOrigin = 'claude-code' | 'memlog';

export interface BoundaryAudit {
  readonly uuid: string;
  readonly line: number;
  readonly trigger: string | null;
  readonly origin: CompactionOrigin;
  readonly preTokens: number | null;
  /** How many compact-summary messages the summary came in (Claude Code 2.1.337 may write it in three parts). */
  readonly summaryParts: number;
  readonly keptMessages: number;
  readonly counts: VerdictCounts;
  /** Every item, the lost and restated first, then the lost, the paraphrased and the kept. */
  readonly items: readonly AuditedItem[];
  /** Who judged: the offline matcher, or a model (by its id). */
  readonly judge: string;
}

export interface SessionAudit {
  readonly file: string;
  readonly sessionId: string | null;
  readonly boundaries: readonly BoundaryAudit[];
  /** Lines that could not be read as entries (each is a diagnostic of the reader, not audited). */
  readonly unreadableLines: number;
}

export function countVerdicts(items: readonly { readonly verdict: Verdict }[]): VerdictCounts {
  const counts: Record<Verdict, number> = { 'lost-restated': 0, lost: 0, paraphrased: 0, kept: 0 };
  for (const item of items) counts[item.verdict]++;
  return counts;
}

/** The items in report order: by verdict (lost and restated first), then as said. */
export function inReportOrder<T extends { readonly verdict: Verdict; readonly from: EntryPlace }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => VERDICTS.indexOf(a.verdict) - VERDICTS.indexOf(b.verdict) || a.from.line - b.from.line);
}
