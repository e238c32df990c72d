/** `memlog report --json`'s one object (decision 115): the session rows and the paths the walk could not read. */
export interface ReportJson<Row> {
  readonly rows: Row[];
  readonly unreadable: { readonly path: string; readonly reason: string }[];
}

/** The rows of `memlog report --json`'s stdout. */
export function reportRows<Row = Record<string, unknown>>(stdout: string): Row[] {
  return (JSON.parse(stdout) as ReportJson<Row>).rows;
}

/** The line `memlog inspect --json` writes for a path its walk could not read: its error row, plus the `unreadable` item's fields. */
export function inspectSkippedLine(path: string, reason: string): string {
  return JSON.stringify({ file: path, error: `${path}: ${reason}`, path, reason });
}
