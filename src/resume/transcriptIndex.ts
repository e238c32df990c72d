import type { ChainEntry, PreservedSegment } from '../transcript/chainSchema.js';
import { assertNever } from '../errors.js';
import type { Entry, EntryOfType } from '../transcript/entrySchema.js';
import { FingerprintOverlay, type FingerprintSet } from './fingerprintSet.js';

/** A chain entry with the position it was read at and its effective parent after bridging and relinks. */
export interface ChainNode {
  readonly uuid: string;
  readonly entry: Exclude<ChainEntry, { type: 'progress' }>;
  /** Position in the file (entry seq), which orders siblings and decides "physically before". */
  readonly seq: number;
  readonly parent: string | null;
}

/** Session metadata, last occurrence wins (spec §2.6: metadata is re-appended, not updated). */
export interface SessionMetadata {
  customTitle?: string;
  aiTitle?: string;
  lastPrompt?: string;
  tag?: string;
  mode?: string;
  permissionMode?: string;
  agentName?: string;
  prUrl?: string;
  /** 2.1.337's auto-mode denial counters, the entry's fields but its type and session. */
  denialCounts?: Readonly<Record<string, unknown>>;
  /** 2.1.337's API request route, likewise. */
  apiRequestRoute?: Readonly<Record<string, unknown>>;
}

/** A metadata entry's own fields: what it says, without its kind and session. */
function ownFields(entry: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { type: _type, sessionId: _sessionId, ...fields } = entry;
  return fields;
}

/** Everything a resume needs from one transcript file, folded in file order. */
export interface TranscriptIndex {
  readonly nodes: ReadonlyMap<string, ChainNode>;
  /** Uuids of every compact_boundary, in file order. */
  readonly boundaries: readonly string[];
  /** summary entries by the leaf they title (often in another file). */
  readonly summaries: ReadonlyMap<string, string>;
  readonly metadata: Readonly<SessionMetadata>;
  /** Assistant entries of the live preserved segment, whose stale usage a resume ignores. */
  readonly preserved: ReadonlySet<string>;
  /** Uuids seen more than once; the later line wins, as in Claude Code's map. */
  readonly duplicateUuids: readonly string[];
  /** The entries were read a second time (`IndexOptions.again`): what was forgotten turned out to matter. */
  readonly readAgain: boolean;
  /** The most chain entries the index held at once while reading: what its memory followed. */
  readonly peakNodes: number;
}

export interface IndexOptions {
  /**
   * Keep every entry as written, before the last compact boundary too, and leave a preserved
   * segment where it was: the session as it happened, for reading it back whole (a backfill),
   * not the conversation a resume sends.
   */
  readonly wholeHistory?: boolean;
  /**
   * The same entries once more, from the start. Given it, the index forgets as it goes what a
   * resume will prune (at each compact boundary, the entries before the boundary before it), so
   * it holds about two compactions' worth of a long session instead of all of it; in the rare
   * session where something forgotten would have mattered (a uuid seen again, a parent that was a
   * forgotten progress line, a preserved segment reaching back past what was kept), it reads the
   * entries again and indexes them whole. The index is the same either way (a property test).
   */
  readonly again?: () => Iterable<{ seq: number; entry: Entry }>;
  /**
   * With `again`: the entries given start where someone else already forgot, as this index would
   * have (a ConversationWindow): what was forgotten before them, so that a line naming it sends
   * the index back to `again` exactly as if it had forgotten those entries itself.
   */
  readonly forgotten?: ForgottenEntries;
}

/** Fingerprints of forgotten chain entries' uuids and of forgotten progress lines' uuids. */
export interface ForgottenEntries {
  readonly nodes: FingerprintSet;
  readonly progress: FingerprintSet;
}

interface MutableNode {
  uuid: string;
  entry: ChainNode['entry'];
  seq: number;
  parent: string | null;
}

/**
 * Folds a transcript's entries into the maps Claude Code's loader builds (spec §3.1): progress
 * lines bridged to their nearest real ancestor, metadata last-wins, then the preserved-segment
 * relink and the prune of everything before the last compact boundary (spec §3.5).
 */
export function indexTranscript(entries: Iterable<{ seq: number; entry: Entry }>, options: IndexOptions = {}): TranscriptIndex {
  const forgetting = options.again !== undefined && options.wholeHistory !== true;
  const index = indexEntries(entries, options.wholeHistory === true, forgetting, forgetting ? options.forgotten : undefined);
  if (index !== null) return index;
  return { ...indexEntries(options.again!(), false, false)!, readAgain: true };
}

/** A progress line's bridged parent, and where it was read (to forget it with the entries around it). */
interface Bridge {
  readonly parent: string | null;
  readonly seq: number;
}

/** The index, or null when `forgetting` forgot something that matters: then the caller indexes everything. */
function indexEntries(
  entries: Iterable<{ seq: number; entry: Entry }>,
  wholeHistory: boolean,
  forgetting: boolean,
  forgottenBefore?: ForgottenEntries,
): TranscriptIndex | null {
  const nodes = new Map<string, MutableNode>();
  const bridge = new Map<string, Bridge>();
  const boundaries: string[] = [];
  const summaries = new Map<string, string>();
  const metadata: SessionMetadata = {};
  const duplicateUuids: string[] = [];
  // What was forgotten, as fingerprints: a later line that names one of them sends us back to read everything.
  const forgottenNodes = new FingerprintOverlay(forgottenBefore?.nodes);
  const forgottenProgress = new FingerprintOverlay(forgottenBefore?.progress);
  let previousBoundarySeq: number | null = null;
  let forgot = forgottenNodes.size > 0;
  let peakNodes = 0;
  const forget = (before: number): void => {
    peakNodes = Math.max(peakNodes, nodes.size);
    for (const [uuid, node] of nodes) {
      if (node.seq >= before) continue;
      forgottenNodes.add(uuid);
      nodes.delete(uuid);
      forgot = true;
    }
    for (const [uuid, progress] of bridge) {
      if (progress.seq >= before) continue;
      forgottenProgress.add(uuid);
      bridge.delete(uuid);
    }
  };
  const named = (uuid: string | null): boolean => uuid !== null && (forgottenNodes.mayHave(uuid) || forgottenProgress.mayHave(uuid));

  for (const { seq, entry } of entries) {
    switch (entry.type) {
      case 'progress': {
        const parent = entry.parentUuid ?? null;
        if (forgetting && (named(entry.uuid) || (parent !== null && forgottenProgress.mayHave(parent)))) return null;
        bridge.set(entry.uuid, { parent: parent !== null && bridge.has(parent) ? (bridge.get(parent)?.parent ?? null) : parent, seq });
        break;
      }
      case 'user':
      case 'assistant':
      case 'system':
      case 'attachment': {
        let parent = entry.parentUuid ?? null;
        if (forgetting && (named(entry.uuid) || (parent !== null && forgottenProgress.mayHave(parent)))) return null;
        if (parent !== null && bridge.has(parent)) parent = bridge.get(parent)?.parent ?? null;
        if (nodes.has(entry.uuid)) duplicateUuids.push(entry.uuid);
        nodes.set(entry.uuid, { uuid: entry.uuid, entry, seq, parent });
        if (entry.type === 'system' && entry.subtype === 'compact_boundary') {
          boundaries.push(entry.uuid);
          // Whichever boundary ends up last, a resume keeps nothing before the one before this
          // one (a preserved segment lies between the two; one that reaches further is caught below).
          if (forgetting && previousBoundarySeq !== null) forget(previousBoundarySeq);
          previousBoundarySeq = seq;
        }
        break;
      }
      case 'summary':
        summaries.set(entry.leafUuid, entry.summary);
        break;
      case 'custom-title':
        metadata.customTitle = entry.customTitle;
        break;
      case 'ai-title':
        metadata.aiTitle = entry.aiTitle;
        break;
      case 'last-prompt':
        if (entry.lastPrompt !== undefined) metadata.lastPrompt = entry.lastPrompt;
        break;
      case 'tag':
        metadata.tag = entry.tag;
        break;
      case 'mode':
        metadata.mode = entry.mode;
        break;
      case 'permission-mode':
        metadata.permissionMode = entry.permissionMode;
        break;
      case 'agent-name':
        metadata.agentName = entry.agentName;
        break;
      case 'pr-link':
        metadata.prUrl = entry.prUrl;
        break;
      case 'denial-counts':
        metadata.denialCounts = ownFields(entry);
        break;
      case 'api-request-route':
        metadata.apiRequestRoute = ownFields(entry);
        break;
      // Side entries that carry nothing a resume needs.
      case 'task-summary':
      case 'agent-color':
      case 'agent-setting':
      case 'worktree-state':
      case 'file-history-snapshot':
      case 'file-history-delta':
      case 'attribution-snapshot':
      case 'queue-operation':
      case 'speculation-accept':
      case 'content-replacement':
      case 'marble-origami-commit':
      case 'marble-origami-snapshot':
      case 'frame-link':
      case 'isolation-latch':
      case 'fork-context-ref':
      case 'atis-latch':
      case 'bridge-session':
      case 'api-request-shape':
      case 'api-request-blob':
      case 'api-request':
      case 'tools-used':
      case 'cost-state':
      case 'relocated':
      case 'started':
      case 'result':
      case 'unknown':
        break;
      default:
        assertNever(entry, 'entry kind');
    }
  }
  peakNodes = Math.max(peakNodes, nodes.size);
  const preserved = wholeHistory ? new Set<string>() : relinkAndPrune(nodes, boundaries, forgot);
  if (preserved === null) return null;
  return { nodes, boundaries, summaries, metadata, preserved, duplicateUuids, readAgain: false, peakNodes };
}

/**
 * Spec §3.5, read side. Returns the preserved assistant uuids, or null when the last boundary's
 * preserved segment does not walk and entries were forgotten (they may be what it needed).
 */
function relinkAndPrune(nodes: Map<string, MutableNode>, boundaries: readonly string[], forgot: boolean): Set<string> | null {
  const preserved = new Set<string>();
  const lastUuid = boundaries[boundaries.length - 1];
  if (lastUuid === undefined) return preserved;
  const last = nodes.get(lastUuid);
  if (!last) return forgot ? null : preserved;
  const segment = segmentOf(last.entry);
  const keep = new Set<string>();
  if (segment) {
    const walked = walkSegment(nodes, segment);
    if (!walked && forgot) return null;
    if (!walked) return preserved; // A broken segment loads the full history, as Claude Code does.
    const head = nodes.get(segment.headUuid);
    if (head) head.parent = segment.anchorUuid;
    for (const node of nodes.values()) {
      if (node.parent === segment.anchorUuid && node.uuid !== segment.headUuid) node.parent = segment.tailUuid;
    }
    for (const uuid of walked) {
      keep.add(uuid);
      if (nodes.get(uuid)?.entry.type === 'assistant') preserved.add(uuid);
    }
  }
  for (const node of [...nodes.values()]) {
    if (node.seq < last.seq && !keep.has(node.uuid)) nodes.delete(node.uuid);
  }
  return preserved;
}

function segmentOf(entry: ChainNode['entry']): PreservedSegment | undefined {
  return entry.type === 'system' ? entry.compactMetadata?.preservedSegment : undefined;
}

/** The uuids from tail back to head, or null when the parent walk does not reach head. */
function walkSegment(nodes: ReadonlyMap<string, MutableNode>, segment: PreservedSegment): string[] | null {
  const walked: string[] = [];
  const seen = new Set<string>();
  let uuid: string | null = segment.tailUuid;
  while (uuid !== null && !seen.has(uuid)) {
    const node = nodes.get(uuid);
    if (!node) return null;
    seen.add(uuid);
    walked.push(uuid);
    if (uuid === segment.headUuid) return walked;
    uuid = node.parent;
  }
  return null;
}

/** The API message id of an assistant entry, which split pieces share. */
export function messageIdOf(entry: ChainNode['entry']): string | undefined {
  return entry.type === 'assistant' ? entry.message.id : undefined;
}

export type UserChainEntry = EntryOfType<'user'>;
