import type { ChainEntry, PreservedSegment } from '../transcript/chainSchema.js';
import { assertNever, missing } from '../errors.js';
import type { Entry, EntryOfType } from '../transcript/entrySchema.js';
import { FingerprintOverlay, type FingerprintLookup } from './fingerprintSet.js';

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
  readonly nodes: FingerprintLookup;
  readonly progress: FingerprintLookup;
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
  const again = options.wholeHistory === true ? undefined : options.again;
  const index = indexEntries(
    entries,
    options.wholeHistory === true,
    again !== undefined,
    again === undefined ? undefined : options.forgotten,
  );
  if (index !== null) return index;
  // Only a forgetting fold gives up, and only when `again` was given; a fold that does not forget always ends.
  const whole = again === undefined ? null : indexEntries(again(), false, false);
  return { ...(whole ?? missing('a whole index', 'the second reading')), readAgain: true };
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
  const fold = new ChainFold(forgetting, forgottenBefore);
  for (const { seq, entry } of entries) if (!fold.add(seq, entry)) return null;
  return fold.result(wholeHistory);
}

type NodeEntry = EntryOfType<'user' | 'assistant' | 'system' | 'attachment'>;
type SideEntry = Exclude<Entry, NodeEntry | EntryOfType<'progress' | 'summary'>>;
type MetadataEntry = EntryOfType<
  'custom-title' | 'ai-title' | 'last-prompt' | 'tag' | 'mode' | 'permission-mode' | 'agent-name' | 'pr-link'
>;

/** The maps `indexEntries` folds the entries into, in file order, forgetting as it goes when asked to. */
class ChainFold {
  private readonly nodes = new Map<string, MutableNode>();
  private readonly bridge = new Map<string, Bridge>();
  private readonly boundaries: string[] = [];
  private readonly summaries = new Map<string, string>();
  private readonly metadata: SessionMetadata = {};
  private readonly duplicateUuids: string[] = [];
  // What was forgotten, as fingerprints: a later line that names one of them sends us back to read everything.
  private readonly forgottenNodes: FingerprintOverlay;
  private readonly forgottenProgress: FingerprintOverlay;
  private previousBoundarySeq: number | null = null;
  private forgot: boolean;
  private peakNodes = 0;

  constructor(
    private readonly forgetting: boolean,
    forgottenBefore: ForgottenEntries | undefined,
  ) {
    this.forgottenNodes = new FingerprintOverlay(forgottenBefore?.nodes);
    this.forgottenProgress = new FingerprintOverlay(forgottenBefore?.progress);
    this.forgot = this.forgottenNodes.size > 0;
  }

  /** Folds one entry; false when it names something forgotten. */
  add(seq: number, entry: Entry): boolean {
    switch (entry.type) {
      case 'progress':
        return this.addProgress(seq, entry);
      case 'user':
      case 'assistant':
      case 'system':
      case 'attachment':
        return this.addNode(seq, entry);
      case 'summary':
        this.summaries.set(entry.leafUuid, entry.summary);
        return true;
      default:
        noteSideEntry(this.metadata, entry);
        return true;
    }
  }

  result(wholeHistory: boolean): TranscriptIndex | null {
    this.peakNodes = Math.max(this.peakNodes, this.nodes.size);
    const { nodes, boundaries, summaries, metadata, duplicateUuids, peakNodes } = this;
    const preserved = wholeHistory ? new Set<string>() : relinkAndPrune(nodes, boundaries, this.forgot);
    if (preserved === null) return null;
    return { nodes, boundaries, summaries, metadata, preserved, duplicateUuids, readAgain: false, peakNodes };
  }

  private addProgress(seq: number, entry: EntryOfType<'progress'>): boolean {
    const parent = entry.parentUuid ?? null;
    if (this.namesForgotten(entry.uuid, parent)) return false;
    this.bridge.set(entry.uuid, { parent: this.bridged(parent), seq });
    return true;
  }

  private addNode(seq: number, entry: NodeEntry): boolean {
    const written = entry.parentUuid ?? null;
    if (this.namesForgotten(entry.uuid, written)) return false;
    const parent = this.bridged(written);
    if (this.nodes.has(entry.uuid)) this.duplicateUuids.push(entry.uuid);
    this.nodes.set(entry.uuid, { uuid: entry.uuid, entry, seq, parent });
    if (entry.type === 'system' && entry.subtype === 'compact_boundary') {
      this.boundaries.push(entry.uuid);
      // Whichever boundary ends up last, a resume keeps nothing before the one before this
      // one (a preserved segment lies between the two; one that reaches further is caught below).
      if (this.forgetting && this.previousBoundarySeq !== null) this.forget(this.previousBoundarySeq);
      this.previousBoundarySeq = seq;
    }
    return true;
  }

  /** A parent that is a progress line stands for that line's own bridged parent. */
  private bridged(parent: string | null): string | null {
    if (parent === null) return null;
    const progress = this.bridge.get(parent);
    return progress === undefined ? parent : progress.parent;
  }

  private namesForgotten(uuid: string, parent: string | null): boolean {
    if (!this.forgetting) return false;
    const named = this.forgottenNodes.mayHave(uuid) || this.forgottenProgress.mayHave(uuid);
    return named || (parent !== null && this.forgottenProgress.mayHave(parent));
  }

  private forget(before: number): void {
    this.peakNodes = Math.max(this.peakNodes, this.nodes.size);
    for (const [uuid, node] of this.nodes) {
      if (node.seq >= before) continue;
      this.forgottenNodes.add(uuid);
      this.nodes.delete(uuid);
      this.forgot = true;
    }
    for (const [uuid, progress] of this.bridge) {
      if (progress.seq >= before) continue;
      this.forgottenProgress.add(uuid);
      this.bridge.delete(uuid);
    }
  }
}

/** The entries besides the chain and summaries: session metadata, last one wins, and side entries a resume ignores. */
function noteSideEntry(metadata: SessionMetadata, entry: SideEntry): void {
  switch (entry.type) {
    case 'custom-title':
    case 'ai-title':
    case 'last-prompt':
    case 'tag':
    case 'mode':
    case 'permission-mode':
    case 'agent-name':
    case 'pr-link':
      noteMetadata(metadata, entry);
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

function noteMetadata(metadata: SessionMetadata, entry: MetadataEntry): void {
  switch (entry.type) {
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
    default:
      assertNever(entry, 'metadata kind');
  }
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
