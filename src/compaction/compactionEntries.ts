import type { Entry } from '../transcript/entrySchema.js';
import type { CompactionView } from './compactionView.js';

export interface CompactionWrite {
  /** Index into the view's messages where the kept part starts (`messages.length`: nothing kept). */
  readonly cut: number;
  readonly summaryText: string;
  readonly trigger: 'auto' | 'manual';
  readonly tokensBefore: number;
  readonly tokensAfter: number;
  /** Files read in the summarised part, to mention again after compaction (newest first). */
  readonly fileReferences: readonly string[];
}

export interface EntryIds {
  readonly boundary: string;
  readonly summary: string;
  readonly attachment: (index: number) => string;
  readonly timestamp: string;
}

/** The envelope fields Claude Code writes on every chain entry, taken from the newest one. */
function envelopeOf(view: CompactionView): Record<string, unknown> {
  const last = view.messages.at(-1)?.entry as Record<string, unknown> | undefined;
  const envelope: Record<string, unknown> = {};
  for (const key of ['userType', 'entrypoint', 'cwd', 'sessionId', 'version', 'gitBranch', 'slug']) if (last?.[key] !== undefined) envelope[key] = last[key];
  return envelope;
}

/**
 * The entries a compaction appends, as Claude Code writes them (spec §1.4, §3.5): a
 * compact_boundary (parentUuid null, logicalParentUuid the last message, compactMetadata with
 * the trigger, the token counts and, when messages are kept, the preserved segment anchored on
 * the summary), the compact-summary user message, and file references after it. Kept messages
 * are not written again: they are already on disk.
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
    compactMetadata: { trigger: write.trigger, preTokens: write.tokensBefore, postTokens: write.tokensAfter, ...(segment === undefined ? {} : { preservedSegment: segment }) },
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
  let parent = ids.summary;
  const references = write.fileReferences.map((filename, i) => {
    const uuid = ids.attachment(i);
    const entry = { parentUuid: parent, isSidechain: false, ...envelope, type: 'attachment', attachment: { type: 'compact_file_reference', filename, displayPath: filename }, uuid, timestamp: ids.timestamp };
    parent = uuid;
    return entry;
  });
  return [boundary, summary, ...references] as unknown as Entry[];
}
