import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { isToolByItsShape, isToolName, toolOfTheProject } from '../../../src/model/offline/projectTools.js';
import { finderOf } from '../../../src/model/offline/statementTrace.js';

// The tools a project is built with, said plainly (decision 125). Every sentence here was written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const found = (said: string) =>
  findMemoryStatements([user('Set up the repo for the new dashboard.'), assistant('I created the folders and a README.'), user(said)]);
const keptOf = (said: string): string[] => found(said).map((s) => s.text);
const typesOf = (said: string): string[] => found(said).map((s) => s.type);
const shapeOf = (said: string): string | undefined => {
  const kind = toolOfTheProject(said);
  return kind === undefined ? undefined : finderOf(kind);
};

describe('a tool the project uses, stated', () => {
  it('"we use X [as the role]", "this project uses X" and "our <role> is X" are facts of the project', () => {
    for (const said of [
      'We use pnpm as the package manager.',
      'We use pnpm.',
      'This project uses pnpm.',
      "We're using Astro for the site.",
      'We use Vite as the bundler.',
      'We use `bun` as the runtime.',
      'The project is written in TypeScript.',
      'In this repo we use pnpm.',
      'Our package manager is pnpm.',
      'The package manager here is pnpm.',
      'Our ORM is Drizzle.',
      'The database is Postgres 16.',
      'The test runner is Vitest.',
    ])
      expect(typesOf(said), said).toEqual(['project']);
  });

  it('keeps the sentence as said', () => {
    expect(keptOf('Our package manager is pnpm.')).toEqual(['Our package manager is pnpm.']);
    expect(keptOf('We use Deno as the runtime.')).toEqual(['We use Deno as the runtime.']);
  });

  it('a service outside the code keeps its own kind, "we use X here" its convention, a library inside the code is none', () => {
    expect(typesOf('Our issue tracker is Linear.')).toEqual(['reference']);
    expect(typesOf('We use pnpm here.')).toEqual(['feedback']);
    expect(shapeOf('We use Tailwind for styling.')).toBeUndefined();
    expect(shapeOf('We use Zustand for state management.')).toBeUndefined();
  });

  it('"the <role> is" followed by a state or a judgement names no tool', () => {
    for (const said of [
      'The database is down.',
      'Our database is slow.',
      'The linter is complaining.',
      'The runtime is 3 seconds.',
      'The host is localhost.',
    ])
      expect(shapeOf(said), said).toBeUndefined();
  });

  it('a natural language is no tool: "our language is English"', () => {
    expect(shapeOf('Our language is English.')).toBeUndefined();
    expect(shapeOf('Use English as the language.')).toBeUndefined();
  });
});

describe('an order to use a tool for a role, or to move to one', () => {
  it('"use X as the role" and "use X for <work>" say how to work; a move to X as the role is a decision of the project', () => {
    for (const said of [
      'Use pnpm as the package manager.',
      'Use vitest as the test runner.',
      'use ruff for linting',
      'Please use Biome for formatting.',
      'Use Prisma as the ORM.',
    ])
      expect(typesOf(said), said).toEqual(['feedback']);
    for (const said of ['Switch to uv as the package manager.', 'Migrate to Drizzle as the ORM.'])
      expect(typesOf(said), said).toEqual(['project']);
  });

  it('an order without the role, or for the work at hand, is the work', () => {
    // A bare "use X" is read by the choice kinds of decision 97, not by this one.
    expect(shapeOf('Use pnpm.')).toBeUndefined();
    for (const said of [
      'use the helper in utils.ts for this',
      'Use the staging database for this test',
      'Use React for this page.',
      'Use Redis for caching for now.',
      'Use this as the cache.',
      'Use memory as the cache.',
      'Use main as the base branch.',
      'Switch to the new branch as the base.',
    ])
      expect(keptOf(said), said).toEqual([]);
  });

  it('among the numbered steps of a task prompt, an order to use a tool is one of the steps', () => {
    const prompt = [
      'Build the first version of the dashboard from the spec at https://example.com/spec:',
      '1. Create the folders for the pages and the API.',
      '2. Use pnpm as the package manager.',
      '3. Add a README with the setup steps.',
    ].join('\n');
    expect(findMemoryStatements([user(prompt)]).map((s) => s.text)).toEqual([]);
  });

  it('on a numbered line of a short list it is one of the steps too; said as a line of its own it is kept', () => {
    const steps = ['Set up the repo for the dashboard:', '1. Create the folders.', '2. Use pnpm as the package manager.'].join('\n');
    expect(findMemoryStatements([user(steps)]).map((s) => s.text)).toEqual([]);
    const said = ['Set up the repo for the dashboard.', '', 'Use pnpm as the package manager.'].join('\n');
    expect(findMemoryStatements([user(said)]).map((s) => s.text)).toEqual(['Use pnpm as the package manager.']);
  });
});

describe('what code does, the work at hand and questions are none', () => {
  it('names nothing, or names a thing that is not the project', () => {
    for (const said of [
      'We use a map here to cache the rows.',
      "we're using too much memory",
      'this function uses lodash',
      'We use lodash in this function.',
      'We use it for the cache.',
      "We're using the wrong version.",
      'We use Postgres but it keeps timing out.',
      'Do we use pnpm?',
      'do we use pnpm as the package manager',
    ])
      expect(keptOf(said), said).toEqual([]);
  });
});

describe('with no role said, a name by its capital alone is left to decision 104', () => {
  it('"we use <Product>" names a service of any kind, not a tool of the project', () => {
    for (const said of ['We use Claude.', 'We use Slack.', 'We use Linear.', 'We use GitHub Actions.', 'This project uses Discord.'])
      expect(shapeOf(said), said).toBeUndefined();
    expect(keptOf('We use Slack.')).toEqual([]);
  });

  it('a lower-case tool, a dotted name, a version, a backticked name or a verb that says the kind are still kept', () => {
    for (const said of [
      'We use pnpm.',
      'This project uses Node.js.',
      'We use Postgres 16.',
      'We use `Bun`.',
      'The project is written in TypeScript.',
      'Our app is built with Astro.',
    ])
      expect(shapeOf(said), said).toBe('tool-stated');
  });

  it('a chat, an AI assistant, a tracker or a CI service is no tool of the project whatever role is said', () => {
    for (const said of ['We use Jira as the database.', 'We use Claude for the backend.', 'Use Slack as the linter.'])
      expect(shapeOf(said), said).toBeUndefined();
    expect(shapeOf('We use Vite as the bundler.')).toBe('tool-stated');
  });

  it('reads the shape of the name, not its spelling', () => {
    expect(isToolByItsShape('Slack')).toBe(false);
    expect(isToolByItsShape('Acme Builder')).toBe(false);
    expect(isToolByItsShape('acmebuild')).toBe(true);
    expect(isToolByItsShape('Acme.js')).toBe(true);
    expect(isToolByItsShape('Acme 3.2')).toBe(true);
  });
});

describe('a name', () => {
  it('is backticked, shaped as a name, or one lower-case word when the role is said', () => {
    expect(isToolName('`tool-x`', false)).toBe(true);
    expect(isToolName('Tailwind CSS', false)).toBe(true);
    expect(isToolName('Postgres 16', false)).toBe(true);
    expect(isToolName('pnpm', false)).toBe(true);
    expect(isToolName('kysely', true)).toBe(true);
    expect(isToolName('kysely', false)).toBe(false);
    expect(isToolName('a map', true)).toBe(false);
    expect(isToolName('the helper', true)).toBe(false);
    expect(isToolName('Postgres tables', false)).toBe(false);
  });
});
