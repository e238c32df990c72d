import fc from 'fast-check';
import type { Entry } from '../../src/index.js';

/** JSON as JSON.stringify would write it back (no -0, no lone surrogates lost). */
const jsonish = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
const textish = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('a\nb', 'quote " and \\ slash', 'tab\there', 'é → ✓ 日本', '\u2028\u2029', '</script>'),
);
const uuid = fc.uuid({ version: 4 });

const block = fc.oneof(
  fc.record({ type: fc.constant('text'), text: textish }),
  fc.record({ type: fc.constant('thinking'), thinking: textish, signature: fc.string() }),
  fc.record({ type: fc.constant('tool_use'), id: fc.string({ minLength: 1 }), name: fc.string({ minLength: 1 }), input: jsonish }),
  fc.record({ type: fc.constant('tool_result'), tool_use_id: fc.string({ minLength: 1 }), content: textish, is_error: fc.boolean() }),
);

const envelope = {
  parentUuid: fc.option(uuid, { nil: null }),
  isSidechain: fc.constant(false),
  uuid,
  timestamp: fc.constant('2026-01-01T00:00:00.000Z'),
  extra: fc.option(jsonish, { nil: undefined }),
};

const user = fc.record({
  ...envelope,
  type: fc.constant('user'),
  message: fc.record({ role: fc.constant('user'), content: fc.oneof(textish, fc.array(block, { maxLength: 3 })) }),
});

const assistant = fc.record({
  ...envelope,
  type: fc.constant('assistant'),
  message: fc.record({
    id: fc.string({ minLength: 1 }),
    role: fc.constant('assistant'),
    content: fc.array(block, { minLength: 1, maxLength: 2 }),
    usage: fc.record({ input_tokens: fc.nat(), output_tokens: fc.nat(), cache_read_input_tokens: fc.nat() }),
  }),
});

const side = fc.oneof(
  fc.record({ type: fc.constant('queue-operation'), operation: fc.constantFrom('enqueue', 'dequeue'), content: textish }),
  fc.record({
    type: fc.constant('file-history-snapshot'),
    messageId: uuid,
    snapshot: fc.record({ trackedFileBackups: jsonish }),
    isSnapshotUpdate: fc.boolean(),
  }),
  fc.record({ type: fc.constantFrom('brand-new-kind', 'x-future'), payload: jsonish }),
);

/** A plain object per entry as Claude Code (or a newer version of it) might write it. */
export const entryObject: fc.Arbitrary<Record<string, unknown>> = fc
  .oneof(user, assistant, side)
  .map((value) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>);

export const entryObjects = fc.array(entryObject, { maxLength: 25 });

/** The Entry memlog builds for a known or unknown object. */
export function asEntry(object: Record<string, unknown>, knownTypes: ReadonlySet<string>): Entry {
  return (knownTypes.has(String(object['type'])) ? object : { type: 'unknown', raw: object }) as Entry;
}
