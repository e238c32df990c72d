import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  isDocumentBlock,
  isImageBlock,
  isRedactedThinkingBlock,
  isTextBlock,
  isThinkingBlock,
  isToolResultBlock,
  isToolUseBlock,
  toolInputFilePath,
} from '../../src/transcript/contentGuards.js';
import {
  ContentBlock,
  DocumentBlock,
  ImageBlock,
  RedactedThinkingBlock,
  TextBlock,
  ThinkingBlock,
  ToolResultBlock,
  ToolUseBlock,
} from '../../src/transcript/contentSchema.js';

const guards = {
  text: { guard: isTextBlock, schema: TextBlock },
  thinking: { guard: isThinkingBlock, schema: ThinkingBlock },
  redacted_thinking: { guard: isRedactedThinkingBlock, schema: RedactedThinkingBlock },
  tool_use: { guard: isToolUseBlock, schema: ToolUseBlock },
  tool_result: { guard: isToolResultBlock, schema: ToolResultBlock },
  image: { guard: isImageBlock, schema: ImageBlock },
  document: { guard: isDocumentBlock, schema: DocumentBlock },
} satisfies Record<string, { guard: (value: unknown) => boolean; schema: z.ZodType }>;

type Kind = keyof typeof guards;

/** One well-formed block of each kind, with a field no schema names (blocks are loose). */
const wellFormed: Record<Kind, unknown> = {
  text: { type: 'text', text: 'hello', citations: null },
  thinking: { type: 'thinking', thinking: 'hmm', signature: 'sig' },
  redacted_thinking: { type: 'redacted_thinking', data: 'opaque' },
  tool_use: { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: '/a' }, caller: { type: 'direct' } },
  tool_result: { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'ok' }], is_error: false },
  image: { type: 'image', source: { type: 'base64', media_type: 'image/png', data: '' } },
  document: { type: 'document', source: { type: 'text', data: 'x' } },
};

/** Blocks that carry a known kind's `type` but miss or mistype a required field. */
const lookAlikes: Record<Kind, unknown[]> = {
  text: [{ type: 'text' }, { type: 'text', text: 5 }, { type: 'text', text: null }],
  thinking: [{ type: 'thinking' }, { type: 'thinking', thinking: ['a'] }],
  redacted_thinking: [{ type: 'redacted_thinking' }, { type: 'redacted_thinking', data: 1 }],
  tool_use: [
    { type: 'tool_use', name: 'Read', input: {} },
    { type: 'tool_use', id: 'toolu_1', input: {} },
    { type: 'tool_use', id: 7, name: 'Read' },
  ],
  tool_result: [
    { type: 'tool_result', content: 'ok' },
    { type: 'tool_result', tool_use_id: 1 },
  ],
  image: [{ type: 'image' }, { type: 'image', source: null }, { type: 'image', source: {} }, { type: 'image', source: 'data:…' }],
  document: [],
};

/** Not blocks at all, or blocks of kinds memlog does not model. */
const others: unknown[] = [
  null,
  undefined,
  'text',
  42,
  [],
  {},
  { text: 'no type' },
  { type: 'TEXT', text: 'case matters' },
  { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} },
  { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [] },
  { type: 'tool_reference', tool_name: 'Read' },
];

const kinds = Object.keys(guards) as Kind[];

describe('content block guards', () => {
  for (const kind of kinds) {
    const { guard } = guards[kind];

    it(`${guard.name} accepts a ${kind} block, unknown fields and all`, () => {
      expect(guard(wellFormed[kind])).toBe(true);
    });

    it(`${guard.name} rejects every other kind`, () => {
      for (const other of kinds.filter((k) => k !== kind)) expect(guard(wellFormed[other]), other).toBe(false);
      for (const value of others) expect(guard(value), JSON.stringify(value)).toBe(false);
    });

    it(`${guard.name} rejects a ${kind} look-alike that misses a required field`, () => {
      for (const value of lookAlikes[kind]) expect(guard(value), JSON.stringify(value)).toBe(false);
    });
  }

  it('each guard answers as its schema does, on its kind, on look-alikes and on other kinds', () => {
    const samples = [...Object.values(wellFormed), ...Object.values(lookAlikes).flat(), ...others];
    for (const kind of kinds) {
      const { guard, schema } = guards[kind];
      for (const sample of samples) expect(guard(sample), `${kind} on ${JSON.stringify(sample)}`).toBe(schema.safeParse(sample).success);
    }
  });

  it('narrows a ContentBlock, which comparing `type` does not', () => {
    const block = ContentBlock.parse(wellFormed.tool_use);
    if (isToolUseBlock(block)) expectTypeOf(block.id).toEqualTypeOf<string>();
    if (isTextBlock(block)) expectTypeOf(block.text).toEqualTypeOf<string>();
    if (isToolResultBlock(block)) expectTypeOf(block.tool_use_id).toEqualTypeOf<string>();
    if (block.type === 'tool_use') expectTypeOf(block).not.toEqualTypeOf<ToolUseBlock>();
    expect(isToolUseBlock(block) ? block.id : null).toBe('toolu_1');
  });

  it('find and filter give the narrowed type', () => {
    const blocks = ContentBlock.array().parse([wellFormed.text, wellFormed.tool_use, wellFormed.tool_result]);
    const uses = blocks.filter(isToolUseBlock);
    expectTypeOf(uses).toEqualTypeOf<ToolUseBlock[]>();
    expect(uses.map((use) => use.id)).toEqual(['toolu_1']);
    expect(blocks.find(isTextBlock)?.text).toBe('hello');
  });
});

describe('toolInputFilePath', () => {
  const call = (input: unknown): ToolUseBlock => ({ type: 'tool_use', id: 'toolu_1', name: 'Read', input });

  it('is the input’s file_path when it is a string', () => {
    expect(toolInputFilePath(call({ file_path: '/src/a.ts', limit: 10 }))).toBe('/src/a.ts');
  });

  it('is undefined for any other input', () => {
    for (const input of [undefined, null, 'file_path', 3, [], {}, { path: '/a' }, { file_path: 3 }, { file_path: null }]) {
      expect(toolInputFilePath(call(input)), JSON.stringify(input)).toBeUndefined();
    }
  });
});
