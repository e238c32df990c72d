import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';

// One-off decisions about the work at hand are no lasting rule (decision 101). Example sentences written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const keptAfter = (offer: string, said: string): string[] => findMemoryStatements([assistant(offer), user(said)]).map((s) => s.text);
const kept = (said: string): string[] => keptAfter('I updated the parser.', said);

describe('a decision whose every thing only points is about the work at hand', () => {
  it('a refusal of this change, that file, it', () => {
    expect(kept("Let's not touch that file in this PR.")).toEqual([]);
    expect(kept("Let's not merge these commits into that release.")).toEqual([]);
    expect(
      keptAfter('Shall I also bump the timeout on your machine now?', "Don't bump it, let's wait and see if the flake comes back"),
    ).toEqual([]);
  });

  it('picking one of the options offered', () => {
    expect(keptAfter('Option A caches, option B streams. Which do you want?', 'I like option B')).toEqual([]);
    expect(keptAfter('Two ways: rewrite or patch.', 'I prefer the second one.')).toEqual([]);
  });

  it('a review’s advice on the code at hand, whose subject only points', () => {
    const said =
      'The docstring claims the socket is closed on exit, but leaving conn.Close out of the defer keeps it open after a panic. To release it reliably, these should be closed in a deferred call rather than at the end.';
    expect(kept(said)).toEqual([]);
  });

  it('a rule that names a kind of thing is still kept', () => {
    expect(kept("Let's not use default exports.")).toEqual(["Let's not use default exports."]);
    expect(kept("Don't mock the database in integration tests.")).toEqual(["Don't mock the database in integration tests."]);
    expect(kept('I like tabs over spaces')).toEqual(['I like tabs over spaces']);
  });

  it('a lasting word keeps a rule said of the thing at hand', () => {
    expect(kept('Never edit this file by hand.')).toEqual(['Never edit this file by hand.']);
  });
});

describe('a correction of an offer about the thing at hand', () => {
  it('is the work of the moment; one that names a kind of thing is kept', () => {
    const offer = 'Done. Want me to also clear your cache folder now?';
    expect(keptAfter(offer, "No, don't clear it, let's see if the warning keeps showing up")).toEqual([]);
    expect(keptAfter(offer, 'No, never clear caches without asking me.')).toEqual(['Never clear caches without asking me.']);
  });
});

describe('a rule naming a kind of thing is no decision of the moment', () => {
  it('"this" or "that" standing alone, with a kind named after it', () => {
    expect(kept("Don't mock this in tests.")).toEqual(["Don't mock this in tests."]);
    expect(kept("Don't mock these in unit tests.")).toEqual(["Don't mock these in unit tests."]);
    expect(kept("Don't run that on production.")).toEqual(["Don't run that on production."]);
  });

  it('a pointing clause after a comma does not decide the sentence', () => {
    expect(kept('Keep PRs small, they should be reviewable in ten minutes.')).toEqual([
      'Keep PRs small, they should be reviewable in ten minutes.',
    ]);
  });

  it('an option said together with a kind or a generic quantifier', () => {
    expect(kept('We prefer approach 2 for all migrations.')).toEqual(['We prefer approach 2 for all migrations.']);
    expect(kept('Prefer option B style imports everywhere.')).toEqual(['Prefer option B style imports everywhere.']);
  });

  it('the repository itself, or files of a kind', () => {
    expect(kept("Don't make this repo public.")).toEqual(["Don't make this repo public."]);
    expect(kept('Keep this repo private.')).toEqual(['Keep this repo private.']);
    expect(kept("Don't edit those generated files.")).toEqual(["Don't edit those generated files."]);
  });
});

describe('advice after a purpose, whose subject only points, is about the code at hand', () => {
  it('"To keep the logs quiet, these should…"', () => {
    expect(kept('To keep the worker logs out of the terminal, these should be sent to a discard sink rather than left as nil.')).toEqual(
      [],
    );
  });
});

describe('a lasting word in another language keeps a rule said of an option', () => {
  it('French and German', () => {
    expect(kept("Utilise toujours l'option B pour les migrations.")).toEqual(["Utilise toujours l'option B pour les migrations."]);
    expect(kept('Verwende immer Option B für Migrationen.')).toEqual(['Verwende immer Option B für Migrationen.']);
  });
});

describe('after a pointing word, the repository or a described plural name a kind; the things at hand stay at hand', () => {
  it.each([
    ["Don't edit those generated files.", true],
    ["Don't rename those old functions.", true],
    ['Keep this repo private.', true],
    ["Don't add dependencies to this monorepo.", true],
    ["Don't publish this project to npm.", true],
    ['Keep this codebase free of default exports.', true],
    ["Don't merge this branch.", false],
    ["Don't fix this bug.", false],
    ["Let's not close this PR.", false],
    ["Don't rename that function.", false],
    ["Don't squash these commits.", false],
    ["Let's not touch that file in this PR.", false],
    // Bare "these files" is as often the files just made as a kind of file: precision first (decision 101, amended).
    ["Don't commit these files.", false],
    ["Don't touch these migrations.", false],
    ["Don't delete those scripts.", false],
    ["Don't hand-edit those lockfiles.", false],
    ["Don't commit these two files.", false],
    ["Please don't commit these files.", false],
    ['Leave these files alone.', false],
    ["Don't rename these templates in this PR.", false],
    ["Don't modify these files in this branch.", false],
    ["Don't stage these files, I'll review them first.", false],
    ["Don't commit these files, we will squash later.", false],
    ['Never commit these files.', true],
  ])('%s: kept %s', (said, lasting) => {
    expect(kept(said)).toEqual(lasting ? [said] : []);
  });
});
