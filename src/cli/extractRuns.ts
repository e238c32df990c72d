import { backfillMemories, extractMemories, type ExtractionModels, type SessionStarts, type SkippedTranscript } from '../jobs/index.js';
import { CassetteModel } from '../model/cassette/index.js';
import { describePolicy } from '../pipeline/index.js';
import type { ExtractCommandOptions } from './extractOptions.js';
import { backfillProgress, perTurnProgress } from './extractProgress.js';
import { formatBackfillReport, formatPerTurnReport } from './extractReport.js';
import { costField, costLine } from './modelPortOptions.js';
import { reviewByDefault } from './reviewSetting.js';
import { toSettings } from './triggerOptions.js';
import { unreadableList } from './unreadableJson.js';

/** What the command found before the run: sessions' starts from the catalog, and the paths it could not read (named already). */
interface FoundBeforehand {
  readonly starts?: SessionStarts | undefined;
  readonly unreadable?: readonly SkippedTranscript[];
}

/** `memlog extract` by default: each session read once in chunks, then each project's candidates consolidated. */
export async function runBackfill(
  root: string,
  options: ExtractCommandOptions,
  models: ExtractionModels,
  { starts, unreadable = [] }: FoundBeforehand = {},
): Promise<void> {
  const { model } = models;
  const progress = backfillProgress(options.batch === true);
  const report = await backfillMemories({
    ...sharedJobOptions(root, options, models, starts),
    ...(options.chunkTokens === undefined ? {} : { chunkTokens: options.chunkTokens }),
    ...(models.consolidationAgent === undefined ? {} : { consolidationAgent: models.consolidationAgent }),
    ...(reviewByDefault(options.review) ? { review: true } : {}),
    onStart: progress.start,
    onSession: progress.session,
  });
  progress.stop();
  await saveRecording(models, options);
  printReport(
    model,
    options,
    () => ({ ...report, unreadable: unreadableList(unreadable), model: model.name, ...costField(model) }),
    () => formatBackfillReport(report, model.name, unreadable),
  );
  // Sessions left for the next run failed nothing, but their work is not done: exit 1 (decisions 112, 114).
  if (report.failedRuns > 0 || report.failedSessions > 0 || report.failedProjects > 0 || report.left > 0) process.exitCode = 1;
}

/** `memlog extract --per-turn`: Claude Code's live extraction, run by run. */
export async function runPerTurn(
  root: string,
  options: ExtractCommandOptions,
  models: ExtractionModels,
  { starts, unreadable = [] }: FoundBeforehand = {},
): Promise<void> {
  const { model } = models;
  const progress = perTurnProgress();
  const report = await extractMemories({
    ...(models.firstLook === undefined ? {} : { firstLook: models.firstLook }),
    ...sharedJobOptions(root, options, models, starts),
    settings: toSettings(options),
    onSession: progress.update,
  });
  progress.stop();
  await saveRecording(models, options);
  printReport(
    model,
    options,
    () => ({ ...report, unreadable: unreadableList(unreadable), model: model.name, policy: options.policy, ...costField(model) }),
    () => formatPerTurnReport(report, model.name, describePolicy(options.policy), unreadable),
  );
  if (report.failedRuns > 0 || report.failedSessions > 0 || report.left > 0) process.exitCode = 1;
}

/** What both ways of extracting are given alike: the folders, the sessions' starts, the model and its batches, the pace, the frontmatter. */
function sharedJobOptions(root: string, options: ExtractCommandOptions, models: ExtractionModels, starts: SessionStarts | undefined) {
  return {
    root,
    out: options.out,
    intoClaude: options.intoClaude === true,
    ...(starts === undefined ? {} : { starts }),
    model: models.model,
    concurrency: options.concurrency,
    frontmatter: options.frontmatter,
    ...(models.batches === undefined ? {} : { batches: models.batches }),
  };
}

/** Once the run is over, with --record: the calls made go into the cassette, before the report is printed. */
async function saveRecording(models: ExtractionModels, options: ExtractCommandOptions): Promise<void> {
  if (models.model instanceof CassetteModel && options.record === true) await models.model.save();
}

/** The run's report, as JSON or as text with the model's cost line. */
function printReport(model: ExtractionModels['model'], options: ExtractCommandOptions, json: () => object, text: () => string): void {
  if (options.json === true) process.stdout.write(`${JSON.stringify(json(), null, 2)}\n`);
  else process.stdout.write(text() + costLine(model));
}
