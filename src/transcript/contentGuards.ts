import type {
  DocumentBlock,
  ImageBlock,
  RedactedThinkingBlock,
  TextBlock,
  ThinkingBlock,
  ToolResultBlock,
  ToolUseBlock,
} from './contentSchema.js';

/**
 * Type guards for content blocks. `block.type === 'text'` does not narrow a `ContentBlock`,
 * because its open member (`OtherBlock`) has `type: string`; these do.
 *
 * Each checks the `type` and the types of the required fields, not the whole schema: they run
 * for every block of every entry in a replay, where a zod parse per call would cost too much.
 * Checking the fields, not only `type`, keeps them true for values no schema has seen (a
 * model's reply, a block built in code), so they take any value.
 */

type Fields = { readonly [key: string]: unknown };

function isBlockOfType(value: unknown, type: string): value is Fields {
  return typeof value === 'object' && value !== null && 'type' in value && value.type === type;
}

export function isTextBlock(value: unknown): value is TextBlock {
  return isBlockOfType(value, 'text') && typeof value['text'] === 'string';
}

export function isThinkingBlock(value: unknown): value is ThinkingBlock {
  return isBlockOfType(value, 'thinking') && typeof value['thinking'] === 'string';
}

export function isRedactedThinkingBlock(value: unknown): value is RedactedThinkingBlock {
  return isBlockOfType(value, 'redacted_thinking') && typeof value['data'] === 'string';
}

export function isToolUseBlock(value: unknown): value is ToolUseBlock {
  return isBlockOfType(value, 'tool_use') && typeof value['id'] === 'string' && typeof value['name'] === 'string';
}

export function isToolResultBlock(value: unknown): value is ToolResultBlock {
  return isBlockOfType(value, 'tool_result') && typeof value['tool_use_id'] === 'string';
}

export function isImageBlock(value: unknown): value is ImageBlock {
  if (!isBlockOfType(value, 'image')) return false;
  const source = value['source'];
  return typeof source === 'object' && source !== null && 'type' in source && typeof source.type === 'string';
}

export function isDocumentBlock(value: unknown): value is DocumentBlock {
  return isBlockOfType(value, 'document');
}

/**
 * The `file_path` a tool call's input names (Read, Edit and Write take one), or undefined.
 * The input is whatever the model sent, so nothing about its shape is assumed.
 */
export function toolInputFilePath(block: ToolUseBlock): string | undefined {
  const input = block.input;
  return typeof input === 'object' && input !== null && 'file_path' in input && typeof input.file_path === 'string'
    ? input.file_path
    : undefined;
}
