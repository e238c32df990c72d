import type { Command } from 'commander';
import { EXTRACT_OPTIONS, EXTRACT_RULES, type ExtractCommandOptions } from './extractOptions.js';
import { addModelPortOptions } from './modelPortOptions.js';
import { addOptionTable, checkOptionRules } from './optionTable.js';
import { PROJECTS_FOLDER_HELP } from './transcriptArgument.js';

const EXAMPLES = [
  'memlog extract fixtures/projects',
  'memlog extract ~/.claude/projects --dry-run',
  'memlog extract ~/.claude/projects/-home-me-app --into-claude --model anthropic',
  'memlog extract ~/.claude/projects --model anthropic --consolidation agent',
  'memlog extract ~/.claude/projects --per-turn --extract-every 3',
];

/** `memlog extract [projects-folder]`: durable memories from old transcripts, resumably. */
export function registerExtract(program: Command): void {
  const command = program
    .command('extract')
    .description(
      "extract durable memories (MEMORY.md and topic files) from old transcripts: every project's sessions in time order; a rerun does only what is new",
    )
    .argument('[folder]', PROJECTS_FOLDER_HELP);
  addOptionTable(command, EXTRACT_OPTIONS)
    .option(
      '--catalog <file>',
      "the session catalog sessions' first times and folders are read from (default: $MEMLOG_CATALOG, else ~/.memlog/catalog.db)",
    )
    .option('--no-catalog', "find each session's first time and folder by reading it, neither reading nor writing the session catalog");
  addModelPortOptions(command);
  checkOptionRules(command, EXTRACT_RULES)
    .addHelpText(
      'after',
      `\nBy default each session is read once, in chunks of whole turns, for candidate memories (phase 1, recorded in its effect log); then each project's new candidates are consolidated into its memory directory (phase 2): by the lexical planner unless --consolidation agent. --per-turn replays Claude Code's live extraction instead.\n\nExamples:\n${EXAMPLES.map((example) => `  ${example}`).join('\n')}`,
    )
    // The run's modules are loaded when it runs: --help and a usage error need none of them (decision 118).
    .action(async (folder: string | undefined, options: ExtractCommandOptions) =>
      (await import('./extractAction.js')).runExtract(folder, options),
    );
}
