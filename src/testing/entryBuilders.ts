import type { AssistantEntry, SystemEntry, UserEntry } from '../transcript/chainSchema.js';
import type { ContentBlock } from '../transcript/contentSchema.js';
import type { Entry } from '../transcript/entrySchema.js';

/**
 * Tiny builders for transcript entries in Claude Code's key order, for tests and examples.
 * Ids are whatever the caller passes: deterministic by construction.
 */
export interface EnvelopeOptions {
  readonly parentUuid?: string | null;
  readonly sessionId?: string;
  readonly timestamp?: string;
  readonly isSidechain?: boolean;
  readonly agentId?: string;
}

const SESSION = '00000000-0000-4000-8000-000000000000';
const TIME = '2026-01-01T00:00:00.000Z';

function head(options: EnvelopeOptions): Record<string, unknown> {
  return {
    parentUuid: options.parentUuid ?? null,
    isSidechain: options.isSidechain ?? false,
    ...(options.agentId === undefined ? {} : { agentId: options.agentId }),
  };
}

function tail(options: EnvelopeOptions): Record<string, unknown> {
  return { userType: 'external', cwd: '/project', sessionId: options.sessionId ?? SESSION, version: '2.1.332' };
}

/** A user prompt (string content) or a user entry with blocks. */
export function userEntry(uuid: string, content: string | ContentBlock[], options: EnvelopeOptions = {}): UserEntry {
  return {
    ...head(options),
    type: 'user',
    message: { role: 'user', content },
    uuid,
    timestamp: options.timestamp ?? TIME,
    ...tail(options),
  };
}

/** One piece of a streamed assistant message: one content block, the shared message id. */
export function assistantEntry(
  uuid: string,
  messageId: string,
  block: ContentBlock,
  options: EnvelopeOptions & {
    usage?: { input_tokens: number; output_tokens: number; cache_creation_input_tokens?: number; cache_read_input_tokens?: number };
    stopReason?: string | null;
  } = {},
): AssistantEntry {
  return {
    ...head(options),
    type: 'assistant',
    message: {
      id: messageId,
      type: 'message',
      role: 'assistant',
      model: 'claude-test',
      content: [block],
      stop_reason: options.stopReason ?? null,
      usage: options.usage ?? { input_tokens: 1, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    },
    requestId: `req_${messageId}`,
    uuid,
    timestamp: options.timestamp ?? TIME,
    ...tail(options),
  };
}

export const text = (value: string): ContentBlock => ({ type: 'text', text: value });
export const thinking = (value: string): ContentBlock => ({ type: 'thinking', thinking: value, signature: 'sig' });
export const toolUse = (id: string, name = 'Bash', input: unknown = { command: 'true' }): ContentBlock => ({
  type: 'tool_use',
  id,
  name,
  input,
});
export const toolResult = (toolUseId: string, content = 'ok', isError = false): ContentBlock => ({
  type: 'tool_result',
  tool_use_id: toolUseId,
  content,
  is_error: isError,
});

/** A tool result entry hung off the assistant piece that holds its tool_use, as Claude Code writes it. */
export function toolResultEntry(
  uuid: string,
  toolUseId: string,
  assistantPieceUuid: string,
  options: EnvelopeOptions & { content?: string; isError?: boolean } = {},
): UserEntry {
  const entry = userEntry(uuid, [toolResult(toolUseId, options.content ?? 'ok', options.isError ?? false)], {
    ...options,
    parentUuid: assistantPieceUuid,
  });
  return { ...entry, sourceToolAssistantUUID: assistantPieceUuid };
}

export function compactBoundaryEntry(
  uuid: string,
  logicalParentUuid: string,
  segment?: { headUuid: string; anchorUuid: string; tailUuid: string },
  options: EnvelopeOptions = {},
): SystemEntry {
  return {
    parentUuid: null,
    logicalParentUuid,
    isSidechain: false,
    type: 'system',
    subtype: 'compact_boundary',
    content: 'Conversation compacted',
    isMeta: false,
    timestamp: options.timestamp ?? TIME,
    uuid,
    level: 'info',
    compactMetadata: { trigger: 'auto', preTokens: 1000, ...(segment === undefined ? {} : { preservedSegment: segment }) },
    ...tail(options),
  };
}

export function compactSummaryEntry(uuid: string, boundaryUuid: string, summary: string, options: EnvelopeOptions = {}): UserEntry {
  return { ...userEntry(uuid, summary, { ...options, parentUuid: boundaryUuid }), isCompactSummary: true, isVisibleInTranscriptOnly: true };
}

/** A side entry without a chain, e.g. `{type:'mode', mode:'normal'}`. */
export function sideEntry(type: string, fields: Record<string, unknown> = {}, sessionId = SESSION): Entry {
  return { type, ...fields, sessionId } as unknown as Entry;
}
