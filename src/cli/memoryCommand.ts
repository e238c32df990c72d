import type { Command } from 'commander';
import { statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { MemlogError } from '../errors.js';
import {
  autoMemoryDir,
  backfillIndex,
  INDEX_NAME,
  lintIndex,
  lintTopicFiles,
  parseTopicFile,
  readIndexForModel,
  scanMemoryFiles,
  type MemoryFileHeader,
  type MemoryLint,
} from '../memory/durable/index.js';
import { describeFileKind, NotRegularFileError, readRegularFile } from '../fs/index.js';
import { consolidationHistory, memorySessions, memoryWrites, type ConsolidationTouch } from '../jobs/history/index.js';
import { registerMemoryLog } from './memoryLog.js';
import { registerMemoryEffect } from './memoryEffectView.js';
import { missingMemoryDirLine } from './missingMemoryDir.js';

interface MemoryOptions {
  readonly dir?: string;
  readonly json?: boolean;
}

/** The index's text; null when there is none or it cannot be read, but a pipe or a device there is refused, never waited on. */
const readIndexOrNull = (path: string): Promise<string | null> =>
  readRegularFile(path, 'utf8').catch((error: unknown) => {
    if (error instanceof NotRegularFileError) throw error;
    return null;
  });

const short = (uuid: string | null): string => (uuid === null ? 'the start' : uuid.slice(0, 8));

/** The sessions a consolidation cites, once each, with the day: "4a2030a7 (2026-03-04)". */
const cited = (sources: ConsolidationTouch['sources']): string =>
  [...new Map(sources.map((s) => [s.session, s.timestamp.slice(0, 10)]))]
    .map(([session, day]) => `${session.slice(0, 8)} (${day})`)
    .join(', ');

/** One consolidation's change to a memory, as `why` shows it. */
function touchLine(touch: ConsolidationTouch): string {
  const by = `by ${touch.runId}`;
  const from = touch.sources.length === 0 ? '' : `; from ${cited(touch.sources)}`;
  const pending = touch.finished ? '' : ' (cut short; the next memlog consolidate finishes it)';
  switch (touch.kind) {
    case 'added':
    case 'updated':
    case 'removed':
    case 'confirmed':
      return `  ${touch.kind} ${by}: ${touch.reason}${from}${pending}`;
    case 'merged':
      return `  merged into ${touch.other ?? '?'} ${by}: ${touch.reason}${pending}`;
    case 'absorbed':
      return `  ${touch.other ?? '?'} merged into it ${by}: ${touch.reason}${pending}`;
    case 'contradicts': {
      const at = touch.instruction === undefined ? 'CLAUDE.md' : `${touch.instruction.file}:${touch.instruction.line}`;
      const quote = touch.instruction === undefined ? '' : ` "${touch.instruction.text}"`;
      return `  noted ${by}: contradicts ${at}${quote} (${touch.reason})${pending}`;
    }
  }
}

/**
 * The memory folder to look at. One named with --dir must be there: an empty listing of a
 * mistyped path would read as "no memories". This project's default folder may not exist yet.
 */
export function memoryDirOf(options: { readonly dir?: string }): string {
  if (options.dir === undefined) return autoMemoryDir({ projectRoot: process.cwd() });
  let stats;
  try {
    stats = statSync(options.dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new MemlogError('not_found', `${options.dir}: no such memory folder`, { path: options.dir });
    throw error;
  }
  if (!stats.isDirectory())
    throw new MemlogError('invalid_argument', `${options.dir} is ${describeFileKind(stats)}, not a memory folder`, { path: options.dir });
  return options.dir;
}

/** Each memory file's size and lines, for the cap lints; a file gone since the scan is left out. */
async function lintsOf(files: readonly MemoryFileHeader[], index: string | null): Promise<MemoryLint[]> {
  const measured = await Promise.all(
    files.map(async (file) => {
      const bytes = await readRegularFile(file.filePath).catch(() => null);
      if (bytes === null) return [];
      const text = bytes.toString('utf8');
      return [
        { filename: file.filename, description: file.description, bytes: bytes.length, lines: text.replace(/\n$/, '').split('\n').length },
      ];
    }),
  );
  return [...(index === null ? [] : lintIndex(index)), ...lintTopicFiles(measured.flat())];
}

/** `memlog memory list | why <name> | index | log [name]`: what a memory directory holds, and where each memory came from. */
export function registerMemory(program: Command): void {
  const memory = program
    .command('memory')
    .description('look at a durable-memory directory: its index, its memories and where each came from');
  memory
    .command('list')
    .description('the index (as Claude Code loads it), then every memory with its type, description and the sessions it came from')
    .option('--dir <dir>', "the memory directory (default: this project's, where Claude Code keeps it)")
    .option('--json', 'one JSON object')
    .action(async (options: MemoryOptions) => {
      const dir = memoryDirOf(options);
      const missing = options.dir === undefined ? missingMemoryDirLine(dir) : null;
      if (missing !== null) process.stderr.write(missing);
      const files = await scanMemoryFiles(dir);
      // One memlog line per problem, as every diagnostic (decision 64).
      for (const file of files)
        for (const problem of file.problems ?? [])
          process.stderr.write(`memlog: ${file.filename}:${problem.line}: frontmatter: ${problem.message}\n`);
      const sessions = memorySessions(dir);
      const index = await readIndexOrNull(join(dir, INDEX_NAME));
      const memories = files.map((file) => ({ ...file, sessions: sessions.get(file.filename) ?? [] }));
      const lints = await lintsOf(files, index);
      if (options.json === true) {
        process.stdout.write(`${JSON.stringify({ dir, index, memories, lints }, null, 2)}\n`);
        return;
      }
      const lines = [`${dir}: ${files.length} memor${files.length === 1 ? 'y' : 'ies'}`];
      if (index !== null) lines.push('', readIndexForModel(index).content, '');
      for (const m of memories)
        lines.push(
          `${m.filename}  [${m.type ?? 'untyped'}]  ${m.description ?? '(no description)'}${m.sessions.length === 0 ? '' : `  ← ${m.sessions.map((s) => s.slice(0, 8)).join(', ')}`}`,
        );
      if (lints.length > 0)
        lines.push('', `${lints.length} lint${lints.length === 1 ? '' : 's'}:`, ...lints.map((l) => `  ${l.file}: ${l.message}`));
      process.stdout.write(`${lines.join('\n')}\n`);
    });
  memory
    .command('index')
    .description(
      'give a memory directory that has topic files but no MEMORY.md its index, as Claude Code 2.1.332 does: one line per memory, newest first; an existing index is never touched',
    )
    .option('--dir <dir>', "the memory directory (default: this project's)")
    .option('--json', 'one JSON object')
    .action(async (options: MemoryOptions) => {
      const dir = memoryDirOf(options);
      const result = await backfillIndex(dir);
      if (options.json === true) {
        process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
        return;
      }
      const lines: string[] = [];
      switch (result.status) {
        case 'created':
          lines.push(
            `${result.path}: written with ${result.plan.listed.length} line${result.plan.listed.length === 1 ? '' : 's'}, newest first`,
          );
          break;
        case 'exists':
          lines.push(`${result.path} is already there: left as it is`);
          break;
        case 'no_memories':
          lines.push(`${dir}: no topic files to index; no ${INDEX_NAME} written`);
          break;
      }
      for (const skipped of result.plan?.skipped ?? []) lines.push(`  not listed: ${JSON.stringify(skipped.filename)} (${skipped.reason})`);
      process.stdout.write(`${lines.join('\n')}\n`);
    });
  memory
    .command('why')
    .description('where a memory came from: the sessions and messages that wrote it, and what consolidations did to it')
    .argument('<name>', 'the file name (with or without .md) or the name in its frontmatter')
    .option('--dir <dir>', "the memory directory (default: this project's)")
    .option('--json', 'one JSON object')
    .action(async (name: string, options: MemoryOptions) => {
      const dir = memoryDirOf(options);
      const files = await scanMemoryFiles(dir);
      const file = files.find((f) => f.filename === name || f.filename === `${name}.md` || f.name === name);
      const history = consolidationHistory(dir);
      if (file === undefined) {
        // A memory a consolidation merged into another is gone as a file, not from the record.
        const gone = history.filter((t) => t.file === name || t.file === `${name}.md`);
        if (gone.length === 0)
          throw new MemlogError('not_found', `no memory named ${JSON.stringify(name)} in ${dir} (memlog memory list shows them)`);
        const filename = gone[0]!.file;
        const writes = memoryWrites(dir).filter((w) => w.file === filename);
        if (options.json === true) {
          process.stdout.write(`${JSON.stringify({ file: null, memory: null, writes, consolidations: gone }, null, 2)}\n`);
          return;
        }
        const lines = [`${filename}: no longer a memory file`, ...gone.map(touchLine)];
        process.stdout.write(`${lines.join('\n')}\n`);
        return;
      }
      const parsed = parseTopicFile(await readRegularFile(file.filePath, 'utf8'), file.filename);
      const writes = memoryWrites(dir).filter((w) => w.file === file.filename);
      const consolidations = history.filter((t) => t.file === file.filename);
      if (options.json === true) {
        process.stdout.write(
          `${JSON.stringify({ file: file.filePath, memory: parsed.ok ? parsed.file : null, writes, consolidations }, null, 2)}\n`,
        );
        return;
      }
      const lines = [`${file.filename} [${file.type ?? 'untyped'}]: ${file.description ?? ''}`];
      if (parsed.ok && parsed.file.originSessionId !== undefined)
        lines.push(
          `  came from session ${parsed.file.originSessionId}${parsed.file.modified === undefined ? '' : ` (${parsed.file.modified})`}`,
        );
      for (const w of writes)
        lines.push(
          `  ${w.change} by ${w.runId} in session ${w.sessionId ?? '?'}: messages after ${short(w.from)} up to ${short(w.to)} (${relative(process.cwd(), w.effectLog)})`,
        );
      // A backfill's memories are written by its consolidation, whose lines follow.
      if (writes.length === 0 && consolidations.length === 0)
        lines.push('  no recorded extraction or consolidation wrote it (written by Claude Code itself, or by hand)');
      lines.push(...consolidations.map(touchLine));
      process.stdout.write(`${lines.join('\n')}\n`);
    });
  registerMemoryLog(memory, memoryDirOf);
  registerMemoryEffect(memory, memoryDirOf);
}
