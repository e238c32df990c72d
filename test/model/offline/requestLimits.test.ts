import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLimitOfOneRequest } from '../../../src/model/offline/requestLimits.js';
import { keptAlone } from '../../support/keptAfterAWorkTurn.js';

// The limits set on one request are no standing rule (decision 132). Example sentences written for these tests.

describe('a limit set on one request is not kept', () => {
  it('what the change may not touch: the text, the contents, anything else', () => {
    expect(keptAlone('Format the table in the changelog. Do not modify any text, I only want formatting done.')).toEqual([]);
    expect(keptAlone('Sort the glossary entries alphabetically. DO NOT CHANGE the contents.')).toEqual([]);
    expect(keptAlone('Rename the helpers in the parser to camelCase. Do not touch anything else.')).toEqual([]);
    expect(keptAlone('Tidy the imports in the router. Leave the rest of the file as it is.')).toEqual([]);
  });

  it('an exception naming one thing at hand, and "I only want X done"', () => {
    expect(keptAlone('Do not change the margins, except the gap above the first card.')).toEqual([]);
    expect(keptAlone('I only want the typos fixed.')).toEqual([]);
  });

  it('"don\'t change anything" as a reply, and one named file not to be made', () => {
    expect(keptAlone('Lets not change anything.')).toEqual([]);
    expect(keptAlone("Don't create a new helpers.py, it's already there in the codebase.")).toEqual([]);
  });

  it('"launch" as a verb dates nothing', () => {
    expect(keptAlone('Now connect the web client to the server so that I can launch both with one command.')).toEqual([]);
    expect(keptAlone('Our launch video is too long, can you cut it?')).toEqual([]);
  });
});

describe('look-alikes stay kept', () => {
  it('a lasting word keeps the rule', () => {
    expect(keptAlone('Never modify the logic unless asked.')).not.toEqual([]);
    expect(keptAlone("Don't change the wording of error messages unless I ask.")).not.toEqual([]);
    expect(keptAlone("From now on, don't touch anything else than the file I name.")).not.toEqual([]);
  });

  it('the stuff of a kind of thing, a reason, an exception to a standing rule (review 21)', () => {
    expect(keptAlone("Don't change the wording of error messages, support scripts match on them.")).not.toEqual([]);
    expect(keptAlone("Don't change the order of the columns in the CSV export, downstream jobs depend on it.")).not.toEqual([]);
    expect(keptAlone("Don't commit to main directly, except the release bot's version bumps.")).not.toEqual([]);
    expect(keptAlone('I only want migrations applied by CI, not by hand.')).not.toEqual([]);
    expect(keptAlone("Don't change the public API without a deprecation.")).not.toEqual([]);
  });

  it('a prohibition on a named thing, and a launch date', () => {
    expect(keptAlone('Do not modify the snapshot tests.')).not.toEqual([]);
    expect(keptAlone("Don't change anything without asking me first.")).not.toEqual([]);
    expect(keptAlone('Never add a .env file.')).not.toEqual([]);
    expect(keptAlone('Our public launch is on March 3.')).not.toEqual([]);
  });
});

describe('isLimitOfOneRequest', () => {
  const orders = ["Don't change", 'Do not modify', 'Do not touch', 'Please do not alter'];
  const limits = ['the contents', 'any text', 'anything else', 'the wording', 'the rest of the page', 'the layout'];
  const lasting = ['never', 'from now on', 'in this repo', 'unless I ask', 'going forward'];

  it('a limit with a lasting word added is no limit of one request', () => {
    fc.assert(
      fc.property(fc.constantFrom(...orders), fc.constantFrom(...limits), fc.constantFrom(...lasting), (order, limit, word) => {
        expect(isLimitOfOneRequest(`${order} ${limit}.`)).toBe(true);
        expect(isLimitOfOneRequest(`${order} ${limit} ${word}.`)).toBe(false);
      }),
    );
  });
});
