/** What the team store needs of a PostgreSQL-speaking database: its two drivers implement it. */
export interface SqlQueryable {
  query<Row>(text: string, params?: readonly unknown[]): Promise<{ readonly rows: Row[] }>;
  /** Several statements without parameters (a migration). */
  script(text: string): Promise<void>;
}

export interface SqlDatabase extends SqlQueryable {
  /** For messages and logs: which driver, and where (never a password). */
  readonly description: string;
  /** Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A `bytea` as either driver returns it (a Buffer from pg, a Uint8Array from PGlite), as text. */
export function bytesToText(value: Uint8Array): string {
  return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('utf8');
}
