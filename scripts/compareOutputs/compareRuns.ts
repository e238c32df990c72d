/** One version's run of one invocation, already normalised (latin1 strings, one char per byte). */
export interface VersionRun {
  readonly steps: readonly StepRun[];
  /** Every file in the invocation's work folder afterwards, by path relative to it. */
  readonly files: ReadonlyMap<string, string>;
}

export interface StepRun {
  /** `exit 0`, `signal SIGKILL` or `timed out after 600 s`. */
  readonly status: string;
  readonly stdout: string;
  readonly stderr: string;
}

/** Where two runs part: the facet (`stdout`, `file out/MEMORY.md`, …) and its first differing line. */
export interface Difference {
  readonly facet: string;
  /** 1-based; null when the facet is not text with lines (a status, a file present on one side only). */
  readonly line: number | null;
  readonly base: string;
  readonly head: string;
}

const ABSENT = '(absent)';
const END = '(end of output)';
const SHOWN_CHARS = 100;
const CONTEXT_CHARS = 30;

/** Every facet on which the two runs differ, in a fixed order: per step status, stdout, stderr, then files by path. */
export function compareRuns(base: VersionRun, head: VersionRun): Difference[] {
  const differences: Difference[] = [];
  const steps = Math.max(base.steps.length, head.steps.length);
  for (let i = 0; i < steps; i++) {
    const prefix = steps > 1 ? `step ${i + 1} ` : '';
    const [a, b] = [base.steps[i], head.steps[i]];
    // A run that timed out proved nothing, even when the other one timed out as well.
    if (a?.status !== b?.status || timedOut(a) || timedOut(b))
      differences.push({ facet: `${prefix}status`, line: null, base: a?.status ?? ABSENT, head: b?.status ?? ABSENT });
    for (const stream of ['stdout', 'stderr'] as const) {
      const found = firstDifferingLine(a?.[stream] ?? '', b?.[stream] ?? '');
      if (found !== null) differences.push({ facet: `${prefix}${stream}`, ...found });
    }
  }
  const paths = [...new Set([...base.files.keys(), ...head.files.keys()])].sort();
  for (const path of paths) {
    const [a, b] = [base.files.get(path), head.files.get(path)];
    if (a === undefined || b === undefined)
      differences.push({
        facet: `file ${path}`,
        line: null,
        base: a === undefined ? ABSENT : 'present',
        head: b === undefined ? ABSENT : 'present',
      });
    else {
      const found = firstDifferingLine(a, b);
      if (found !== null) differences.push({ facet: `file ${path}`, ...found });
    }
  }
  return differences;
}

/** The first line (1-based) on which two texts differ, both sides shown; null when they are equal. */
export function firstDifferingLine(base: string, head: string): { line: number; base: string; head: string } | null {
  if (base === head) return null;
  const [a, b] = [base.split('\n'), head.split('\n')];
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i >= a.length || i >= b.length)
    return { line: i + 1, base: i < a.length ? shown(utf8(a[i] ?? ''), 0) : END, head: i < b.length ? shown(utf8(b[i] ?? ''), 0) : END };
  const [lineA, lineB] = [utf8(a[i] ?? ''), utf8(b[i] ?? '')];
  let column = 0;
  while (column < lineA.length && lineA[column] === lineB[column]) column++;
  const from = Math.max(0, column - CONTEXT_CHARS);
  return { line: i + 1, base: shown(lineA, from), head: shown(lineB, from) };
}

/** One line for an invocation that differs: its first differing facet with both sides, and the names of the others. */
export function formatDifferences(label: string, differences: readonly Difference[]): string {
  const [first, ...rest] = differences;
  if (first === undefined) return `identical: ${label}`;
  const where = first.line === null ? first.facet : `${first.facet} line ${first.line}`;
  const also = rest.length === 0 ? '' : ` (also: ${rest.map((d) => d.facet).join(', ')})`;
  return `differs: ${label}: ${where}: base ${first.base} | head ${first.head}${also}`;
}

export function formatSummary(counts: { readonly invocations: number; readonly identical: number; readonly differ: number }): string {
  return `${counts.invocations} invocations, ${counts.identical} identical, ${counts.differ} differ`;
}

/**
 * A line quoted so that whitespace and control characters show, from a little before the first
 * differing character (long JSON lines differ far from their start) and cut to a readable length.
 */
function shown(line: string, from: number): string {
  const text = line.slice(from);
  return `${from > 0 ? '…' : ''}${JSON.stringify(text.length > SHOWN_CHARS ? text.slice(0, SHOWN_CHARS) : text)}${text.length > SHOWN_CHARS ? '…' : ''}`;
}

function timedOut(step: StepRun | undefined): boolean {
  return step?.status.startsWith('timed out') === true;
}

function utf8(latin1Line: string): string {
  return Buffer.from(latin1Line, 'latin1').toString('utf8');
}
