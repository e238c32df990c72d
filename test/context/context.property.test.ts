import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiInvariantViolations, assembleRequest, normalizeForApi, systemSections } from '../../src/context/index.js';
import { buildChain, closeWithSyntheticReply, filterForResume, indexTranscript, selectLeaf } from '../../src/resume/index.js';
import { sizedConversation } from '../support/compactionArbitrary.js';
import { fcRuns } from '../support/fcRuns.js';

/** Some of the generator's attachments become memory attachments, some with nothing to show. */
const withMemoryAttachments = fc
  .tuple(sizedConversation, fc.array(fc.constantFrom('date', 'nested', 'recalled', 'empty'), { minLength: 1, maxLength: 8 }))
  .map(([entries, kinds]) => {
    let k = 0;
    return entries.map((entry) => {
      if (entry.type !== 'attachment') return entry;
      const kind = kinds[k++ % kinds.length];
      const payload =
        kind === 'nested'
          ? { type: 'nested_memory', path: `/p/sub${k % 3}/CLAUDE.md`, content: { type: 'memory', content: 'rules' } }
          : kind === 'recalled'
            ? { type: 'relevant_memories', memories: [{ path: `/m/${k % 2}.md`, content: 'memory', header: 'Memory:' }] }
            : kind === 'empty'
              ? { type: 'nested_memory', path: '/p/e/CLAUDE.md', content: { type: 'memory', content: '  ' } }
              : entry.attachment;
      return { ...entry, attachment: payload };
    });
  });

const scenario = fc.record({
  entries: withMemoryAttachments,
  prompt: fc.constantFrom('Continue.', '', 'what next?'),
  context: fc.boolean(),
});

describe('the assembled request', () => {
  it('always keeps the API invariants: alternation, tool_use answered in the next message, no empty content', () => {
    fc.assert(
      fc.property(scenario, ({ entries, prompt, context }) => {
        const index = indexTranscript(entries.map((entry, seq) => ({ seq, entry })));
        const nodes = filterForResume(buildChain(index, selectLeaf(index)).nodes);
        const conversation = normalizeForApi(nodes);
        const request = assembleRequest({
          model: 'claude-test',
          maxTokens: 1000,
          system: systemSections({ cwd: '/p', memory: null }),
          userContext: { claudeMd: context ? 'Contents of /p/CLAUDE.md (project):\n\nx' : '', currentDate: '' },
          indexText: '',
          conversation: { ...conversation, messages: closeWithSyntheticReply(conversation.messages) },
          newTurn: { reminders: [], prompt },
        });
        expect(apiInvariantViolations(request.body.messages)).toEqual([]);
        // Every tool call the normalised conversation kept is still there, in order.
        const uses = (messages: ReadonlyArray<{ content: readonly { type: string }[] }>) =>
          messages.flatMap((m) => m.content.filter((b) => b.type === 'tool_use').map((b) => (b as unknown as { id: string }).id));
        expect(uses(request.body.messages)).toEqual(uses(conversation.messages));
      }),
      { numRuns: fcRuns },
    );
  });
});
