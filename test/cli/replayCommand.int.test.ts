import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/tempDir.js';
import { runCli } from '../support/runCli.js';
import { readTranscriptFileSync } from '../../src/transcript/index.js';

const compacted = 'fixtures/projects/-home-dev-acme-shop/4a2030a7-b5cb-49a2-b41c-016deb5688ff.jsonl';

describe('memlog replay', () => {
  it('prints a timeline per turn with every decision and its reason, byte-identical on every run', () => {
    const first = runCli(['replay', compacted]);
    const second = runCli(['replay', compacted]);
    expect(first.status).toBe(0);
    expect(first.stdout).toBe(second.stdout);
    expect(first.stdout).toMatch(/turn 1: "Add pagination/);
    expect(first.stdout).toMatch(/compaction due: 167,147 tokens ≥ autocompact threshold 167,000 \(entry 99, bd4042cb\)/);
    // The default policy is claude-code: this session was written by 2.1.332, which keeps no session notes.
    expect(first.stdout).toMatch(/6 turns, 0 session-notes updates due, 1 compactions due, 6 extractions due, 0 skipped\n/);
    expect(first.stdout).toMatch(/policy claude-code: .*written by 2\.1\.332: the rules of 2\.1\.332/);
  });

  it("--policy memlog keeps memlog's session notes and its prose gate, and says so", () => {
    const result = runCli(['replay', compacted, '--policy', 'memlog']);
    // Every prompt of this session has 3 words or more: the gate lets each run through.
    expect(result.stdout).toMatch(/6 turns, 11 session-notes updates due, 1 compactions due, 6 extractions due, 0 skipped\n/);
    expect(result.stdout).toMatch(/policy memlog/);
    const stricter = runCli(['replay', compacted, '--policy', 'memlog', '--prose-words', '4']).stdout;
    expect(stricter).toMatch(
      /extraction skipped by the prose gate: no user message since the cursor has 4 words or more \(most 3, bucket 3–9; 2 messages\); cursor moved \(entry 134, 909aa024\)/,
    );
    expect(runCli(['replay', compacted, '--policy', 'hosted']).stderr).toMatch(/--policy.*claude-code, memlog/);
  });

  it('--html shows each skip with its reason and the policy on the page', () => {
    const page = join(tempDir(), 'page.html');
    const result = runCli(['replay', compacted, '--policy', 'memlog', '--prose-words', '4', '--html', page]);
    expect(result.stdout).toMatch(/policy memlog/);
    const html = readFileSync(page, 'utf8');
    expect(html).toContain('extraction skipped by the prose gate: no user message since the cursor has 4 words or more');
    expect(html).toContain('policy memlog');
  });

  it('--prose-words 0 turns the prose gate off; --extract-every shows each held turn as a skip', () => {
    const off = runCli(['replay', compacted, '--policy', 'memlog', '--prose-words', '0']).stdout;
    expect(off).toMatch(/6 extractions due, 0 skipped/);
    // Claude Code counts its compact summary as the user's words: only the turn after the compaction passes.
    expect(runCli(['replay', compacted, '--prose-words', '40']).stdout).toMatch(/1 extractions due, 5 skipped/);
    const everyTwo = runCli(['replay', compacted, '--extract-every', '2']).stdout;
    expect(everyTwo).toMatch(/extraction skipped by the cadence: eligible turn 1 of every 2/);
  });

  it('--json prints one decision per line with kind, uuid, seq, tokens and reason', () => {
    const result = runCli(['replay', compacted, '--json', '--policy', 'memlog']);
    const decisions = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const kinds = decisions.map((d) => String(d['kind']));
    expect(kinds.filter((k) => k === 'session_notes_due')).toHaveLength(11);
    expect(kinds.filter((k) => k === 'extraction_due').length).toBeGreaterThan(0);
    for (const d of decisions) expect(Object.keys(d)).toEqual(expect.arrayContaining(['kind', 'uuid', 'seq', 'tokens', 'reason']));
    // The request after the last message before the boundary is the one that compacted.
    expect(decisions.filter((d) => d['kind'] === 'compaction_due').map((d) => d['uuid'])).toEqual(['bd4042cb-c0e5-41d3-9165-46b00288539e']);
  });

  it('thresholds are options: a 1M window never compacts this session', () => {
    const result = runCli(['replay', compacted, '--json', '--context-window', '1000000']);
    expect(result.stdout).not.toMatch(/compaction_due/);
  });

  it('--at prints the state right after an entry; an unknown uuid is exit status 2', () => {
    const at = runCli(['replay', compacted, '--at', '950aeee8-4285-49a7-87fb-4511d09eb703', '--policy', 'memlog']);
    expect(at.status).toBe(0);
    const state = JSON.parse(at.stdout) as { sessionNotes: { updates: number }; batches: Record<string, unknown> };
    expect(state.sessionNotes.updates).toBe(10);
    expect(state.batches).toEqual({});
    const missing = runCli(['replay', compacted, '--at', 'nope']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/"nope" names no entry/);
  });

  it('--at takes an entry as replay prints it: its number, or the first characters of its uuid', () => {
    const byUuid = runCli(['replay', compacted, '--at', '950aeee8-4285-49a7-87fb-4511d09eb703']).stdout;
    const seq = readTranscriptFileSync(compacted).flatMap((i) =>
      i.kind === 'entry' && (i.entry as { uuid?: string }).uuid === '950aeee8-4285-49a7-87fb-4511d09eb703' ? [i.seq] : [],
    )[0];
    expect(runCli(['replay', compacted, '--at', String(seq)]).stdout).toBe(byUuid);
    expect(runCli(['replay', compacted, '--at', '950aeee8']).stdout).toBe(byUuid);
    expect(runCli(['replay', compacted, '--at', '950AEEE8']).stdout).toBe(byUuid);
    const tooFar = runCli(['replay', compacted, '--at', '999999']);
    expect(tooFar.status).toBe(2);
    expect(tooFar.stderr).toMatch(/no entry 999999/);
  });

  it('rejects a threshold that is not a positive integer', () => {
    const result = runCli(['replay', compacted, '--context-window', 'big']);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/expected a positive integer/);
  });
});
