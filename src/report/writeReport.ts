import { basename, dirname, join, relative, resolve } from 'node:path';
import { atomicWrite } from '../fs/atomicWrite.js';
import { statOrNull } from '../fs/fileKind.js';
import type { ReplaySettings } from '../pipeline/replayDecider.js';
import type { SkippedPath } from '../transcript/transcriptFiles.js';
import { describePolicy } from '../pipeline/policySettings.js';
import { ConsolidatedMemories } from './consolidatedMemories.js';
import { findReportSessions, type ReportSessionOptions } from './findReportSessions.js';
import { loadSession } from './loadSession.js';
import { projectEffects } from './findProjectEffects.js';
import { renderIndexPage } from './renderIndexPage.js';
import { renderSessionPage } from './renderSessionPage.js';
import { pageNames, rowOf, type ReportRow } from './reportRow.js';
import { buildSessionView, type SessionView } from './sessionView.js';
import { buildSessionTotals, type SessionSummary } from './sessionTotals.js';

export interface ReportOptions extends ReportSessionOptions {
  readonly root: string;
  readonly settings?: ReplaySettings;
  /** The index page to write; the session pages go in `sessions/` beside it. None: rows only. */
  readonly html?: string;
  /** A progress display for reading one transcript of `bytes` (the CLI's bar on a terminal). */
  readonly readProgress?: (file: string, bytes: number) => { readonly read: (bytes: number) => void; readonly stop: () => void };
  /** Paths under the root the walk could not read (a link loop, a pipe), listed on the index page below the sessions (decision 111). */
  readonly unreadable?: readonly SkippedPath[];
}

export interface Report {
  readonly rows: readonly ReportRow[];
  /** Pages written, the index included. */
  readonly pages: number;
}

/** Pages are for sharing: readable by others, unlike memory files. */
const PAGE_MODE = 0o644;

/**
 * Replays every session under a projects folder and, with `html`, writes a page for each and an
 * index linking them. One session at a time is held in memory; a session that cannot be read
 * becomes a row saying why.
 */
export async function writeReport(options: ReportOptions): Promise<Report> {
  const sessions = findReportSessions(options.root, options);
  const names = pageNames(sessions);
  const indexDir = options.html === undefined ? null : dirname(resolve(options.html));
  const rows: ReportRow[] = [];
  const consolidated = new ConsolidatedMemories();
  for (const [i, s] of sessions.entries()) {
    const page = `sessions/${names[i] ?? 'session.html'}`;
    try {
      // The transcript is read lazily while the view is built, in one walk: the bar follows that walk.
      const progress = options.readProgress?.(s.path, statOrNull(s.path)?.size ?? 0);
      let loaded;
      let summary: SessionSummary;
      let full: SessionView | null = null;
      try {
        loaded = loadSession(s.path, `${s.project} / ${s.session}`, s.effectLogs, progress?.read);
        // A link, not a path: characters such as # or ? in the file name must not end it early.
        const backLink = options.html === undefined ? undefined : `../${encodeURIComponent(basename(options.html))}`;
        const inputs = {
          ...loaded.inputs,
          ...(options.settings === undefined ? {} : { settings: options.settings }),
          ...(backLink === undefined ? {} : { backLink }),
        };
        // A row needs the totals only: without pages, nothing of the session is kept (decision 55).
        if (indexDir === null) summary = buildSessionTotals(inputs);
        else {
          const view = buildSessionView(inputs);
          summary = full = options.settings?.policy === undefined ? view : { ...view, policy: describePolicy(options.settings.policy) };
        }
      } finally {
        progress?.stop();
      }
      const phaseTwo = consolidated.writtenFor(s.memoryDir, s.session);
      if (phaseTwo > 0) {
        const totals = { ...summary.totals, memoriesWritten: summary.totals.memoriesWritten + phaseTwo };
        if (full === null) summary = { ...summary, totals };
        else summary = full = { ...full, totals };
      }
      if (indexDir !== null && full !== null) await atomicWrite(join(indexDir, page), renderSessionPage(full), PAGE_MODE);
      rows.push(rowOf(s.project, s.session, indexDir === null ? null : page, summary, s.effectLogs.length, loaded.effectDiagnostics));
    } catch (error) {
      rows.push({
        project: s.project,
        session: s.session,
        page: null,
        bytes: null,
        diagnostics: 0,
        effectLogs: s.effectLogs.length,
        effectDiagnostics: 0,
        totals: null,
        error: (error as Error).message,
      });
    }
  }
  if (options.html !== undefined) {
    const title = `memlog report: ${basename(resolve(options.root))}`;
    // Named below the root, as the rows name projects: the pages are for sharing, without host paths.
    const unreadable = (options.unreadable ?? []).map(({ path, reason }) => ({ path: relative(resolve(options.root), path), reason }));
    await atomicWrite(resolve(options.html), renderIndexPage(title, rows, await projectEffects(sessions), unreadable), PAGE_MODE);
  }
  return { rows, pages: options.html === undefined ? 0 : rows.filter((r) => r.page !== null).length + 1 };
}
