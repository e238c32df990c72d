import { SingleBar } from 'cli-progress';
import { totalOf, type SessionCandidatesReport, type SessionEvent, type SessionReport } from '../jobs/index.js';

const NOT_CLAUDE_CODE = 'not a Claude Code transcript (no line is a Claude Code entry)';
const NO_CONVERSATION = 'no conversation to read (no message in it, only lines such as a summary)';

/**
 * A session with no message to read (a file holding only a summary line, as Claude Code leaves
 * beside a resumed session): neither read before nor "nothing new", since there never was anything.
 */
export const holdsNoConversation = (s: SessionCandidatesReport): boolean =>
  s.error === undefined && s.chunks === 0 && s.recordedBefore === 0 && s.sessionTokens === 0;

/** Why a session was not read: another extract held its project (left for the next run), or a failure. */
const notRead = (error: string, heldBy: number | undefined): string =>
  heldBy === undefined ? `FAILED: ${error}` : `left for the next run: ${error}`;

const perTurnLine = (report: SessionReport): string =>
  report.error !== undefined
    ? notRead(report.error, report.heldBy)
    : report.notClaudeCode === true
      ? NOT_CLAUDE_CODE
      : `${report.runs} run(s), ${totalOf(report.added)} added, ${totalOf(report.updated)} updated`;

/** `--per-turn`: a bar with counts and ETA on a terminal; a plain line per session otherwise. */
export function perTurnProgress(): { update: (event: SessionEvent) => void; stop: () => void } {
  if (process.stderr.isTTY !== true) {
    let done = 0;
    return {
      update: (event) => {
        if (event.type !== 'done') return;
        const { report } = event;
        process.stderr.write(`memlog: [${++done}] ${event.session}: ${perTurnLine(report)}\n`);
      },
      stop: () => undefined,
    };
  }
  const bar = new SingleBar({
    format: 'memlog extract [{bar}] {value}/{total} sessions | ETA {eta_formatted} | {memories} memories',
    stream: process.stderr,
    hideCursor: true,
  });
  let started = false;
  let memories = 0;
  return {
    update: (event) => {
      if (!started) {
        bar.start(event.type === 'start' ? event.total : 1, 0, { memories });
        started = true;
      }
      if (event.type === 'done') {
        memories += totalOf(event.report.added);
        bar.increment(1, { memories });
      }
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
}

const sessionLine = (s: SessionCandidatesReport & { submitted?: number; waiting?: number }, batch: boolean): string => {
  if (s.error !== undefined) return notRead(s.error, s.heldBy);
  if (s.notClaudeCode === true) return NOT_CLAUDE_CODE;
  if (!batch)
    return s.chunks > 0
      ? `${s.chunks} chunk(s) sent, ${s.candidates} candidate(s)`
      : holdsNoConversation(s)
        ? NO_CONVERSATION
        : `nothing new (${s.recordedBefore} chunk(s) read before)`;
  const out = (s.submitted ?? 0) > 0 ? '; the next chunk sent' : (s.waiting ?? 0) > 0 ? '; a chunk still out in a batch' : '';
  return `${s.chunks} chunk(s) answered, ${s.candidates} candidate(s)${out}`;
};

/** The backfill: a bar with counts and ETA on a terminal; a plain line per session otherwise. */
export function backfillProgress(batch: boolean): {
  start: (sessions: number) => void;
  session: (report: SessionCandidatesReport) => void;
  stop: () => void;
} {
  let total = 0;
  let done = 0;
  if (process.stderr.isTTY !== true)
    return {
      start: (sessions) => {
        total = sessions;
      },
      session: (report) => process.stderr.write(`memlog: [${++done}/${total}] ${report.session}: ${sessionLine(report, batch)}\n`),
      stop: () => undefined,
    };
  const bar = new SingleBar({
    format: 'memlog extract [{bar}] {value}/{total} sessions | ETA {eta_formatted} | {candidates} candidates',
    stream: process.stderr,
    hideCursor: true,
  });
  let candidates = 0;
  let started = false;
  return {
    start: (sessions) => {
      bar.start(sessions, 0, { candidates });
      started = true;
    },
    session: (report) => {
      candidates += report.candidates;
      bar.increment(1, { candidates });
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
}
