import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import {
  compactTranscript,
  defaultNotesPath,
  modelFromOptions,
  type CompactReport,
  type CompactStrategy,
  type ModelKind,
} from '../jobs/index.js';
import { addModelPortOptions, MODEL_HELP, type ModelPortCliOptions } from './modelPortOptions.js';
import { checkOptions, modelOption } from './optionChecks.js';
import { checkTranscriptArgument } from './transcriptArgument.js';
import { positive } from './triggerOptions.js';

interface CompactOptions extends ModelPortCliOptions {
  readonly strategy: CompactStrategy;
  readonly dryRun?: boolean;
  readonly json?: boolean;
  readonly out?: string;
  readonly force?: boolean;
  readonly notes?: string;
  readonly effects?: string;
  readonly model: ModelKind;
  readonly cassette?: string;
  readonly contextWindow?: number;
  readonly maxOutputTokens?: number;
}

const strategy = (value: string): CompactStrategy => {
  if (value === 'auto' || value === 'notes' || value === 'summary') return value;
  throw new InvalidArgumentError('expected auto, notes or summary');
};

/** `memlog compact <transcript>`: compaction that keeps every tool pair and split message whole, and never fails. */
export function registerCompact(program: Command): void {
  const command = program
    .command('compact')
    .description(
      'compact a session: session notes as the summary first, a model summary next, an extractive summary that cannot fail last; appends a compact_boundary and a summary as Claude Code does',
    )
    .argument('<transcript>', 'a transcript .jsonl file')
    .option('--strategy <strategy>', 'auto (notes, then summary, then extractive), notes (no model call), or summary', strategy, 'auto')
    .option('--dry-run', 'print the plan; write nothing')
    .option('--json', 'print the plan or the result as one JSON object')
    .option('--out <file>', 'write a compacted copy here instead of appending to the transcript (a new file: see --force)')
    .option('--force', 'with --out: replace an existing regular file (never the transcript, never through a symbolic link)')
    .option('--notes <file>', 'the session notes (default: where `memlog notes` writes them)')
    .option('--effects <file>', "memlog's effect log (default: <transcript>.memlog.jsonl)")
    .addOption(modelOption('--model <kind>', `for the summary rung: ${MODEL_HELP}`, 'auto'))
    .option('--cassette <file>', 'replay the summary call from this cassette')
    .option('--context-window <tokens>', 'model context window (default 200000; 1000000 if usage passed that)', positive)
    .option('--max-output-tokens <tokens>', 'model max output tokens (default 32000)', positive);
  addModelPortOptions(command);
  checkOptions<CompactOptions>(command, (options) =>
    options.force === true && options.out === undefined ? '--force lets --out replace a file; it goes with --out' : undefined,
  )
    .addHelpText(
      'after',
      '\nExamples:\n  memlog compact session.jsonl --dry-run\n  memlog compact session.jsonl --strategy notes --json\n  memlog compact session.jsonl --out compacted.jsonl',
    )
    .action(async (file: string, options: CompactOptions) => {
      checkTranscriptArgument(file);
      const model = options.strategy === 'notes' ? undefined : modelFromOptions(options);
      const report = await compactTranscript({
        transcriptPath: file,
        strategy: options.strategy,
        ...(options.dryRun === true ? { dryRun: true } : {}),
        ...(options.out === undefined ? {} : { out: options.out }),
        ...(options.force === true ? { force: true } : {}),
        notesPath: options.notes ?? defaultNotesPath(file),
        ...(options.effects === undefined ? {} : { effectLogPath: options.effects }),
        ...(model === undefined ? {} : { model }),
        autocompact: {
          ...(options.contextWindow === undefined ? {} : { contextWindow: options.contextWindow }),
          ...(options.maxOutputTokens === undefined ? {} : { maxOutputTokens: options.maxOutputTokens }),
        },
      });
      if (report.diagnostics.length > 0)
        process.stderr.write(`memlog: ${report.diagnostics.length} line(s) of ${file} were not read (memlog inspect lists them)\n`);
      if (options.json === true) {
        const { diagnostics, summaryText, ...rest } = report;
        process.stdout.write(
          `${JSON.stringify({ ...rest, diagnostics: diagnostics.length, summaryChars: summaryText?.length ?? 0 }, null, 2)}\n`,
        );
        return;
      }
      process.stdout.write(formatReport(file, report, options.dryRun === true));
    });
}

function formatReport(file: string, report: CompactReport, dryRun: boolean): string {
  const n = (value: number) => value.toLocaleString('en-US');
  if (report.strategy === 'none') return `${file}: nothing to do (${report.reason ?? ''})\n`;
  const lines = [
    `${file}: ${dryRun ? 'would compact' : 'compacted'} with the ${report.strategy} rung`,
    `  tokens: ${n(report.tokensBefore)} before → ${n(report.tokensAfter)} after (autocompact threshold ${n(report.threshold)})`,
    `  cut before ${report.cutUuid ?? '(the end: nothing kept)'}: ${report.summarized} message(s) summarised, ${report.kept.length} kept verbatim`,
  ];
  for (const rung of report.rungs) if (!rung.used) lines.push(`  ${rung.rung} rung not used: ${rung.reason ?? ''}`);
  if (report.fileReferences.length > 0) lines.push(`  files named again in the summary: ${report.fileReferences.join(', ')}`);
  if (report.written)
    lines.push(`  appended ${report.written.uuids.length} entries to ${report.written.path} (boundary ${report.written.uuids[0] ?? ''})`);
  return `${lines.join('\n')}\n`;
}
