import { elementAt } from '../errors.js';
import { SYNTHETIC_MODEL } from '../transcript/modelResponse.js';
import type { HistorySkeleton } from './historySkeleton.js';
import { ASSISTANT, Flag, USER, type LastWritten } from './historySkeleton.js';
import type { ChainNode } from './transcriptIndex.js';

/** The session history a skeleton decides: its entries by seq, in order, and light stand-ins of them for a light fold. */
export interface SkeletonHistory {
  /** The seqs of the entries `sessionHistoryNodes` gives, in its order. */
  readonly seqs: Int32Array;
  /** Nodes standing for those entries, one at a time: their kinds, flags, message ids and tool blocks, no words. */
  lightNodes(): Generator<ChainNode, void, undefined>;
  /** For the entries whose uuid was last written on another line (or with another time): that line's seq and time. */
  readonly lastWritten: ReadonlyMap<string, LastWritten>;
}

/** How a history is read beyond what a resume reads (the backfill's reading of an old session, decision 68). */
export interface HistoryOptions {
  /**
   * A main-thread entry with no parent (Claude Code 1.0.x started a chain again after an
   * interruption or an old-style compaction), or with a parent the file does not hold (2.1.2x
   * pointed past progress lines it never wrote, decision 152), continues the newest main-thread
   * chain written before it, so every main-thread message of the file is read once; a resume
   * reads the last chain only.
   */
  readonly stitchRoots?: boolean;
  /** The seqs of entries on the way to leave out (an old-style continuation summary: no one's words). */
  readonly leaveOut?: ReadonlySet<number>;
}

/**
 * What `sessionHistoryNodes` decides from the entries (loadConversation.ts: the newest main-thread
 * leaf, the parent walk through every compaction, split responses and parallel results put back,
 * the resume's clean-up but for the response in progress), decided from the skeleton, step for
 * step, with numbers where those steps hold entries (test/resume/skeletonHistory.property.test.ts
 * holds the two the same).
 */
export function skeletonHistory(skeleton: HistorySkeleton, options: HistoryOptions = {}): SkeletonHistory {
  const leaf = newestLeaf(skeleton);
  const walked = leaf === -1 ? [] : walkThroughCompactions(skeleton, leaf, options.stitchRoots === true ? mainLeaves(skeleton) : undefined);
  const leaveOut = options.leaveOut;
  const path = leaveOut === undefined ? walked : keepOnly(walked, (id) => !leaveOut.has(skeleton.seqOf(id)));
  const ids = leaf === -1 ? [] : keptWithResponseInProgress(skeleton, recoverOrphans(skeleton, path));
  const lastWritten = new Map<string, LastWritten>();
  for (const id of ids) {
    const written = skeleton.lastWritten(id);
    if (written !== undefined) lastWritten.set(skeleton.uuidOf(id), written);
  }
  return {
    seqs: Int32Array.from(ids, (id) => skeleton.seqOf(id)),
    lightNodes: () => lightNodes(skeleton, ids),
    lastWritten,
  };
}

const isNode = (s: HistorySkeleton, id: number): boolean => id >= 0 && s.kind[id] !== 0;
const isMessage = (s: HistorySkeleton, id: number): boolean => s.kind[id] === USER || s.kind[id] === ASSISTANT;
const has = (s: HistorySkeleton, id: number, flag: number): boolean => (s.flagsOf(id) & flag) !== 0;
/** isSidechain as written: true, false or absent (recoverOrphans compares the three). */
const sidechain = (s: HistorySkeleton, id: number): number => s.flagsOf(id) & (Flag.SIDECHAIN_TRUE | Flag.SIDECHAIN_FALSE);

/** conversationChain.ts `compareAge`: by timestamp, then file order. */
function compareAge(s: HistorySkeleton, a: number, b: number): number {
  if (s.hasIsoTime(a) && s.hasIsoTime(b)) return s.timeOf(a) - s.timeOf(b) || s.seqOf(a) - s.seqOf(b);
  const ta = s.timestampOf(a) ?? '';
  const tb = s.timestampOf(b) ?? '';
  if (ta !== tb && ta !== '' && tb !== '') return Date.parse(ta) - Date.parse(tb) || (ta < tb ? -1 : 1);
  return s.seqOf(a) - s.seqOf(b);
}

/** conversationChain.ts `findLeaves` and `selectLeaf(…, 'newest')`; -1 when there is none. */
function newestLeaf(s: HistorySkeleton): number {
  const { main, all } = leaves(s);
  let best = -1;
  for (const leaf of main.length > 0 ? main : all) if (best === -1 || compareAge(s, leaf, best) >= 0) best = leaf;
  return best;
}

/** The main-thread leaves, in file order. */
const mainLeaves = (s: HistorySkeleton): number[] => leaves(s).main;

/** Every leaf's nearest message, in file order, and those of them on the main thread. */
function leaves(s: HistorySkeleton): { readonly all: number[]; readonly main: number[] } {
  const hasChild = new Uint8Array(s.idCount);
  for (let k = 0; k < s.nodeCount; k++) {
    const parent = s.parentOf(s.nodeAt(k));
    if (parent !== -1) hasChild[parent] = 1;
  }
  const found = new Set<number>();
  for (let k = 0; k < s.nodeCount; k++) {
    const id = s.nodeAt(k);
    if (hasChild[id] === 1) continue;
    const leaf = nearestMessage(s, id);
    if (leaf !== -1) found.add(leaf);
  }
  const sorted = [...found].sort((a, b) => s.seqOf(a) - s.seqOf(b));
  return { all: sorted, main: sorted.filter((id) => !has(s, id, Flag.SIDECHAIN_TRUE)) };
}

function nearestMessage(s: HistorySkeleton, start: number): number {
  const seen = new Set<number>();
  let id = start;
  while (id !== -1 && !seen.has(id)) {
    if (isMessage(s, id)) return id;
    seen.add(id);
    const parent = s.parentOf(id);
    id = isNode(s, parent) ? parent : -1;
  }
  return -1;
}

/** conversationChain.ts `buildHistory`'s walk: root first, through compact boundaries, the summaries of those crossed left out. */
function walkThroughCompactions(s: HistorySkeleton, leaf: number, stitchTo?: readonly number[]): number[] {
  const path: number[] = [];
  const seen = new Uint8Array(s.idCount);
  const crossed = new Set<number>();
  let id = leaf;
  while (id !== -1 && seen[id] === 0) {
    seen[id] = 1;
    path.push(id);
    let parent = s.parentOf(id);
    if (parent === -1 && has(s, id, Flag.BOUNDARY) && isNode(s, s.logicalOf(id))) {
      crossed.add(id);
      parent = s.logicalOf(id);
    } else if (!isNode(s, parent) && stitchTo !== undefined && !has(s, id, Flag.SIDECHAIN_TRUE)) {
      // A parent the file does not hold (a 2.1.2x progress line never written) ends a resume's walk, and in a
      // backfill joins the chain written before it as a parentless root does (decision 152).
      parent = chainBefore(s, id, stitchTo, seen);
    }
    id = isNode(s, parent) ? parent : -1;
  }
  path.reverse();
  return keepOnly(path, (n) => !(has(s, n, Flag.COMPACT_SUMMARY) && crossed.has(s.parentOf(n))));
}

/** The newest main-thread leaf written before a parentless root and not read yet (file order), or -1. */
function chainBefore(s: HistorySkeleton, root: number, mainLeaves: readonly number[], seen: Uint8Array): number {
  return mainLeaves.findLast((leaf) => s.seqOf(leaf) < s.seqOf(root) && seen[leaf] === 0) ?? -1;
}

/** `ids.filter(keep)` in place: a session's history is one array of ids, not a copy per step. */
function keepOnly(ids: number[], keep: (id: number) => boolean, from = 0, to = ids.length): number[] {
  let at = from;
  for (let i = from; i < to; i++) {
    const id = elementAt(ids, i, 'ids');
    if (keep(id)) ids[at++] = id;
  }
  ids.copyWithin(at, to);
  ids.length -= to - at;
  return ids;
}

/** Ids grouped by a key in node order, as arrays indexed by key (compressed rows). */
function groupedBy(s: HistorySkeleton, keys: number, keyOf: (id: number) => number): (key: number) => number[] {
  // starts[key + 1] counts the key's ids, then sums into where the next key's row starts.
  const starts = new Int32Array(keys + 1);
  for (let k = 0; k < s.nodeCount; k++) {
    const key = keyOf(s.nodeAt(k));
    if (key !== -1) starts[key + 1] = elementAt(starts, key + 1) + 1;
  }
  for (let key = 0; key < keys; key++) starts[key + 1] = elementAt(starts, key + 1) + elementAt(starts, key);
  const rows = new Int32Array(elementAt(starts, keys));
  const filled = starts.slice(0, keys);
  for (let k = 0; k < s.nodeCount; k++) {
    const id = s.nodeAt(k);
    const key = keyOf(id);
    if (key === -1) continue;
    const at = elementAt(filled, key);
    rows[at] = id;
    filled[key] = at + 1;
  }
  return (key) => Array.from(rows.subarray(starts[key], starts[key + 1]));
}

/** conversationChain.ts `recoverOrphans`: the off-chain pieces of each response on the chain, and their tool results, put back after it. */
function recoverOrphans(s: HistorySkeleton, path: number[]): number[] {
  const onChain = new Uint8Array(s.idCount);
  for (const id of path) onChain[id] = 1;
  const pieces = groupedBy(s, s.messageIdCount, (id) => (s.kind[id] === ASSISTANT ? s.messageIdOf(id) : -1));
  const children = groupedBy(s, s.idCount, (id) => (s.kind[id] === USER ? s.parentOf(id) : -1));
  const lastOnChain = new Int32Array(s.messageIdCount).fill(-1);
  for (const id of path) if (s.kind[id] === ASSISTANT && s.messageIdOf(id) !== -1) lastOnChain[s.messageIdOf(id)] = id;
  const handled = new Uint8Array(s.messageIdCount);
  const insertAfter = new Map<number, number[]>();
  const byTime = (ids: number[]): number[] => ids.sort((a, b) => compareAge(s, a, b));
  for (const id of path) {
    const message = s.kind[id] === ASSISTANT ? s.messageIdOf(id) : -1;
    if (message === -1 || handled[message] === 1) continue;
    handled[message] = 1;
    const members = pieces(message).filter((member) => sidechain(s, member) === sidechain(s, id));
    const siblings = members.filter((member) => onChain[member] === 0);
    const results = members
      .flatMap((member) => children(member))
      .filter((child) => onChain[child] === 0 && has(s, child, Flag.TOOL_RESULT));
    if (siblings.length === 0 && results.length === 0) continue;
    const extra = [...byTime(siblings), ...byTime(results)];
    for (const n of extra) onChain[n] = 1;
    insertAfter.set(elementAt(lastOnChain, message, 'lastOnChain'), extra);
  }
  if (insertAfter.size === 0) return path;
  return path.flatMap((n) => [n, ...(insertAfter.get(n) ?? [])]);
}

/** loadConversation.ts `keptWithResponseInProgress` with resumeFilters.ts `filterForResume` over the part before it. */
function keptWithResponseInProgress(s: HistorySkeleton, nodes: number[]): number[] {
  let tail = nodes.length;
  while (tail > 0 && s.kind[elementAt(nodes, tail - 1)] !== USER) tail--;
  const answered = new Uint8Array(s.toolIds.size);
  const visible = new Uint8Array(s.messageIdCount);
  for (let i = 0; i < tail; i++) {
    const id = elementAt(nodes, i);
    if (!isMessage(s, id)) continue;
    s.forEachRef(id, (tool, call) => {
      if (!call) answered[tool] = 1;
    });
    if (s.kind[id] === ASSISTANT && s.messageIdOf(id) !== -1 && has(s, id, Flag.VISIBLE)) visible[s.messageIdOf(id)] = 1;
  }
  const kept = (id: number): boolean => {
    if (s.kind[id] !== ASSISTANT) return true;
    let calls = 0;
    let unanswered = 0;
    s.forEachRef(id, (tool, call) => {
      if (!call) return;
      calls++;
      if (answered[tool] === 0) unanswered++;
    });
    if (calls > 0 && unanswered === calls) return false;
    const message = s.messageIdOf(id);
    if (has(s, id, Flag.THINKING_ONLY) && (message === -1 || visible[message] === 0)) return false;
    return !has(s, id, Flag.WHITESPACE_ONLY);
  };
  return keepOnly(nodes, kept, 0, tail);
}

const TEXT = { type: 'text', text: '.' } as const;

/**
 * Stand-ins for the history's entries, made one at a time: what `streamApiMessages` decides on
 * (kind, flags, message id, tool calls and results, whether anything else is there), so that
 * folding them gives the messages' roles and entries of the whole conversation, not its words.
 */
function* lightNodes(s: HistorySkeleton, ids: readonly number[]): Generator<ChainNode, void, undefined> {
  for (const id of ids) {
    const uuid = s.uuidOf(id);
    const kind = s.kind[id];
    const virtual = has(s, id, Flag.VIRTUAL) ? { isVirtual: true } : {};
    const content: Array<Record<string, unknown>> = has(s, id, Flag.OTHER_BLOCKS) ? [TEXT] : [];
    s.forEachRef(id, (tool, call) => {
      const toolId = s.toolIds.textOf(tool);
      if (kind === USER && !call) content.push({ type: 'tool_result', tool_use_id: toolId, content: '' });
      if (kind === ASSISTANT && call) content.push({ type: 'tool_use', id: toolId, name: '', input: {} });
    });
    const messageId = s.messageIdOf(id);
    const entry =
      kind === USER
        ? { type: 'user', uuid, ...virtual, message: { role: 'user', content } }
        : kind === ASSISTANT
          ? {
              type: 'assistant',
              uuid,
              ...virtual,
              ...(has(s, id, Flag.SYNTHETIC_ERROR) ? { isApiErrorMessage: true } : {}),
              message: {
                role: 'assistant',
                ...(messageId === -1 ? {} : { id: s.messageIds.textOf(messageId) }),
                ...(has(s, id, Flag.SYNTHETIC_ERROR) ? { model: SYNTHETIC_MODEL } : {}),
                content,
              },
            }
          : { type: 'system', uuid };
    // A stand-in of the entry's kind with only what the message fold reads.
    yield { uuid, entry: entry as unknown as ChainNode['entry'], seq: s.seqOf(id), parent: null };
  }
}
