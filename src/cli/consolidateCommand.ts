import type { Command } from 'commander';
import type { ModelKind } from '../jobs/index.js';
import { DEFAULT_MIN_HOURS, DEFAULT_MIN_SESSIONS } from '../jobs/light/index.js';
import { addModelPortOptions, MODEL_HELP, type ModelPortCliOptions } from './modelPortOptions.js';
import { modelOption } from './optionChecks.js';
import { REVIEW_ENV } from './reviewSetting.js';

/** `memlog consolidate`'s options, as commander hands them to the action. */
export interface ConsolidateOptions extends ModelPortCliOptions {
  readonly dryRun?: boolean;
  readonly review?: boolean;
  readonly json?: boolean;
  readonly force?: boolean;
  readonly minHours: string;
  readonly minSessions: string;
  readonly claudeMd: string[];
  readonly model: ModelKind;
}

/** Each --claude-md, in the order given. */
const collect = (value: string, previous: string[]): string[] => [...previous, value];

/** `memlog consolidate <memory-dir | projects-folder>`: Claude Code's "dream" for any memory directory. */
export function registerConsolidate(program: Command): void {
  const command = program
    .command('consolidate')
    .description(
      "merge a memory directory into one tight memory per fact, as Claude Code's background consolidation does: near-duplicates merged, the newest statement of a fact kept, relative dates made absolute, the index one short line per memory",
    )
    .argument('<path>', 'a memory directory (with MEMORY.md), a project folder with memory/, or a projects folder')
    .option('--dry-run', 'print the plan (added / updated / merged / removed, each with its reason and sources) and write nothing')
    .option('--json', 'print the result as one JSON object')
    .option(
      '--review',
      `put the changes in the review inbox beside the directory instead of writing them (memlog review); the default when ${REVIEW_ENV}=1`,
    )
    .addOption(modelOption('--model <kind>', `the consolidation agent's model: ${MODEL_HELP}; offline is the lexical planner`, 'auto'))
    .option('--force', 'run even when the gates say it is too soon (a consolidation running elsewhere still stops it)')
    .option('--min-hours <n>', 'hours since the last consolidation before the next', String(DEFAULT_MIN_HOURS))
    .option(
      '--min-sessions <n>',
      'sessions since the last consolidation before the next (when the project has sessions beside it)',
      String(DEFAULT_MIN_SESSIONS),
    )
    .option(
      '--claude-md <file>',
      "a CLAUDE.md to check the memories against (repeatable), besides the project's own found from its sessions' working directory; a memory that contradicts one is noted, CLAUDE.md is never written",
      collect,
      [],
    );
  addModelPortOptions(command)
    .addHelpText(
      'after',
      '\nExamples:\n  memlog consolidate ~/.claude/projects/-home-me-shop/memory --dry-run\n  memlog consolidate memlog-out --force --json\n  memlog consolidate memlog-out/-home-me-shop/memory --claude-md ~/shop/CLAUDE.md --dry-run\n  memlog consolidate ~/.claude/projects/-home-me-shop --model anthropic --dry-run',
    )
    // The run's modules are loaded when it runs: --help and a usage error need none of them (decision 118).
    .action(async (path: string, options: ConsolidateOptions) => (await import('./consolidateAction.js')).runConsolidate(path, options));
}
