import { describe, expect, it } from 'vitest';
import type { Entry, LogEntry } from '../../src/index.js';
import { contextWindowInference, foldAll, responseInput, selectInferredWindow, windowProvenBy } from '../../src/projections/index.js';
import { assistantEntry, text, userEntry } from '../../src/testing/entryBuilders.js';

const usage = (input: number, cached: number, output = 0) => ({
  input_tokens: input,
  output_tokens: output,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: cached,
});
const logged = (entries: Entry[]): LogEntry[] => entries.map((entry, seq) => ({ seq, entry }));
const peakOf = (entries: Entry[]) => foldAll(contextWindowInference, logged(entries));
const response = (uuid: string, input: number, cached: number, output = 0): Entry =>
  assistantEntry(uuid, `m-${uuid}`, text(''), { usage: usage(input, cached, output) });

describe('the window a session must have run with', () => {
  it('a session whose input stays within the assumed window infers nothing', () => {
    const state = peakOf([userEntry('u1', 'q'), response('a1', 1_000, 199_000, 5_000)]);
    expect(state.peakInput).toBe(200_000);
    expect(selectInferredWindow(state, 200_000)).toBeNull();
  });

  it('input with its cache reads past 200,000 means the 1,000,000 window', () => {
    const state = peakOf([userEntry('u1', 'q'), response('a1', 10, 150_000), response('a2', 1, 200_000)]);
    expect(selectInferredWindow(state, 200_000)).toEqual({ assumed: 200_000, window: 1_000_000, input: 200_001 });
  });

  it('output tokens are not input: a response that only wrote past the window infers nothing', () => {
    expect(selectInferredWindow(peakOf([response('a1', 0, 190_000, 30_000)]), 200_000)).toBeNull();
  });

  it("a subagent's usage says nothing of the main thread's window", () => {
    const sidechain = { ...response('a1', 0, 500_000), isSidechain: true } as Entry;
    expect(selectInferredWindow(peakOf([sidechain]), 200_000)).toBeNull();
  });

  it('input past every window Claude Code offers infers none of them, and hides no input a window holds', () => {
    expect(selectInferredWindow(peakOf([response('a1', 0, 1_200_000)]), 200_000)).toBeNull();
    expect(windowProvenBy(1_200_000, 200_000)).toBeNull();
    const state = peakOf([response('a1', 0, 300_000), response('a2', 0, 1_200_000)]);
    expect(selectInferredWindow(state, 200_000)).toEqual({ assumed: 200_000, window: 1_000_000, input: 300_000 });
  });

  it('a response proves a window alone: the first input past the assumed one that a window holds', () => {
    expect(windowProvenBy(200_000, 200_000)).toBeNull();
    expect(windowProvenBy(200_001, 200_000)).toEqual({ assumed: 200_000, window: 1_000_000, input: 200_001 });
    expect(responseInput(logged([response('a1', 3, 250_000, 9_000)])[0]!)).toBe(250_003);
    expect(responseInput(logged([userEntry('u1', 'q')])[0]!)).toBeNull();
  });
});
