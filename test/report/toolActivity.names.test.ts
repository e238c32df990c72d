import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assistantEntry, toolResultEntry, toolUse } from '../../src/testing/entryBuilders.js';
import { toolActivity } from '../../src/report/toolActivity.js';
import type { LogEntry } from '../../src/transcript/logEntry.js';
import { fcRuns } from '../support/fcRuns.js';

/** A call or a failed result, ids drawn from a small pool so that calls, results and repeats of both meet. */
type Step = { readonly call: true; readonly id: number; readonly name: string } | { readonly call: false; readonly id: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ call: fc.constant(true as const), id: fc.nat(11), name: fc.constantFrom('Bash', 'Read', 'Edit', 'Grep') }),
  fc.record({ call: fc.constant(false as const), id: fc.nat(11) }),
);

function entriesOf(steps: readonly Step[]): LogEntry[] {
  return steps.map((s, seq) => ({
    seq,
    entry: s.call
      ? assistantEntry(`a${seq}`, `m${seq}`, toolUse(`toolu_${s.id}`, s.name))
      : toolResultEntry(`u${seq}`, `toolu_${s.id}`, 'a0', { isError: true }),
  }));
}

/** The names an unbounded memory of every call gives each failed result: its id's latest call before it. */
function namesRemembered(steps: readonly Step[]): string[] {
  const latest = new Map<number, string>();
  const names: string[] = [];
  for (const s of steps) {
    if (s.call) latest.set(s.id, s.name);
    else names.push(latest.get(s.id) ?? 'unknown tool');
  }
  return names;
}

describe('toolActivity: the tool a failed result answers', () => {
  it('is the latest call with its id, answered or not, results repeated or not, in sessions within the limits', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 200 }), (steps) => {
        const { errors } = toolActivity(entriesOf(steps));
        expect(errors.map((e) => e.tool)).toEqual(namesRemembered(steps));
      }),
      { numRuns: fcRuns },
    );
  });

  it('is remembered for an unanswered call however many calls were answered since', () => {
    const steps: Step[] = [{ call: true, id: 0, name: 'Edit' }];
    for (let i = 0; i < 70_000; i++) steps.push({ call: true, id: 1 + (i % 7), name: 'Bash' }, { call: false, id: 1 + (i % 7) });
    steps.push({ call: false, id: 0 });
    expect(toolActivity(entriesOf(steps)).errors.at(-1)?.tool).toBe('Edit');
  });

  it('forgets an answered call once 1,024 later calls were answered: a result line repeated that late says "unknown tool"', () => {
    const late = (answeredSince: number): string | undefined => {
      const steps: Step[] = [
        { call: true, id: 100_000, name: 'Edit' },
        { call: false, id: 100_000 },
      ];
      for (let i = 0; i < answeredSince; i++) steps.push({ call: true, id: i, name: 'Bash' }, { call: false, id: i });
      steps.push({ call: false, id: 100_000 });
      return toolActivity(entriesOf(steps)).errors.at(-1)?.tool;
    };
    expect(late(1_023)).toBe('Edit');
    expect(late(1_024)).toBe('unknown tool');
  });
});
