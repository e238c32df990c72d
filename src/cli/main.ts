import { Command, CommanderError } from 'commander';
import { describeFailure } from '../fs/index.js';
import { registerInspect } from './inspectCommand.js';
import { registerCompact } from './compactCommand.js';
import { registerContext } from './contextCommand.js';
import { registerExtract } from './extractCommand.js';
import { registerMemory } from './memoryCommand.js';
import { registerNotes } from './notesCommand.js';
import { registerReplay } from './replayCommand.js';
import { registerReport } from './reportCommand.js';
import { registerTeam } from './teamCommand.js';
import { registerConsolidate } from './consolidateCommand.js';
import { limitHeapGrowth } from './heapGrowth.js';

/** Builds the CLI; one file a command, each registering itself. */
export function createProgram(): Command {
  // Set before the commands are added, so each one inherits it: main decides the exit status.
  const program = new Command('memlog')
    .exitOverride()
    .description("memlog: Claude Code's memory system over its transcript log, as a library and CLI")
    .version('0.1.0')
    .showHelpAfterError();
  registerInspect(program);
  registerReplay(program);
  registerReport(program);
  registerNotes(program);
  registerCompact(program);
  registerExtract(program);
  registerConsolidate(program);
  registerMemory(program);
  registerTeam(program);
  registerContext(program);
  return program;
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
    await createProgram().parseAsync(argv);
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
