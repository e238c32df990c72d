import { z } from 'zod';
import { KNOWN_BLOCK_TYPES } from './blockKinds.js';

export { KNOWN_BLOCK_TYPES };

/**
 * Content blocks of the Anthropic Messages API as Claude Code stores them verbatim.
 * Every object is loose: fields we do not model are kept, never stripped.
 */
export const TextBlock = z.looseObject({ type: z.literal('text'), text: z.string() });
export type TextBlock = z.infer<typeof TextBlock>;

export const ThinkingBlock = z.looseObject({
  type: z.literal('thinking'),
  thinking: z.string(),
  signature: z.string().optional(),
});
export type ThinkingBlock = z.infer<typeof ThinkingBlock>;

export const RedactedThinkingBlock = z.looseObject({ type: z.literal('redacted_thinking'), data: z.string() });
export type RedactedThinkingBlock = z.infer<typeof RedactedThinkingBlock>;

export const ToolUseBlock = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.unknown(),
});
export type ToolUseBlock = z.infer<typeof ToolUseBlock>;

export const ImageBlock = z.looseObject({ type: z.literal('image'), source: z.looseObject({ type: z.string() }) });
export type ImageBlock = z.infer<typeof ImageBlock>;

export const DocumentBlock = z.looseObject({ type: z.literal('document') });
export type DocumentBlock = z.infer<typeof DocumentBlock>;

/** Server tool blocks, tool_reference, search results and kinds the API adds later. */
export const OtherBlock = z.looseObject({
  type: z.string().refine((type) => !KNOWN_BLOCK_TYPES.has(type), { message: 'known block type with a wrong shape' }),
});
export type OtherBlock = z.infer<typeof OtherBlock>;

/** What a tool_result may carry inside its content array. */
export const ToolResultContentBlock = z.union([z.discriminatedUnion('type', [TextBlock, ImageBlock, DocumentBlock]), OtherBlock]);
export type ToolResultContentBlock = z.infer<typeof ToolResultContentBlock>;

export const ToolResultBlock = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.union([z.string(), z.array(ToolResultContentBlock)]).optional(),
  is_error: z.boolean().optional(),
});
export type ToolResultBlock = z.infer<typeof ToolResultBlock>;

/** The schema of each known block kind, for precise error messages. */
export const BLOCK_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  text: TextBlock,
  thinking: ThinkingBlock,
  redacted_thinking: RedactedThinkingBlock,
  tool_use: ToolUseBlock,
  tool_result: ToolResultBlock,
  image: ImageBlock,
  document: DocumentBlock,
};

const KnownBlock = z.discriminatedUnion('type', [
  TextBlock,
  ThinkingBlock,
  RedactedThinkingBlock,
  ToolUseBlock,
  ToolResultBlock,
  ImageBlock,
  DocumentBlock,
]);

export const ContentBlock = z.union([KnownBlock, OtherBlock]);
export type ContentBlock = z.infer<typeof ContentBlock>;

export const MessageContent = z.union([z.string(), z.array(ContentBlock)]);
export type MessageContent = z.infer<typeof MessageContent>;

/** API usage as stored on assistant entries; only the four counters memlog reads are named. */
export const Usage = z.looseObject({
  input_tokens: z.number(),
  output_tokens: z.number(),
  cache_creation_input_tokens: z.number().nullish(),
  cache_read_input_tokens: z.number().nullish(),
});
export type Usage = z.infer<typeof Usage>;
