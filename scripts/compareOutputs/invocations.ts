import { basename, dirname, join } from 'node:path';

/** Stands for the invocation's work folder in arguments; it is at the same path for both versions. */
export const WORK = '{work}';

/** One command (or a short chain of them) run by both versions and compared. */
export interface Invocation {
  /** What a report line shows and `--filter` matches: the command with paths as the repository names them. */
  readonly label: string;
  /** Argument lists after `memlog`, run one after another in the same work folder. */
  readonly steps: readonly (readonly string[])[];
  /** Copied into the work folder afresh before each version runs (timestamps kept), for commands that write. */
  readonly copies: readonly { readonly from: string; readonly to: string }[];
  /** stderr holds `memlog extract`'s per-session lines, whose order depends on timing. */
  readonly progressLines: boolean;
}

export interface Transcript {
  readonly path: string;
  /** The uuid of a message near the middle of the file, for `replay --at`; null when it has none. */
  readonly uuid: string | null;
  /** What a command that writes beside the transcript may also read: its session folder, its `.meta.json`, `memory/`. */
  readonly companions: readonly string[];
}

export interface MemoryDir {
  readonly path: string;
  /** A memory to ask `memory why` about; null when the folder holds only the index. */
  readonly memory: string | null;
}

export interface FixtureSet {
  readonly transcripts: readonly Transcript[];
  /** Projects folders, project folders and plain folders of transcripts. */
  readonly folders: readonly string[];
  readonly memoryDirs: readonly MemoryDir[];
}

/**
 * The invocation set: every read-only command over every transcript and folder as they are, and
 * every writing command over a copy. `display` turns an absolute path into the label's form.
 */
export function buildInvocations(fixtures: FixtureSet, display: (path: string) => string): Invocation[] {
  const out: Invocation[] = [];
  const readOnly = (args: readonly string[], path: string): void => {
    out.push({
      label: args.map((arg) => (arg === path ? display(path) : arg.replace(WORK, '<work>'))).join(' '),
      steps: [args],
      copies: [],
      progressLines: false,
    });
  };
  for (const transcript of fixtures.transcripts) {
    for (const args of readOnlyOverTranscript(transcript)) readOnly(args, transcript.path);
    out.push(...writingOverTranscript(transcript, display));
  }
  for (const path of fixtures.folders) {
    for (const args of readOnlyOverFolder(path)) readOnly(args, path);
    out.push(...extractOverFolder(path, display));
  }
  for (const { path, memory } of fixtures.memoryDirs) {
    readOnly(['memory', 'list', '--dir', path], path);
    readOnly(['memory', 'list', '--dir', path, '--json'], path);
    if (memory !== null) readOnly(['memory', 'why', memory, '--dir', path], path);
    readOnly(['memory', 'log', '--dir', path], path);
    readOnly(['memory', 'effect', '--dir', path], path);
  }
  return out;
}

/** Both replay policies, every output form, the compaction plan, the audit and the model's next request. */
function readOnlyOverTranscript({ path, uuid }: Transcript): string[][] {
  return [
    ['inspect', path],
    ['inspect', path, '--json'],
    ['replay', path],
    ['replay', path, '--json'],
    ['replay', path, '--policy', 'memlog'],
    ...(uuid === null ? [] : [['replay', path, '--at', uuid]]),
    ['replay', path, '--html', `${WORK}/page.html`],
    ['compact', path, '--dry-run'],
    ['compact', path, '--dry-run', '--json'],
    ['audit', path],
    ['context', path, '--prompt', 'hello', '--config-dir', `${WORK}/config`, '--managed-dir', `${WORK}/managed`],
  ];
}

/** Notes then notes compaction, and a summary compaction, each on a fresh copy with its companions. */
function writingOverTranscript({ path, companions }: Transcript, display: (path: string) => string): Invocation[] {
  const folder = join(WORK, 'copy', basename(dirname(path)));
  const copy = join(folder, basename(path));
  const copies = [path, ...companions].map((from) => ({ from, to: join(folder, basename(from)) }));
  const label = (args: readonly string[]): string =>
    args
      .join(' ')
      .replaceAll(copy, `${display(path)}@copy`)
      .replaceAll(WORK, '<work>');
  const notes = ['notes', copy, '--model', 'offline', '--config-dir', `${WORK}/config`];
  const compactNotes = ['compact', copy, '--strategy', 'notes', '--json'];
  const compact = ['compact', copy, '--model', 'offline', '--strategy', 'summary'];
  return [
    { label: `${label(notes)}, then ${label(compactNotes)}`, steps: [notes, compactNotes], copies, progressLines: false },
    { label: label(compact), steps: [compact], copies, progressLines: false },
  ];
}

/** What reads a whole folder: its summary and sizes, the report in every form, the audit and a search. */
function readOnlyOverFolder(path: string): string[][] {
  return [
    ['inspect', path],
    ['inspect', path, '--json'],
    ['inspect', path, '--sizes'],
    ['report', path],
    ['report', path, '--json'],
    ['report', path, '--html', `${WORK}/report/index.html`],
    ['report', path, '--usage'],
    ['audit', path, '--json'],
    ['search', 'test', path],
  ];
}

/** `memlog extract` on a copy: the default run, small chunks planned and sent twice, and Claude Code's per-turn runs. */
function extractOverFolder(path: string, display: (path: string) => string): Invocation[] {
  const copy = join(WORK, 'copy', basename(path));
  const extract = ['extract', copy, '--out', `${WORK}/out`, '--model', 'offline'];
  const label = (args: readonly string[]): string =>
    args
      .join(' ')
      .replace(copy, `${display(path)}@copy`)
      .replaceAll(WORK, '<work>');
  const copies = [{ from: path, to: copy }];
  // Small chunks, planned, sent, then planned and sent again: many cuts, and a rerun that goes on from what is recorded.
  const chunked = [...extract, '--chunk-tokens', '2000'];
  const planned = [...chunked, '--dry-run', '--json'];
  // Claude Code's live runs, one per due turn: planned, run, then run again (nothing left to do).
  const perTurn = [...extract, '--per-turn'];
  const perTurnPlanned = [...perTurn, '--dry-run', '--json'];
  return [
    { label: label(extract), steps: [extract], copies, progressLines: true },
    {
      label: `${label(planned)}, then the run, its plan and the run again`,
      steps: [planned, chunked, planned, chunked],
      copies,
      progressLines: true,
    },
    {
      label: `${label(perTurnPlanned)}, then the run and the run again`,
      steps: [perTurnPlanned, perTurn, perTurn],
      copies,
      progressLines: true,
    },
  ];
}
