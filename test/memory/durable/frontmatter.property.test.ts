import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isKebabSlug,
  MEMORY_TYPES,
  parseTopicFile,
  renderTopicFile,
  stampTopicFile,
  type TopicFile,
} from '../../../src/memory/durable/index.js';
import { fcRuns } from '../../support/fcRuns.js';

const slug = fc.stringMatching(/^[a-z0-9]{1,8}(?:-[a-z0-9]{1,8}){0,3}$/);
const line = fc.string({ minLength: 1, maxLength: 80 }).filter((s) => s.trim() !== '' && !/[\r\n]/.test(s));
const body = fc
  .array(
    fc.oneof(
      line,
      slug.map((name) => `see [[${name}]]`),
    ),
    { maxLength: 6 },
  )
  .map((lines) => lines.join('\n').replace(/^---/gm, '- --').trimEnd());
const iso = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
const topicFile: fc.Arbitrary<TopicFile> = fc.record(
  {
    name: slug,
    description: line.map((s) => s.trim()),
    type: fc.constantFrom(...MEMORY_TYPES),
    body,
    originSessionId: fc.uuid(),
    modified: iso,
  },
  { requiredKeys: ['name', 'description', 'type', 'body'] },
);

describe('frontmatter round-trips through memlog’s loader (property)', () => {
  it('what memlog renders it reads back the same, [[links]] in the body intact', () => {
    fc.assert(
      fc.property(topicFile, (file) => {
        const parsed = parseTopicFile(renderTopicFile(file), file.name);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect({ ...parsed.file, body: parsed.file.body.trimEnd() }).toEqual({ ...file, body: file.body.trimEnd() });
        expect(parsed.form).toBe('metadata');
      }),
      { numRuns: fcRuns },
    );
  });

  it('a stamped write reads back with this write’s time, a slug name, the first origin session, and the same words', () => {
    fc.assert(
      fc.property(topicFile, iso, fc.uuid(), fc.option(fc.uuid(), { nil: undefined }), (file, now, session, earlier) => {
        const previous = earlier === undefined ? null : renderTopicFile({ ...file, originSessionId: earlier });
        const stamped = stampTopicFile(renderTopicFile(file, 'flat'), { now, sessionId: session, previous, filename: `${file.name}.md` });
        const parsed = parseTopicFile(stamped, file.name);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(parsed.file.modified).toBe(now);
        expect(parsed.file.originSessionId).toBe(earlier ?? session);
        expect(isKebabSlug(parsed.file.name)).toBe(true);
        expect(parsed.file.description).toBe(file.description);
        expect(parsed.file.body.trimEnd()).toBe(file.body.trimEnd());
        // Stamping again with the same inputs changes nothing: a replayed run writes the same bytes.
        expect(stampTopicFile(stamped, { now, sessionId: session, previous, filename: `${file.name}.md` })).toBe(stamped);
      }),
      { numRuns: fcRuns },
    );
  });
});
