import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { surelyValid } from '../../src/catalog/surelyValid.js';
import { toEntry } from '../../src/transcript/entrySchema.js';
import { entryObject } from '../support/arbitraries.js';
import { conversation } from '../support/conversationArbitrary.js';
import { fcRuns } from '../support/fcRuns.js';

/** A value of any JSON type, or Infinity (what JSON.parse makes of 1e400), each often of the type a schema wants. */
const anyValue = fc.oneof(
  fc.string({ maxLength: 3 }),
  fc.boolean(),
  fc.constant(null),
  fc.integer(),
  fc.constant(Infinity),
  fc.constant({}),
  fc.constant([]),
);
/** Mostly the type a schema wants, now and then any other. */
const maybe = (arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 15, arbitrary }, { weight: 1, arbitrary: anyValue });
const str = maybe(fc.string({ maxLength: 3 }));
const bool = maybe(fc.boolean());
const num = maybe(fc.oneof({ weight: 5, arbitrary: fc.integer() }, { weight: 1, arbitrary: fc.constant(Infinity) }));
const someOf = <T extends Record<string, fc.Arbitrary<unknown>>>(fields: T) => fc.record(fields, { requiredKeys: [] });

const part = someOf({
  type: maybe(fc.constantFrom('text', 'image', 'document', 'tool_use', 'thinking', 'search_result')),
  text: str,
  source: maybe(someOf({ type: str })),
});
const block = someOf({
  type: maybe(fc.constantFrom('text', 'thinking', 'redacted_thinking', 'tool_use', 'tool_result', 'image', 'document', 'server_tool_use')),
  text: str,
  thinking: str,
  signature: str,
  data: str,
  id: str,
  name: str,
  input: anyValue,
  tool_use_id: str,
  content: maybe(fc.array(part, { maxLength: 3 })),
  is_error: bool,
  source: maybe(someOf({ type: str })),
});
const usage = someOf({
  input_tokens: num,
  output_tokens: num,
  cache_creation_input_tokens: num,
  cache_read_input_tokens: num,
});
const message = someOf({
  role: maybe(fc.constantFrom('user', 'assistant')),
  content: maybe(fc.array(block, { maxLength: 4 })),
  id: str,
  model: str,
  stop_reason: str,
  usage: maybe(usage),
});
const compactMetadata = someOf({
  trigger: str,
  preTokens: num,
  preservedSegment: maybe(someOf({ headUuid: str, anchorUuid: str, tailUuid: str })),
});
/** Lines of the kinds the check knows, every field present or not, of the right type or another. */
const line = someOf({
  type: fc.constantFrom(
    'user',
    'assistant',
    'assistant',
    'file-history-snapshot',
    'queue-operation',
    'last-prompt',
    'system',
    'attachment',
  ),
  uuid: str,
  parentUuid: str,
  logicalParentUuid: str,
  isSidechain: bool,
  agentId: str,
  sessionId: str,
  timestamp: str,
  cwd: str,
  version: str,
  isMeta: bool,
  message: maybe(message),
  isCompactSummary: bool,
  isVisibleInTranscriptOnly: bool,
  isVirtual: bool,
  sourceToolAssistantUUID: str,
  requestId: str,
  isApiErrorMessage: bool,
  messageId: str,
  snapshot: maybe(fc.constant({})),
  isSnapshotUpdate: bool,
  operation: str,
  lastPrompt: str,
  leafUuid: str,
  subtype: str,
  content: maybe(fc.oneof(fc.string({ maxLength: 3 }), fc.constant(null))),
  level: str,
  compactMetadata: maybe(compactMetadata),
  attachment: maybe(someOf({ type: str, content: anyValue })),
});
const mutated = fc.oneof(line, entryObject);

describe('the zod-free check of the common kinds', () => {
  it('says sure only of lines zod accepts, however their fields are changed', () => {
    let sure = 0;
    fc.assert(
      fc.property(mutated, (value) => {
        if (!surelyValid(value)) return;
        sure++;
        expect(toEntry(value).ok).toBe(true);
      }),
      { numRuns: fcRuns * 40 },
    );
    expect(sure).toBeGreaterThan(0);
  });

  it('is not sure of a tool_use block without its input, which zod refuses (a counterexample the property found)', () => {
    const line = { type: 'user', uuid: '', message: { role: 'user', content: [{ type: 'tool_use', id: '', name: '' }] } };
    expect(toEntry(line).ok).toBe(false);
    expect(surelyValid(line)).toBe(false);
    const withInput = { ...line, message: { ...line.message, content: [{ type: 'tool_use', id: '', name: '', input: {} }] } };
    expect(surelyValid(withInput)).toBe(true);
  });

  it('is sure of system and attachment lines as Claude Code writes them (a boundary, a turn duration, an API error, a hook summary, an attachment)', () => {
    const chain = {
      parentUuid: 'p',
      isSidechain: false,
      sessionId: 's',
      timestamp: '2026-01-01T00:00:00.000Z',
      cwd: '/w',
      version: '2.1.90',
    };
    const lines = [
      { ...chain, type: 'system', subtype: 'turn_duration', durationMs: 1200, isMeta: false, uuid: 'a' },
      {
        ...chain,
        parentUuid: null,
        logicalParentUuid: 'p',
        type: 'system',
        subtype: 'compact_boundary',
        content: 'Conversation compacted',
        level: 'info',
        isMeta: false,
        uuid: 'b',
        compactMetadata: { trigger: 'auto', preTokens: 167000, preservedSegment: { headUuid: 'h', anchorUuid: 'a', tailUuid: 't' } },
      },
      { ...chain, type: 'system', subtype: 'api_error', level: 'error', error: { status: 529 }, retryAttempt: 1, uuid: 'c' },
      { ...chain, type: 'system', subtype: 'stop_hook_summary', hookCount: 1, hookInfos: [{ command: 'x' }], content: null, uuid: 'd' },
      { ...chain, type: 'attachment', uuid: 'e', attachment: { type: 'todo_reminder', content: [], itemCount: 0 } },
    ];
    for (const line of lines) {
      expect(toEntry(line).ok).toBe(true);
      expect(surelyValid(line), String(line.uuid)).toBe(true);
    }
  });

  it('is sure of the lines Claude Code writes, so that zod is rarely asked', () => {
    fc.assert(
      fc.property(conversation, (entries) => {
        for (const entry of entries) if (['user', 'assistant'].includes(String(entry['type']))) expect(surelyValid(entry)).toBe(true);
      }),
      { numRuns: fcRuns },
    );
  });
});
