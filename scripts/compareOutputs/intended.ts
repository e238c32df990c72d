import { z } from 'zod';

/**
 * One invocation whose output changed on purpose between the list's base and the head: its label
 * as the report prints it (`*` stands for any text), the decision that changed it and why.
 */
export const IntendedDifference = z.strictObject({
  label: z.string().min(1),
  decision: z.number().int().positive(),
  reason: z.string().min(1),
});
export type IntendedDifference = z.infer<typeof IntendedDifference>;

/** scripts/compareOutputs.intended.json: what changed on purpose since `base` (decision 92). */
export const IntendedList = z.strictObject({
  base: z.string().min(1),
  differences: z.array(IntendedDifference),
});
export type IntendedList = z.infer<typeof IntendedList>;

/** What the list makes of one run's results. */
export interface Verdict {
  /** Differences the list names, each with the entry that names it. */
  readonly intended: readonly { readonly label: string; readonly entry: IntendedDifference }[];
  /** Differences the list does not name: regressions until explained. */
  readonly unexplained: readonly string[];
  /** Entries that name an invocation found identical, or, over the whole set, no invocation at all. */
  readonly stale: readonly { readonly entry: IntendedDifference; readonly why: string }[];
}

/** Thrown for a list that is not valid JSON of the expected shape: the comparison cannot be judged. */
export class IntendedListError extends Error {}

/** The list's text checked; `source` names it in the error. */
export function parseIntendedList(text: string, source: string): IntendedList {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new IntendedListError(`${source}: not JSON (${(error as Error).message})`);
  }
  const parsed = IntendedList.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new IntendedListError(`${source}: ${issue?.path.join('.') || 'top level'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** Whether an entry's label, `*` standing for any text, names this invocation. */
export function labelMatches(pattern: string, label: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`, 's').test(label);
}

/**
 * Sorts each result by the list. `wholeSet` is false when `--filter` ran only part of the
 * invocations: an entry that names none of them is then not stale, since it may name one left out.
 */
export function judge(
  results: readonly { readonly label: string; readonly differs: boolean }[],
  entries: readonly IntendedDifference[],
  wholeSet: boolean,
): Verdict {
  const intended: { label: string; entry: IntendedDifference }[] = [];
  const unexplained: string[] = [];
  for (const { label, differs } of results) {
    if (!differs) continue;
    const entry = entries.find((e) => labelMatches(e.label, label));
    if (entry === undefined) unexplained.push(label);
    else intended.push({ label, entry });
  }
  return { intended, unexplained, stale: staleEntries(results, entries, wholeSet) };
}

function staleEntries(
  results: readonly { readonly label: string; readonly differs: boolean }[],
  entries: readonly IntendedDifference[],
  wholeSet: boolean,
): { entry: IntendedDifference; why: string }[] {
  const stale: { entry: IntendedDifference; why: string }[] = [];
  for (const entry of entries) {
    const named = results.filter((r) => labelMatches(entry.label, r.label));
    const identical = named.filter((r) => !r.differs);
    if (identical.length > 0) stale.push({ entry, why: `no longer differs: ${identical.map((r) => r.label).join('; ')}` });
    else if (named.length === 0 && wholeSet) stale.push({ entry, why: 'names no invocation' });
  }
  return stale;
}

/** The lines that say what the list made of a run, one per stale entry and per unexplained difference. */
export function formatVerdict(verdict: Verdict): string[] {
  return [
    ...verdict.stale.map(({ entry, why }) => `listed in the intended differences (decision ${entry.decision}) but ${why}: ${entry.label}`),
    ...verdict.unexplained.map((label) => `not listed as intended: ${label}`),
  ];
}
