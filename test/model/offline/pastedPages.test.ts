import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { beforePastedPage, isBareLink } from '../../../src/model/offline/pastedPages.js';
import { personsWords } from '../../../src/model/offline/personsWords.js';

// Decision 127: a web page or a spec pasted whole is no statement of the person's, and a link in it is no reference.
// Every page and sentence here was written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const found = (said: string) => findMemoryStatements([assistant('Done, the build is green.'), user(said)]);

const DOCS_PAGE = [
  'is this enough for the listing? [Widget Hub](https://widgets.example.org/)',
  '[Docs](https://widgets.example.org/docs)',
  '[← Back to catalog](https://widgets.example.org/)',
  'About',
  'Widget Hub is a directory of reusable widgets. The schema is published at [the spec site](https://spec.example.org/widgets).',
  '* [Widget schema](https://spec.example.org/widgets/schema)',
].join('\n');

const SPEC_PAGE = [
  '# Publish a feed index',
  '',
  'Publish a feed index at your site root per the',
  '[Feed Index draft](https://drafts.example.org/feed-index).',
  '',
  '## Requirements',
  '',
  '- Serve `/feeds.json` with HTTP 200',
  '- Prefer publishing one entry per feed',
  '- Each entry must end with a trailing slash',
].join('\n');

const GLUED_SPEC = [
  'sounds good. also # Add a status page',
  '',
  'Expose service health for crawlers.',
  '',
  '## Requirements',
  '',
  '- Always answer `/status` with HTTP 200',
  '- Never cache the status response',
].join('\n');

describe('a pasted page or spec is taken out of the person’s words', () => {
  it('a docs page with navigation and link lists leaves only the person’s question before it', () => {
    expect(beforePastedPage(DOCS_PAGE).trim()).toBe('is this enough for the listing?');
    expect(found(DOCS_PAGE).filter((s) => s.type === 'reference')).toEqual([]);
  });

  it('a spec in sections with a link, where nobody says "I" or "we", is dropped whole', () => {
    expect(personsWords(SPEC_PAGE).trim()).toBe('');
    expect(found(SPEC_PAGE)).toEqual([]);
  });

  it('a spec glued after the person’s words by its heading keeps the words and drops the spec’s rules', () => {
    expect(personsWords(GLUED_SPEC)).toContain('sounds good. also');
    expect(
      found(GLUED_SPEC)
        .map((s) => s.text)
        .join(' '),
    ).not.toMatch(/status/);
  });

  it('a bare list of three Markdown links is no reference', () => {
    const links = '[Runbook](https://wiki.example.com/runbook)\n[Alerts](https://alerts.example.com)\n[Status](https://status.example.com)';
    expect(found(links).filter((s) => s.type === 'reference')).toEqual([]);
  });
});

describe('a link said with no sentence about it is no reference', () => {
  it.each([
    'Docs: https://docs.example.net/guide/overview.',
    '[Feed Index draft](https://drafts.example.org/feed-index).',
    'https://status.example.com',
  ])('%s', (said) => {
    expect(isBareLink(said)).toBe(true);
    expect(found(said).filter((s) => s.type === 'reference')).toEqual([]);
  });

  it('a sentence with no link is no bare link', () => {
    expect(isBareLink('Docs: the wiki')).toBe(false);
  });
});

describe('a reference the person says in their own words stays', () => {
  it('“see <url> for the API docs” says what the link is for', () => {
    const said = 'See https://wiki.example.com/api for the API docs.';
    expect(isBareLink(said)).toBe(false);
    expect(found(said).some((s) => s.type === 'reference')).toBe(true);
  });

  it('“the staging dashboard is at <url> — check it after every deploy” is kept as a reference', () => {
    const said = 'The staging dashboard is at https://grafana.example.com/d/staging — check it after every deploy.';
    expect(beforePastedPage(said)).toBe(said);
    expect(found(said).some((s) => s.type === 'reference' && s.text.includes('grafana.example.com'))).toBe(true);
  });

  it('a short message with one Markdown link and the person’s sentence about it is theirs', () => {
    const said = 'The API docs live in [our wiki](https://wiki.example.com/api); read them before changing an endpoint.';
    expect(beforePastedPage(said)).toBe(said);
    expect(found(said).some((s) => s.type === 'reference')).toBe(true);
  });

  it('the person’s own notes in sections, said as "we", stay theirs', () => {
    const notes =
      '## Deploys\n\nWe deploy from the release branch, see [the runbook](https://wiki.example.com/runbook).\n\n## Reviews\n\nWe always squash.';
    expect(beforePastedPage(notes)).toBe(notes);
  });
});
