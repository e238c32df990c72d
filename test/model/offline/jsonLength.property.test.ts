import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonLength } from '../../../src/model/offline/jsonLength.js';
import type { ModelMessage } from '../../../src/model/port.js';
import { fcRuns } from '../../support/fcRuns.js';

const block = fc.oneof(
  fc.record({ type: fc.constant('text'), text: fc.string({ unit: 'binary' }) }),
  fc.record({ type: fc.constant('tool_use'), id: fc.string(), name: fc.string(), input: fc.jsonValue() }),
  fc.record({
    type: fc.constant('tool_result'),
    tool_use_id: fc.string(),
    content: fc.jsonValue(),
    is_error: fc.option(fc.boolean(), { nil: undefined }),
  }),
);
const message = fc.oneof(
  fc.record({ role: fc.constantFrom('user', 'assistant'), content: fc.array(block, { maxLength: 5 }) }),
  fc.record({ role: fc.constantFrom('user', 'assistant'), content: fc.string({ unit: 'binary' }) }),
  // Another key order, or a key more: measured whole.
  fc.record({ content: fc.array(block, { maxLength: 3 }), role: fc.constantFrom('user', 'assistant') }),
  fc.record({ role: fc.constantFrom('user', 'assistant'), content: fc.array(block, { maxLength: 3 }), extra: fc.jsonValue() }),
) as fc.Arbitrary<ModelMessage>;

describe('jsonLength', () => {
  it('is the length of JSON.stringify(messages), the first time and every time the same blocks come again in new messages', () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 8 }), (messages) => {
        expect(jsonLength(messages)).toBe(JSON.stringify(messages).length);
        // A run's conversation rebuilt from the same blocks, as extract --per-turn sends it.
        const rebuilt = messages.map((m) => ({ ...m }));
        expect(jsonLength(rebuilt)).toBe(JSON.stringify(rebuilt).length);
      }),
      { numRuns: fcRuns },
    );
  });
});
