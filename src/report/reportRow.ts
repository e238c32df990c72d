import type { SessionSummary } from './sessionTotals.js';
import type { SessionTotals } from './sessionView.js';

/** One session's line in the report: where it is, its page, and its totals. */
export interface ReportRow {
  readonly project: string;
  readonly session: string;
  /** The session page, relative to the index page; null without pages. */
  readonly page: string | null;
  readonly bytes: number | null;
  readonly diagnostics: number;
  readonly effectLogs: number;
  readonly effectDiagnostics: number;
  readonly totals: SessionTotals | null;
  /** Why the session could not be read (the file vanished, no permission). */
  readonly error: string | null;
}

export function rowOf(
  project: string,
  session: string,
  page: string | null,
  view: SessionSummary,
  effectLogs: number,
  effectDiagnostics: number,
): ReportRow {
  return {
    project,
    session,
    page,
    bytes: view.bytes,
    diagnostics: view.diagnostics,
    effectLogs,
    effectDiagnostics,
    totals: view.totals,
    error: null,
  };
}

/**
 * A page's file name for a session: project and session, reduced to characters safe in any file
 * system and URL; a name already taken gets a number, so two sessions never share a page.
 */
export function pageNames(sessions: ReadonlyArray<{ readonly project: string; readonly session: string }>): string[] {
  const taken = new Set<string>();
  return sessions.map(({ project, session }) => {
    const base =
      `${project}__${session}`
        .replace(/[^A-Za-z0-9._-]+/g, '_')
        .replace(/^[._]+/, '')
        .slice(0, 180) || 'session';
    let name = `${base}.html`;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}-${n}.html`;
    taken.add(name.toLowerCase());
    return name;
  });
}
