import { checkExtractRoot, extractionModels } from '../jobs/index.js';
import type { ExtractCommandOptions } from './extractOptions.js';
import { printBackfillPlan, printPerTurnPlan } from './extractPlan.js';
import { runBackfill, runPerTurn } from './extractRuns.js';
import { reportSkipped, unreadableLine } from './reportSkipped.js';
import { toSettings } from './triggerOptions.js';
import { projectsFolderArgument } from './transcriptArgument.js';
import { catalogStarts } from './catalogStarts.js';
import { sayNoTranscripts } from './noTranscripts.js';

/** What `memlog extract [folder]` does once its options are accepted: plan (--dry-run) or run. */
export async function runExtract(folder: string | undefined, options: ExtractCommandOptions): Promise<void> {
  // First: a first run spends long filling the session catalog, and a Ctrl-C there is as safe as later.
  process.once('SIGINT', options.dryRun === true ? sayDryRunInterrupted : sayInterrupted);
  const root = await projectsFolderArgument(folder, options.intoClaude === true ? { writesBeside: '--into-claude' } : {});
  // Before the model is chosen: its line on stderr would stand above a path that cannot be used.
  checkExtractRoot(root);
  const { unreadable, sessions } = reportSkipped(root);
  if (sessions === 0 && unreadable.length === 0) {
    sayNoTranscripts([folder ?? root]);
    // --json answers as before, for a script that reads it; the text summary would be zeros.
    if (options.json !== true) return;
  }
  const starts = await catalogStarts(root, options.catalog);
  if (options.dryRun === true) {
    const planOptions = { ...options, unreadable };
    if (options.perTurn === true) printPerTurnPlan(root, planOptions, toSettings(options), starts);
    else printBackfillPlan(root, planOptions, starts);
    if (options.json !== true && unreadable.length > 0) process.stdout.write(`${unreadableLine(unreadable)}\n`);
    return;
  }
  const models = extractionModels(options);
  if (options.perTurn === true) await runPerTurn(root, options, models, { starts, unreadable });
  else await runBackfill(root, options, models, { starts, unreadable });
}

/**
 * Ctrl-C: one line saying what a rerun does, then the usual 130. Stopping here is as safe as a
 * kill: every record lands whole, and the next run finishes or takes back what was under way.
 */
function sayInterrupted(): void {
  process.stderr.write('\nmemlog: interrupted: what was recorded stays; run memlog extract again to go on from there\n');
  process.exit(130);
}

/**
 * Ctrl-C during `--dry-run`: nothing is lost, so nothing to go on from. A dry run writes no memory, no
 * effect log and no output folder; the session catalog it may have filled is a cache, kept whole.
 */
function sayDryRunInterrupted(): void {
  process.stderr.write('\nmemlog: interrupted: a dry run writes nothing, and nothing was written\n');
  process.exit(130);
}
