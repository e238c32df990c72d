import type { Command } from 'commander';
import { buildSessionNotes, defaultNotesPath, readNotes, modelFromOptions, type ModelKind, type NotesRunEvent } from '../jobs/index.js';
import { claudeConfigHome } from '../transcript/index.js';
import { CassetteModel } from '../model/cassette/index.js';
import { loadNotesConfig } from '../memory/session/index.js';
import { addModelPortOptions, MODEL_HELP, type ModelPortCliOptions } from './modelPortOptions.js';
import { checkOptions, modelOption } from './optionChecks.js';
import { checkTranscriptArgument } from './transcriptArgument.js';
import { addTriggerOptions, toSettings, type TriggerOptions } from './triggerOptions.js';
import { describePolicy } from '../pipeline/index.js';

type NotesReport = Awaited<ReturnType<typeof buildSessionNotes>>;

interface NotesOptions extends TriggerOptions, ModelPortCliOptions {
  readonly notes?: string;
  readonly configDir?: string;
  readonly model?: ModelKind;
  readonly cassette?: string;
  readonly record?: boolean;
  readonly effects?: string;
  readonly show?: boolean;
  readonly json?: boolean;
}

/** `memlog notes <transcript>`: build or bring up to date a session's notes (Claude Code's session memory). */
export function registerNotes(program: Command): void {
  const command = declareNotesOptions(program);
  addModelPortOptions(command);
  checkOptions<NotesOptions>(command, (options) =>
    options.record === true && options.cassette === undefined ? '--record records into a cassette: it needs --cassette <file>' : undefined,
  );
  addTriggerOptions(command, 'memlog', false)
    .addHelpText(
      'after',
      '\nExamples:\n  memlog notes session.jsonl --show\n  memlog notes session.jsonl --model anthropic --cassette notes.cassette.json --record',
    )
    .action(runNotes);
}

function declareNotesOptions(program: Command): Command {
  return program
    .command('notes')
    .description(
      "build a session's notes (Claude Code's session memory) from its transcript, or bring them up to date: every update the triggers call for that has not run yet",
    )
    .argument('<transcript>', 'a transcript .jsonl file')
    .option(
      '--notes <file>',
      'the notes file (default: <session>/session-memory/summary.md beside the transcript, where Claude Code keeps it)',
    )
    .option(
      '--config-dir <dir>',
      'Claude config directory, for a custom template and prompt in session-memory/config/ (default: CLAUDE_CONFIG_DIR or ~/.claude)',
    )
    .addOption(modelOption('--model <kind>', MODEL_HELP, 'auto'))
    .option('--cassette <file>', 'replay model calls from this cassette (with --record: record them there)')
    .option('--record', 'with --cassette: call the model and record its answers')
    .option('--effects <file>', "memlog's effect log (default: <transcript>.memlog.jsonl)")
    .option('--show', 'print the notes afterwards')
    .option('--json', 'print what was done as one JSON object');
}

async function runNotes(file: string, options: NotesOptions): Promise<void> {
  checkTranscriptArgument(file);
  const config = await loadNotesConfig(options.configDir ?? claudeConfigHome());
  for (const warning of config.warnings) process.stderr.write(`memlog: ${warning}\n`);
  const model = modelFromOptions(options);
  const progress = process.stderr.isTTY ? (event: NotesRunEvent) => process.stderr.write(progressLine(event)) : undefined;
  const report = await buildSessionNotes({
    transcriptPath: file,
    notesPath: options.notes ?? defaultNotesPath(file),
    model,
    config,
    settings: toSettings(options),
    ...(options.effects === undefined ? {} : { effectLogPath: options.effects }),
    ...(progress === undefined ? {} : { onRun: progress }),
  });
  if (model instanceof CassetteModel && options.record === true) await model.save();
  if (report.diagnostics.length > 0)
    process.stderr.write(`memlog: ${report.diagnostics.length} line(s) were not read (memlog inspect lists them)\n`);
  await printNotesReport(report, model.name, options);
  if (report.runs.some((run) => !run.ok)) process.exitCode = 1;
}

async function printNotesReport(report: NotesReport, model: string, options: NotesOptions): Promise<void> {
  const notes = await readNotes(report.notesPath);
  if (options.json === true) {
    process.stdout.write(
      `${JSON.stringify({ ...report, diagnostics: report.diagnostics.length, model, ...(options.show === true ? { notes } : {}) }, null, 2)}\n`,
    );
    return;
  }
  process.stdout.write(formatReport(report, model));
  process.stdout.write(`  ${describePolicy(options.policy ?? 'memlog')}\n`);
  if (options.show === true) process.stdout.write(notes === null ? '(no notes yet)\n' : `\n${notes}`);
}

function progressLine(event: NotesRunEvent): string {
  switch (event.type) {
    case 'started':
      return `memlog: notes update ${event.index + 1} (entry ${event.at.seq})…\n`;
    case 'finished':
      return `memlog:   done (${event.outcome.changed.length} sections changed)\n`;
    case 'failed':
      return `memlog:   failed: ${event.error}\n`;
  }
}

function formatReport(report: NotesReport, model: string): string {
  const lines = [`notes: ${report.notesPath}`];
  if (report.interrupted > 0) lines.push(`  ${report.interrupted} earlier run(s) never finished (interrupted); run again`);
  if (report.runs.length === 0) lines.push(`  up to date: nothing new since the ${report.earlierRuns} earlier update(s)`);
  else lines.push(`  ${report.runs.length} update(s) run now with the ${model} model, ${report.earlierRuns} earlier`);
  for (const run of report.runs)
    lines.push(
      run.ok
        ? `  ${run.runId}: ${run.changed.length === 0 ? 'no change' : `changed ${run.changed.join(', ')}`}`
        : `  ${run.runId}: FAILED (${run.error ?? ''}); the notes are as they were`,
    );
  lines.push(`  ${coverage(report)}`);
  return `${lines.join('\n')}\n`;
}

/**
 * How far the notes cover the conversation. An update that ends with a tool call pending marks no
 * message (spec §4.3), so notes can have content and still mark none: "nothing yet" would read as empty.
 */
function coverage(report: NotesReport): string {
  if (report.lastSummarizedMessageId !== null) return `the notes cover the conversation up to ${report.lastSummarizedMessageId}`;
  if (report.runs.every((run) => !run.ok) && report.earlierRuns === 0) return 'the notes cover the conversation up to (nothing yet)';
  return 'the notes mark no message as covered yet: as Claude Code, an update marks one only when it runs after a response without tool calls';
}
