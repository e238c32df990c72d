import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { parseTopicFile } from '../../../src/memory/durable/topicFile.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { draftMemories } from '../../../src/model/offline/memoryDraft.js';
import { whereThingsLive } from '../../../src/model/offline/whereThingsLive.js';
import { extractTask } from '../../support/extractTask.js';

// Where a kind of thing of the project is kept (decision 128). Every sentence here was written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const found = (said: string) =>
  findMemoryStatements([user('Set up the repo for the new dashboard.'), assistant('I created the folders and a README.'), user(said)]);
const typesOf = (said: string): string[] => found(said).map((s) => s.type);

describe('where a kind of thing is kept, said in the present', () => {
  it('a kind in a named place is a project fact, kept as said', () => {
    for (const said of [
      'Migrations live in db/migrations, one file per change.',
      'Design notes go in docs/adr/.',
      'Plans live in docs/plans/, notes go in an md file referenced from ROADMAP.md.',
      'Integration tests belong in test/int.',
      'Fixtures are kept under test/fixtures.',
      'Our e2e specs sit in the playwright folder.',
      'Generated types get written into src/gen/.',
      'Each service lives in its own package.',
      'The billing logic lives in the payments service repo.',
      'Deployment logic lives in the other repo.',
      'deployment logic is in tide-infra',
      'The deploy scripts are in the infra repo, not here.',
      'The frontend is in another repo.',
    ]) {
      expect(typesOf(said), said).toEqual(['project']);
      expect(whereThingsLive(said), said).toBeDefined();
    }
    expect(found('Migrations live in db/migrations, one file per change.').map((s) => s.text)).toEqual([
      'Migrations live in db/migrations, one file per change.',
    ]);
  });

  it('one thing the checkout holds is what the code shows, wherever it is said to be', () => {
    for (const said of [
      'The config file lives in src/config/index.ts.',
      'The migration script is in the scripts folder.',
      'The plan is in docs/plans/today.md.',
      'The deploy script is in scripts/.',
    ])
      expect(whereThingsLive(said), said).toBeUndefined();
  });

  it('a pointer, a person, a place looked up in, a dated place, a symptom or a state is no place of a kind', () => {
    for (const said of [
      'These scripts are in the tools folder.',
      'My notes are in ~/notes/.',
      'Release notes are kept in the shared drive folder called Releases.',
      'The reports are in reports/2026-06-01/.',
      'Tests are in tests/ but they fail.',
      'The config is in the wrong folder.',
      'The docs are in read-only mode.',
      'The code is in the repo.',
      'The logic is in place.',
      'The changes are in the feature branch.',
    ])
      expect(whereThingsLive(said), said).toBeUndefined();
  });

  it('a branch or a fork holds work of the moment, no place of a kind (decision 128, amended)', () => {
    for (const said of [
      'The config is in another branch.',
      "The new script is in my-fork, I'll merge it later.",
      'The docs live on the gh-pages branch.',
      'The migrations are in the release-2 branch.',
      'Seed scripts are in the upstream fork.',
    ])
      expect(whereThingsLive(said), said).toBeUndefined();
    expect(found('The config is in another branch.')).toEqual([]);
    expect(found("The new script is in my-fork, I'll merge it later.")).toEqual([]);
  });

  it('a kind placed in one file is what the code shows, no place of a kind (decision 128, amended)', () => {
    for (const said of [
      'The handlers are in src/routes/upload.ts.',
      'The data is in data/raw.csv.',
      'Fixtures live in test/fixtures.json.',
    ])
      expect(whereThingsLive(said), said).toBeUndefined();
    expect(found('The handlers are in src/routes/upload.ts.')).toEqual([]);
    expect(whereThingsLive('Fixtures live in test/fixtures/.')).toBeDefined();
    expect(whereThingsLive('Handlers live in ../api/src/routes.ts.')).toBeDefined();
  });

  it('a question, a modal and a step of the work at hand are not this kind', () => {
    expect(found('Where do migrations live?')).toEqual([]);
    expect(found('Do plans go in docs/plans?')).toEqual([]);
    expect(whereThingsLive('Helpers must live in src/lib.')).toBeUndefined();
    expect(found('Put this in docs/foo.md.')).toEqual([]);
    expect(found('Move the helper into utils/.')).toEqual([]);
    expect(found('Put the new tests in tests/parser/ for this PR.')).toEqual([]);
  });

  it('a numbered step of a task prompt that places a thing is a step, not a fact', () => {
    const steps =
      'Please do these in order:\n1. Read the API spec.\n2. The generated client goes in packages/client/.\n3. Add a smoke test.';
    expect(findMemoryStatements([user(steps)])).toEqual([]);
  });
});

describe('an order that places a kind in a folder is a way of working, as decision 93 types it', () => {
  it('a bare kind and a folder', () => {
    for (const said of [
      'Create issues in issues/ following the template.',
      'Put new scripts under tools/.',
      'Write benchmarks in the bench directory.',
      'Put all scripts in the tools folder.',
    ])
      expect(typesOf(said), said).toEqual(['feedback']);
  });

  it('a file, a thing at hand or a scratch folder is the work of the moment', () => {
    for (const said of ['Put the helpers in utils.ts.', 'Save the screenshots in shots/ for now.', 'Put these in docs/.'])
      expect(found(said), said).toEqual([]);
  });

  it('things at hand before the kind, or this task after the folder, make the order a step (decision 128, amended)', () => {
    for (const said of [
      'Put these scripts in tools/.',
      'Save the images into the assets/ folder.',
      'Keep those fixtures under test/fixtures/.',
      'Create tests in tests/ for the new route.',
      'Add migrations under db/migrations/ for both tables.',
      'Put the notes in notes/ while we work on this.',
      'Write scripts in tools/ for this.',
    ]) {
      expect(whereThingsLive(said), said).toBeUndefined();
      expect(found(said), said).toEqual([]);
    }
  });
});

describe('the memory says where the kind lives', () => {
  it('titled and described by the statement itself', () => {
    const written = draftMemories(extractTask(1), [user('Design notes go in docs/adr/, one file per decision.')])
      .filter((w) => w.filename !== 'MEMORY.md')
      .map((w) => parseTopicFile(w.content, w.filename.replace(/\.md$/, '')));
    expect(written).toHaveLength(1);
    const [file] = written;
    if (file?.ok !== true) throw new Error('unreadable memory file');
    expect(file.file.type).toBe('project');
    expect(file.file.description).toBe('Design notes go in docs/adr/, one file per decision.');
    expect(file.file.name).toMatch(/design-notes/);
  });
});
