import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conventionInRequest } from '../../../src/model/offline/conventionsInRequests.js';
import { isTestPolicy, ordersChecksNow } from '../../../src/model/offline/testPolicies.js';
import { fcRuns } from '../../support/fcRuns.js';

// Conventions given as a clause of a request, and test policies (decision 130), as invariants over sentences built
// from invented parts, none taken from a corpus or an audit.
const steps = fc.constantFrom(
  ['Commit the staged files', 'commits'],
  ['Write the commits', 'commits'],
  ['Open the PRs', 'pull requests'],
  ['Create the issues', 'issues'],
  ['Please file the tickets', 'tickets'],
) as fc.Arbitrary<[string, string]>;
const clauses = fc.constantFrom(
  'follow the usual format',
  'split them by layer',
  'reference the tracker id in the title',
  'titles at most 9 words',
  'descriptions under 120 words',
  'stick to our house style',
);
const oneMade = fc.constantFrom('Write a commit', 'Open a PR', 'Create the issue', 'File a ticket', 'Open the PR');
const pointed = fc.constantFrom('this', 'these', 'for now', 'today');

describe('a convention in a request (decision 130), as invariants', () => {
  it('keeps the clause led by the step’s kind, never the step, and nothing once the clause is pointed or the request asked', () => {
    fc.assert(
      fc.property(steps, clauses, pointed, ([step, kind], clause, pointer) => {
        expect(conventionInRequest(`${step}, ${clause}.`)?.said).toBe(`About ${kind}: ${clause}.`);
        expect(conventionInRequest(`${step}, ${clause} ${pointer}.`)).toBeUndefined();
        expect(conventionInRequest(clause)).toBeUndefined();
      }),
      { numRuns: fcRuns },
    );
  });
});

const checks = fc.constantFrom('the linter', 'lint and the tests', 'mypy, ruff and the tests', 'the build', 'the type checker');
const times = fc.constantFrom('at the end', 'before you call anything done', 'before you push', 'after every change');

describe('a step that makes one artefact (decision 130, amended), as an invariant', () => {
  it('gives its kind to no clause after it: what follows is about that artefact', () => {
    fc.assert(
      fc.property(oneMade, clauses, (step, clause) => {
        expect(conventionInRequest(`${step}, ${clause}.`)).toBeUndefined();
      }),
      { numRuns: fcRuns },
    );
  });
});

describe('a test policy (decision 130), as invariants', () => {
  it('an order that checks pass is a policy with a time that comes again, and a step of this task without one', () => {
    fc.assert(
      fc.property(checks, times, (checked, time) => {
        const policy = `Make sure ${time} we pass ${checked}.`;
        expect(isTestPolicy(policy)).toBe(true);
        expect(ordersChecksNow(policy)).toBe(false);
        const step = `Make sure we pass ${checked}.`;
        expect(isTestPolicy(step)).toBe(false);
        expect(ordersChecksNow(step)).toBe(true);
        expect(isTestPolicy(`Make sure ${time} this passes ${checked}.`)).toBe(false);
      }),
      { numRuns: fcRuns },
    );
  });
});
