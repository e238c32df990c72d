import type { Command } from 'commander';
import { describeFailure, statOrNull } from '../fs/index.js';
import { findTranscripts, formatReport, formatSizes, inspectTranscript, sessionSizes } from '../inspect/index.js';
import { readProgress } from './readProgress.js';
import { resolvePathArgument } from './transcriptArgument.js';

export interface InspectOptions {
  readonly json?: boolean;
  readonly strict?: boolean;
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
    .addHelpText('after', '\nExamples:\n  memlog inspect ~/.claude/projects\n  memlog inspect session.jsonl --json | jq .diagnostics')
    .action(async (paths: string[], options: InspectOptions) => {
      const files = await findTranscripts(await Promise.all(paths.map(resolvePathArgument)));
      if (options.sizes === true) {
        const { sessions, projects } = sessionSizes(files);
        process.stdout.write(options.json === true ? `${JSON.stringify({ sessions, projects })}\n` : formatSizes(sessions, projects));
        return;
      }
      let withDiagnostics = 0;
      let unreadable = 0;
      for (const [i, file] of files.entries()) {
        const gap = i > 0 ? '\n' : '';
        let report;
        const progress = readProgress('inspect', file, statOrNull(file)?.size ?? 0);
        try {
          report = inspectTranscript(file, { onRead: progress.read });
        } catch (error) {
          // One file that cannot be read (permissions, an I/O error, gone since the walk) is reported; the others are still inspected.
          const message = describeFailure(error);
          if (message === undefined) throw error;
          unreadable++;
          const reason = message.startsWith(`${file}: `) ? `cannot be read: ${message.slice(file.length + 2)}` : message;
          process.stdout.write(
            options.json === true ? `${JSON.stringify({ file, error: message })}\n` : `${gap}${file}\n  error       ${reason}\n`,
          );
          continue;
        } finally {
          progress.stop();
        }
        if (report.diagnostics.length > 0) withDiagnostics++;
        process.stdout.write(options.json === true ? `${JSON.stringify(report)}\n` : `${gap}${formatReport(report)}\n`);
      }
      if (files.length === 0) process.stderr.write('memlog: no .jsonl transcripts found\n');
      if (options.json !== true && files.length > 1) {
        process.stderr.write(
          `\n${files.length} transcripts, ${withDiagnostics} with diagnostics${unreadable > 0 ? `, ${unreadable} could not be read` : ''}\n`,
        );
      }
      if (unreadable > 0 || (options.strict === true && withDiagnostics > 0)) process.exitCode = 1;
    });
}
