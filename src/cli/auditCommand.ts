import type { Command } from 'commander';
import { auditTranscript, formatSessionAudit, modelJudge, type BoundaryJudge, type SessionAudit } from '../audit/index.js';
import { describeFailure, statOrNull } from '../fs/index.js';
import { findTranscripts } from '../inspect/index.js';
import { saySkipped } from './skippedFiles.js';
import type { ModelKind } from '../jobs/index.js';
import type { ModelPort } from '../index.js';
import { effectLogPath } from '../pipeline/index.js';
import { addModelPortOptions, MODEL_HELP, type ModelPortCliOptions } from './modelPortOptions.js';
import { checkOptions, modelOption } from './optionChecks.js';
import { readProgress } from './readProgress.js';
import { sayNoTranscripts } from './noTranscripts.js';
import type { UnreadablePath } from './unreadableJson.js';

export interface AuditCliOptions extends ModelPortCliOptions {
  readonly json?: boolean;
  readonly all?: boolean;
  readonly model?: ModelKind;
  readonly effects?: string;
}

/** The judge: a model's, recorded in the transcript's effect log (or --effects), or the offline matcher. */
function judgeFor(file: string, model: ModelPort | undefined, effects: string | undefined): BoundaryJudge | undefined {
  return model === undefined ? undefined : modelJudge({ model, effectLog: effects ?? effectLogPath(file) });
}

/** Reads one transcript's audit, or the one line that says why it could not be read. */
async function auditOne(
  file: string,
  judge: BoundaryJudge | undefined,
): Promise<SessionAudit | { readonly file: string; readonly error: string }> {
  const progress = readProgress('audit', file, statOrNull(file)?.size ?? 0);
  try {
    return await auditTranscript(file, { onRead: progress.read, ...(judge === undefined ? {} : { judge }) });
  } catch (error) {
    const message = describeFailure(error);
    if (message === undefined) throw error;
    return { file, error: message };
  } finally {
    progress.stop();
  }
}

/** `memlog audit <transcript|folder...>`: per compaction, what the person established and whether the summary kept it (decision 78). */
export function registerAudit(program: Command): void {
  const command = program
    .command('audit')
    .description(
      "per compaction boundary (Claude Code's, automatic or manual, and memlog's): the person's rules and corrections, the current goal, open items and facts said before it, each kept, paraphrased or lost in the summary and the kept messages; lost items said again afterwards first",
    )
    .argument('<paths...>', 'transcript files or folders (searched for *.jsonl)')
    .option('--json', 'one JSON object per transcript, one per line')
    .option('--all', 'list every item, not only the lost ones')
    .addOption(
      modelOption(
        '--model <kind>',
        `judge with a model instead of by terms and entities: ${MODEL_HELP}; offline is the matcher`,
        'offline',
      ),
    )
    .option(
      '--effects <file>',
      "with --model: memlog's effect log, where each judgement is recorded and read back (default: <transcript>.memlog.jsonl)",
    );
  addModelPortOptions(command);
  checkOptions<AuditCliOptions>(command, (options) =>
    options.effects !== undefined && (options.model ?? 'offline') === 'offline'
      ? "--effects records a model's judgements; it goes with --model"
      : undefined,
  )
    .addHelpText(
      'after',
      '\nExamples:\n  memlog audit ~/.claude/projects\n  memlog audit session.jsonl --all\n  memlog audit session.jsonl --json | jq .boundaries\n  memlog audit session.jsonl --model claude-code',
    )
    .action(runAudit);
}

/** Audits each transcript found, printing as it goes; exit status 1 when one could not be read. */
async function runAudit(paths: string[], options: AuditCliOptions): Promise<void> {
  const found = await findTranscripts(paths);
  const files = found.files.map((file) => file.path);
  // A link that cannot be followed is named, and the exit status is 1, as for a file that cannot be read (decision 107).
  saySkipped(found.skipped);
  // The model ports (and their SDKs) are loaded only when a model is asked for: the offline audit stays light.
  const selected =
    options.model === undefined || options.model === 'offline'
      ? undefined
      : (await import('../jobs/index.js')).modelFromOptions({ ...options, model: options.model });
  // "auto" with nothing configured is the offline model, whose judgement is the matcher's.
  const model = selected?.name === 'offline' ? undefined : selected;
  let unreadable = 0;
  let lostTotal = 0;
  // Over many transcripts, those without a compaction are one count, not a block each (decision 114).
  let uncompacted = 0;
  let blocks = 0;
  const block = (text: string): void => {
    process.stdout.write(`${blocks++ > 0 ? '\n' : ''}${text}\n`);
  };
  // With --json a path the walk could not read is a line too, in path order, as in inspect's (decision 115).
  const notWalked = new Map(options.json === true ? found.skipped.map((skipped) => [skipped.path, skipped]) : []);
  for (const file of [...files, ...notWalked.keys()].sort()) {
    const skipped = notWalked.get(file);
    if (skipped !== undefined) {
      process.stdout.write(notWalkedLine(skipped));
      continue;
    }
    const audit = await auditOne(file, judgeFor(file, model, options.effects));
    if ('error' in audit) unreadable++;
    else for (const boundary of audit.boundaries) lostTotal += boundary.counts.lost + boundary.counts['lost-restated'];
    if (options.json === true) process.stdout.write(`${JSON.stringify(audit)}\n`);
    else if ('error' in audit) block(`${file}\n  error  ${audit.error}`);
    else if (files.length > 1 && audit.boundaries.length === 0) uncompacted++;
    else block(formatSessionAudit(audit, options.all === true ? { all: true } : {}));
  }
  if (uncompacted > 0) block(`${uncompacted} transcript(s) had no compaction, nothing to audit in them`);
  if (files.length === 0 && found.skipped.length === 0) sayNoTranscripts(paths);
  if (options.json !== true && files.length > 1)
    process.stderr.write(
      `\n${files.length} transcripts, ${lostTotal} lost item(s)${unreadable > 0 ? `, ${unreadable} could not be read` : ''}\n`,
    );
  if (unreadable > 0) process.exitCode = 1;
}

/**
 * The `--json` line of a path the walk could not read: inspect's `{file, error}` with the `path` and `reason`
 * of the `unreadable` item every other JSON output carries, so `jq 'select(.reason)'` lists them (decision 115).
 */
function notWalkedLine({ path, reason }: UnreadablePath): string {
  return `${JSON.stringify({ file: path, error: `${path}: ${reason}`, path, reason })}\n`;
}
