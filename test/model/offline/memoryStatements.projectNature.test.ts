import { describe } from 'vitest';
import { kept, notKept } from '../../support/statementKinds.js';

// Sentences written for these tests, per kind of statement (decision 104), none taken from a corpus.
describe('what the project is, its stage and what it is for, is a project fact (decision 104)', () => {
  kept('project', [
    "This is a prototype, so don't over-engineer it.",
    "It's a hackathon project.",
    'This is throwaway code.',
    "It's an internal tool with about 20 users.",
    'This repo is the backend for our mobile app.',
    'This is a fork of the upstream Hugo theme.',
    "We're building a CLI for managing dotfiles.",
    'The project is in maintenance mode.',
    'This app is still in beta.',
  ]);
  notKept([
    'This is a bug.',
    'This is the wrong file.',
    "It's a good idea.",
    'This is a fork bomb.',
    "We're building the Docker image now.",
    "We're building a new parser for the CSV files.",
    'Is this a prototype?',
    'This is a prototype of the new button for now.',
  ]);
});

describe('the same kinds in Spanish and French (decision 104)', () => {
  kept('reference', ['Usamos Linear para los issues.']);
  kept('project', ['El CI es GitHub Actions.', 'Este proyecto es un prototipo.']);
  kept('user', [
    'Mi máquina no puede ejecutar el binario.',
    'Este computador no puede ejecutar el binario.',
    'Ma machine ne peut pas lancer Docker.',
  ]);
  notKept(['Usa Linear para este issue.', 'Mi máquina no puede ejecutarlo.', 'Este computador no puede ejecutar el binario ahora.']);
});

describe('the language to answer in, after what the code is written in (decision 104)', () => {
  kept('feedback', ['Code and comments in English, talk to me in Spanish.']);
  notKept(['Translate the comments in English.']);
});

describe('who may read the project, who works on it, and the runtime it needs (decision 104)', () => {
  kept('project', [
    'This repo is public.',
    "The repo is private, so it's fine to commit the test fixtures.",
    "It's just me working on this.",
    "We're a team of three.",
    'The code has to run on Python 3.8 because of the server.',
    'It needs to run on Node 16.',
  ]);
  notKept(['It needs to run now.', 'The test has to run on the new branch.', 'This is public.', "It's just me, sorry."]);
});
