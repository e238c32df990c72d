import { describe } from 'vitest';
import { kept, notKept } from '../../support/statementKinds.js';

// Sentences written for these tests, per kind of statement (decision 104), none taken from a corpus.
describe('who is who around the project: roles, users, how code gets in (decision 104)', () => {
  kept('project', [
    'Ana is our designer.',
    'Ben is the one to ask about the release process.',
    'Priya is our point of contact at the bank.',
    'Our users are mostly on Android.',
    'Most of our customers use the self-hosted version.',
    'The docs are written for non-technical users.',
    'Our audience is mostly data scientists.',
    'The app is used by nurses on night shifts.',
    "We don't have push access to upstream.",
    'We work from a fork.',
    'We contribute through a fork.',
  ]);
  notKept([
    'Ana is working on the header.',
    'Apple is our biggest competitor.',
    'Our users are complaining about the login.',
    'The users are seeing a blank page.',
    'The app is used by it.',
    'We need to fork it.',
    'I forked it.',
    "We don't have access to the logs right now.",
  ]);
});

describe('what the person makes for an audience is about them (decision 104)', () => {
  kept('user', ['I make YouTube videos about Claude Code.', 'I write a weekly newsletter about AI tools.']);
  notKept(['I write the blog post now.', 'I make a change to the parser.', 'I write a test for the parser.']);
});
