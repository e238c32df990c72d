import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pointerToAFile } from '../../../src/model/offline/pointerToAFile.js';
import { sourceOfTruth } from '../../../src/model/offline/sourceOfTruth.js';
import { whereThingsLive } from '../../../src/model/offline/whereThingsLive.js';
import { fcRuns } from '../../support/fcRuns.js';

// Where things live and which source is authoritative (decision 128), as invariants over sentences built from invented
// parts, none taken from a corpus: a kind in a named place is kept, and not once pointed at, owned by a person, said
// with a modal, asked or placed in a scratch or dated folder; one thing is kept only in another repository.
const kinds = fc.constantFrom('Migrations', 'Design notes', 'Integration tests', 'Seed scripts', 'Email templates', 'Deployment logic');
const kept = fc.constantFrom('live in', 'go in', 'are kept under', 'belong in', 'sit in', 'are stored in');
const places = fc.constantFrom('db/migrations', 'docs/adr/', 'test/int', 'the tools folder', 'the infra repo', 'another repo');
const pointers = fc.constantFrom('These', 'Those', 'My', 'Your', 'This');
const modals = fc.constantFrom('must', 'should', 'have to', 'need to');
const things = fc.constantFrom('The deploy script', 'The billing service', 'Our chart', 'The frontend');
const inside = fc.constantFrom('scripts/', 'src/billing', 'the charts folder', 'the src directory');
const outside = fc.constantFrom('the infra repo', 'another repo', 'the other repository', 'ops-tools');

const capitalised = (word: string): string => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

const sources = fc.constantFrom('The handlers', 'Git', 'The schema file', 'The router config', 'The implementation');
const topics = fc.constantFrom('the API schema', 'branch state', 'the routes', 'prices');
const notNamed = fc.constantFrom('You', 'Your answer', 'Which one', 'Nothing');

describe('where a kind of thing is kept (decision 128), as invariants', () => {
  it('holds of a kind in a named place, and not once pointed at or owned, said with a modal or dated', () => {
    fc.assert(
      fc.property(kinds, kept, places, pointers, modals, (kind, verb, place, pointer, modal) => {
        expect(whereThingsLive(`${kind} ${verb} ${place}.`)).toBeDefined();
        expect(whereThingsLive(`${pointer} ${kind.toLowerCase()} ${verb} ${place}.`)).toBeUndefined();
        expect(whereThingsLive(`${kind} ${modal} ${verb.replace(/^(?:are|is) /, 'be ')} ${place}.`)).toBeUndefined();
        expect(whereThingsLive(`${kind} ${verb} reports/2026-06-01/.`)).toBeUndefined();
      }),
      { numRuns: fcRuns },
    );
  });

  it('an order places a bare kind in a folder, and not things at hand, this task or a branch (decision 128, amended)', () => {
    const orderKinds = fc.constantFrom('scripts', 'migrations', 'fixtures', 'notes', 'templates');
    const folders = fc.constantFrom('tools/', 'db/migrations/', 'the assets/ folder', 'docs/notes/');
    const atHand = fc.constantFrom('these', 'those', 'the', 'my', 'your');
    const ofTheTask = fc.constantFrom('for the new route', 'for both tables', 'while we work on it', 'for this');
    fc.assert(
      fc.property(orderKinds, folders, atHand, ofTheTask, (kind, folder, pointer, task) => {
        expect(whereThingsLive(`Put new ${kind} in ${folder}.`)).toBeDefined();
        expect(whereThingsLive(`Put ${pointer} ${kind} in ${folder}.`)).toBeUndefined();
        expect(whereThingsLive(`Put new ${kind} in ${folder} ${task}.`)).toBeUndefined();
        expect(whereThingsLive(`${capitalised(kind)} are in another branch.`)).toBeUndefined();
      }),
      { numRuns: fcRuns },
    );
  });

  it('places one thing only in another repository', () => {
    fc.assert(
      fc.property(things, inside, outside, (thing, here, elsewhere) => {
        expect(whereThingsLive(`${thing} is in ${here}.`)).toBeUndefined();
        expect(whereThingsLive(`${thing} is in ${elsewhere}.`)).toBeDefined();
      }),
      { numRuns: fcRuns },
    );
  });
});

describe('which source is authoritative (decision 128), as invariants', () => {
  it('holds of a named source, a project fact when it is in the code, and never of a source not named', () => {
    fc.assert(
      fc.property(sources, topics, notNamed, (source, topic, nobody) => {
        expect(sourceOfTruth(`${source} is the source of truth for ${topic}.`)?.type).toBe('project');
        expect(sourceOfTruth(`${source} is authoritative for ${topic}.`)?.type).toBe('project');
        expect(sourceOfTruth(`${nobody} is the source of truth for ${topic}.`)).toBeUndefined();
        expect(pointerToAFile(`${source} is the source of truth for ${topic}.`)).toBeUndefined();
      }),
      { numRuns: fcRuns },
    );
  });
});
