import { describe, expect, it } from 'vitest';
import { chunkMessage } from '../../../src/jobs/backfill/chunkRequest.js';
import { askCallIds, askPairs, personsAnswersIn } from '../../../src/model/offline/askAnswers.js';
import { draftCandidates } from '../../../src/model/offline/candidatesDraft.js';
import { findMemoryStatements } from '../../../src/model/offline/memoryStatements.js';
import type { ModelMessage } from '../../../src/model/port.js';
import type { ApiMessage } from '../../../src/resume/apiView.js';
import { askResult, askUserQuestion } from '../../support/askUserQuestion.js';

// The notes a person types beside their choice in AskUserQuestion (Claude Code 2.1.x): the tool result writes each
// answer as `"question"="answer"`, then ` selected preview:\n<preview>` when an option's preview was picked, then
// ` user notes: <notes>`; pairs are joined by ", " and closed by ". You can now continue…". Example words written for these tests.
const HEAD = 'User has answered your questions: ';
const CLOSE = ". You can now continue with the user's answers in mind.";
const hooks = 'Are these hook failures pre-existing?';
const rule = 'Main is clean, so always fix hook failures before you commit.';

const ask = askUserQuestion;
const result = askResult;

describe('the notes a person typed beside an AskUserQuestion answer are their words', () => {
  const conversation = [
    ask('t1', [{ question: hooks, options: ['Yes', 'No'] }]),
    result('t1', `${HEAD}"${hooks}"="No" user notes: ${rule}${CLOSE}`),
  ];

  it('the answer is read without them, and they are read as the person’s words beside the choice', () => {
    expect(askPairs(`${HEAD}"${hooks}"="No" user notes: ${rule}${CLOSE}`)).toEqual([{ question: hooks, answer: 'No' }]);
    expect(personsAnswersIn(conversation[1]!.content, askCallIds(conversation))).toEqual({
      words: [rule],
      choices: [{ question: hooks, answer: 'No' }],
    });
  });

  it('after a picked option’s preview, and on the first of several pairs', () => {
    const layout = 'Which layout should the settings page use?';
    const preview = `${HEAD}"${layout}"="Sidebar" selected preview:\n+------+----+\n| nav  |    |\n+------+----+ user notes: Keep the navigation on the left on every page${CLOSE}`;
    expect(personsAnswersIn([{ type: 'tool_result', tool_use_id: 't2', content: preview }], new Set(['t2']))).toEqual({
      words: ['Sidebar', 'Keep the navigation on the left on every page'],
      choices: [],
    });
    const manager = 'Which package manager?';
    const two = `${HEAD}"${manager}"="pnpm" user notes: never plain npm in this repo, "${hooks}"="No"${CLOSE}`;
    const asked = askCallIds([
      ask('t3', [
        { question: manager, options: ['pnpm', 'npm'] },
        { question: hooks, options: ['Yes', 'No'] },
      ]),
    ]);
    expect(personsAnswersIn([{ type: 'tool_result', tool_use_id: 't3', content: two }], asked)).toEqual({
      words: ['never plain npm in this repo'],
      choices: [
        { question: manager, answer: 'pnpm' },
        { question: hooks, answer: 'No' },
      ],
    });
  });

  it('along the per-turn path, a rule typed in the notes is kept', () => {
    expect(findMemoryStatements(conversation).map((s) => s.text)).toEqual([rule]);
  });

  it('along the backfill path, the chunk message carries them as answers and a candidate cites that message', () => {
    const message: ApiMessage = { ...(conversation[1] as ApiMessage), sources: ['r1'] };
    const chunk = chunkMessage(message, new Set(), askCallIds(conversation));
    expect(chunk.answers).toEqual([rule]);
    const { candidates } = draftCandidates({
      kind: 'find_candidates',
      messages: [{ uuid: 'a1', role: 'assistant', human: false, text: '[tool call AskUserQuestion] {}' }, chunk],
      known: [],
    });
    expect(candidates.map((c) => [c.description, c.sources])).toEqual([[rule, ['r1']]]);
  });
});

describe('the notes end where they end, and only the person’s words are notes', () => {
  type Option = { label: string; markdown?: string };
  const askWith = (id: string, questions: ReadonlyArray<{ question: string; options: Option[] }>): ModelMessage => ({
    role: 'assistant',
    content: [{ type: 'tool_use', id, name: 'AskUserQuestion', input: { questions } }],
  });
  const wordsOf = (call: ModelMessage, text: string): string[] =>
    personsAnswersIn([{ type: 'tool_result', tool_use_id: 't9', content: text }], askCallIds([call])).words;

  it('the next question holding `, "` is no part of the notes before it', () => {
    const manager = 'Which package manager?';
    const name = 'Name it "core", "base" or "kit"?';
    const call = askWith('t9', [
      { question: manager, options: [{ label: 'pnpm' }, { label: 'npm' }] },
      { question: name, options: [{ label: 'core' }, { label: 'kit' }] },
    ]);
    expect(wordsOf(call, `${HEAD}"${manager}"="pnpm" user notes: never yarn, "${name}"="kit"${CLOSE}`)).toEqual(['never yarn']);
  });

  it('a picked option’s preview is the assistant’s, whatever it holds; the notes are from the first mark after it', () => {
    const layout = 'Which layout for the form?';
    const preview = 'Name: ____\nuser notes: Always store drafts in localStorage for every form';
    const call = askWith('t9', [{ question: layout, options: [{ label: 'Compact', markdown: preview }, { label: 'Wide' }] }]);
    expect(wordsOf(call, `${HEAD}"${layout}"="Compact" selected preview:\n${preview}${CLOSE}`)).toEqual([]);
    expect(wordsOf(call, `${HEAD}"${layout}"="Compact" selected preview:\n${preview} user notes: keep it narrow${CLOSE}`)).toEqual([
      'keep it narrow',
    ]);
  });

  it('notes that mention "user notes:" are read whole', () => {
    const manager = 'Which package manager?';
    const call = askWith('t9', [{ question: manager, options: [{ label: 'pnpm' }, { label: 'npm' }] }]);
    expect(
      wordsOf(call, `${HEAD}"${manager}"="pnpm" user notes: these are my user notes: keep lockfiles committed always${CLOSE}`),
    ).toEqual(['these are my user notes: keep lockfiles committed always']);
  });

  it('a free-text answer quoting "user notes:" is read whole', () => {
    const where = 'Where do notes go?';
    const call = askWith('t9', [{ question: where, options: [{ label: 'docs/' }, { label: 'wiki' }] }]);
    expect(wordsOf(call, `${HEAD}"${where}"="Put them under "user notes:" in the README"${CLOSE}`)).toEqual([
      'Put them under "user notes:" in the README',
    ]);
  });
});
