/**
 * What must differ between two runs that behave the same, rewritten before they are compared.
 * Everything else is compared byte for byte. Texts are latin1 strings: one char per byte, so
 * bytes that are not UTF-8 survive the round trip and are compared as they are.
 */

/** The wall-clock span of one version's run of one invocation, in epoch milliseconds. */
export interface ClockWindow {
  readonly start: number;
  readonly end: number;
}

/** A path a version's run prints that the other version's run prints differently, and its stand-in. */
export interface PathStandIn {
  readonly path: string;
  readonly standIn: string;
}

export interface Normalisation {
  readonly clock: ClockWindow;
  readonly paths: readonly PathStandIn[];
}

export const CLOCK = '<clock>';
const ISO_TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})/g;
/** The clock is read between spawn and exit; the slack covers rounding and a slow child start. */
const CLOCK_SLACK_MS = 2_000;
const PROGRESS_LINE = /^memlog: \[\d+\] /;

/**
 * ISO-8601 timestamps that fall inside the run's own clock window become `<clock>`: they are
 * readings of the clock (compact stamps its boundary with the time it ran). Timestamps copied
 * from a transcript lie outside the window and stay as they are.
 */
export function normaliseClock(text: string, window: ClockWindow): string {
  return text.replace(ISO_TIMESTAMP, (stamp) => {
    const at = Date.parse(stamp);
    return Number.isFinite(at) && at >= window.start - CLOCK_SLACK_MS && at <= window.end + CLOCK_SLACK_MS ? CLOCK : stamp;
  });
}

/**
 * Each version's own tree (a stack trace, a module URL) becomes its stand-in. Only the paths
 * listed are replaced, never their parents: the working tree is also where the fixtures live,
 * and fixture paths must stay as they are.
 */
export function normalisePaths(text: string, paths: readonly PathStandIn[]): string {
  let out = text;
  for (const { path, standIn } of paths) out = out.split(toLatin1(path)).join(standIn);
  return out;
}

/**
 * `memlog extract` works on two projects side by side and prints `memlog: [n] <session>: …` as
 * each session ends, so the order of those lines and their counters depend on timing. Each run of
 * such lines is sorted, with the counter replaced by `[n]`; what each line says is still compared.
 */
export function sortProgressLines(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length;) {
    if (!PROGRESS_LINE.test(lines[i] ?? '')) {
      out.push(lines[i++] ?? '');
      continue;
    }
    const run: string[] = [];
    while (i < lines.length && PROGRESS_LINE.test(lines[i] ?? '')) run.push((lines[i++] ?? '').replace(PROGRESS_LINE, 'memlog: [n] '));
    out.push(...run.sort());
  }
  return out.join('\n');
}

/** Claude Code's consolidation lock holds the PID of the process that took it: a number no two runs share. */
export const LOCK_HOLDER = '<pid>';
const CONSOLIDATE_LOCK_FILE = /(^|[\\/])\.consolidate-lock$/;

/** A written file's text, with the holder's PID of a consolidation lock left out. */
export function normaliseWrittenFile(relativePath: string, text: string): string {
  return CONSOLIDATE_LOCK_FILE.test(relativePath) ? text.replace(/^\d+(?=\s*$)/, LOCK_HOLDER) : text;
}

/** A run's bytes as a latin1 string with the clock and the version's own paths normalised. */
export function normalise(bytes: Buffer, normalisation: Normalisation): string {
  return normalisePaths(normaliseClock(bytes.toString('latin1'), normalisation.clock), normalisation.paths);
}

/** A path as it appears in a latin1 view of UTF-8 output. */
function toLatin1(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}
