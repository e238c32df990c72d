import type { Entry } from '../transcript/entrySchema.js';
import type { CompactionView } from './compactionView.js';

export interface CompactionWrite {
  /** Index into the view's messages where the kept part starts (`messages.length`: nothing kept). */
  readonly cut: number;
  readonly summaryText: string;
  readonly trigger: 'auto' | 'manual';
  readonly tokensBefore: number;
  readonly tokensAfter: number;
}

export interface EntryIds {
  readonly boundary: string;
  readonly summary: string;
  readonly timestamp: string;
}

/** The envelope fields Claude Code writes on every chain entry, taken from the newest one. */
function envelopeOf(view: CompactionView): Record<string, unknown> {
  const last = view.messages.at(-1)?.entry as Record<string, unknown> | undefined;
  const envelope: Record<string, unknown> = {};
  for (const key of ['userType', 'entrypoint', 'cwd', 'sessionId', 'version', 'gitBranch', 'slug'])
    if (last?.[key] !== undefined) envelope[key] = last[key];
  return envelope;
}

/**
 * The entries a compaction appends, as Claude Code writes them (spec §1.4, §3.5): a
 * compact_boundary (parentUuid null, logicalParentUuid the last message, compactMetadata with
 * the trigger, the token counts and, when messages are kept, the preserved segment anchored on
 * the summary) and the compact-summary user message. Kept messages are not written again: they
 * are already on disk. Nothing is written after the summary: an entry that is not a message
 * would hang off the chain's end, and a resume (which picks the newest message as the leaf)
 * would never see it.
 */
export function compactionEntries(view: CompactionView, write: CompactionWrite, ids: EntryIds): Entry[] {
  const envelope = envelopeOf(view);
  const kept = view.messages.slice(write.cut);
  const last = view.messages.at(-1);
  const segment = kept.length === 0 ? undefined : { headUuid: kept[0]!.uuid, anchorUuid: ids.summary, tailUuid: kept.at(-1)!.uuid };
  const boundary = {
    parentUuid: null,
    ...(last === undefined ? {} : { logicalParentUuid: last.uuid }),
    isSidechain: false,
    ...envelope,
    type: 'system',
    subtype: 'compact_boundary',
    content: 'Conversation compacted',
    isMeta: false,
    timestamp: ids.timestamp,
    uuid: ids.boundary,
    level: 'info',
    compactMetadata: {
      trigger: write.trigger,
      preTokens: write.tokensBefore,
      postTokens: write.tokensAfter,
      ...(segment === undefined
        ? {}
        : {
            preservedSegment: segment,
            preservedMessages: { anchorUuid: ids.summary, uuids: kept.map((m) => m.uuid), allUuids: kept.map((m) => m.uuid) },
          }),
    },
  };
  const summary = {
    parentUuid: ids.boundary,
    isSidechain: false,
    ...envelope,
    type: 'user',
    message: { role: 'user', content: write.summaryText },
    isCompactSummary: true,
    isVisibleInTranscriptOnly: true,
    uuid: ids.summary,
    timestamp: ids.timestamp,
  };
  return [boundary, summary] as unknown as Entry[];
}
