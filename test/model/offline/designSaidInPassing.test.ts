import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { designSaidInPassing } from '../../../src/model/offline/designSaidInPassing.js';
import { finderOf } from '../../../src/model/offline/statementTrace.js';

// Design decisions said in passing (decision 121). Every sentence here was written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const keptOf = (said: string): string[] => findMemoryStatements([assistant('Done, the tests pass.'), user(said)]).map((s) => s.text);
const kindOf = (said: string): string | undefined => {
  const kind = designSaidInPassing(said);
  return kind === undefined ? undefined : finderOf(kind);
};

describe('a naming decision: what the person would call things', () => {
  it('"I\'d call X Y", "let\'s name it Z", with a new name spelled as a name, or a plain noun for an old name spelled as one', () => {
    for (const said of [
      'I would call fetch_rows loadRows and parse_rows readRows',
      "I'd call user_settings preferences",
      "Let's name it ingest_v2.",
      "Let's call it `sync-core`.",
      "We'd call fetch_rows loadRows.",
    ])
      expect(kindOf(said), said).toBe('naming-decision');
  });

  it('calling a function, judging a thing or an idiom names nothing', () => {
    for (const said of [
      'I would call the API twice.',
      "Let's call it a day.",
      "I'd call this a bug.",
      'I would call init_db first.',
      'I would call validateInput directly.',
      'Would you call it loadRows?',
      'I called it loadRows.',
      // Renaming asked for now is a task (decision 110).
      "Let's rename fetch_rows to loadRows.",
      "I'd rename fetch_rows to loadRows.",
    ])
      expect(kindOf(said), said).toBeUndefined();
  });

  it('a judgement spelled with a hyphen, a manner of calling a function, or a version names nothing', () => {
    for (const said of [
      "I'd call it production-ready.",
      'Honestly I would call that over-engineered.',
      "We'd call it thread-safe.",
      "I'd call fetch_rows async.",
      'I would call parse_args lazily.',
      "Let's call it v2.",
      "Let's name it 3.1.0.",
    ])
      expect(kindOf(said), said).toBeUndefined();
  });

  it('a name with a hyphen ending on a noun, a version inside a name, and a plain noun after a name of a thing stay names', () => {
    for (const said of [
      "Let's call it sync-core.",
      "Let's name it ingest-v2.",
      "I'd call user_settings settings.",
      'I would call validate_input strict_validate.',
    ])
      expect(kindOf(said), said).toBe('naming-decision');
  });
});

describe('a layout set under a change of plan', () => {
  it('a change-of-plan heading, then things placed in, under or at a place, with no verb', () => {
    for (const said of [
      'Change of plan: all handlers under src/api and the config at the root.',
      'Change in plan: every fixture in the testdata folder.',
      'New plan: the migrations in db/migrations and the seeds in the seeds directory.',
      // A version inside a path is part of the place.
      'Change of plan: the handlers under src/api/v2 and the config at the root.',
    ])
      expect(kindOf(said), said).toBe('layout-change');
  });

  it('work asked after the heading, one occasion, no place, or no heading is none', () => {
    for (const said of [
      "Change of plan: let's fix the login first.",
      'Change of plan: the tests in the next PR.',
      'Change of plan: no tests today.',
      'All handlers under src/api and the config at the root.',
      'Update: the handlers are in src/api now.',
      'Change of plan: all of it in the trash.',
      // A plan of the day places people and things in rooms, not code in files, folders or packages.
      'Change of plan: the standup in the small room.',
      'New plan: dinner at the hotel on the corner.',
    ])
      expect(kindOf(said), said).toBeUndefined();
  });
});

describe('a design kept', () => {
  it('"let\'s keep" a way of doing things named bare', () => {
    for (const said of [
      "Let's keep per-request validation.",
      "We'll keep lazy loading, because startup matters.",
      "Let's keep separate clients.",
      "Let's keep pagination, because the lists are long.",
    ])
      expect(kindOf(said), said).toBe('kept-design');
  });

  it('going on, a thing pointed at or at hand, a branch, or the work of the moment is none', () => {
    for (const said of [
      "Let's keep going.",
      "Let's keep it.",
      "Let's keep the old test.",
      "Let's keep main.",
      "Let's keep lazy loading for now.",
      "Let's keep both.",
      "Let's keep in touch.",
      "Let's keep tests.",
      // One bare noun is the pace or the mood of the work, not a way of doing things named with its kind.
      "Let's keep momentum.",
      "We'll keep focus, because the deadline is close.",
      "Let's keep testing.",
    ])
      expect(kindOf(said), said).toBeUndefined();
  });
});

describe('a capability ruled out with its reason', () => {
  it('"let\'s not add / ship / support" a named capability, then why it is not needed', () => {
    for (const said of [
      "Let's not ship a GUI, it's overkill.",
      'Honestly lets not add a plugin system, its unecesary.',
      "We won't support Windows paths - not needed.",
      "We shouldn't bundle a browser, it's overkill.",
      // The project as a whole pointed at is where the capability is ruled out for good.
      "We won't add telemetry to this project, it's overkill.",
      "Let's not ship a GUI for this tool, it's not needed.",
      // A version of what is ruled out is part of it, not an occasion.
      "We won't support Node v16, it's overkill.",
    ])
      expect(kindOf(said), said).toBe('ruled-out');
  });

  it('one step of the work, a thing pointed at, or no reason is none', () => {
    for (const said of [
      "Let's not add that yet.",
      "Let's not add it, it's unnecessary.",
      "Let's not ship a GUI.",
      "Let's not add tests here, it's unnecessary.",
      "Let's not add the flag, it breaks the build.",
      "We won't add the test, it's redundant.",
      "Let's not add more logging, it's too much.",
      "Let's not add a dependency, it's overkill for this.",
      // A place pointed at, or one release, a day or a version, holds it to the work at hand.
      "We won't implement a retry loop in this function, it's overkill.",
      "Let's not add caching to that endpoint, it's unnecessary.",
      "Let's not add a CLI this release, it's too much.",
      "We won't ship a plugin system in v2, it's out of scope.",
      "Let's not add a dark mode on Friday, it's too much.",
    ])
      expect(kindOf(said), said).toBeUndefined();
  });
});

describe('the work at hand, read from the one list of one-occasion words (oneOccasionWords.ts)', () => {
  it.each([
    'in this commit',
    'for this PR',
    'in this release',
    'this sprint',
    'for this task',
    'tomorrow',
    'next week',
    'on Friday',
    'in v3',
    'for 2.4.1',
  ])('a capability ruled out "%s" is a step of the work', (when) => {
    expect(kindOf("We won't support Windows paths, it's overkill.")).toBe('ruled-out');
    expect(kindOf(`We won't support Windows paths ${when}, it's overkill.`)).toBeUndefined();
  });
});

describe('through findMemoryStatements', () => {
  it('each kind is saved as a project fact, a ruled-out capability with what is done instead', () => {
    const found = findMemoryStatements([
      assistant('Done, the tests pass.'),
      user("Let's not ship a GUI, it's overkill. Just document the flags in the README."),
    ]);
    expect(found.map((s) => [s.type, s.text])).toEqual([
      ['project', "Let's not ship a GUI, it's overkill. Just document the flags in the README."],
    ]);
    expect(keptOf('I would call fetch_rows loadRows')).toEqual(['I would call fetch_rows loadRows']);
    expect(keptOf("Let's keep per-request validation.")).toEqual(["Let's keep per-request validation."]);
  });

  it('the look-alikes are not saved', () => {
    for (const said of [
      "Let's keep going.",
      "Let's call it a day.",
      "Let's not add that yet.",
      "I'd call it production-ready.",
      "Let's call it v2.",
      "Let's keep momentum.",
      'Change of plan: the standup in the small room.',
      "We won't implement a retry loop in this function, it's overkill.",
    ])
      expect(keptOf(said), said).toEqual([]);
  });
});
