import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';

// An independent review of decision 110 (amended: renames, routine steps, a habit's relative clause, openers): each
// finding's invented inputs, both ways.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const keptOf = (said: string): string[] => findMemoryStatements([assistant('I updated the imports.'), user(said)]).map((s) => s.text);

describe('a rename said as done (review)', () => {
  it('asked, denied, supposed, wished, hedged or said of others is none', () => {
    for (const said of [
      'Have we renamed the repo to file-sync?',
      'Wait, they renamed the repo to file-sync?',
      'Why did you say we renamed the repo to file-sync?',
      'If we renamed the repo to file-sync, would the links break?',
      'Not sure but I think we renamed the package to acme-core at some point.',
      'I wish we renamed the project to something shorter.',
      'What happens if I renamed the app to Acme Pro?',
    ])
      expect(
        keptOf(said).filter((t) => /renamed/i.test(t) && !/^don't/i.test(t)),
        said,
      ).toEqual([]);
  });

  it('a rename of code, a file or an option is none', () => {
    for (const said of [
      'I renamed the package variable to maxRetries.',
      'we renamed the app component to Shell.',
      'I renamed the command handler to runCmd.',
      'I renamed the service account to deploy-bot.',
      'We renamed the cli option to --output.',
      'I renamed the app folder to app-old.',
    ])
      expect(keptOf(said), said).toEqual([]);
  });

  it('a rename for a while, elsewhere or with trouble after it is none', () => {
    for (const said of [
      'I renamed the repo to test something, I will rename it back later.',
      'They renamed the bucket to prod-assets and now the upload fails.',
      'I renamed the repo to file-sync on my fork.',
      'We renamed the package to acme-core but we are reverting that tomorrow.',
      'We renamed the repo to make it clearer.',
    ])
      expect(keptOf(said), said).toEqual([]);
  });

  it('the new name is the whole name, and the forms with have are read', () => {
    expect(keptOf('We renamed the product to Acme Cloud.')).toEqual(['We renamed the product to Acme Cloud.']);
    expect(keptOf("We've renamed the repo to file-sync.")).toEqual(["We've renamed the repo to file-sync."]);
    expect(keptOf('We renamed the npm package to acme-core.')).toEqual(['We renamed the npm package to acme-core.']);
  });

  it('goes on only with what is said of names', () => {
    expect(keptOf('We renamed the repo to file-sync. The build takes ages on my laptop.')).toEqual(['We renamed the repo to file-sync.']);
  });
});

describe('a step of the routine (review)', () => {
  it('a symptom at a step of the routine is none, new or old', () => {
    for (const said of [
      'Build breaks when we deploy.',
      'Test suite hangs when you push.',
      'Build fails every time we push to main.',
      'Lint errors show up whenever we merge.',
      'Upload times out every time I publish.',
    ])
      expect(keptOf(said), said).toEqual([]);
  });

  it('one occasion is none', () => {
    for (const said of [
      'Run the migration when we deploy tomorrow.',
      'Run the migrations when we deploy on Friday.',
      'Update the changelog when you merge your branch.',
      'Review my notes when we release v2.',
      'Notify me when you push.',
      'Update the docs when we released v2.',
      'Check the logs from when we deployed on Monday.',
    ])
      expect(keptOf(said), said).toEqual([]);
  });

  it('a suggestion that goes on, or hedges again, is none', () => {
    for (const said of [
      "maybe we run the tests whenever we merge, not sure it's worth it though",
      "Perhaps we should run lint every time we commit, I'm not sure.",
      'what if we update the changelog when we release, would that be too much?',
      'I tried that, maybe we build the docs every time we push and see if it fixes it?',
      'Maybe we check the logs when we deploy tomorrow?',
    ])
      expect(keptOf(said), said).toEqual([]);
  });

  it('the routine said in its other forms', () => {
    for (const said of [
      'We add a changelog entry when we open a PR.',
      'We update the changelog when we do releases.',
      'We update the changelog when releasing.',
      'We run the tests on every push.',
    ])
      expect(keptOf(said), said).toEqual([said]);
    expect(keptOf('Maybe we could run the tests whenever we merge?')).toEqual(['We could run the tests whenever we merge.']);
  });
});

describe('a hedge, a reply and a request before a statement (review)', () => {
  it('a remark after a comma, or a second hedge, still hedges', () => {
    for (const said of [
      'We deploy with Helm, which might not be true anymore.',
      'Our staging env is on fly.io, which might have changed since I left.',
      'We keep the fixtures in a bucket that could be public, probably we should check.',
      'We use a proxy which might be the cause, not sure if that is still in place.',
    ])
      expect(keptOf(said), said).toEqual([]);
  });

  it('a reply after an opener states no habit', () => {
    for (const said of [
      "Yeah I typically wouldn't",
      'yes we usually would, but not here',
      'yeah we mostly agree',
      'Alright we generally want the same thing',
      "Yeah I mostly can't be bothered with the details.",
    ])
      expect(keptOf(said), said).toEqual([]);
  });

  it('a statement that points back at the request keeps the request', () => {
    expect(keptOf('Fix the flaky login test, we never retry it in CI.')).toEqual(['Fix the flaky login test, we never retry it in CI.']);
    expect(keptOf('Fix the flaky test, we never retry tests in CI.')).toEqual(['We never retry tests in CI.']);
  });
});

// A second review of the same kinds and of those added after a third fresh batch: what the first narrowing lost or let in.
const keptAfterDone = (said: string): string[] => findMemoryStatements([assistant('Done.'), user(said)]).map((s) => s.text);

describe('statements the narrowed kinds must keep (second review)', () => {
  it('a person’s own indented list, standing instructions, and a message that names the teammate tag', () => {
    expect(keptAfterDone('Rules:\n\n  Always run the linter before you push.\n  Never force-push to shared branches.')).toHaveLength(1);
    expect(
      keptAfterDone(
        'You are a senior engineer on this team. Your job is to keep this codebase clean. Always prefer composition over inheritance.',
      ),
    ).toHaveLength(1);
    expect(keptAfterDone('The parser must skip <teammate-message> elements; we always strip them before saving.')).toHaveLength(1);
  });

  it('a rule after a symptom, counts that are no option, facts asked to be known, wants and modals after a habit', () => {
    for (const said of [
      'The build fails whenever someone pushes without running the formatter, so always run prettier first.',
      'Use 4 spaces, never tabs.',
      'Okay, use 2 spaces.',
      'Go with option A whenever a migration touches user data.',
      'I just need you to know that our staging server is staging.acme.dev.',
      'We generally want small PRs.',
      'Notify the team when we deploy.',
      'Update the README when we release, unless it is a patch.',
      'No point writing tests for generated code.',
    ])
      expect(keptAfterDone(said), said).toHaveLength(1);
  });

  it('a rename said with when, or with what kept its name', () => {
    expect(keptAfterDone('We renamed the service to billing-api last week.')).toEqual(['We renamed the service to billing-api last week.']);
    expect(keptAfterDone('The repo was renamed to git-sync but the binary is still gitsync.')).toEqual([
      'The repo was renamed to git-sync.',
    ]);
  });
});

describe('what the added kinds must not save (second review)', () => {
  for (const said of [
    'Please check the logs before removing that file.',
    'Test it before overwriting the config.',
    'Let me verify it before you delete the old files.',
    'Have Bob review the diff before we drop the table.',
    "There's no point adding a retry here.",
    'No point adding a test for this.',
    'Reduce duplication.',
    'Less complexity.',
    'We renamed the repo to make it clearer.',
  ])
    it(said, () => expect(keptAfterDone(said)).toEqual([]));

  it('"No point …" keeps its "No"', () => {
    expect(keptAfterDone('No point writing tests for generated code.')).toEqual(['No point writing tests for generated code.']);
  });
});
