import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Decision, Entry, LogEntry } from '../../src/index.js';
import { createReplayDecider, createWindowDecider, replaySync, type ReplaySettings, type ReplayState } from '../../src/pipeline/index.js';
import { mergeByPosition } from '../../src/pipeline/mergeByPosition.js';
import { autocompactThresholds, DEFAULT_AUTOCOMPACT_SETTINGS } from '../../src/projections/index.js';
import { assistantEntry, compactBoundaryEntry, text, userEntry } from '../../src/testing/entryBuilders.js';
import { fcRuns } from '../support/fcRuns.js';

/** A step of a session: a prompt and a response sent with this much input, or Claude Code compacting from this many tokens. */
type Step = { readonly size: number } | { readonly boundary: 'auto' | 'manual'; readonly preTokens: number };

/** A session as its steps; the versions that wrote it decide the 1M automatic window (decision 85). */
function session(steps: readonly Step[], version: string): LogEntry[] {
  const entries: Entry[] = steps.flatMap((step, i): Entry[] =>
    'boundary' in step
      ? [boundaryEntry(`b${i}`, `a${i - 1}`, step, version)]
      : [
          { ...userEntry(`u${i}`, 'go on with the next part of the plan'), version },
          {
            ...assistantEntry(`a${i}`, `m${i}`, text('ok'), {
              usage: { input_tokens: 1, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: step.size - 1 },
            }),
            version,
          },
        ],
  );
  return entries.map((entry, seq) => ({ seq, entry }));
}

function boundaryEntry(uuid: string, parent: string, step: { boundary: 'auto' | 'manual'; preTokens: number }, version: string): Entry {
  const entry = compactBoundaryEntry(uuid, parent);
  return { ...entry, version, compactMetadata: { trigger: step.boundary, preTokens: step.preTokens } };
}

/**
 * Where the session is settled on 200,000 before usage proves 1,000,000 (decision 113, amended): the seq of the last
 * automatic compaction from at most 200,000 tokens before the first response past 200,000; -1 when there is none.
 */
function settledUpTo(entries: readonly LogEntry[]): number {
  let settled = -1;
  for (const { seq, entry } of entries) {
    if (entry.type === 'assistant' && (entry.message.usage?.cache_read_input_tokens ?? 0) + 1 > 200_000) return settled;
    const metadata = entry.type === 'system' && entry.subtype === 'compact_boundary' ? entry.compactMetadata : undefined;
    if (metadata?.trigger === 'auto' && (metadata.preTokens ?? Infinity) <= 200_000) settled = seq;
  }
  return settled;
}

/**
 * The replay with the window switched: the settings as given up to the entry `upTo` (included), then with
 * `--context-window 1000000`, from the state reached; stopped right after the entry `at` when given.
 */
function replaySwitched(
  entries: readonly LogEntry[],
  settings: ReplaySettings,
  upTo: number,
  at?: number,
): { decisions: Decision[]; state: ReplayState } {
  const before = createReplayDecider(settings);
  const after = createReplayDecider(withWindow(settings, 1_000_000));
  let state = before.initialState();
  const decisions: Decision[] = [];
  for (const event of mergeByPosition(entries, [])) {
    const seq = event.source === 'transcript' ? event.event.seq : Infinity;
    const [next, made] = (seq <= upTo ? before : after).step(state, event);
    state = next;
    decisions.push(...made);
    if (seq === at) break;
  }
  return { decisions, state };
}

/** The replay as it was before decision 113's inference: one decider over the settings as given. */
function replayAsGiven(entries: readonly LogEntry[], settings: ReplaySettings): { decisions: Decision[]; state: ReplayState } {
  const decider = createReplayDecider(settings);
  let state = decider.initialState();
  const decisions: Decision[] = [];
  for (const event of mergeByPosition(entries, [])) {
    const [next, made] = decider.step(state, event);
    state = next;
    decisions.push(...made);
  }
  return { decisions, state };
}

const policies = fc.constantFrom(undefined, 'memlog' as const, 'claude-code' as const);
const versions = fc.constantFrom('2.1.88', '2.1.332', '2.1.337');
const outputs = fc.constantFrom(undefined, 8_000);
/** Sizes weighted near the default window's threshold (167,000), so compactions are decided against it. */
const sizeWithin = fc.oneof(fc.integer({ min: 1, max: 200_000 }), fc.integer({ min: 150_000, max: 200_000 }));
/** Claude Code compacting: on its own near the 200,000 window's threshold or past it, or by hand at any size. */
const compaction: fc.Arbitrary<Step> = fc.record({
  boundary: fc.constantFrom('auto' as const, 'manual' as const),
  preTokens: fc.oneof(fc.integer({ min: 150_000, max: 200_000 }), fc.integer({ min: 1, max: 1_000_000 })),
});
const stepWithin: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: sizeWithin.map((size) => ({ size })) },
  { weight: 1, arbitrary: compaction },
);
const within = fc.array(stepWithin, { minLength: 1, maxLength: 40 });
const past = fc
  .tuple(
    within,
    fc.integer({ min: 200_001, max: 1_000_000 }),
    fc.array(
      fc.oneof(
        stepWithin,
        fc.integer({ min: 1, max: 1_000_000 }).map((size) => ({ size })),
      ),
      { maxLength: 15 },
    ),
  )
  .map(([before, over, after]): Step[] => [...before, { size: over }, ...after]);
const settingsOf = (policy: ReplaySettings['policy'], maxOutputTokens: number | undefined): ReplaySettings => ({
  ...(policy === undefined ? {} : { policy }),
  ...(maxOutputTokens === undefined ? {} : { autocompact: { maxOutputTokens } }),
});
const withWindow = (settings: ReplaySettings, contextWindow: number): ReplaySettings => ({
  ...settings,
  autocompact: { ...settings.autocompact, contextWindow },
});

describe('the window read from usage in the replay fold (decision 113)', () => {
  it('a session whose usage never passes 200,000 replays exactly as before: same decisions, same order, same state', () => {
    fc.assert(
      fc.property(within, policies, versions, outputs, (steps, policy, version, output) => {
        const entries = session(steps, version);
        const settings = settingsOf(policy, output);
        const result = replaySync(entries, settings);
        const before = replayAsGiven(entries, settings);
        expect(result.inferred).toBeNull();
        expect(result.decisions).toEqual(before.decisions);
        expect(result.state).toEqual(before.state);
      }),
      { numRuns: fcRuns },
    );
  });

  it('a session that passes it replays as with --context-window 1000000 from its last automatic compaction within 200,000 (from the start when none), with no compaction due below that threshold after it', () => {
    // The lowest threshold a 1M window has: 2.1.337's automatic window under Claude Code's rules, the most output reserved (decision 85).
    const lowest = autocompactThresholds({ ...DEFAULT_AUTOCOMPACT_SETTINGS, contextWindow: 300_000 }).threshold;
    fc.assert(
      fc.property(past, policies, versions, outputs, (steps, policy, version, output) => {
        const entries = session(steps, version);
        const settings = settingsOf(policy, output);
        const result = replaySync(entries, settings);
        const upTo = settledUpTo(entries);
        const given = replaySwitched(entries, settings, upTo);
        expect(result.inferred).toMatchObject({ assumed: 200_000, window: 1_000_000 });
        // The page draws each window where it decided: the larger one from the entry after that compaction.
        expect(result.inferred?.since).toBe(upTo === -1 ? undefined : upTo + 1);
        expect(result.decisions).toEqual(given.decisions);
        expect(result.state).toEqual(given.state);
        if (upTo === -1) expect(given).toEqual(replayAsGiven(entries, withWindow(settings, 1_000_000)));
        for (const decision of result.decisions)
          if (decision.kind === 'compaction_due' && decision.seq > upTo) {
            expect(decision.tokens).toBeGreaterThanOrEqual(decision.threshold);
            expect(decision.threshold).toBeGreaterThanOrEqual(lowest);
          }
      }),
      { numRuns: fcRuns },
    );
  });

  it('the state at an entry is the state the window the whole session proves gives there', () => {
    fc.assert(
      fc.property(fc.oneof(within, past), policies, versions, fc.nat(), (steps, policy, version, pick) => {
        const entries = session(steps, version);
        const settings = settingsOf(policy, undefined);
        const { inferred } = replaySync(entries, settings);
        const at = entries[pick % entries.length]!.seq;
        const result = replaySync(entries, settings, at);
        const proved = replaySwitched(entries, settings, inferred === null ? Infinity : settledUpTo(entries), at);
        expect(result.found).toBe(true);
        expect(result.state).toEqual(proved.state);
        expect(result.decisions).toEqual(proved.decisions);
      }),
      { numRuns: fcRuns },
    );
  });

  it('the entries are walked once, and every decision held is told when made', () => {
    fc.assert(
      fc.property(fc.oneof(within, past), policies, versions, (steps, policy, version) => {
        const entries = session(steps, version);
        let walks = 0;
        let read = 0;
        const counted: Iterable<LogEntry> = {
          *[Symbol.iterator]() {
            walks++;
            for (const entry of entries) {
              read = entry.seq;
              yield entry;
            }
          },
        };
        const heldAt = new Map<Decision, number>();
        const told: Decision[] = [];
        replaySync(
          counted,
          settingsOf(policy, undefined),
          undefined,
          [],
          (decision) => told.push(decision),
          (decision) => heldAt.set(decision, read),
        );
        expect(walks).toBe(1);
        // A held decision is told while its entry is among the last read: a response and the prompt before it.
        for (const [decision, readThen] of heldAt) expect(readThen - decision.seq).toBeLessThanOrEqual(2);
      }),
      { numRuns: fcRuns },
    );
  });

  it('what a forked fold holds is bounded: never more than holdAtMost decisions, whatever the session', () => {
    // Long stretches past the 200,000 window's threshold that Claude Code never compacts on its own: the holds that grew before.
    const stretch = fc.array(
      fc.oneof(
        { weight: 8, arbitrary: fc.integer({ min: 167_000, max: 200_000 }).map((size): Step => ({ size })) },
        { weight: 1, arbitrary: compaction },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 1_000_000 }).map((size): Step => ({ size })) },
      ),
      { maxLength: 150 },
    );
    fc.assert(
      fc.property(stretch, policies, versions, fc.integer({ min: 1, max: 12 }), (steps, policy, version, holdAtMost) => {
        const decider = createWindowDecider(settingsOf(policy, undefined), { holdAtMost });
        let fold = decider.initialState();
        for (const event of [...mergeByPosition(session(steps, version), []), { source: 'end' as const }]) {
          fold = decider.step(fold, event)[0];
          if (fold.phase !== 'forked') continue;
          let held = 0;
          for (let h = fold.held; h !== null; h = h.earlier) held++;
          expect(held).toBe(fold.count);
          expect(held).toBeLessThanOrEqual(holdAtMost);
        }
      }),
      { numRuns: fcRuns },
    );
  });

  it('under any bound, a session whose usage never passes 200,000 replays exactly as before', () => {
    fc.assert(
      fc.property(within, policies, versions, fc.integer({ min: 1, max: 6 }), (steps, policy, version, holdAtMost) => {
        const entries = session(steps, version);
        const settings = settingsOf(policy, undefined);
        const decider = createWindowDecider(settings, { holdAtMost });
        let fold = decider.initialState();
        const decisions: Decision[] = [];
        for (const event of mergeByPosition(entries, [])) {
          const [next, made] = decider.step(fold, event);
          fold = next;
          decisions.push(...made);
        }
        decisions.push(...decider.finish(fold)[1]);
        expect(decisions).toEqual(replayAsGiven(entries, settings).decisions);
      }),
      { numRuns: fcRuns },
    );
  });

  it('a window given by the caller wins: nothing is inferred', () => {
    const entries = session([{ size: 170_000 }, { size: 500_000 }], '2.1.332');
    const settings = { autocompact: { contextWindow: 200_000 } };
    const result = replaySync(entries, settings);
    expect(result.inferred).toBeNull();
    expect(result.decisions).toEqual(replayAsGiven(entries, settings).decisions);
    expect(result.decisions.some((d) => d.kind === 'compaction_due')).toBe(true);
  });
});
