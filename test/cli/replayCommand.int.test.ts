import { describe, expect, it } from 'vitest';
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
    expect(first.stdout).toMatch(/6 turns, 11 session-notes updates due, 1 compactions due, \d+ extractions due, 0 skipped/);
  });

  it('--json prints one decision per line with kind, uuid, seq, tokens and reason', () => {
    const result = runCli(['replay', compacted, '--json']);
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
    const at = runCli(['replay', compacted, '--at', '950aeee8-4285-49a7-87fb-4511d09eb703']);
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
