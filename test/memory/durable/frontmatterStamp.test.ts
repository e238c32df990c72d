import { describe, expect, it } from 'vitest';
import { parseTopicFile, stampTopicFile, toKebabSlug } from '../../../src/memory/durable/index.js';

const NOW = '2026-11-30T00:40:54.975Z';
const SESSION = 'a2ea74f1-8364-4641-85de-78e24afde085';

describe('frontmatter as Claude Code 2.1.332 writes it (spec-2.1.332 §3)', () => {
  it('a flat 2.1.88 file is still read, and a write moves its type under metadata with the stamps', () => {
    const flat = '---\nname: Prefers Tabs\ndescription: User prefers tabs\ntype: user\n---\n\nTabs, see [[editor-setup]].\n';
    const parsed = parseTopicFile(flat, 'prefers-tabs');
    expect(parsed.ok && parsed.form).toBe('flat');
    const stamped = stampTopicFile(flat, { now: NOW, sessionId: SESSION, previous: null, filename: 'prefers-tabs.md' });
    expect(stamped).toBe(
      [
        '---',
        'name: prefers-tabs',
        'description: User prefers tabs',
        'metadata:',
        '  node_type: memory',
        '  type: user',
        `  originSessionId: ${SESSION}`,
        `  modified: ${NOW}`,
        '---',
        '',
        'Tabs, see [[editor-setup]].',
        '',
      ].join('\n'),
    );
  });

  it('a rewrite keeps the origin session of the file as it was, and stamps this write time', () => {
    const before = `---\nname: tabs\ndescription: d\nmetadata:\n  type: user\n  originSessionId: first\n  modified: 2026-01-01T00:00:00.000Z\n---\n\nOld.\n`;
    const after = `---\nname: tabs\ndescription: d\nmetadata:\n  type: user\n  originSessionId: ${SESSION}\n---\n\nNew.\n`;
    const parsed = parseTopicFile(stampTopicFile(after, { now: NOW, sessionId: SESSION, previous: before, filename: 'tabs.md' }), 'tabs');
    expect(parsed.ok && parsed.file).toMatchObject({ originSessionId: 'first', modified: NOW, body: 'New.\n' });
  });

  it('unknown fields under metadata and at the top survive a write', () => {
    const text = '---\nname: x\ndescription: d\nowner: ops\nmetadata:\n  type: project\n  reviewed: true\n---\n\nBody.\n';
    const stamped = stampTopicFile(text, { now: NOW, sessionId: null, previous: null, filename: 'x.md' });
    const parsed = parseTopicFile(stamped, 'x');
    expect(parsed.ok && parsed.file).toMatchObject({ extra: { owner: 'ops' }, metadataExtra: { reviewed: true }, modified: NOW });
    expect(parsed.ok && parsed.file.originSessionId).toBeUndefined();
  });

  it('harness tags are stripped; a file without frontmatter keeps its text otherwise', () => {
    const text = 'Just notes <system-reminder>injected</system-reminder> here.\n';
    expect(stampTopicFile(text, { now: NOW, sessionId: SESSION, previous: null, filename: 'n.md' })).toBe('Just notes  here.\n');
  });

  it('keepModified fills in a missing time and leaves one the writer set', () => {
    const said = '---\nname: x\ndescription: d\nmetadata:\n  type: user\n  modified: 2026-03-03T00:00:00.000Z\n---\n\nB\n';
    const stamped = stampTopicFile(said, { now: NOW, sessionId: null, previous: null, filename: 'x.md', keepModified: true });
    expect(stamped).toContain('modified: 2026-03-03T00:00:00.000Z');
  });

  it('names become kebab-case slugs: accents dropped, other scripts kept, nothing but punctuation falls back', () => {
    expect(toKebabSlug('User prefers  Tabs!')).toBe('user-prefers-tabs');
    expect(toKebabSlug('Café déjà vu')).toBe('cafe-deja-vu');
    expect(toKebabSlug('ビルド 手順')).toBe('ビルド-手順');
    expect(toKebabSlug('!!!')).toBe('');
    expect(
      stampTopicFile('---\nname: "!!!"\ndescription: d\ntype: user\n---\n', {
        now: NOW,
        sessionId: null,
        previous: null,
        filename: 'Build Steps.md',
      }),
    ).toMatch(/^name: build-steps$/m);
  });
});
