import { z } from 'zod';
import { MessageContent, Usage } from './contentSchema.js';

/**
 * Fields shared by the entries that take part in the parentUuid chain. Only `uuid` is
 * required: hand-made and very old files omit the rest, and a reader must still resume them.
 */
const chainFields = {
  uuid: z.string(),
  parentUuid: z.string().nullish(),
  logicalParentUuid: z.string().nullish(),
  isSidechain: z.boolean().optional(),
  agentId: z.string().optional(),
  sessionId: z.string().optional(),
  timestamp: z.string().optional(),
  cwd: z.string().optional(),
  version: z.string().optional(),
  isMeta: z.boolean().optional(),
};

export const UserMessage = z.looseObject({ role: z.literal('user'), content: MessageContent });
export type UserMessage = z.infer<typeof UserMessage>;

export const UserEntry = z.looseObject({
  type: z.literal('user'),
  ...chainFields,
  message: UserMessage,
  isCompactSummary: z.boolean().optional(),
  isVisibleInTranscriptOnly: z.boolean().optional(),
  isVirtual: z.boolean().optional(),
  sourceToolAssistantUUID: z.string().optional(),
  toolUseResult: z.unknown().optional(),
});
export type UserEntry = z.infer<typeof UserEntry>;

export const AssistantMessage = z.looseObject({
  id: z.string().optional(),
  role: z.literal('assistant'),
  model: z.string().optional(),
  content: MessageContent,
  stop_reason: z.string().nullish(),
  usage: Usage.nullish(),
});
export type AssistantMessage = z.infer<typeof AssistantMessage>;

export const AssistantEntry = z.looseObject({
  type: z.literal('assistant'),
  ...chainFields,
  message: AssistantMessage,
  requestId: z.string().optional(),
  isApiErrorMessage: z.boolean().optional(),
  isVirtual: z.boolean().optional(),
});
export type AssistantEntry = z.infer<typeof AssistantEntry>;

/** Kept messages of a compaction, relinked on load (spec §3.5). */
export const PreservedSegment = z.looseObject({
  headUuid: z.string(),
  anchorUuid: z.string(),
  tailUuid: z.string(),
});
export type PreservedSegment = z.infer<typeof PreservedSegment>;

export const CompactMetadata = z.looseObject({
  trigger: z.string().optional(),
  preTokens: z.number().optional(),
  preservedSegment: PreservedSegment.optional(),
});
export type CompactMetadata = z.infer<typeof CompactMetadata>;

export const SystemEntry = z.looseObject({
  type: z.literal('system'),
  ...chainFields,
  subtype: z.string().optional(),
  content: z.string().nullish(),
  level: z.string().optional(),
  compactMetadata: CompactMetadata.optional(),
});
export type SystemEntry = z.infer<typeof SystemEntry>;

export const AttachmentEntry = z.looseObject({
  type: z.literal('attachment'),
  ...chainFields,
  attachment: z.looseObject({ type: z.string() }),
});
export type AttachmentEntry = z.infer<typeof AttachmentEntry>;

/** Legacy (2.1.20–2.1.39) progress lines; no longer written, bridged over on load. */
export const ProgressEntry = z.looseObject({
  type: z.literal('progress'),
  ...chainFields,
  data: z.unknown(),
  toolUseID: z.string().optional(),
  parentToolUseID: z.string().optional(),
});
export type ProgressEntry = z.infer<typeof ProgressEntry>;

export type ChainEntry = UserEntry | AssistantEntry | SystemEntry | AttachmentEntry | ProgressEntry;
