import { z } from 'zod';

const StoredVersion = z.object({ ref: z.string(), commit: z.string() });

/** What `--judge` needs of an earlier run's `--json` report. */
export const StoredReport = z.object({
  base: StoredVersion,
  head: StoredVersion,
  /** Absent in reports written before filters were recorded: taken as a part of the set. */
  filters: z.array(z.string()).optional(),
  results: z.array(
    z.object({
      label: z.string(),
      differences: z.array(z.object({ facet: z.string(), line: z.number().nullable(), base: z.string(), head: z.string() })),
    }),
  ),
});
export type StoredReport = z.infer<typeof StoredReport>;

/** Thrown for reports that cannot be judged together: exit status 3. */
export class StoredReportError extends Error {}

/** One report's text checked; `source` names it in the error. */
export function parseStoredReport(text: string, source: string): StoredReport {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new StoredReportError(`${source}: not JSON (${(error as Error).message})`);
  }
  const parsed = StoredReport.safeParse(json);
  if (!parsed.success) throw new StoredReportError(`${source}: not a compare-outputs --json report (${parsed.error.issues[0]?.message})`);
  return parsed.data;
}

/**
 * Several runs of the same two commits as one: results by label, a later report's result
 * replacing an earlier one's (a rerun of part of the set after a fix to the comparison itself).
 */
export function mergeReports(reports: readonly StoredReport[]): {
  base: StoredReport['base'];
  head: StoredReport['head'];
  wholeSet: boolean;
  results: StoredReport['results'];
} {
  const [first] = reports;
  if (first === undefined) throw new StoredReportError('no report to judge');
  for (const report of reports)
    if (report.base.commit !== first.base.commit || report.head.commit !== first.head.commit)
      throw new StoredReportError(
        `the reports compare different commits: ${first.base.commit}..${first.head.commit} and ${report.base.commit}..${report.head.commit}`,
      );
  const byLabel = new Map<string, StoredReport['results'][number]>();
  for (const report of reports) for (const result of report.results) byLabel.set(result.label, result);
  return {
    base: first.base,
    head: first.head,
    wholeSet: reports.some((report) => report.filters?.length === 0),
    results: [...byLabel.values()],
  };
}
