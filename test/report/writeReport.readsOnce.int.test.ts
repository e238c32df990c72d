import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Entry } from '../../src/index.js';
import { writeReport } from '../../src/report/writeReport.js';
import { assistantEntry, text, userEntry } from '../../src/testing/entryBuilders.js';
import { tempDir } from '../support/tempDir.js';

/** A session whose responses are sent with these inputs, each after a prompt, written as a transcript. */
function writeSession(dir: string, name: string, sizes: readonly number[]): string {
  let parent: string | null = null;
  const entries: Entry[] = [];
  sizes.forEach((size, i) => {
    const prompt = userEntry(`${name}-u${i}`, `step ${i}: go on with the refactor of the parser`, { parentUuid: parent });
    const usage = { input_tokens: 2, output_tokens: 300, cache_creation_input_tokens: 1_000, cache_read_input_tokens: size - 1_002 };
    const reply = assistantEntry(`${name}-a${i}`, `msg-${name}-${i}`, text(`done with step ${i}`), { parentUuid: prompt.uuid, usage });
    entries.push(prompt, reply);
    parent = reply.uuid;
  });
  const file = join(dir, `${name}.jsonl`);
  writeFileSync(file, entries.map((e) => JSON.stringify(e)).join('\n') + '\n');
  return file;
}

/** Grows to 175,000 (a compaction due against 200,000), then on past it, as a 1M model lets a session. */
const ranWith1M = [40_000, 120_000, 175_000, 178_000, 181_000, 240_000, 320_000];
/** Grows to 181,000 and stays within 200,000: the default window, and its compactions due. */
const ranWith200k = [40_000, 120_000, 175_000, 178_000, 181_000, 90_000];

/** A projects folder of four sessions, two that passed 200,000 and two that did not. */
function projects(): { root: string; files: string[] } {
  const root = tempDir();
  const project = join(root, '-home-dev-parser');
  mkdirSync(project);
  const files = [
    writeSession(project, 'aaaaaaaa-0000-4000-8000-000000000001', ranWith1M),
    writeSession(project, 'aaaaaaaa-0000-4000-8000-000000000002', ranWith200k),
    writeSession(project, 'aaaaaaaa-0000-4000-8000-000000000003', ranWith1M.slice(0, 3)),
    writeSession(project, 'aaaaaaaa-0000-4000-8000-000000000004', [...ranWith200k, ...ranWith1M]),
  ];
  return { root, files };
}

/** Runs the report and counts the walks of each transcript, as its progress display sees them: each starts at offset 0. */
async function walksOf(root: string, html?: string): Promise<{ walks: Map<string, number>; due: Map<string, number | undefined> }> {
  const walks = new Map<string, number>();
  const report = await writeReport({
    root,
    ...(html === undefined ? {} : { html }),
    readProgress: (file) => ({
      read: (offset) => {
        if (offset === 0) walks.set(file, (walks.get(file) ?? 0) + 1);
      },
      stop: () => undefined,
    }),
  });
  return { walks, due: new Map(report.rows.map((row) => [row.session, row.totals?.compactionsDue])) };
}

describe('memlog report reads each session once, the window read in the same walk (decisions 55 and 113)', () => {
  it.each([
    ['rows', undefined],
    ['pages', 'report.html'],
  ])('%s: one walk of each transcript', async (_form, html) => {
    const { root, files } = projects();
    const { walks, due } = await walksOf(root, html === undefined ? undefined : join(tempDir(), html));
    expect(Object.fromEntries(walks)).toEqual(Object.fromEntries(files.map((file) => [file, 1])));
    // The sessions that passed 200,000 decided against 1,000,000: none of their compactions against 200,000 is left.
    expect(due.get('aaaaaaaa-0000-4000-8000-000000000001')).toBe(0);
    expect(due.get('aaaaaaaa-0000-4000-8000-000000000004')).toBe(0);
    expect(due.get('aaaaaaaa-0000-4000-8000-000000000002')).toBeGreaterThan(0);
    expect(due.get('aaaaaaaa-0000-4000-8000-000000000003')).toBeGreaterThan(0);
  });
});
