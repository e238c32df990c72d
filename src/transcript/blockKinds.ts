/**
 * The content block kinds the transcript schema models (contentSchema.ts); anything else passes as an "other" block.
 * A module of its own, without zod, so the catalog's zod-free check reads the same list (decision 87).
 */
export const KNOWN_BLOCK_TYPES: ReadonlySet<string> = new Set([
  'text',
  'thinking',
  'redacted_thinking',
  'tool_use',
  'tool_result',
  'image',
  'document',
]);
