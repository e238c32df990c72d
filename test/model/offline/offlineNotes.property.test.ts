import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTES_TEMPLATE, parseTopicFile, renderTopicFile, resumeFromItems, type ModelMessage } from '../../../src/index.js';
import { draftSessionNotes } from '../../../src/model/offline/index.js';
import { joinNotes, splitNotes } from '../../../src/memory/session/index.js';
import { MEMORY_TYPES } from '../../../src/memory/durable/index.js';
import { fcRuns } from '../../support/fcRuns.js';
import { conversation } from '../../support/conversationArbitrary.js';

const messagesOf = (entries: Parameters<typeof resumeFromItems>[0]): ModelMessage[] =>
  resumeFromItems(entries).messages.map(({ role, content }) => ({ role, content }));
const withSeq = <T>(entries: readonly T[]) => entries.map((entry, seq) => ({ seq, entry }));

describe('session notes, drafted offline', () => {
  it('splitting at headers and joining again gives back every byte', () => {
    const line = fc.oneof(fc.constantFrom('# Title', '#  Odd', '_guide_', '', '- item', '#NoSpace', ' # indented'), fc.string());
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const text = lines.join('\n');
        expect(joinNotes(splitNotes(text))).toBe(text);
      }),
      { numRuns: fcRuns },
    );
  });

  it('for any conversation: heads and guidance kept, each section within 8,000 characters, drafting again changes nothing', () => {
    fc.assert(
      fc.property(conversation, (entries) => {
        const messages = messagesOf(withSeq(entries));
        const once = draftSessionNotes(DEFAULT_NOTES_TEMPLATE, messages);
        const sections = splitNotes(once).sections;
        expect(sections.map((s) => s.head)).toEqual(splitNotes(DEFAULT_NOTES_TEMPLATE).sections.map((s) => s.head));
        for (const section of sections) expect(section.body.trim().length).toBeLessThanOrEqual(8_000);
        expect(draftSessionNotes(once, messages)).toBe(once);
      }),
      { numRuns: fcRuns },
    );
  });
});

describe('topic files', () => {
  it('render then parse gives the same memory, in both forms', () => {
    const oneLine = fc.string({ minLength: 1, maxLength: 80 }).filter((s) => s.trim() !== '' && !s.includes('\n') && !s.includes('\r'));
    fc.assert(
      fc.property(
        oneLine,
        oneLine,
        fc.constantFrom(...MEMORY_TYPES),
        fc.string({ maxLength: 200 }),
        fc.constantFrom('metadata' as const, 'flat' as const),
        (name, description, type, body, form) => {
          const file = { name, description, type, body: body.trimEnd() === '' ? '' : `${body.trimEnd()}\n` };
          const parsed = parseTopicFile(renderTopicFile(file, form), 'fallback');
          expect(parsed).toEqual({ ok: true, form, file });
        },
      ),
      { numRuns: fcRuns },
    );
  });
});
