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
  for (const { path, uuid, companions } of fixtures.transcripts) {
    readOnly(['inspect', path], path);
    readOnly(['inspect', path, '--json'], path);
    readOnly(['replay', path], path);
    readOnly(['replay', path, '--json'], path);
    if (uuid !== null) readOnly(['replay', path, '--at', uuid], path);
    readOnly(['replay', path, '--html', `${WORK}/page.html`], path);
    readOnly(['compact', path, '--dry-run', '--json'], path);
    readOnly(['context', path, '--prompt', 'hello', '--config-dir', `${WORK}/config`, '--managed-dir', `${WORK}/managed`], path);

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
    out.push({ label: `${label(notes)}, then ${label(compactNotes)}`, steps: [notes, compactNotes], copies, progressLines: false });
    const compact = ['compact', copy, '--model', 'offline', '--strategy', 'summary'];
    out.push({ label: label(compact), steps: [compact], copies, progressLines: false });
  }
  for (const path of fixtures.folders) {
    readOnly(['inspect', path], path);
    readOnly(['inspect', path, '--json'], path);
    readOnly(['report', path], path);
    readOnly(['report', path, '--html', `${WORK}/report/index.html`], path);
    const copy = join(WORK, 'copy', basename(path));
    const extract = ['extract', copy, '--out', `${WORK}/out`, '--model', 'offline'];
    const label = (args: readonly string[]): string =>
      args
        .join(' ')
        .replace(copy, `${display(path)}@copy`)
        .replaceAll(WORK, '<work>');
    out.push({ label: label(extract), steps: [extract], copies: [{ from: path, to: copy }], progressLines: true });
    // Small chunks, planned, sent, then planned and sent again: many cuts, and a rerun that goes on from what is recorded.
    const chunked = [...extract, '--chunk-tokens', '2000'];
    const planned = [...chunked, '--dry-run', '--json'];
    out.push({
      label: `${label(planned)}, then the run, its plan and the run again`,
      steps: [planned, chunked, planned, chunked],
      copies: [{ from: path, to: copy }],
      progressLines: true,
    });
    // Claude Code's live runs, one per due turn: planned, run, then run again (nothing left to do).
    const perTurn = [...extract, '--per-turn'];
    const perTurnPlanned = [...perTurn, '--dry-run', '--json'];
    out.push({
      label: `${label(perTurnPlanned)}, then the run and the run again`,
      steps: [perTurnPlanned, perTurn, perTurn],
      copies: [{ from: path, to: copy }],
      progressLines: true,
    });
  }
  for (const { path, memory } of fixtures.memoryDirs) {
    readOnly(['memory', 'list', '--dir', path], path);
    readOnly(['memory', 'list', '--dir', path, '--json'], path);
    if (memory !== null) readOnly(['memory', 'why', memory, '--dir', path], path);
  }
  return out;
}
