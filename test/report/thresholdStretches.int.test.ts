import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Entry } from '../../src/index.js';
import { assistantEntry, compactBoundaryEntry, text, userEntry } from '../../src/testing/entryBuilders.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

/** A turn that grows the context to `size` tokens, or Claude Code compacting on its own from `preTokens`. */
type Step = { readonly size: number; readonly version: string } | { readonly autoCompactFrom: number; readonly version: string };

/** Writes the steps as one session's transcript in a fresh projects folder; returns the folder and each step's first seq. */
function writeSession(steps: readonly Step[]): { readonly dir: string; readonly seqs: number[] } {
  const dir = tempDir();
  const entries: Entry[] = [];
  const seqs: number[] = [];
  let parent: string | null = null;
  steps.forEach((step, i) => {
    seqs.push(entries.length);
    if ('autoCompactFrom' in step) {
      const boundary = compactBoundaryEntry(`b-${i}`, parent ?? 'none');
      entries.push({ ...boundary, version: step.version, compactMetadata: { trigger: 'auto', preTokens: step.autoCompactFrom } });
      parent = boundary.uuid;
      return;
    }
    const prompt = userEntry(`u-${i}`, `step ${i}: carry on with the migration`, { parentUuid: parent });
    const usage = { input_tokens: 3, output_tokens: 400, cache_creation_input_tokens: 2_000, cache_read_input_tokens: step.size - 2_003 };
    const reply = assistantEntry(`a-${i}`, `msg_${i}`, text(`done with step ${i}`), { parentUuid: prompt.uuid, usage });
    entries.push({ ...prompt, version: step.version }, { ...reply, version: step.version });
    parent = reply.uuid;
  });
  writeFileSync(join(dir, '11111111-2222-4333-8444-555555555555.jsonl'), entries.map((e) => JSON.stringify(e)).join('\n') + '\n');
  return { dir, seqs };
}

/** Turns growing by 20,000 tokens from `from` to `to`, all written by one version. */
function growing(from: number, to: number, version: string): Step[] {
  const steps: Step[] = [];
  for (let size = from; size <= to; size += 20_000) steps.push({ size, version });
  return steps;
}

/** `memlog report --html` over the folder, as a user runs it; the one session page it writes. */
function sessionPage(dir: string): string {
  const index = join(tempDir(), 'index.html');
  const report = runCli(['report', dir, '--html', index]);
  expect(report.status, report.stderr).toBe(0);
  const pages = join(dirname(index), 'sessions');
  const names = readdirSync(pages);
  expect(names).toHaveLength(1);
  return readFileSync(join(pages, names[0]!), 'utf8');
}

/** The x of the turn strip's bar that starts at this entry. */
function turnX(page: string, seq: number): string {
  const bar = new RegExp(`<rect class="m turn[^>]* x="([\\d.]+)"[^>]*data-seq="${seq}"`).exec(page);
  expect(bar, `a turn starting at entry ${seq}`).not.toBeNull();
  return bar![1]!;
}

/** The threshold line's path: where it is drawn horizontally and where it steps. */
function thresholdPath(page: string): { readonly d: string; readonly steps: string[] } {
  const path = /<path class="threshold" fill="none" d="([^"]+)"\/>/.exec(page);
  expect(path, 'a stepped threshold line').not.toBeNull();
  const d = path![1]!;
  // M<left> <y>H<x>V<y>H<x>…: each "H<x>V" is where a stretch ends and the next begins.
  return { d, steps: [...d.matchAll(/H([\d.]+)V/g)].map((m) => m[1]!) };
}

describe('the session page draws the threshold each stretch ran with (decisions 85 and 113)', () => {
  it('a 1M session that moved from Claude Code 2.1.332 to 2.1.337 steps from 967,000 down to 267,000 at the first turn 2.1.337 wrote', () => {
    const steps = [...growing(20_000, 240_000, '2.1.332'), ...growing(260_000, 420_000, '2.1.337')];
    const { dir, seqs } = writeSession(steps);
    const changedAt = seqs[steps.findIndex((s) => s.version === '2.1.337')]!;
    const page = sessionPage(dir);

    const { steps: at } = thresholdPath(page);
    expect(at).toEqual([turnX(page, changedAt)]);
    expect(page).toContain('data-since="0">autocompact threshold 967,000 (Claude Code 2.1.332)</text>');
    expect(page).toContain(`data-since="${changedAt}">autocompact threshold 267,000 (Claude Code 2.1.337)</text>`);
    expect(page).toContain(`data-since="${changedAt}">autocompact warning 247,000 (Claude Code 2.1.337)</text>`);
    expect(page).toContain(
      `entries 0–${changedAt - 1} ran under Claude Code 2.1.332 with a 1,000,000-token window: autocompact threshold 967,000, warning 947,000; entries ${changedAt}–`,
    );
    expect(page).toContain('context window 1,000,000 ·');
    // The decisions were made at the lower threshold only once 2.1.337 wrote the session.
    expect(page).toMatch(/compaction due: 2\d\d,\d{3} tokens ≥ autocompact threshold 267,000/);
  });

  it('a session settled on 200,000 by Claude Code’s own compaction that then passes 200,000 steps up to 967,000 after that compaction', () => {
    const steps: Step[] = [
      ...growing(20_000, 180_000, '2.1.332'),
      { autoCompactFrom: 185_000, version: '2.1.332' },
      ...growing(20_000, 320_000, '2.1.332'),
    ];
    const { dir, seqs } = writeSession(steps);
    const boundary = seqs[steps.findIndex((s) => 'autoCompactFrom' in s)]!;
    const page = sessionPage(dir);

    const { steps: at } = thresholdPath(page);
    // The larger window decided from the entry after Claude Code's compaction: the next turn's prompt.
    expect(at).toEqual([turnX(page, boundary + 1)]);
    expect(page).toContain('data-since="0">autocompact threshold 167,000 (Claude Code 2.1.332, 200,000 window)</text>');
    expect(page).toContain(`data-since="${boundary + 1}">autocompact threshold 967,000 (Claude Code 2.1.332, 1,000,000 window)</text>`);
    expect(page).toContain('context window 200,000 → 1,000,000 ·');
    expect(page).toContain(
      `entries 0–${boundary} ran under Claude Code 2.1.332 with a 200,000-token window: autocompact threshold 167,000`,
    );
  });

  it('a session under one version and one window keeps its one straight line per limit, with no stretch named', () => {
    const { dir } = writeSession(growing(20_000, 240_000, '2.1.337'));
    const page = sessionPage(dir);
    expect(page).toMatch(/<line class="threshold" [^>]*\/><text class="threshold-lab" [^>]*>autocompact threshold 267,000<\/text>/);
    expect(page).not.toContain('data-since=');
    expect(page).not.toContain('changed version or window');
  });
});
