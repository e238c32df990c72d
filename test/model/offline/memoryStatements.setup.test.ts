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
