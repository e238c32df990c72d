import type { Command } from 'commander';
import { memoryEffect, type EffectTotals, type MemoryEffect } from '../jobs/history/index.js';

const percent = (value: number | null): string => (value === null ? '–' : `${Math.round(value * 100)}%`);

/** One row a memory: later sessions, how often in context (read / recalled / index), how often said again. */
function rows(memories: readonly MemoryEffect[]): string[] {
  const width = Math.max(6, ...memories.map((m) => m.file.length));
  const head = `${'memory'.padEnd(width)}  since       later  read  recalled  index  said again`;
  return [
    head,
    ...memories.map((m) => {
      const count = (how: string) => String(m.inContext.filter((c) => c.how === how).length);
      const sessions = new Set(m.restated.map((r) => r.session)).size;
      return `${m.file.padEnd(width)}  ${m.since.slice(0, 10)}  ${String(m.later).padStart(5)}  ${count('read').padStart(4)}  ${count('recalled').padStart(8)}  ${count('index').padStart(5)}  ${String(sessions).padStart(10)}`;
    }),
  ];
}

export function totalsLine(t: EffectTotals): string {
  return `said again in a later session: ${t.restated} of ${t.withLater} subject(s) with a memory (${percent(t.rateWith)}), ${t.repeatedWithout} of ${t.subjectsWithout} without one (${percent(t.rateWithout)})`;
}

/** `memlog memory effect`: is each memory used, and does it spare the person saying it again (decision 80)? */
export function registerMemoryEffect(memory: Command, memoryDirOf: (options: { dir?: string }) => string): void {
  memory
    .command('effect')
    .description(
      "whether each memory is used: the later sessions it was in the model's context in (read, recalled, or listed in the index loaded at start) and those in which the person said the same again; with the project's repeat rate with a memory and without",
    )
    .option('--dir <dir>', "the memory directory (default: this project's); its sessions are the transcripts beside it")
    .option('--json', 'one JSON object')
    .action(async (options: { dir?: string; json?: boolean }) => {
      const dir = memoryDirOf(options);
      const effect = await memoryEffect(dir);
      if (options.json === true) {
        process.stdout.write(`${JSON.stringify({ dir, ...effect }, null, 2)}\n`);
        return;
      }
      const said = effect.memories.flatMap((m) =>
        m.restated.map((r) => `  ${m.file}: ${r.session.slice(0, 8)} "${r.words.replace(/\s+/g, ' ').slice(0, 120)}"`),
      );
      const lines = [...rows(effect.memories), '', totalsLine(effect.totals), ...(said.length === 0 ? [] : ['', 'said again:', ...said])];
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}
