import { describe } from 'vitest';
import { kept, notKept } from '../../support/statementKinds.js';

// Sentences written for these tests, per kind of statement (decision 104), none taken from a corpus.
describe("the person's machine and setup, and what it cannot do, are about them (decision 104)", () => {
  kept('user', [
    "This machine can't run the binary.",
    'My laptop cannot run Docker.',
    "This computer can't run the ARM build.",
    'I only have 8 GB of RAM.',
    "I don't have Docker installed.",
    'My editor is Neovim.',
    'My shell is fish.',
    'I use VS Code.',
    'I use zsh with oh-my-zsh.',
    "I'm behind a corporate proxy.",
    'I test on my regular install.',
    'I test the CLI against my regular install.',
    'I have the stable build installed via Homebrew.',
  ]);
  notKept([
    "This test can't run without a database.",
    "This machine can't run the tests right now.",
    "This machine can't run it.",
    "I don't have it installed.",
    'I use this function a lot.',
    'I use bash to run the script.',
    'I use VS Code but the extension crashes.',
    'My editor is showing an error.',
    'I tested it on my regular install and it works.',
    "I'll test on my regular install later.",
    "I'm behind on the review.",
  ]);
});

// Sentences written for these tests, per kind of statement (decision 145), none taken from a corpus.
describe('a tool the person has ready, and a tool offered for a kind of work because it is ready (decision 145)', () => {
  kept('user', [
    'The codex CLI is installed.',
    'I have the aws cli installed.',
    'gh is installed and authenticated.',
    'Terraform is already installed globally.',
    'The stripe cli is installed, you can use it.',
    'I have kubectl installed and configured.',
    'the fly cli is installed on this machine',
    'Docker is installed and you can call it.',
  ]);
  kept('feedback', [
    'can you use codex as a review agent, the cli is installed and you can call it',
    "Use gh for the pull requests, it's authenticated.",
    'You can use the stripe cli for webhook tests, it is installed.',
    'Feel free to use aider as a second reviewer, the aider cli is already installed.',
    'please use psql for the checks, psql is installed locally',
    'Could you also use semgrep for the audits, the tool is installed.',
    'Ask gemini for a second opinion, the gemini cli is installed and logged in.',
    'Run k6 for load tests, it is installed.',
    'and write the tests first, can you use gemini as a second reviewer, the cli is installed and you can call it',
  ]);
  notKept([
    'It is installed.',
    'Everything is installed.',
    'the cli is installed',
    'Is gh installed?',
    'use codex to review this',
    'Use gh for this PR.',
    'The codex CLI is installed but it crashes on start.',
    "gh is installed but I'm not logged in.",
    'I have the aws cli installed since this morning.',
    'Docker is installed now, try again.',
    'Could you use semgrep for the audits, is the tool installed?',
    'Once terraform is installed, run the plan.',
    'use codex to review it, the cli is installed but broken',
    'and then, can you use codex to check this diff',
    'The package is installed in node_modules.',
  ]);
});
