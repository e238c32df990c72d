import { describe } from 'vitest';
import { kept, notKept } from '../../support/statementKinds.js';

// Sentences written for these tests, per kind of statement (decision 104), none taken from a corpus.
describe('a service that does a job for the project outside its code is kept (decision 104)', () => {
  kept('reference', [
    'We use Linear for issue tracking.',
    'We use Sentry for error tracking.',
    'We use Honeycomb for tracing.',
    'The team relies on PagerDuty for on-call.',
    'Our issue tracker is Linear.',
    'The bug tracker is YouTrack.',
    'We track bugs in GitHub Issues.',
    'We track our tasks with beads.',
    'We use beads for task tracking.',
  ]);
  kept('project', [
    'CI is CircleCI.',
    'Our CI provider is Buildkite.',
    'Our container registry is GHCR.',
    'We publish the package to npm under @acme.',
    'Docker images are pushed to GHCR.',
    'Release binaries are uploaded to S3.',
  ]);
  notKept([
    // what the code says, a pointing word, a task, a symptom, a question
    'We use Tailwind for styling.',
    'We use it for issue tracking.',
    'We use this for CI.',
    'The CI is red.',
    'CI is failing again.',
    'Our issue tracker is a mess.',
    'The registry is down.',
    'We track it in the spreadsheet.',
    'Push the image to GHCR.',
    'Publish the package to npm.',
    'Can we use Linear for issue tracking?',
    'We use Sentry for error tracking but it misses the worker crashes.',
    'Images are pushed to GHCR for now.',
  ]);
});

describe('the same kinds typed in a hurry, in lower case (decision 104)', () => {
  kept('reference', ['we use linear for issues', 'we use github for bugs']);
  kept('project', ['we deploy with github actions']);
  kept('user', ['my editor is neovim', 'i use vscode']);
  kept('feedback', ['Use uv for python scripts.', 'use ripgrep for searches']);
  notKept([
    'we use it for issues',
    'Use jq for this.',
    'Use vitest for the tests.',
    'use the script for that',
    'my editor is showing an error',
  ]);
});
