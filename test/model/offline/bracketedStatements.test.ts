import { describe, expect, it } from 'vitest';
import { keptAfterAWorkTurn } from '../../support/keptAfterAWorkTurn.js';
import { bracketedStatements } from '../../../src/model/offline/bracketedStatements.js';

// A full statement typed in brackets after or inside a request or a question is read as a sentence of its own
// (decision 141). Example messages written for these tests.
describe('a statement in brackets', () => {
  it.each([
    ['can you compare the importer with the exporter, so both agree? (the exporter should be the source of truth)', 'source of truth'],
    ['please align the retry logic with the scheduler (the scheduler is the source of truth for timeouts)', 'source of truth'],
    ['could you check the release script (we never publish from a laptop)', 'never publish'],
    ['look into the flaky upload test (we always run integration tests against a real bucket)', 'always run'],
    ['clean up the config loader (we deploy with fly, not heroku)', 'fly'],
    ['could you port the handler to the new router? (we always keep handlers thin)', 'keep handlers thin'],
    ['check the migration order (schema changes must always be backwards compatible)', 'backwards compatible'],
    ['have a look at the payment flow (our billing service is authoritative for invoice totals)', 'authoritative'],
  ])('is kept: %s', (said, kept) => {
    const found = keptAfterAWorkTurn(said);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(kept);
  });

  it.each([
    'can you rename the helper (also for the new tests)',
    'update the header component (see line 40)',
    'fix the empty state on the settings page (e.g. the page shows nothing when there are no rows)',
    'can you check the parser (it crashes on empty input)',
    'rerun the build please (this one is failing again)',
    'could you add the flag to the CLI? (not sure it is needed)',
    'move the helper into utils (like we did yesterday)',
    'please fix the date format (the list shows it wrong)',
    'call formatDate(value) in the header (only for the preview)',
    'make the steps finer (I can see a visible jump per cell rather than a smooth fade)',
    'review the deprecations across versions (the spec is under ../spec and grep there for DEPRECATED)',
  ])('a task detail, a symptom or a doubt in brackets is not: %s', (said) => {
    expect(keptAfterAWorkTurn(said)).toEqual([]);
  });

  it('reads brackets opened after a space only, never a call in code', () => {
    expect(bracketedStatements('use parse(we always x) here')).toEqual([]);
    expect(bracketedStatements('fix it (we always pin versions) and (see above)')).toEqual(['we always pin versions']);
  });

  it('reads no bracket inside the strings a program prints or formats', () => {
    expect(bracketedStatements('print(f"b = {b_pos:.4f}   (the angle must not matter)")')).toEqual([]);
    expect(bracketedStatements('log("retry {count}   (the queue should drain first)")')).toEqual([]);
    expect(bracketedStatements('console.log(`done (the cache is the source of truth)`)')).toEqual([]);
    expect(keptAfterAWorkTurn('print(f"a=0.0: +{lo:.4f} {hi:.4f}   (spin should be irrelevant)")\nprint(f"done")')).toEqual([]);
  });
});
