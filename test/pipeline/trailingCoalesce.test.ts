import { describe, expect, it } from 'vitest';
import {
  evolveTrailing,
  initialTrailingState,
  type TrailingStart,
  type TrailingEvent,
  type TrailingState,
} from '../../src/pipeline/trailingCoalesce.js';
import { deciderSpec } from '../support/givenWhenThen.js';

const requested = (value: string): TrailingEvent<string> => ({ kind: 'requested', value });
const finished: TrailingEvent<string> = { kind: 'finished' };
const failed: TrailingEvent<string> = { kind: 'failed' };
const leading = (...batch: string[]): TrailingStart<string> => ({ kind: 'start', batch, trailing: false });
const trailing = (...batch: string[]): TrailingStart<string> => ({ kind: 'start', batch, trailing: true });

const coalesce = deciderSpec({ initialState: initialTrailingState<string>, step: evolveTrailing<string> });

describe('evolveTrailing', () => {
  it.each<{ rule: string; events: TrailingEvent<string>[]; decisions: TrailingStart<string>[]; state: TrailingState<string> }>([
    { rule: 'nothing happens without a request', events: [], decisions: [], state: { inFlight: null, pending: [], runs: 0 } },
    {
      rule: 'a request while idle starts a run of that request',
      events: [requested('a')],
      decisions: [leading('a')],
      state: { inFlight: ['a'], pending: [], runs: 1 },
    },
    {
      rule: 'requests during a run wait, in arrival order',
      events: [requested('a'), requested('b'), requested('c')],
      decisions: [leading('a')],
      state: { inFlight: ['a'], pending: ['b', 'c'], runs: 1 },
    },
    {
      rule: 'the run ending releases every waiting request as one trailing run',
      events: [requested('a'), requested('b'), requested('c'), finished],
      decisions: [leading('a'), trailing('b', 'c')],
      state: { inFlight: ['b', 'c'], pending: [], runs: 2 },
    },
    {
      rule: 'a run ending with nothing waiting goes idle',
      events: [requested('a'), finished],
      decisions: [leading('a')],
      state: { inFlight: null, pending: [], runs: 1 },
    },
    {
      rule: 'after going idle, the next request starts a leading run again',
      events: [requested('a'), finished, requested('b')],
      decisions: [leading('a'), leading('b')],
      state: { inFlight: ['b'], pending: [], runs: 2 },
    },
    {
      rule: 'requests during the trailing run wait for the next trailing run',
      events: [requested('a'), requested('b'), finished, requested('c'), requested('d'), finished, finished],
      decisions: [leading('a'), trailing('b'), trailing('c', 'd')],
      state: { inFlight: null, pending: [], runs: 3 },
    },
    {
      rule: 'a failed run releases the waiting requests like a finished one',
      events: [requested('a'), requested('b'), failed],
      decisions: [leading('a'), trailing('b')],
      state: { inFlight: ['b'], pending: [], runs: 2 },
    },
    {
      rule: "a failed run's batch is not requeued",
      events: [requested('a'), failed],
      decisions: [leading('a')],
      state: { inFlight: null, pending: [], runs: 1 },
    },
    {
      rule: 'a retry is a new request',
      events: [requested('a'), failed, requested('a')],
      decisions: [leading('a'), leading('a')],
      state: { inFlight: ['a'], pending: [], runs: 2 },
    },
    {
      rule: 'a run end while idle is ignored',
      events: [finished, failed, requested('a'), finished, finished],
      decisions: [leading('a')],
      state: { inFlight: null, pending: [], runs: 1 },
    },
    {
      rule: 'the same value requested twice during a run is kept twice',
      events: [requested('a'), requested('b'), requested('b'), finished],
      decisions: [leading('a'), trailing('b', 'b')],
      state: { inFlight: ['b', 'b'], pending: [], runs: 2 },
    },
  ])('$rule', ({ events, decisions, state }) => {
    const outcome = coalesce.when(...events);
    outcome.then(decisions);
    outcome.thenState(state);
  });

  it('returns the same state reference when a run end changes nothing', () => {
    const idle = initialTrailingState<string>();
    expect(evolveTrailing(idle, finished)[0]).toBe(idle);
    expect(evolveTrailing(idle, failed)[0]).toBe(idle);
  });

  it('never mutates the state it is given', () => {
    const busy = Object.freeze({ inFlight: Object.freeze(['a']), pending: Object.freeze(['b']), runs: 1 });
    expect(() => evolveTrailing(busy, requested('c'))).not.toThrow();
    expect(() => evolveTrailing(busy, finished)).not.toThrow();
    expect(busy).toEqual({ inFlight: ['a'], pending: ['b'], runs: 1 });
  });

  it('every fold starts from a fresh state', () => {
    expect(initialTrailingState()).not.toBe(initialTrailingState());
  });
});
