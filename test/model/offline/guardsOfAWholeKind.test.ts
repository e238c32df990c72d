import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';

// Guards that refused a whole kind for the wrong reason (decision 110, amended 2026-12-07). Sentences invented for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const keptOf = (said: string): string[] =>
  findMemoryStatements([assistant('I pushed the branch; the checks are running.'), user(said)]).map((s) => s.text);

describe('a message linking a thread of a project whose name has capitals is read, not dropped as a credential', () => {
  it('keeps where things are tracked, owner and repository written with capitals', () => {
    const said = 'Release blockers are collected in https://github.com/PixelForge/RenderKit/issues/12';
    expect(keptOf(said)).toEqual([said]);
  });

  it('keeps the rule said after such a link in the same message', () => {
    const said = 'See https://github.com/PixelForge/render-kit/pull/4411 for context. We always squash merge pull requests.';
    expect(keptOf(said)).toContain('We always squash merge pull requests.');
  });

  it('still drops a message holding a key with capitals and digits mixed', () => {
    expect(keptOf('We always sign uploads with AbcDef12/GhiJkl34/MnoPqr56/StuVwx78 in CI.')).toEqual([]);
  });
});

describe('a link to one thread after a verb of work is the work at hand, not a reference', () => {
  it.each([
    'Analyse this issue: https://github.com/acme/sync/issues/7660',
    'Triage this one for me: https://github.com/acme/sync/issues/52',
    'Solve this bug: https://github.com/acme/sync/issues/77',
    'Reproduce the crash from https://github.com/acme/sync/issues/91',
    'Summarise the discussion in https://github.com/acme/sync/pull/736',
    'Resolve the conflicts in https://gitlab.example.org/platform/api/-/merge_requests/12',
  ])('%s', (said) => {
    expect(keptOf(said)).toEqual([]);
  });

  it('keeps a link that says where a kind of thing is kept, or work said with a lasting word', () => {
    for (const said of [
      'Known flaky tests are tracked in https://github.com/acme/sync/issues/88',
      'We discuss release blockers in https://github.com/acme/sync/issues/12',
      'Always look into https://github.com/acme/sync/issues/88 before you cut a release.',
    ])
      expect(keptOf(said), said).toEqual([said]);
  });
});

describe('a status panel pasted with its values aligned in a column is not the person’s words', () => {
  it('drops the panel and keeps the person’s sentence around it', () => {
    const said = [
      'the other session shows this',
      '',
      '  Version:          4.2.0',
      '  Login method:     Team account',
      '  Email:            dana@example.com',
      '  Model:            Default (the best for everyday tasks)',
      '',
      'We always run one session per repository.',
    ].join('\n');
    const kept = keptOf(said);
    expect(kept.some((text) => text.endsWith('We always run one session per repository.'))).toBe(true);
    expect(kept.join('\n')).not.toMatch(/Version|Login|dana@example\.com|Default/);
  });

  it('keeps a field the person typed with one space after its colon', () => {
    expect(keptOf('  Note: we always deploy from the release branch.')).toEqual(['We always deploy from the release branch.']);
  });
});

describe('a heading that announces news is no order', () => {
  it('reads the fact after "Update:" or "Change of plan:", and lets it replace the one said before', () => {
    expect(keptOf('Update: our docs are hosted on Netlify.')).toEqual(['Update: our docs are hosted on Netlify.']);
    expect(keptOf('Change in plan: our docs are hosted on Netlify.')).toEqual(['Change in plan: our docs are hosted on Netlify.']);
    const said = findMemoryStatements([
      assistant('Ran the suite.'),
      user('The staging API runs on port 8080.'),
      assistant('Done.'),
      user('Update: the staging API now runs on port 9090.'),
    ]).map((s) => s.text);
    expect(said).toEqual(['Update: the staging API now runs on port 9090.']);
  });

  it('still refuses work asked after the heading, and the task word used as a verb', () => {
    for (const said of ['Update: please fix the login bug.', 'Update the README with the new flags.', 'Change the port to 9090.'])
      expect(keptOf(said), said).toEqual([]);
  });
});
