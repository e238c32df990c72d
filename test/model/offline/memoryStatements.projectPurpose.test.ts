import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { titleOf } from '../../../src/model/offline/memoryTitle.js';
import { kept, notKept, types } from '../../support/statementKinds.js';
import { answeredText, askResult, askUserQuestion } from '../../support/askUserQuestion.js';

// What the project is for, whom for, its scope and what is put off (decision 129). Every sentence here was written for
// these tests, none taken from a corpus or an audit.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });

/** The texts kept of one reply to what the assistant said. */
const keptAfter = (said: string, reply: string): string[] => findMemoryStatements([assistant(said), user(reply)]).map((s) => s.text);

describe('what the project is and whom it is for, said with its own subject, is a project fact', () => {
  kept('project', [
    "It's an internal prototype, nobody outside the team will use it.",
    'This is a hobby project, so no need for enterprise-grade auth.',
    "It's a side project, so keep the setup simple.",
    'It is just an investigation project to show my team.',
    'This is a demo repo to try out the new build tool.',
    'This repo is a test bed for trying out the new build tool.',
    'It is for personal use.',
    "It's for internal use only.",
    'This is just for me.',
    'The purpose of this repo is to collect the lint rules we share.',
    'The CLI is meant for data scientists, not developers.',
  ]);
  notKept([
    'Is this for personal use?',
    'This is a demo of the bug.',
    "It's a demo.",
    'This is just for me to look at.',
    'Just for me, thanks.',
    "It's for the test.",
    'It works now.',
    "It's deployed.",
  ]);

  it('a hobby or side project is the project, not the person', () => {
    expect(types('This is my weekend side project.')).toEqual(['project']);
  });

  it('"it" in what the project is stands for the project, whatever the question before named', () => {
    const found = findMemoryStatements([
      assistant('Who is the primary user: a team lead or a solo developer?'),
      user('It is for personal use.'),
    ]);
    expect(found.map((s) => s.text)).toEqual(['About the project: It is for personal use.']);
    expect(titleOf(found[0]?.text ?? '')).toMatch(/^Project: /);
  });
});

describe('the project’s scope: a quality’s level, what is put off, where it runs', () => {
  kept('project', [
    'Accessibility is best-effort, no formal WCAG target.',
    'Keep accessibility at best-effort level.',
    'We target WCAG 2.2 AA.',
    'SEO is not a formal requirement.',
    'Dark mode comes much later, after all the current plans.',
    'Offline support is for v2.',
    'Multi-currency support is deferred to a later phase.',
    'The CSV import is in the MVP.',
    "We'll decide the theming at the end of the project.",
    'Mobile support is out of scope for v1.',
    'It runs locally only, no hosting planned.',
    "It's local-only.",
  ]);
  notKept([
    'It comes much later.',
    'The fix comes much later.',
    'The tests come later.',
    'This button is for v2.',
    'Let’s do the docs later.',
    'The build is failing, performance is best-effort.',
    'Accessibility is broken on the login page.',
    'It runs locally now.',
    'It runs locally only right now.',
    'This only runs on my machine.',
    'I tested it locally only.',
    'Make it responsive.',
    'Make the header responsive.',
    // A position in the code and a version of another thing are no phase (decision 129, amended 2026-12-07).
    'The cache is much later in the pipeline.',
    'The login page comes much later in the flow.',
    'The retry step is way later than the parser.',
    'The upload retry is for v2 of the API, call the v2 endpoint.',
    'The upload retry is for v2 of the API.',
    'The new upload route is for v2, use the v2 client.',
    'The old parser is in v1, the new one in v2.',
  ]);
});

describe('what the project is keeps no step or date of the moment said after it (decision 129, amended)', () => {
  it.each([
    ["It's for internal use, so hide the button from the menu.", "About the project: It's for internal use."],
    [
      'The goal of the project is to replace the old uploader, so start with the parser.',
      'The goal of the project is to replace the old uploader.',
    ],
    ["It's a personal project for a friend, due Friday.", "About the project: It's a personal project for a friend."],
    ["It's a side project, so keep the setup simple.", "About the project: It's a side project, so keep the setup simple."],
  ])('"%s" is kept as "%s"', (sentence, text) => {
    expect(keptAfter('I looked at the project layout.', sentence)).toEqual([text]);
  });
});

describe('a short answer to a question about the project’s purpose is kept, led by what the question asked', () => {
  it.each([
    ['Who will use this?', 'Just me, on my laptop.', 'Audience: Just the author, on their laptop.'],
    ['Who is the primary user: a team lead or a solo developer?', 'Team leads, mostly.', 'Audience: Team leads, mostly.'],
    ['A few questions: is this for personal use or to share? Any stack in mind?', 'personal use', 'Purpose: Personal use.'],
    ['Where should this run: Vercel, Netlify or local only?', 'Local for now is fine.', 'Where the project runs: Local for now is fine.'],
    ['Where should this run: Vercel, Netlify or local only?', 'Netlify.', 'Where the project runs: Netlify.'],
    [
      'Does the app need to be mobile-friendly, or desktop only?',
      'Yes, make it mobile-friendly.',
      'Responsive layout: Yes, make it mobile-friendly.',
    ],
    ['Who will use this?', 'Only the team uses it.', 'Audience: Only the team uses it.'],
    ['Does it need to work offline?', 'Offline support is a must.', 'Offline support: Offline support is a must.'],
  ])('after "%s", "%s" is "%s"', (question, answer, text) => {
    expect(keptAfter(question, answer)).toEqual([text]);
  });

  it.each([
    ['Who will use this?', 'surprise me'],
    ['Who will use this?', 'B'],
    ['Who will use this?', 'Up to you.'],
    ['Who will use this?', 'Good question, let me think.'],
    ['Who will use this?', 'Let me check with the team first.'],
    ['Who will use this?', 'Not sure yet, maybe the team.'],
    ['Is this for personal use, or do you want to share it?', 'Yes'],
    ['Where should this run: Vercel, Netlify or local only?', 'Yes, deploy it to Netlify.'],
    ['Where should this run?', 'Fix the login first.'],
    ['Should I add a responsive layout now?', 'Not now, later.'],
    ['Which database should we use?', 'Just me, on my laptop.'],
    ['Where should it run, locally or in CI?', 'Locally.'],
    ['Is this for production or for staging?', 'Production.'],
    ['Should the error banner be responsive too?', 'Yes, responsive please.'],
    ['Where should I put the config file?', 'Local folder is fine.'],
    ['I updated the file.', 'personal use'],
    // A "yes" answers a yes-or-no question asked alone, and a report of what is or happened answers nothing (decision
    // 129, amended 2026-12-07).
    ['Who will use this? And should I fix the failing test first?', 'Yes, the users hit it daily.'],
    ['Who will use this? Should I also clean up the logs?', 'Yes, the staff logs are noisy.'],
    ['Who will use this?', 'Yes, the team.'],
    ['Does the site need to be responsive? Should I also bump the deps?', 'Yes, responsive.'],
    ['Who will use this?', 'Customers complained about the upload speed.'],
    ['Who will use this?', 'Users will see an error if the token expires, fix that first.'],
    ['Who will use this?', 'The team uses staging for that.'],
    ['Who is the target audience?', 'Our analysts reported the same bug.'],
    ['Should we add translations?', 'Translations are broken in the old app.'],
    ['Does this test need to run offline?', 'Offline works already.'],
    ['Does this function need to be accessible?', 'Accessibility, yes.'],
  ])('after "%s", "%s" is not kept', (question, answer) => {
    expect(keptAfter(question, answer)).toEqual([]);
  });

  it('an answer through AskUserQuestion in the person’s own words is led the same way', () => {
    const question = 'Who will use the exporter?';
    const found = findMemoryStatements([
      askUserQuestion('q1', [{ question, options: ['Only the author', 'The whole team'] }]),
      askResult('q1', answeredText([[question, 'Just me and two colleagues']])),
    ]);
    expect(found.map((s) => s.text)).toEqual(['Audience: Just the author and two colleagues.']);
  });

  it('an audience picked among the options is kept with its question, even of things pointed at', () => {
    const question = 'Who is the audience for these commands, and where should they live?';
    const found = findMemoryStatements([
      askUserQuestion('q2', [{ question, options: ['Team — this repo', 'Just me — global'] }]),
      askResult('q2', answeredText([[question, 'Just me — global']])),
    ]);
    expect(found.map((s) => s.text)).toEqual([`Chose Just me — global when asked: ${question}`]);
  });
});
