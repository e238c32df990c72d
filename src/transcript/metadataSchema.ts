import { z } from 'zod';

/**
 * Side entries without a parent chain (spec §1.2 and the kinds observed in real files).
 * Only the field that gives each kind its meaning is required; the rest pass through.
 */
const sessionId = z.string().optional();

export const SummaryEntry = z.looseObject({ type: z.literal('summary'), summary: z.string(), leafUuid: z.string() });
export const CustomTitleEntry = z.looseObject({ type: z.literal('custom-title'), sessionId, customTitle: z.string() });
export const AiTitleEntry = z.looseObject({ type: z.literal('ai-title'), sessionId, aiTitle: z.string() });
export const LastPromptEntry = z.looseObject({
  type: z.literal('last-prompt'),
  sessionId,
  lastPrompt: z.string().optional(),
  leafUuid: z.string().optional(),
});
export const TaskSummaryEntry = z.looseObject({ type: z.literal('task-summary'), sessionId, summary: z.string() });
export const TagEntry = z.looseObject({ type: z.literal('tag'), sessionId, tag: z.string() });
export const AgentNameEntry = z.looseObject({ type: z.literal('agent-name'), sessionId, agentName: z.string() });
export const AgentColorEntry = z.looseObject({ type: z.literal('agent-color'), sessionId, agentColor: z.string() });
export const AgentSettingEntry = z.looseObject({ type: z.literal('agent-setting'), sessionId, agentSetting: z.unknown() });
export const PrLinkEntry = z.looseObject({
  type: z.literal('pr-link'),
  sessionId,
  prNumber: z.number(),
  prUrl: z.string(),
  prRepository: z.string(),
});
export const ModeEntry = z.looseObject({ type: z.literal('mode'), sessionId, mode: z.string() });
export const PermissionModeEntry = z.looseObject({
  type: z.literal('permission-mode'),
  sessionId,
  permissionMode: z.string(),
});
export const WorktreeStateEntry = z.looseObject({
  type: z.literal('worktree-state'),
  sessionId,
  worktreeSession: z.looseObject({}).nullable(),
});
export const FileHistorySnapshotEntry = z.looseObject({
  type: z.literal('file-history-snapshot'),
  messageId: z.string(),
  snapshot: z.looseObject({}),
  isSnapshotUpdate: z.boolean().optional(),
});
export const FileHistoryDeltaEntry = z.looseObject({ type: z.literal('file-history-delta'), messageId: z.string() });
export const AttributionSnapshotEntry = z.looseObject({
  type: z.literal('attribution-snapshot'),
  messageId: z.string(),
});
export const QueueOperationEntry = z.looseObject({
  type: z.literal('queue-operation'),
  sessionId,
  operation: z.string(),
  content: z.unknown().optional(),
  timestamp: z.string().optional(),
});
export const SpeculationAcceptEntry = z.looseObject({ type: z.literal('speculation-accept') });
export const ContentReplacementEntry = z.looseObject({
  type: z.literal('content-replacement'),
  sessionId,
  agentId: z.string().optional(),
  replacements: z.array(z.looseObject({})),
});
export const MarbleOrigamiCommitEntry = z.looseObject({ type: z.literal('marble-origami-commit') });
export const MarbleOrigamiSnapshotEntry = z.looseObject({ type: z.literal('marble-origami-snapshot') });
export const FrameLinkEntry = z.looseObject({ type: z.literal('frame-link'), sessionId });
export const IsolationLatchEntry = z.looseObject({ type: z.literal('isolation-latch'), sessionId });
export const ForkContextRefEntry = z.looseObject({
  type: z.literal('fork-context-ref'),
  agentId: z.string().optional(),
  parentSessionId: z.string().optional(),
  parentLastUuid: z.string().optional(),
});
export const AtisLatchEntry = z.looseObject({ type: z.literal('atis-latch'), sessionId });
export const BridgeSessionEntry = z.looseObject({ type: z.literal('bridge-session'), sessionId });
export const ApiRequestShapeEntry = z.looseObject({ type: z.literal('api-request-shape'), sessionId });
export const ApiRequestBlobEntry = z.looseObject({ type: z.literal('api-request-blob'), sessionId, hash: z.string() });
export const ApiRequestEntry = z.looseObject({ type: z.literal('api-request'), sessionId });
export const ToolsUsedEntry = z.looseObject({ type: z.literal('tools-used'), sessionId, tools: z.array(z.string()) });
export const CostStateEntry = z.looseObject({ type: z.literal('cost-state'), sessionId });
/** Claude Code 2.1.337: auto-mode denial counters and the route API requests take; the last of each wins on load. */
export const DenialCountsEntry = z.looseObject({ type: z.literal('denial-counts'), sessionId });
export const ApiRequestRouteEntry = z.looseObject({ type: z.literal('api-request-route'), sessionId });
/** Seen only in a hand-made sampler (jazzyalex/agent-sessions); kept as named kinds. */
export const RelocatedEntry = z.looseObject({ type: z.literal('relocated'), sessionId });
export const StartedEntry = z.looseObject({ type: z.literal('started'), agentId: z.string().optional() });
export const ResultEntry = z.looseObject({ type: z.literal('result'), agentId: z.string().optional() });
