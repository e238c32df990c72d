import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Decision, Entry, LogEntry } from '../../src/index.js';
import { createReplayDecider, type PipelineEvent, type ReplaySettings } from '../../src/pipeline/index.js';
import { readTranscriptFileSync } from '../../src/transcript/index.js';
import {
  assistantEntry,
  compactBoundaryEntry,
  compactSummaryEntry,
  text,
  toolResultEntry,
  toolUse,
  userEntry,
} from '../../src/testing/entryBuilders.js';
import { conversation } from '../support/conversationArbitrary.js';
import { fcRuns } from '../support/fcRuns.js';
import { jsonlFiles } from '../support/fixtureFiles.js';
import { demoProjects, hasShared, sharedFixtures } from '../support/paths.js';
import { createReplayDecider as todaysReplayDecider } from '../support/today/replayDecider.js';

/** Every decision of one fold over the entries (runs instant), the log's end included. */
/** The decider's shape with its state left open: today's state has fewer fields than the decider of now. */
interface AnyDecider<S> {
  readonly initialState: () => S;
  readonly step: (state: S, event: PipelineEvent) => readonly [S, readonly Decision[]];
  readonly end: (state: S) => readonly [S, readonly Decision[]];
}

function decide<S>(run: AnyDecider<S>, entries: readonly LogEntry[]): Decision[] {
  let state = run.initialState();
  const out: Decision[] = [];
  for (const event of entries) {
    const [next, made] = run.step(state, { source: 'transcript', event });
    state = next;
    out.push(...made);
  }
  out.push(...run.end(state)[1]);
  return out;
}

const logged = (entries: readonly Entry[]): LogEntry[] => entries.map((entry, seq) => ({ seq, entry }));

/** Sessions with what the gates look at: prompts of 0 to 12 words, memory writes, compactions with summaries, versions old and new. */
const gatedSession: fc.Arbitrary<Entry[]> = fc
  .array(
    fc.oneof(
      fc.record({ kind: fc.constant('prompt' as const), words: fc.integer({ min: 0, max: 12 }) }),
      fc.record({ kind: fc.constant('answer' as const) }),
      fc.record({ kind: fc.constant('tool' as const) }),
      fc.record({ kind: fc.constant('memoryWrite' as const) }),
      fc.record({ kind: fc.constant('boundary' as const) }),
    ),
    { maxLength: 30 },
  )
  .chain((steps) =>
    fc.tuple(
      fc.constant(steps),
      fc.array(fc.constantFrom('2.1.39', '2.1.88', '2.1.126', '2.1.206', '2.1.332', 'x'), {
        minLength: steps.length,
        maxLength: steps.length,
      }),
    ),
  )
  .map(([steps, versions]) => {
    let n = 0;
    const id = (p: string): string => `${p}-${++n}`;
    const entries: Entry[] = [];
    steps.forEach((s, i) => {
      const version = versions[i]!;
      const add = (...made: Entry[]): void => void entries.push(...made.map((e) => ({ ...e, version }) as Entry));
      switch (s.kind) {
        case 'prompt':
          add(userEntry(id('u'), Array.from({ length: s.words }, (_, w) => `w${w}`).join(' ')));
          break;
        case 'answer':
          add(assistantEntry(id('a'), id('m'), text('done'), { usage: { input_tokens: 2_000 * (i + 1), output_tokens: 10 } }));
          break;
        case 'tool':
        case 'memoryWrite': {
          const tool = id('t');
          const input = s.kind === 'tool' ? { command: 'ls' } : { file_path: '/h/.claude/projects/-p/memory/x.md', content: 'x' };
          const piece = assistantEntry(id('a'), id('m'), toolUse(tool, s.kind === 'tool' ? 'Bash' : 'Write', input));
          add(piece, toolResultEntry(id('r'), tool, piece.uuid));
          break;
        }
        case 'boundary': {
          const boundary = compactBoundaryEntry(id('b'), 'x');
          add(boundary, compactSummaryEntry(id('s'), boundary.uuid, 'the summary of what the user asked for so far'));
          break;
        }
      }
    });
    return entries;
  });

/** Settings under which every gate is off, each of which must decide exactly as before the gates. */
const gatesOff: ReadonlyArray<readonly [string, ReplaySettings]> = [
  ['no policy', {}],
  ['memlog, prose gate 0', { policy: 'memlog', extraction: { minProseWords: 0 } }],
  ['no policy, small notes thresholds', { sessionNotes: { minimumTokensToInit: 3_000, minimumTokensBetweenUpdates: 1_000 } }],
];

const files = [
  ...jsonlFiles(demoProjects).map((f) => join(demoProjects, f)),
  ...(hasShared ? jsonlFiles(sharedFixtures).map((f) => join(sharedFixtures, f)) : []),
];

describe('with every gate off, decisions are exactly those made before the gates', () => {
  it.each(gatesOff)('on generated sessions (%s)', (_name, settings) => {
    const today = todaysReplayDecider(settings);
    const now = createReplayDecider(settings);
    fc.assert(
      fc.property(fc.oneof(gatedSession, conversation), (entries) => {
        expect(decide(now, logged(entries))).toEqual(decide(today, logged(entries)));
      }),
      { numRuns: fcRuns },
    );
  });

  it.each(gatesOff)('on every real and demo transcript (%s)', (_name, settings) => {
    const today = todaysReplayDecider(settings);
    const now = createReplayDecider(settings);
    let decided = 0;
    for (const file of files) {
      const entries = readTranscriptFileSync(file).flatMap((i) => (i.kind === 'entry' ? [{ seq: i.seq, entry: i.entry }] : []));
      const expected = decide(today, entries);
      expect(decide(now, entries), file).toEqual(expected);
      decided += expected.length;
    }
    expect(decided).toBeGreaterThan(0);
  });

  it('and the gates do change them when on (the property is not vacuous)', () => {
    const entries = logged([userEntry('u1', 'ok'), assistantEntry('a1', 'm1', text('done'))]);
    const on = decide(createReplayDecider({ policy: 'memlog' }), entries);
    expect(on.map((d) => d.kind)).toEqual(['extraction_skipped']);
    expect(decide(todaysReplayDecider({}), entries).map((d) => d.kind)).toEqual(['extraction_due', 'run_start']);
  });
});
