import type { Entry } from '../transcript/entrySchema.js';
import { hasUuid } from '../transcript/entrySchema.js';
import type { ContentBlock } from '../transcript/contentSchema.js';
import { SYNTHETIC_MODEL } from '../transcript/modelResponse.js';
import { missing } from '../errors.js';
import { growableArray, grownTo } from '../transcript/growableArray.js';
import { TextIds } from './textIds.js';

/** What kind of chain entry an id is, as a node (0: not a node). */
export const USER = 1;
export const ASSISTANT = 2;
export const SYSTEM = 3;
export const ATTACHMENT = 4;

/** Facts about a node's entry, one bit each. */
export const Flag = {
  SIDECHAIN_TRUE: 1 << 0,
  SIDECHAIN_FALSE: 1 << 1,
  VIRTUAL: 1 << 2,
  COMPACT_SUMMARY: 1 << 3,
  BOUNDARY: 1 << 4,
  SYNTHETIC_ERROR: 1 << 5,
  /** A block besides tool results (a user entry) or besides tool calls (an assistant one): the message is never empty. */
  OTHER_BLOCKS: 1 << 6,
  /** Blocks, all thinking. */
  THINKING_ONLY: 1 << 7,
  /** A block that is not thinking. */
  VISIBLE: 1 << 8,
  /** Blocks, all text and blank. */
  WHITESPACE_ONLY: 1 << 9,
  /** A user entry whose content array holds a tool result. */
  TOOL_RESULT: 1 << 10,
} as const;

/** How a node's timestamp is kept: none, as milliseconds it is the ISO form of, or as its own text. */
const NO_TIME = 0;
const ISO_TIME = 1;
const OTHER_TIME = 2;

/** A tool block of a node: a tool id, and whether it is the call (else the result). */
const CALL_BIT = 1;

/** Where and when the last line with a uuid says it was written (the seq of the last line; the last time given on one). */
export interface LastWritten {
  readonly seq: number;
  readonly timestamp: string | undefined;
}

/**
 * A transcript's chain as a few numbers per entry (decision 54): each uuid, message id and tool id
 * an integer (their texts packed, textIds.ts), each node's parent, seq, kind, time, message id
 * and tool blocks in typed arrays, the facts that decide which entries a session history keeps
 * as bits. About a hundred bytes an entry, where an index of light entries (lightEntry.ts) takes
 * over five hundred; none of its words. skeletonHistory.ts decides from it what
 * `sessionHistoryNodes` decides from the entries. The arrays are read there, never written.
 */
export class HistorySkeleton {
  private readonly ids = new TextIds();
  /** Per id. */
  seq = growableArray(Int32Array, 1024);
  parent = growableArray(Int32Array, 1024);
  logical = growableArray(Int32Array, 1024);
  messageId = growableArray(Int32Array, 1024);
  kind = growableArray(Uint8Array, 1024);
  flags = growableArray(Uint16Array, 1024);
  private timeKind = growableArray(Uint8Array, 1024);
  time = growableArray(Float64Array, 1024);
  refStart = growableArray(Int32Array, 1024);
  refCount = growableArray(Int32Array, 1024);
  private seen = growableArray(Uint8Array, 1024);
  /** Node ids in the order each first became a node (a Map's insertion order: a later line with the same uuid keeps the place). */
  nodeOrder = growableArray(Int32Array, 1024);
  nodeCount = 0;
  /** Tool blocks: (tool id << 1) | CALL_BIT. */
  refs = growableArray(Int32Array, 1024);
  private refLength = 0;
  readonly messageIds = new TextIds();
  readonly toolIds = new TextIds();
  /** Legacy progress lines: their uuid and the real ancestor they stand for (-1: none). */
  private readonly bridge = new Map<number, number>();
  /** Timestamps that are not the ISO form of their milliseconds (or are empty), as written. */
  private readonly otherTimes = new Map<number, string>();
  /** For a uuid written on more than one line, or on a line that is no node: where and when it was last written. */
  private readonly written = new Map<number, { seq: number; timestamp: string | undefined }>();

  get idCount(): number {
    return this.ids.size;
  }

  uuidOf(id: number): string {
    return this.ids.textOf(id);
  }

  get messageIdCount(): number {
    return this.messageIds.size;
  }

  // Per-id reads: an id past the arrays is a bug, not bad input (decision 76).
  seqOf(id: number): number {
    return this.seq[id] ?? missing('seq', id);
  }

  parentOf(id: number): number {
    return this.parent[id] ?? missing('parent', id);
  }

  logicalOf(id: number): number {
    return this.logical[id] ?? missing('logical', id);
  }

  messageIdOf(id: number): number {
    return this.messageId[id] ?? missing('messageId', id);
  }

  flagsOf(id: number): number {
    return this.flags[id] ?? missing('flags', id);
  }

  /** A node's timestamp in milliseconds, when `hasIsoTime`. */
  timeOf(id: number): number {
    return this.time[id] ?? missing('time', id);
  }

  /** The id of the k-th node, k below `nodeCount`. */
  nodeAt(k: number): number {
    return this.nodeOrder[k] ?? missing('nodeOrder', k);
  }

  /** Calls `visit` with each tool block of a node: its tool id's number, and whether it is the call. */
  forEachRef(id: number, visit: (tool: number, call: boolean) => void): void {
    const start = this.refStart[id] ?? missing('refStart', id);
    const end = start + (this.refCount[id] ?? missing('refCount', id));
    for (let i = start; i < end; i++) {
      const ref = this.refs[i] ?? missing('refs', i);
      visit(HistorySkeleton.toolOf(ref), HistorySkeleton.isCall(ref));
    }
  }

  private idOf(uuid: string): number {
    const id = this.ids.idOf(uuid);
    if (id === this.seq.length) this.growIds();
    return id;
  }

  /** Folds one entry, in file order, as `indexTranscript(…, { wholeHistory: true })` does, and notes where its uuid was written. */
  add(seq: number, entry: Entry): void {
    if (!hasUuid(entry)) return;
    const id = this.idOf(entry.uuid);
    const timestamp = (entry as { timestamp?: unknown }).timestamp;
    const isNode = entry.type === 'user' || entry.type === 'assistant' || entry.type === 'system' || entry.type === 'attachment';
    this.noteWritten(id, seq, typeof timestamp === 'string' ? timestamp : undefined, isNode);
    if (entry.type === 'progress') {
      const parent = entry.parentUuid ?? null;
      const parentId = parent === null ? -1 : this.idOf(parent);
      this.bridge.set(id, this.bridged(parentId));
      return;
    }
    if (entry.type !== 'user' && entry.type !== 'assistant' && entry.type !== 'system' && entry.type !== 'attachment') return;
    const parent = entry.parentUuid ?? null;
    const parentId = this.bridged(parent === null ? -1 : this.idOf(parent));
    if (this.kind[id] === 0) {
      if (this.nodeCount === this.nodeOrder.length) this.nodeOrder = grownTo(this.nodeOrder);
      this.nodeOrder[this.nodeCount++] = id;
    }
    this.kind[id] = entry.type === 'user' ? USER : entry.type === 'assistant' ? ASSISTANT : entry.type === 'system' ? SYSTEM : ATTACHMENT;
    this.seq[id] = seq;
    this.parent[id] = parentId;
    this.setTime(id, typeof timestamp === 'string' ? timestamp : undefined);
    const logical = entry.type === 'system' ? entry.logicalParentUuid : undefined;
    this.logical[id] = typeof logical === 'string' ? this.idOf(logical) : -1;
    const messageId = entry.type === 'assistant' ? entry.message.id : undefined;
    this.messageId[id] = messageId === undefined ? -1 : this.messageIds.idOf(messageId);
    let flags = entry.isSidechain === true ? Flag.SIDECHAIN_TRUE : entry.isSidechain === false ? Flag.SIDECHAIN_FALSE : 0;
    if (entry.type === 'user' && entry.isCompactSummary === true) flags |= Flag.COMPACT_SUMMARY;
    if (entry.type === 'system' && entry.subtype === 'compact_boundary') flags |= Flag.BOUNDARY;
    this.refStart[id] = this.refLength;
    if (entry.type === 'user' || entry.type === 'assistant') {
      if (entry.isVirtual === true) flags |= Flag.VIRTUAL;
      if (entry.type === 'assistant' && entry.isApiErrorMessage === true && entry.message.model === SYNTHETIC_MODEL)
        flags |= Flag.SYNTHETIC_ERROR;
      const content = entry.message.content;
      flags |= this.blockFlags(entry.type, typeof content === 'string' ? [{ type: 'text', text: content }] : content);
      if (entry.type === 'user' && Array.isArray(content) && content.some((block) => block.type === 'tool_result'))
        flags |= Flag.TOOL_RESULT;
    }
    this.refCount[id] = this.refLength - this.refStart[id];
    this.flags[id] = flags;
  }

  /** The text of a node's timestamp, as written (undefined: none). */
  timestampOf(id: number): string | undefined {
    const kind = this.timeKind[id];
    if (kind === ISO_TIME) return new Date(this.timeOf(id)).toISOString();
    return kind === OTHER_TIME ? this.otherTimes.get(id) : undefined;
  }

  /** Whether a node's timestamp is the ISO form of its milliseconds (so two compare as their milliseconds do). */
  hasIsoTime(id: number): boolean {
    return this.timeKind[id] === ISO_TIME;
  }

  /** Where and when a node's uuid was last written, when that is not the node's own line. */
  lastWritten(id: number): LastWritten | undefined {
    const written = this.written.get(id);
    if (written === undefined || (written.seq === this.seq[id] && written.timestamp === this.timestampOf(id))) return undefined;
    return written;
  }

  /** The real ancestor a legacy progress line stands for, or the id itself when it is none. */
  private bridged(parentId: number): number {
    return parentId === -1 ? -1 : (this.bridge.get(parentId) ?? parentId);
  }

  private blockFlags(type: 'user' | 'assistant', blocks: readonly ContentBlock[]): number {
    let flags = 0;
    const mine = type === 'user' ? 'tool_result' : 'tool_use';
    for (const block of blocks) {
      if (block.type === 'tool_use' || block.type === 'tool_result') {
        const id = (block.type === 'tool_use' ? block['id'] : block['tool_use_id']) as string;
        const ref = (this.toolIds.idOf(id) << 1) | (block.type === 'tool_use' ? CALL_BIT : 0);
        if (this.refLength === this.refs.length) this.refs = grownTo(this.refs);
        this.refs[this.refLength++] = ref;
      }
      if (block.type !== mine) flags |= Flag.OTHER_BLOCKS;
      if (block.type !== 'thinking' && block.type !== 'redacted_thinking') flags |= Flag.VISIBLE;
    }
    if (blocks.length > 0 && (flags & Flag.VISIBLE) === 0) flags |= Flag.THINKING_ONLY;
    if (blocks.length > 0 && blocks.every((b) => b.type === 'text' && (b['text'] as string).trim() === '')) flags |= Flag.WHITESPACE_ONLY;
    return flags;
  }

  /** Whether a tool block is a call, and its tool id's number. */
  static isCall(ref: number): boolean {
    return (ref & CALL_BIT) !== 0;
  }

  static toolOf(ref: number): number {
    return ref >> 1;
  }

  private setTime(id: number, timestamp: string | undefined): void {
    this.otherTimes.delete(id);
    if (timestamp === undefined) {
      this.timeKind[id] = NO_TIME;
      return;
    }
    const ms = Date.parse(timestamp);
    if (Number.isFinite(ms) && new Date(ms).toISOString() === timestamp) {
      this.timeKind[id] = ISO_TIME;
      this.time[id] = ms;
    } else {
      this.timeKind[id] = OTHER_TIME;
      this.otherTimes.set(id, timestamp);
    }
  }

  /** A uuid written again, or on a line that is no node, gets its last seq and time kept aside (they differ from its node's). */
  private noteWritten(id: number, seq: number, timestamp: string | undefined, isNode: boolean): void {
    if (this.seen[id] === 0) {
      this.seen[id] = 1;
      if (!isNode) this.written.set(id, { seq, timestamp });
      return;
    }
    let written = this.written.get(id);
    if (written === undefined) {
      // Seen once before, as a node: that node's line is the one written before this.
      written = { seq: this.seqOf(id), timestamp: this.timestampOf(id) };
      this.written.set(id, written);
    }
    written.seq = seq;
    if (timestamp !== undefined) written.timestamp = timestamp;
  }

  private growIds(): void {
    this.seq = grownTo(this.seq);
    this.parent = grownTo(this.parent);
    this.logical = grownTo(this.logical);
    this.messageId = grownTo(this.messageId);
    this.kind = grownTo(this.kind);
    this.flags = grownTo(this.flags);
    this.timeKind = grownTo(this.timeKind);
    this.time = grownTo(this.time);
    this.refStart = grownTo(this.refStart);
    this.refCount = grownTo(this.refCount);
    this.seen = grownTo(this.seen);
  }
}
