import type { Command } from 'commander';
import { findTranscripts, formatReport, inspectTranscript } from '../index.js';

export interface InspectOptions {
  readonly json?: boolean;
  readonly strict?: boolean;
}

/** `memlog inspect <file|folder...>`: a summary per transcript, or JSON lines with --json. */
export function registerInspect(program: Command): void {
  program
    .command('inspect')
    .description('summarise transcripts: entries by kind, session, resumed chain, sidechains, compactions, token usage, diagnostics')
    .argument('<paths...>', 'transcript files or folders (searched for *.jsonl)')
    .option('--json', 'one JSON object per transcript file, one per line')
    .option('--strict', 'exit with status 1 when any line has a diagnostic')
    .addHelpText('after', '\nExamples:\n  memlog inspect ~/.claude/projects\n  memlog inspect session.jsonl --json | jq .diagnostics')
    .action(async (paths: string[], options: InspectOptions) => {
      const files = await findTranscripts(paths);
      let withDiagnostics = 0;
      for (const [i, file] of files.entries()) {
        const report = inspectTranscript(file);
        if (report.diagnostics.length > 0) withDiagnostics++;
        process.stdout.write(options.json === true ? `${JSON.stringify(report)}\n` : `${i > 0 ? '\n' : ''}${formatReport(report)}\n`);
      }
      if (files.length === 0) process.stderr.write('memlog: no .jsonl transcripts found\n');
      if (options.json !== true && files.length > 1) {
        process.stderr.write(`\n${files.length} transcripts, ${withDiagnostics} with diagnostics\n`);
      }
      if (options.strict === true && withDiagnostics > 0) process.exitCode = 1;
    });
}
