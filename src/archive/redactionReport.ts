import type { ManifestRecord } from './manifest.js';

/** What a redacting run replaced in one session's files (its transcript and the files beside it). */
export interface RedactedSession {
  /** `<project>/<session>`. */
  readonly session: string;
  readonly secrets: number;
  readonly byRule: Readonly<Record<string, number>>;
}

export interface RedactionSummary {
  /** The archive holds redacted versions, so this run redacted without being asked (decision 90). */
  readonly byArchive: boolean;
  /** Sessions in which this run replaced a secret, sorted. */
  readonly sessions: readonly RedactedSession[];
  /** Files whose earlier versions were stored before the archive redacted: their secrets stay there. */
  readonly filesWithUnredactedVersions: number;
}

/** The session a file key belongs to: `<project>/<session>` for `<project>/<session>.jsonl` and `<project>/<session>/…`. */
export const sessionOfKey = (key: string): string => {
  const [project = '', first = ''] = key.split('/');
  return `${project}/${first.endsWith('.jsonl') ? first.slice(0, -'.jsonl'.length) : first}`;
};

/** Gathers, as a redacting run stores pieces, what it replaced per session. */
export class RedactionReport {
  private readonly sessions = new Map<string, Record<string, number>>();
  private readonly unredacted: number;

  constructor(
    private readonly byArchive: boolean,
    history: ReadonlyMap<string, readonly (readonly ManifestRecord[])[]>,
  ) {
    this.unredacted = [...history.values()].filter((versions) => versions.flat().some((record) => record.redaction === undefined)).length;
  }

  add(key: string, byRule: Readonly<Record<string, number>>): void {
    if (Object.keys(byRule).length === 0) return;
    const session = sessionOfKey(key);
    const counts = this.sessions.get(session) ?? {};
    for (const [rule, n] of Object.entries(byRule)) counts[rule] = (counts[rule] ?? 0) + n;
    this.sessions.set(session, counts);
  }

  summary(): RedactionSummary {
    const sessions = [...this.sessions]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([session, byRule]) => ({ session, secrets: Object.values(byRule).reduce((sum, n) => sum + n, 0), byRule }));
    return { byArchive: this.byArchive, sessions, filesWithUnredactedVersions: this.unredacted };
  }
}
