import { describe, expect, it } from 'vitest';
import { answersIn, askCallIds, choicesIn } from '../../../src/model/offline/askAnswers.js';
import { choiceStatement } from '../../../src/model/offline/lastingChoice.js';
import { findMemoryStatements } from '../../../src/model/offline/memoryStatements.js';
import type { ModelMessage } from '../../../src/model/port.js';
import { answeredText, askResult, askUserQuestion } from '../../support/askUserQuestion.js';

const ask = askUserQuestion;
const answered = (id: string, pairs: ReadonlyArray<readonly [string, string]>): ModelMessage => askResult(id, answeredText(pairs));

describe('a choice among the options AskUserQuestion offered (decision 102)', () => {
  const question = 'Which storage backend do you want for the session cache?';
  const conversation = [
    ask('t1', [{ question, options: ['Redis (Recommended)', 'Memcached', 'In-process LRU'] }]),
    answered('t1', [[question, 'Redis (Recommended)']]),
  ];

  it('is a choice, read with its question, not a sentence of the answer', () => {
    const asked = askCallIds(conversation);
    expect(choicesIn(conversation[1]!.content, asked)).toEqual([{ question, answer: 'Redis' }]);
    expect(answersIn(conversation[1]!.content, asked)).toEqual([]);
  });

  it('becomes a project memory that names both the choice and what it was for', () => {
    const [statement, ...rest] = findMemoryStatements(conversation);
    expect(rest).toEqual([]);
    expect(statement).toMatchObject({ type: 'project', messageIndex: 1 });
    expect(statement!.text).toContain('Redis');
    expect(statement!.text).toContain('session cache');
  });

  it('an answer in their own words stays their words', () => {
    const own = [
      ask('t2', [{ question, options: ['Redis', 'Memcached'] }]),
      answered('t2', [[question, 'Always use Redis, we run it everywhere.']]),
    ];
    const asked = askCallIds(own);
    expect(choicesIn(own[1]!.content, asked)).toEqual([]);
    expect(answersIn(own[1]!.content, asked)).toEqual(['Always use Redis, we run it everywhere.']);
  });

  it.each([
    ['Which package manager should the new workspace use?', 'pnpm'],
    ['What authentication method do you want for the admin API?', 'OAuth with GitHub'],
    ['Where should I install the CLI wrapper?', 'scripts/bin'],
    ['¿Qué proveedor de hosting quieres para la documentación?', 'Netlify'],
    ['Quel format voulez-vous pour les journaux ?', 'JSON lines'],
    // A question put as its subject alone, how the product behaves, and what is left out (decision 110)
    ['Homebrew distribution channel?', 'Keep cask, fix names to the new binary'],
    ['Windows build?', 'Skip Windows (current config)'],
    ['How should the importer handle foreign pull request refs pulled in by --all-refs?', 'Exclude by default'],
    ['Telemetry default?', 'No telemetry unless opted in'],
  ])('kept: "%s" → %s', (q, option) => {
    expect(choiceStatement({ question: q, answer: option }, 0)?.text).toContain(option);
  });

  it.each([
    ['Which approach should I take for this fix?', 'Patch the parser'],
    ['Should I proceed with the migration now?', 'Yes'],
    ['What should happen to the old config file?', 'Delete it'],
    ['Which of the failing tests should I look at first?', 'The auth tests'],
    ['Which package manager should the new workspace use?', 'Yes'],
    ['Windows build?', 'Skip for now'],
    ['Windows build?', 'No, thanks'],
    ['Which workflows should the skill cover?', 'All four'],
    ['Next step?', 'Run the tests'],
    ['How should I proceed with the rebase?', 'Abort it'],
    ['How should we handle this failing test?', 'Skip it'],
  ])('not kept: "%s" → %s', (q, option) => {
    expect(choiceStatement({ question: q, answer: option }, 0)).toBeUndefined();
  });
});

describe('choices read the way people and Claude Code write them (decision 102)', () => {
  it('a question with quotes in it is matched to the question asked, whole', () => {
    const question = 'Which package manager should the "build" script use?';
    const conversation = [
      ask('t3', [{ question, options: ['pnpm (Recommended)', 'npm'] }]),
      answered('t3', [[question, 'pnpm (Recommended)']]),
    ];
    expect(choicesIn(conversation[1]!.content, askCallIds(conversation))).toEqual([{ question, answer: 'pnpm' }]);
  });

  it('several options picked at once are one choice; a label shaped like an order is not read as a rule', () => {
    const question = 'Which checks should run on every pull request?';
    const conversation = [
      ask('t4', [{ question, options: ['Lint', 'Type check', 'Leave it alone'] }]),
      answered('t4', [[question, 'Lint, Type check']]),
    ];
    const asked = askCallIds(conversation);
    expect(choicesIn(conversation[1]!.content, asked)).toEqual([{ question, answer: 'Lint, Type check' }]);
    expect(answersIn(conversation[1]!.content, asked)).toEqual([]);
  });

  it.each([
    ['¿Qué gestor de paquetes usamos en este repo?', 'pnpm'],
    ['Quel outil de build voulez-vous pour ce projet ?', 'Vite'],
  ])('kept, about the project itself: "%s"', (q, option) => {
    expect(choiceStatement({ question: q, answer: option }, 0)).toBeDefined();
  });

  it('"Sí" agrees: no thing is chosen', () => {
    expect(choiceStatement({ question: '¿Qué proveedor de hosting usamos?', answer: 'Sí' }, 0)).toBeUndefined();
  });
});
