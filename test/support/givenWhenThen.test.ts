import { describe, expect, it } from 'vitest';
import { defineProjection, selectTurns, turnsProjection, type LogEntry } from '../../src/index.js';
import type { Trigger } from '../../src/projections/index.js';
import { assistantEntry, text, userEntry } from '../../src/testing/entryBuilders.js';
import { deciderSpec, projectionSpec, triggerSpec } from './givenWhenThen.js';

// Toy folds, so that these specs test the helper and not memlog's triggers.
interface Busy {
  readonly kind: 'busy';
  readonly seq: number;
  readonly uuid: string;
  readonly reason: string;
}
/** Decides "busy" at every second prompt; a reply changes nothing. */
const everySecondPrompt: Trigger<number, Busy, LogEntry> = {
  name: 'everySecondPrompt',
  version: 1,
  initialState: () => 0,
  step: (prompts, { seq, entry }) => {
    if (entry.type !== 'user') return [prompts, []];
    const count = prompts + 1;
    return [count, count % 2 === 0 ? [{ kind: 'busy', seq, uuid: entry.uuid, reason: `${count} prompts so far` }] : []];
  },
  end: (prompts) => [prompts, []],
};
const promptCount = defineProjection<{ prompts: number }>({
  name: 'promptCount',
  version: 1,
  initialState: () => ({ prompts: 0 }),
  evolve: (state, { entry }) => (entry.type === 'user' ? { prompts: state.prompts + 1 } : state),
});

const busy = triggerSpec(everySecondPrompt);
const counted = projectionSpec(promptCount);
const first = userEntry('u1', 'first');
const second = userEntry('u2', 'second');
const reply = assistantEntry('a1', 'm1', text('ok'));

/** The error a spec throws; fails if the spec passes. */
function errorOf(spec: () => void): Error {
  try {
    spec();
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`the spec threw a non-error: ${String(error)}`);
  }
  throw new Error('the spec was expected to fail, and passed');
}
const failureOf = (spec: () => void): string => errorOf(spec).message;

describe('trigger specs', () => {
  it('check only what the when entries decided, numbering them after the given ones', () => {
    busy
      .given(first)
      .when(second)
      .then([{ kind: 'busy', seq: 1, uuid: 'u2', reason: '2 prompts so far' }]);
    busy.given(first, second).when(reply).thenNothing();
    busy.when(first, second, userEntry('u3', 'third'), userEntry('u4', 'fourth')).thenEach((d) => d.uuid, ['u2', 'u4']);
    busy.when(first, second).thenMatch([{ uuid: 'u2' }]);
    busy.when(first, { seq: 41, entry: second }).thenEach((d) => d.seq, [41]);
  });

  it('a wrong expectation throws an error that tells what was given, what was decided and what was expected', () => {
    const message = failureOf(() => busy.given(first).when(second, reply).thenNothing());
    expect(message.split('\n\n')[0]).toBe(
      [
        'trigger everySecondPrompt',
        'given (1):',
        '  0 user u1 "first"',
        'when (2):',
        '  1 user u2 "second"',
        '  2 assistant a1 message m1 text "ok" usage 2',
        'it decided (1):',
        '  at 1 u2: 2 prompts so far',
        'expected no decisions',
      ].join('\n'),
    );
    // vitest's own message follows the story.
    expect(message).toMatch(/\n\nexpected \[ { kind: 'busy'/);
  });

  it("drops the helper's own stack frames, so that vitest points at the spec's line", () => {
    const stack = errorOf(() => busy.when(first, second).thenNothing()).stack ?? '';
    expect(stack).not.toMatch(/givenWhenThen\.ts:/);
    expect(stack).toMatch(/givenWhenThen\.test\.ts:/);
  });

  it('names the selector or check that did not hold, and shows what the given entries decided', () => {
    const picked = failureOf(() => busy.when(first, second).thenEach((d) => d.seq, [0]));
    expect(picked).toContain('expected the decisions, each through (d) => d.seq, to be these');
    const checked = failureOf(() =>
      busy
        .given(first, second)
        .when(reply)
        .then((decisions) => decisions.length > 0),
    );
    expect(checked).toContain('which decided (not checked) (1):\n  at 1 u2: 2 prompts so far');
    expect(checked).toContain('expected (decisions) => decisions.length > 0 to hold');
    expect(checked).toMatch(/the check returned false$/);
  });
});

describe('projection specs', () => {
  it('check the state after the when entries', () => {
    counted.given(first).when(second).then({ prompts: 2 });
    counted.when(first).thenState((state) => state.prompts, 1);
    counted.given(first).when(reply).thenUnchanged();
    counted.when(first).then((state) => state.prompts === 1);
  });

  it('a wrong expectation throws an error that tells what was given and what was expected', () => {
    const message = failureOf(() =>
      counted
        .given(first)
        .when(second)
        .thenState((state) => state.prompts, 3),
    );
    expect(message).toContain('projection promptCount\ngiven (1):\n  0 user u1 "first"\nwhen (1):\n  1 user u2 "second"');
    expect(message).toContain(
      'expected the state, through (state) => state.prompts, to equal the expected value\n\nexpected 2 to deeply equal 3',
    );
    // Imported selectors are named as written, not as vitest rewrote them.
    expect(
      failureOf(() =>
        projectionSpec(turnsProjection)
          .when(first)
          .thenState((state) => selectTurns(state).length, 0),
      ),
    ).toContain('through (state) => selectTurns(state).length,');
    expect(failureOf(() => counted.given(first).when(second).thenUnchanged())).toContain(
      'expected evolve to return the same state object (nothing changed)',
    );
  });

  it('an assertion inside a check keeps its own message, after the story', () => {
    const message = failureOf(() => counted.when(first).then((state) => void expect(state.prompts).toBe(5)));
    expect(message).toMatch(/^projection promptCount\n[\s\S]*\n\nexpected 1 to be 5/);
  });
});

describe('decider specs', () => {
  it('fold any step function, with its events shown as JSON', () => {
    function addUp(total: number, add: number) {
      return [total + add, total + add > 10 ? ['over ten'] : []] as const;
    }
    const sum = deciderSpec({ initialState: () => 0, step: addUp });
    sum.given(5).when(6).then(['over ten']);
    sum.when(1, 2).thenState(3);
    expect(failureOf(() => sum.given(5).when(6).thenNothing())).toContain(
      'decider addUp\ngiven (1):\n  5\nwhen (1):\n  6\nit decided (1):\n  "over ten"',
    );
  });
});
