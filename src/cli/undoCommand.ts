import type { Command } from 'commander';
import { InvalidArgumentError } from '../errors.js';
import { undoRun, type UndoConflict, type UndoResult } from '../jobs/history/index.js';
import { memoryDirOf } from './memoryCommand.js';

interface UndoCliOptions {
  readonly dir?: string;
  readonly last?: boolean;
  readonly force?: boolean;
  readonly json?: boolean;
}

const short = (sha: string | null): string => (sha === null ? 'no file' : sha.slice(0, 12));

function conflictLine(c: UndoConflict): string {
  const by = c.since.length === 0 ? 'not by a recorded run (by hand, or by Claude Code)' : `by ${c.since.join(', ')}`;
  return `  ${c.file}: left as ${short(c.left)}, now ${short(c.now)}; changed ${by}`;
}

function resultText(result: UndoResult): string {
  if (result.status === 'refused')
    return [
      `refused: ${result.reason}, so undoing it would lose them:`,
      ...result.conflicts.map(conflictLine),
      `memlog memory log <file> shows what changed; --force undoes ${result.undid} anyway (the later bytes are kept: memlog undo --last brings them back)`,
    ].join('\n');
  const lines = [`${result.runId}: undid ${result.undid}`];
  for (const file of result.restored) lines.push(`  restored ${file}`);
  for (const file of result.removed) lines.push(`  removed ${file}`);
  if (result.restored.length + result.removed.length === 0) lines.push('  nothing to change: every file already has its bytes from before');
  return lines.join('\n');
}

/** `memlog undo <run | run/file | --last>`: takes back one recorded run of memlog's, as a recorded run of its own (decision 79). */
export function registerUndo(program: Command): void {
  program
    .command('undo')
    .description(
      'take back what one memlog run (extraction, consolidation, index backfill, accepted review, undo) did to a memory directory: each file gets its bytes from before; refused when a file changed since',
    )
    .argument(
      '[run]',
      'the run, as memlog memory log names it (consolidation@0, 4a2030a7:extraction@12), or one file of it (consolidation@0/tabs.md)',
    )
    .option('--last', 'the newest recorded run')
    .option('--dir <dir>', "the memory directory (default: this project's)")
    .option('--force', 'undo even over later changes (kept by the undo: undoing the undo brings them back)')
    .option('--json', 'one JSON object')
    .addHelpText(
      'after',
      '\nExamples:\n  memlog undo --last --dir memlog-out/-home-me-shop/memory\n  memlog undo consolidation@2\n  memlog undo 4a2030a7:extraction@12/deploy.md --force',
    )
    .action(async (run: string | undefined, options: UndoCliOptions) => {
      if ((run === undefined) === (options.last !== true)) throw new InvalidArgumentError('name one run to undo, or --last (not both)');
      const result = await undoRun({ memoryDir: memoryDirOf(options), target: run ?? 'last', force: options.force === true });
      process.stdout.write(options.json === true ? `${JSON.stringify(result, null, 2)}\n` : `${resultText(result)}\n`);
      if (result.status === 'refused') process.exitCode = 1;
    });
}
