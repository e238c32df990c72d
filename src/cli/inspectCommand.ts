import type { Command } from 'commander';
import { describeFailure, statOrNull } from '../fs/index.js';
import { findTranscripts, formatReport, type TranscriptReport } from '../inspect/light/index.js';
import { catalogReports } from './catalogReports.js';
import { saySkipped } from './skippedFiles.js';
import { resolvePathArgument } from './transcriptArgument.js';
import { sayNoTranscripts } from './noTranscripts.js';
import type { UnreadablePath } from './unreadableJson.js';

export interface InspectOptions {
  readonly json?: boolean;
  readonly strict?: boolean;
  /** A catalog file, false for --no-catalog, undefined for the default one. */
  readonly catalog?: string | false;
  readonly sizes?: boolean;
}

/** `memlog inspect <file|folder...>`: a summary per transcript, or JSON lines with --json. */
export function registerInspect(program: Command): void {
  program
    .command('inspect')
    .description('summarise transcripts: entries by kind, session, resumed chain, sidechains, compactions, token usage, diagnostics')
    .argument('<paths...>', 'transcript files or folders (searched for *.jsonl), archives, or archived session ids')
    .option('--json', 'one JSON object per transcript file, one per line')
    .option('--strict', 'exit with status 1 when any line has a diagnostic')
    .option(
      '--sizes',
      'where the bytes go: per session and per project, bytes of file-history snapshots, tools, images, thinking, text, metadata',
    )
    .option('--catalog <file>', 'the session catalog to read and keep up to date (default: $MEMLOG_CATALOG, else ~/.memlog/catalog.db)')
    .option('--no-catalog', 'read every file in full, neither reading nor writing the session catalog')
    .addHelpText(
      'after',
      '\nExamples:\n  memlog inspect ~/.claude/projects\n  memlog inspect session.jsonl --json | jq .diagnostics\n  memlog inspect ~/.claude/projects --no-catalog',
    )
    .action(inspectPaths);
}

async function inspectPaths(paths: string[], options: InspectOptions): Promise<void> {
  const found = await findTranscripts(await Promise.all(paths.map(resolvePathArgument)));
  const readable = found.files.map((file) => file.path);
  if (readable.length === 0 && found.skipped.length === 0) {
    sayNoTranscripts(paths);
    if (options.json !== true) return;
  }
  if (options.sizes === true) {
    saySkipped(found.skipped);
    return printSizes(readable, options);
  }
  const stored = options.catalog === false ? new Map<string, TranscriptReport>() : await catalogReports(readable, options.catalog);
  // A link that cannot be followed is a row saying why, as a file that cannot be read (decision 107).
  const failed = new Map(found.skipped.map((skipped) => [skipped.path, skipped]));
  const files = [...readable, ...failed.keys()].sort();
  const { withDiagnostics, unreadable } = await printReports(files, stored, options, failed);
  if (options.json !== true && files.length > 1) {
    process.stderr.write(
      `\n${files.length} transcripts, ${withDiagnostics} with diagnostics${unreadable > 0 ? `, ${unreadable} could not be read` : ''}\n`,
    );
  }
  if (unreadable > 0 || (options.strict === true && withDiagnostics > 0)) process.exitCode = 1;
}

/** `--sizes`: loaded only when asked, since it reads every file. */
async function printSizes(files: readonly string[], options: InspectOptions): Promise<void> {
  const { formatSizes, sessionSizes } = await import('../inspect/index.js');
  const { sessions, projects } = sessionSizes(files);
  process.stdout.write(options.json === true ? `${JSON.stringify({ sessions, projects })}\n` : formatSizes(sessions, projects));
}

/** Each file's report, from the catalog where it had one, else read in full; how many had diagnostics or could not be read. */
async function printReports(
  files: readonly string[],
  stored: ReadonlyMap<string, TranscriptReport>,
  options: InspectOptions,
  failed: ReadonlyMap<string, UnreadablePath>,
): Promise<{ withDiagnostics: number; unreadable: number }> {
  let withDiagnostics = 0;
  let unreadable = 0;
  for (const [i, file] of files.entries()) {
    const gap = i > 0 ? '\n' : '';
    const notWalked = failed.get(file);
    const report = notWalked === undefined ? (stored.get(file) ?? (await readInFull(file))) : `${file}: ${notWalked.reason}`;
    if (typeof report === 'string') {
      unreadable++;
      const reason = report.startsWith(`${file}: `) ? `cannot be read: ${report.slice(file.length + 2)}` : report;
      process.stdout.write(options.json === true ? errorLine(file, report, notWalked) : `${gap}${file}\n  error       ${reason}\n`);
      continue;
    }
    if (report.diagnostics.length > 0) withDiagnostics++;
    process.stdout.write(options.json === true ? `${JSON.stringify(report)}\n` : `${gap}${formatReport(report)}\n`);
  }
  return { withDiagnostics, unreadable };
}

/**
 * A `--json` line for a path that could not be read: `{file, error}`, and for one the walk could not read
 * also `path` and `reason`, an item of the `unreadable` list the other commands' JSON carries (decision 115).
 */
function errorLine(file: string, error: string, notWalked: UnreadablePath | undefined): string {
  return `${JSON.stringify(notWalked === undefined ? { file, error } : { file, error, path: notWalked.path, reason: notWalked.reason })}\n`;
}

/**
 * The report of one file read in full, with a progress display, or why it cannot be read: one file that cannot be read
 * (permissions, an I/O error, gone since the walk) is reported, and the others are still inspected.
 */
async function readInFull(file: string): Promise<TranscriptReport | string> {
  const progress = await startProgress(file);
  try {
    return (await import('../inspect/index.js')).inspectTranscript(file, { onRead: progress.read });
  } catch (error) {
    const message = describeFailure(error);
    if (message === undefined) throw error;
    return message;
  } finally {
    progress.stop();
  }
}

/** The progress display of one file read in full (loaded only then: a rerun over the catalog reads none). */
async function startProgress(file: string): Promise<{ read: (bytes: number) => void; stop: () => void }> {
  const { readProgress } = await import('./readProgress.js');
  return readProgress('inspect', file, statOrNull(file)?.size ?? 0);
}
