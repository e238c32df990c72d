import { Command, CommanderError } from 'commander';
import { describeFailure } from '../fs/index.js';
import { limitHeapGrowth } from './heapGrowth.js';

type Register = (program: Command) => void;

/**
 * Each command's file, loaded only when asked for: a command's file brings its layers with it
 * (the model SDK, the date parser, the database drivers…), and loading every command's costs
 * about 0.6 s before any work, a third of reading a 200 MB transcript (decision 57).
 */
const COMMANDS: ReadonlyArray<readonly [name: string, load: () => Promise<Register>]> = [
  ['inspect', async () => (await import('./inspectCommand.js')).registerInspect],
  ['replay', async () => (await import('./replayCommand.js')).registerReplay],
  ['report', async () => (await import('./reportCommand.js')).registerReport],
  ['notes', async () => (await import('./notesCommand.js')).registerNotes],
  ['compact', async () => (await import('./compactCommand.js')).registerCompact],
  ['extract', async () => (await import('./extractCommand.js')).registerExtract],
  ['consolidate', async () => (await import('./consolidateCommand.js')).registerConsolidate],
  ['memory', async () => (await import('./memoryCommand.js')).registerMemory],
  ['team', async () => (await import('./teamCommand.js')).registerTeam],
  ['context', async () => (await import('./contextCommand.js')).registerContext],
  ['search', async () => (await import('./searchCommand.js')).registerSearch],
  ['mcp', async () => (await import('./mcpCommand.js')).registerMcp],
  ['archive', async () => (await import('./archiveCommand.js')).registerArchive],
  ['audit', async () => (await import('./auditCommand.js')).registerAudit],
  ['undo', async () => (await import('./undoCommand.js')).registerUndo],
  ['review', async () => (await import('./reviewCommand.js')).registerReview],
  ['redact', async () => (await import('./redactCommand.js')).registerRedact],
];

/**
 * Builds the CLI; one file a command, each registering itself. Given the arguments, only the
 * command they name is loaded; without a command (`--help`, `help replay`, a typo) every one
 * is, so that help lists them all and commander can suggest the nearest name.
 */
export async function createProgram(argv?: readonly string[]): Promise<Command> {
  // Set before the commands are added, so each one inherits it: main decides the exit status.
  const program = new Command('memlog')
    .exitOverride()
    // A command's options are read after its own name only: `archive --to` names the archive, `archive restore --to` the target.
    .enablePositionalOptions()
    .description("memlog: Claude Code's memory system over its transcript log, as a library and CLI")
    .version('0.1.0');
  for (const load of commandsFor(argv?.[2])) (await load())(program);
  pointToHelpAfterErrors(program, 'memlog');
  return program;
}

/** Options of memlog itself that need no command: `--version` answers without loading any (decision 88). */
const NO_COMMAND = new Set(['--version', '-V']);

/** The commands to load for the first argument: the one it names, none for `--version`, else every one (help, a typo). */
function commandsFor(first: string | undefined): Array<() => Promise<Register>> {
  if (first !== undefined && NO_COMMAND.has(first)) return [];
  const only = COMMANDS.filter(([name]) => name === first);
  return (only.length > 0 ? only : COMMANDS).map(([, load]) => load);
}

/**
 * A usage error is its line (commander's, with its "did you mean" where it has one) and one line
 * pointing at the command's own help, not the whole help, which would scroll the error away.
 */
function pointToHelpAfterErrors(command: Command, path: string): void {
  command.showHelpAfterError(`(see '${path} --help' for the options)`);
  for (const sub of command.commands) pointToHelpAfterErrors(sub, `${path} ${sub.name()}`);
}

/**
 * Runs the CLI. Usage errors, memlog's own errors and failed file operations become one line on
 * stderr and exit status 2 (commander has printed its own line); anything else is a bug and
 * keeps its stack.
 */
export async function main(argv: readonly string[] = process.argv): Promise<void> {
  stopQuietlyWhenOutputCloses();
  limitHeapGrowth();
  try {
    await (await createProgram(argv)).parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end with 0; every other commander error is a usage error.
      process.exitCode = error.exitCode === 0 ? 0 : 2;
      return;
    }
    const line = describeFailure(error);
    if (line === undefined) throw error;
    process.stderr.write(`memlog: ${line}\n`);
    process.exitCode = 2;
  }
}

/**
 * `memlog replay --json | head`: once the reader has gone, the next write fails with EPIPE. That
 * is the reader's choice, not an error: stop at once and say nothing (a run in progress is left
 * as a kill would leave it, which every writing command recovers from).
 */
function stopQuietlyWhenOutputCloses(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
}
