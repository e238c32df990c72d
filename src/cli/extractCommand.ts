import { InvalidArgumentError, Option, type Command } from 'commander';
import { ConfigError, OfflineModel } from '../index.js';
import { AnthropicModel } from '../model/anthropic/index.js';
import { CassetteModel } from '../model/cassette/index.js';
import { claudeConfigHome, projectsRoot } from '../transcript/index.js';
import { backfillMemories, DEFAULT_CHUNK_TOKENS, extractMemories, selectModel, type ModelKind } from '../jobs/index.js';
import { printBackfillPlan, printPerTurnPlan } from './extractPlan.js';
import { reportSkipped } from './reportSkipped.js';
import { backfillProgress, perTurnProgress } from './extractProgress.js';
import { formatBackfillReport, formatPerTurnReport } from './extractReport.js';
import { addModelPortOptions, costField, costLine, MODEL_HELP, modelPortSelection, type ModelPortCliOptions } from './modelPortOptions.js';
import { checkOptions, modelOption } from './optionChecks.js';
import { nonNegative, positive, toSettings } from './triggerOptions.js';
import { REVIEW_ENV, reviewByDefault } from './reviewSetting.js';
import { describePolicy } from '../pipeline/index.js';
import { TRIGGER_POLICIES, type TriggerPolicy } from '../projections/index.js';

interface ExtractCliOptions extends ModelPortCliOptions {
  readonly out: string;
  readonly intoClaude?: boolean;
  readonly review?: boolean;
  readonly model: ModelKind;
  readonly cassette?: string;
  readonly record?: boolean;
  readonly concurrency: number;
  readonly dryRun?: boolean;
  readonly json?: boolean;
  readonly frontmatter: 'metadata' | 'flat';
  readonly extractEvery?: number;
  readonly batch?: boolean;
  readonly perTurn?: boolean;
  readonly chunkTokens?: number;
  readonly consolidation: 'lexical' | 'agent';
  readonly policy: TriggerPolicy;
  readonly proseWords?: number;
  readonly idleFlush?: number;
  readonly firstLook: 'off' | 'shadow' | 'enforce';
  readonly firstLookTimeout: number;
  readonly firstLookModel?: string;
}

const form = (value: string): 'metadata' | 'flat' => {
  if (value === 'metadata' || value === 'flat') return value;
  throw new InvalidArgumentError('expected metadata or flat');
};

/** `memlog extract [projects-folder]`: durable memories from old transcripts, resumably. */
export function registerExtract(program: Command): void {
  const command = program
    .command('extract')
    .description(
      "extract durable memories (MEMORY.md and topic files) from old transcripts: every project's sessions in time order; a rerun does only what is new",
    )
    .argument('[folder]', 'a projects folder or one project folder (default: the projects folder under CLAUDE_CONFIG_DIR or ~/.claude)')
    .option(
      '--out <dir>',
      "memlog's output folder: <out>/<project>/memory and the effect logs that hold each session's cursor",
      'memlog-out',
    )
    .option('--into-claude', 'write where Claude Code reads: <project>/memory, effect logs beside the transcripts')
    .addOption(modelOption('--model <kind>', MODEL_HELP, 'auto'))
    .option('--cassette <file>', 'replay model calls from this cassette (with --record: record them)')
    .option('--record', 'with --cassette: call the model and record its answers')
    .option('--concurrency <n>', 'projects worked on side by side', positive, 2)
    .option('--frontmatter <form>', 'topic-file frontmatter: metadata (current Claude Code) or flat', form, 'metadata')
    .option('--extract-every <turns>', 'with --per-turn: extract every N eligible turns (default 1)', positive)
    .addOption(
      new Option(
        '--policy <policy>',
        "with --per-turn: whose rules decide the runs: memlog (memlog's own) or claude-code (Claude Code's, for the version that wrote each entry)",
      )
        .choices(TRIGGER_POLICIES)
        .default('memlog'),
    )
    .option(
      '--prose-words <n>',
      'with --per-turn: the prose gate, the words a user message since the cursor needs (default 3; 0: off)',
      nonNegative,
    )
    .addOption(
      new Option(
        '--first-look <mode>',
        'with --per-turn: one cheap call before each run asking whether anything is worth writing: shadow (run anyway, record the answer) or enforce (a no skips the run; the cursor stays)',
      )
        .choices(['off', 'shadow', 'enforce'])
        .default('off'),
    )
    .option('--first-look-timeout <seconds>', 'with --first-look: how long the one call may take (default 20; never retried)', positive, 20)
    .option('--first-look-model <id>', 'with --first-look and an Anthropic model: the model asked (default: the one extracting)')
    .option('--idle-flush <seconds>', 'with --per-turn: run a held-back extraction when the session then stayed idle this long', positive)
    .option(
      '--batch',
      'send the requests through the Anthropic Message Batches API (half price, asynchronous): each run collects the batches that have ended and sends what is due next (a chunk per session a round)',
    )
    .option(
      '--per-turn',
      "extract as Claude Code does live, turn by turn: every run sends the conversation since the cursor (a session's tokens sent many times over)",
    )
    .option(
      '--chunk-tokens <n>',
      `the largest chunk of whole turns sent at once, in estimated tokens (default ${DEFAULT_CHUNK_TOKENS})`,
      positive,
    )
    .addOption(
      new Option(
        '--consolidation <planner>',
        'how phase 2 merges the candidates: lexical (deterministic, free) or agent (the consolidation agent on the selected model, as memlog consolidate --model anthropic)',
      )
        .choices(['lexical', 'agent'])
        .default('lexical'),
    )
    // The default since decision 46; the flag stays accepted for scripts written when it was opt-in.
    .addOption(new Option('--two-phase', 'read each session once, then consolidate (the default)').hideHelp())
    .option('--dry-run', 'list what would be processed, with an estimate of model tokens; write nothing')
    .option(
      '--review',
      `put each project's merged memories in the review inbox beside its memory directory instead of writing them (memlog review); the default when ${REVIEW_ENV}=1`,
    )
    .option('--json', 'print the report as one JSON object');
  addModelPortOptions(command);
  checkOptions<ExtractCliOptions>(command, (options, given) => {
    if (options.record === true && options.cassette === undefined) return '--record records into a cassette: it needs --cassette <file>';
    if (options.intoClaude === true && given('out')) return '--into-claude writes where Claude Code reads; it does not go with --out';
    const twoPhase = (options as { twoPhase?: boolean }).twoPhase === true;
    if (options.perTurn === true && twoPhase) return '--per-turn and --two-phase are two ways to extract: choose one';
    if (options.perTurn === true && options.chunkTokens !== undefined)
      return '--chunk-tokens sizes the chunks each session is read in; --per-turn sends runs, not chunks';
    if (options.perTurn === true && options.review === true)
      return "--review proposes the backfill's merge; --per-turn writes each run as it goes";
    if (options.perTurn === true && given('consolidation'))
      return '--consolidation chooses how the backfill consolidates its candidates; --per-turn has no such phase';
    if (options.consolidation === 'agent' && options.model === 'offline')
      return '--consolidation agent runs a model as an agent; the offline model cannot (use --model anthropic, or --consolidation lexical)';
    if (options.perTurn !== true && options.extractEvery !== undefined)
      return '--extract-every spaces the runs of --per-turn; the default backfill reads each session once (add --per-turn)';
    for (const name of ['policy', 'proseWords', 'idleFlush', 'firstLook', 'firstLookTimeout', 'firstLookModel'] as const)
      if (options.perTurn !== true && given(name))
        return `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} decides the runs of --per-turn; the default backfill reads each session once (add --per-turn)`;
    return undefined;
  })
    .addHelpText(
      'after',
      "\nBy default each session is read once, in chunks of whole turns, for candidate memories (phase 1, recorded in its effect log); then each project's new candidates are consolidated into its memory directory (phase 2): by the lexical planner unless --consolidation agent. --per-turn replays Claude Code's live extraction instead.\n\nExamples:\n  memlog extract fixtures/projects\n  memlog extract ~/.claude/projects --dry-run\n  memlog extract ~/.claude/projects/-home-me-app --into-claude --model anthropic\n  memlog extract ~/.claude/projects --model anthropic --consolidation agent\n  memlog extract ~/.claude/projects --per-turn --extract-every 3",
    )
    .action(async (folder: string | undefined, options: ExtractCliOptions) => {
      const root = folder ?? projectsRoot(claudeConfigHome());
      const settings = toSettings(options);
      reportSkipped(root);
      if (options.dryRun === true) {
        if (options.perTurn === true) printPerTurnPlan(root, options, settings);
        else printBackfillPlan(root, options);
        return;
      }
      const model = selectModel({
        model: options.model,
        ...modelPortSelection(options),
        ...(options.cassette === undefined ? {} : { cassette: options.cassette }),
        ...(options.record === true ? { record: true } : {}),
      });
      if (options.batch === true && !(model instanceof AnthropicModel))
        throw new ConfigError(
          `--batch sends requests through the Anthropic Message Batches API: it needs ANTHROPIC_API_KEY and --model anthropic or auto (this run would use the ${model.name} model)`,
        );
      // auto without a key falls back to the offline model, which cannot run the agent.
      if (options.consolidation === 'agent' && model instanceof OfflineModel)
        throw new ConfigError(
          '--consolidation agent runs a model as an agent: it needs ANTHROPIC_API_KEY or --model anthropic, openai-compatible or claude-code (this run would use the offline model)',
        );
      if (options.perTurn !== true) {
        const progress = backfillProgress(options.batch === true);
        const report = await backfillMemories({
          root,
          out: options.out,
          intoClaude: options.intoClaude === true,
          model,
          concurrency: options.concurrency,
          frontmatter: options.frontmatter,
          ...(options.chunkTokens === undefined ? {} : { chunkTokens: options.chunkTokens }),
          ...(options.batch === true && model instanceof AnthropicModel ? { batches: model.batches } : {}),
          ...(options.consolidation === 'agent' ? { consolidationAgent: { model } } : {}),
          ...(reviewByDefault(options.review) ? { review: true } : {}),
          onStart: progress.start,
          onSession: progress.session,
        });
        progress.stop();
        if (model instanceof CassetteModel && options.record === true) await model.save();
        if (options.json === true)
          process.stdout.write(`${JSON.stringify({ ...report, model: model.name, ...costField(model) }, null, 2)}\n`);
        else process.stdout.write(formatBackfillReport(report, model.name) + costLine(model));
        if (report.failedRuns > 0 || report.failedSessions > 0 || report.failedProjects > 0) process.exitCode = 1;
        return;
      }
      const progress = perTurnProgress();
      const firstLook =
        options.firstLook === 'off'
          ? undefined
          : {
              mode: options.firstLook,
              timeoutMs: options.firstLookTimeout * 1000,
              // One attempt, no retries, a short timeout (Claude Code's first look): a model of its own when it is the API.
              model:
                model instanceof AnthropicModel
                  ? new AnthropicModel({
                      maxRetries: 0,
                      stream: false,
                      timeoutMs: options.firstLookTimeout * 1000,
                      ...(options.firstLookModel === undefined ? {} : { model: options.firstLookModel }),
                    })
                  : model,
            };
      const report = await extractMemories({
        ...(firstLook === undefined ? {} : { firstLook }),
        root,
        out: options.out,
        intoClaude: options.intoClaude === true,
        model,
        concurrency: options.concurrency,
        settings,
        frontmatter: options.frontmatter,
        onSession: progress.update,
        ...(options.batch === true && model instanceof AnthropicModel ? { batches: model.batches } : {}),
      });
      progress.stop();
      if (model instanceof CassetteModel && options.record === true) await model.save();
      if (options.json === true)
        process.stdout.write(`${JSON.stringify({ ...report, model: model.name, policy: options.policy, ...costField(model) }, null, 2)}\n`);
      else process.stdout.write(formatPerTurnReport(report, model.name, describePolicy(options.policy)) + costLine(model));
      if (report.failedRuns > 0 || report.failedSessions > 0) process.exitCode = 1;
    });
}
