import { relative } from 'node:path';
import type { BackfillReport, ExtractReport, FoundUnderRoot, SkippedTranscript as SkippedPath } from '../jobs/index.js';
import { holdsNoConversation } from './extractProgress.js';
import { unreadableLine } from './reportSkipped.js';
import { thousands } from './thousands.js';

// extractPlan.ts takes it from here.
export { thousands };

const counts = (byType: Readonly<Record<string, number>>): string => {
  const parts = Object.entries(byType)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([type, count]) => `${type} ${count}`);
  return parts.length === 0 ? 'none' : parts.join(', ');
};

const shown = (path: string): string => relative(process.cwd(), path) || path;

/** `memlog extract --per-turn`'s report, in a few lines. */
export function formatPerTurnReport(report: ExtractReport, model: string, policy?: string, notRead: readonly SkippedPath[] = []): string {
  const lines = [
    sessionsLine(report, report.sessions, report.processed, (s) => s.runs > 0),
    ...skippedLine(notRead),
    `  memories added: ${counts(report.added)}; updated: ${counts(report.updated)}; unchanged: ${report.unchanged}`,
    `  model tokens: ${thousands(report.tokens.input)} in, ${thousands(report.tokens.output)} out (${model} model)`,
    ...(policy === undefined ? [] : [`  ${policy}`]),
  ];
  const skips = Object.values(report.skipped).reduce((n, c) => n + c, 0);
  if (skips > 0)
    lines.push(
      `  gates: ${skips} run(s) skipped (${counts(report.skipped).replaceAll('_', ' ')}); about ${thousands(report.tokensSaved)} input tokens not sent (each skipped run's context, once)`,
    );
  const looks = report.firstLooks;
  if (looks.yes + looks.no + looks.none > 0)
    lines.push(
      `  first looks: ${looks.yes + looks.no + looks.none} asked: yes ${looks.yes}, no ${looks.no}, no answer ${looks.none} (no answer never skips)`,
    );
  if (report.batch !== undefined) {
    const { batchIds, submitted, waiting } = report.batch;
    lines.push(
      `  message batches: ${submitted} request(s) sent${batchIds.length === 0 ? '' : ` in ${batchIds.join(', ')}`}; ${waiting} still processing from earlier batches${submitted + waiting > 0 ? '; run memlog extract --per-turn --batch again later to collect them' : ''}`,
    );
  }
  if (report.projects.length === 0) lines.push(nothingFound(notRead));
  if (report.failedRuns > 0)
    lines.push(
      `  ${report.failedRuns} run(s) FAILED; their messages are covered again by the session's next run, or by the next memlog extract`,
    );
  const unreadable = report.sessions.flatMap((s) => (s.error === undefined || s.heldBy !== undefined ? [] : [`    ${s.error}`]));
  if (unreadable.length > 0) lines.push(`  ${unreadable.length} session(s) could not be read:`, ...unreadable);
  lines.push(...heldLines(report.sessions));
  lines.push(...unreadLines(report.sessions.map((s) => ({ session: s.session, lines: s.diagnostics }))));
  lines.push(...notClaudeCodeLines(report.sessions));
  const dropped = report.sessions.flatMap((s) => s.indexDropped);
  if (dropped.length > 0)
    lines.push(
      `  MEMORY.md kept within 200 lines / 25,000 characters: ${dropped.length} index line(s) left it (their files stay): ${dropped.join(' | ')}`,
    );
  for (const project of report.projects)
    lines.push(`  ${shown(project.memoryDir)}: ${project.memories} memor${project.memories === 1 ? 'y' : 'ies'}`);
  return `${lines.join('\n')}\n`;
}

interface SessionOutcome {
  readonly session: string;
  readonly error?: string;
  readonly notClaudeCode?: true;
  readonly heldBy?: number;
}

/**
 * The summary's first line: what the run found, then each session reported counted once, by what became of it, and
 * what was left for the next run (a project another extract holds). A session that failed, a file that is not
 * Claude Code's or one with no conversation is not one "with nothing new" (each is listed below, with why).
 */
function sessionsLine<S extends SessionOutcome>(
  { found, left }: { readonly found: FoundUnderRoot; readonly left: number },
  sessions: readonly S[],
  processed: number,
  wasProcessed: (session: S) => boolean,
  holdsNothing: (session: S) => boolean = () => false,
): string {
  const held = sessions.filter((s) => s.heldBy !== undefined).length;
  const failed = sessions.filter((s) => s.error !== undefined && s.heldBy === undefined && !wasProcessed(s)).length;
  const foreign = sessions.filter((s) => s.notClaudeCode === true && s.error === undefined && !wasProcessed(s)).length;
  const empty = sessions.filter((s) => s.notClaudeCode !== true && holdsNothing(s)).length;
  const others = [
    ...(empty === 0 ? [] : [`${empty} with no conversation`]),
    ...(failed === 0 ? [] : [`${failed} failed`]),
    ...(foreign === 0 ? [] : [`${foreign} not a Claude Code transcript`]),
    ...(left === 0 ? [] : [`${left} left for the next run`]),
  ];
  const nothingNew = sessions.length - processed - failed - foreign - empty - held;
  return `memlog extract: ${found.projects} project(s), ${found.sessions} session(s): ${processed} processed, ${nothingNew} with nothing new${others.map((o) => `, ${o}`).join('')}`;
}

/** The paths the walk could not read, counted apart from the sessions: none of them is a session that failed (decision 111). */
const skippedLine = (unreadable: readonly SkippedPath[]): string[] => (unreadable.length === 0 ? [] : [`  ${unreadableLine(unreadable)}`]);

/** Files that hold entries, none of a kind Claude Code writes (another tool's log): nothing was read from them, so say so. */
function notClaudeCodeLines(sessions: readonly SessionOutcome[]): string[] {
  const listed = sessions.flatMap((s) => (s.notClaudeCode === true ? [`    ${s.session} (memlog inspect lists its kinds)`] : []));
  return listed.length === 0
    ? []
    : [`  ${listed.length} file(s) hold no Claude Code entry (not Claude Code transcripts), left out:`, ...listed];
}

/** Sessions read with lines that are not entries (a damaged or over-long line): their words were left out, so say so. */
function unreadLines(sessions: ReadonlyArray<{ readonly session: string; readonly lines: number }>): string[] {
  const listed = sessions.flatMap((s) =>
    s.lines === 0 ? [] : [`    ${s.session}: ${s.lines} line(s) not read (memlog inspect lists them)`],
  );
  return listed.length === 0 ? [] : [`  ${listed.length} session(s) with lines that are not entries, left out:`, ...listed];
}

/**
 * Why no session was read: where paths were skipped, the folder was the right one and nothing in it could be read;
 * otherwise it may not be a projects folder at all.
 */
const nothingFound = (notRead: readonly SkippedPath[]): string =>
  notRead.length > 0
    ? '  nothing readable found there: no transcript could be read'
    : '  no transcripts found there (a projects folder holds one folder per project, each with <session>.jsonl files)';

/** `memlog extract`'s report (the two-phase backfill), in a few lines. */
export function formatBackfillReport(report: BackfillReport, model: string, notRead: readonly SkippedPath[] = []): string {
  const chunks = report.sessions.reduce((sum, s) => sum + s.chunks, 0);
  const candidates = report.sessions.reduce((sum, s) => sum + s.candidates, 0);
  const alreadySaved = report.sessions.reduce((sum, s) => sum + s.alreadySaved, 0);
  const lines = [
    sessionsLine(report, report.sessions, report.processed, (s) => s.chunks > 0, holdsNoConversation),
    ...skippedLine(notRead),
    `  phase 1 (each session read once): ${chunks} chunk(s) ${report.batch === undefined ? 'sent' : 'answered'}, ${candidates} candidate(s) recorded${alreadySaved === 0 ? '' : `, ${alreadySaved} left out (the session's assistant had saved them itself)`}`,
    `  model tokens: ${thousands(report.tokens.input)} in, ${thousands(report.tokens.output)} out (${model} model); the sessions' own size: ${thousands(report.sessionTokens)}`,
  ];
  if (report.batch !== undefined) {
    const { batchIds, submitted, waiting } = report.batch;
    lines.push(
      `  message batches: ${submitted} chunk(s) sent${batchIds.length === 0 ? '' : ` in ${batchIds.join(', ')}`}; ${waiting} still processing from earlier batches${submitted + waiting > 0 ? "; run memlog extract --batch again later to collect them (a project's phase 2 waits for them)" : ''}`,
    );
  }
  if (report.projects.length === 0) lines.push(nothingFound(notRead));
  if (report.failedRuns > 0)
    lines.push(
      `  ${report.failedRuns} chunk request(s) FAILED; ${report.batch === undefined ? 'the next memlog extract starts again from them' : 'sent again in this batch'}`,
    );
  const unreadable = report.sessions.flatMap((s) =>
    s.error === undefined || s.failed > 0 || s.heldBy !== undefined ? [] : [`    ${s.error}`],
  );
  if (unreadable.length > 0) lines.push(`  ${unreadable.length} session(s) could not be read:`, ...unreadable);
  lines.push(...heldLines(report.sessions));
  lines.push(...unreadLines(report.sessions.map((s) => ({ session: s.session, lines: s.unreadLines }))));
  lines.push(...notClaudeCodeLines(report.sessions));
  for (const project of report.projects) {
    const { consolidated } = project;
    const merged =
      consolidated.error !== undefined
        ? ` (FAILED: ${consolidated.error}; its candidates wait for the next memlog extract)`
        : consolidated.chunks === 0
          ? ''
          : ` (${consolidated.candidates} candidate(s) from ${consolidated.chunks} chunk(s), ${consolidated.changes} change(s)${consolidated.tokens === undefined ? '' : `; the agent: ${thousands(consolidated.tokens.input)} tokens in, ${thousands(consolidated.tokens.output)} out`})`;
    lines.push(
      `  ${shown(project.memoryDir)}: ${project.memories} memor${project.memories === 1 ? 'y' : 'ies'}; phase 2: ${consolidated.status}${merged}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The projects another memlog extract was working on: left for the next run, not unreadable. */
function heldLines(sessions: ReadonlyArray<{ readonly error?: string; readonly heldBy?: number }>): string[] {
  const held = sessions.flatMap((s) => (s.heldBy === undefined || s.error === undefined ? [] : [`    ${s.error}`]));
  return held.length === 0 ? [] : [`  ${held.length} project(s) left for the next memlog extract, which does them:`, ...held];
}
