/**
 * Copies a transcript into another file a few lines at a time, cutting some lines in two
 * writes, as a live Claude Code session would append: node --import tsx slowAppender.ts <src> <dest> <linesPerTick> <tickMs>
 */
import { appendFileSync, readFileSync } from 'node:fs';

const [src, dest, perTick, tickMs] = process.argv.slice(2);
if (src === undefined || dest === undefined) throw new Error('usage: slowAppender <src> <dest> <linesPerTick> <tickMs>');
const lines = readFileSync(src, 'utf8').split(/(?<=\n)/);
const step = Number(perTick ?? 3);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
for (let i = 0; i < lines.length; i += step) {
  const chunk = lines.slice(i, i + step).join('');
  const cut = Math.floor(chunk.length / 2);
  appendFileSync(dest, chunk.slice(0, cut));
  await sleep(Number(tickMs ?? 10) / 2);
  appendFileSync(dest, chunk.slice(cut));
  await sleep(Number(tickMs ?? 10) / 2);
}
