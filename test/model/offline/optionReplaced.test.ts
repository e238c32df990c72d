import { describe, expect, it } from 'vitest';
import { keptAfterAWorkTurn } from '../../support/keptAfterAWorkTurn.js';
import { optionReplaced } from '../../../src/model/offline/optionReplaced.js';

// An option of the project ruled out with what replaces it is a decision of the project (decision 142). Example
// messages written for these tests.
describe('an option ruled out with its replacement', () => {
  it.each([
    "docker isn't relevant here, we can solve that with CI runners on pull requests",
    "Redis is not needed, we'll use the in-process cache.",
    'No need for a queue, cron does it.',
    "Kubernetes isn't necessary, we can handle that with a single VM and systemd.",
    "We don't need a separate auth service, the gateway handles that.",
    "A message broker isn't worth it - we'll just use Postgres notifications.",
    "There's no need for Webpack, use esbuild instead.",
    'Terraform is not relevant, we can do it with the provider CLI.',
    "Sentry isn't needed, our structured logs cover that.",
  ])('is kept as a project fact: %s', (said) => {
    expect(optionReplaced(said)).toEqual({ type: 'project', cue: 'project-fact' });
    expect(keptAfterAWorkTurn(said)).toHaveLength(1);
  });

  it.each([
    "The cache isn't working, we can restart it.",
    "The test isn't relevant to this PR.",
    "The migration isn't needed for this change, we can skip it.",
    "Docker isn't needed for now, we'll use the local binary.",
    "It isn't needed, we can do that later.",
    'No need for that, just push it.',
    "The worker isn't running, we can use the old one.",
    'Is Redis needed, or can we use the in-process cache?',
    "That flag isn't relevant, we can remove it.",
  ])('a symptom, a step of the moment or a question is not: %s', (said) => {
    expect(optionReplaced(said)).toBeUndefined();
  });
});
