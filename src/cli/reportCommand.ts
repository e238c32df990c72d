import type { Command } from 'commander';
import { PROJECTS_FOLDER_HELP, projectsFolderArgument } from './transcriptArgument.js';
import { addUsageOptions, runUsageReport, usageOptionProblem, type UsageCliOptions } from './reportUsage.js';
import { addTriggerOptions, toSettings, type TriggerOptions } from './triggerOptions.js';
import { EXTRACT_OUT, extractOutHere } from './extractOut.js';
import { sayNoTranscripts } from './noTranscripts.js';
import { statOrNull } from '../fs/index.js';

interface ReportCliOptions extends TriggerOptions, UsageCliOptions {
  readonly html?: string;
  readonly json?: boolean;
  readonly out?: string;
  readonly effectsDir?: string;
}

/** `memlog report <projects-folder>`: every session's memory life, as a table or as linked HTML pages. */
export function registerReport(program: Command): void {
  const command = program
    .command('report')
    .description(
      'replay every session under a projects folder: one row per session (size, tokens, compactions, decisions, memories extracted), or an HTML index with a timeline page per session',
    )
    .argument('[folder]', PROJECTS_FOLDER_HELP)
    .option('--html <file>', 'write the index page here and one page per session in sessions/ beside it')
    .option('--json', 'print {rows, unreadable} as JSON')
    .option('--out <dir>', `memlog extract's output folder, for its effect logs (default: ${EXTRACT_OUT} when it exists)`)
    .option('--effects-dir <dir>', 'a folder of <session>.memlog.jsonl effect logs to read first');
  addUsageOptions(command);
  // As replay: a report explains what Claude Code did, so its rules are the default.
  addTriggerOptions(command, 'claude-code')
    .addHelpText('after', '\nExamples:\n  memlog report\n  memlog report fixtures/projects --html report/index.html')
    .action(async (folder: string | undefined, options: ReportCliOptions) => {
      const problem = usageOptionProblem(options);
      if (problem !== undefined) command.error(`error: ${problem}`, { exitCode: 2 });
      if (options.usage === true) return runUsageReport(folder, options);
      return runReplayReport(folder, options);
    });
}

/** What `--html` wrote, plainly: the session pages and the index, then the sessions left without a page because they could not be read. */
function pagesWritten(rows: ReadonlyArray<{ readonly page: string | null; readonly error: string | null }>): string {
  const pages = rows.filter((r) => r.page !== null).length;
  const failed = rows.filter((r) => r.error !== null).length;
  const written = `${pages} session page${pages === 1 ? '' : 's'} and an index`;
  return failed === 0 ? written : `${written}; ${failed} session${failed === 1 ? '' : 's'} could not be read`;
}

/** The replay rows or pages: the replay, the report pages and the progress display are loaded only for them (decision 88). */
async function runReplayReport(folder: string | undefined, options: ReportCliOptions): Promise<void> {
  const [{ describePolicy }, { formatReportTable, writeReport }, { readProgress }, { reportSkipped, unreadableLine }, { unreadableList }] =
    await Promise.all([
      import('../pipeline/index.js'),
      import('../report/index.js'),
      import('./readProgress.js'),
      import('./reportSkipped.js'),
      import('./unreadableJson.js'),
    ]);
  // extract's effect logs hold the extraction runs.
  const out = options.out ?? extractOutHere();
  const root = await projectsFolderArgument(folder);
  // Named before the rows, as extract names them: not sessions, nothing failed (decision 111).
  const { unreadable, sessions } = reportSkipped(root);
  // A folder that is not there stays the usage error writeReport makes of it.
  if (sessions === 0 && unreadable.length === 0 && statOrNull(root)?.isDirectory() === true) {
    sayNoTranscripts([folder ?? root]);
    // --json and --html write what they wrote before; the text table would be empty.
    if (options.json !== true && options.html === undefined) return;
  }
  // The count of paths not read, after the sessions' count: they are no sessions.
  const skippedNote = unreadable.length === 0 ? '' : `; ${unreadableLine(unreadable)}`;
  const report = await writeReport({
    readProgress: (file, bytes) => readProgress('report', file, bytes),
    root,
    unreadable,
    settings: toSettings(options),
    ...(out === undefined ? {} : { out }),
    ...(options.effectsDir === undefined ? {} : { effectsDir: options.effectsDir }),
    ...(options.html === undefined ? {} : { html: options.html }),
  });
  // One object always, the paths not read beside the rows: a program reading it knows the report is partial (decision 115).
  if (options.json === true)
    process.stdout.write(`${JSON.stringify({ rows: report.rows, unreadable: unreadableList(unreadable) }, null, 2)}\n`);
  else if (options.html !== undefined) process.stdout.write(`${options.html}: ${pagesWritten(report.rows)}${skippedNote}\n`);
  else process.stdout.write(`${formatReportTable(report.rows)}${skippedNote}\n${describePolicy(options.policy ?? 'claude-code')}\n`);
  if (report.rows.some((r) => r.error !== null)) process.exitCode = 1;
}
