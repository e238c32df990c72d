import type { ChainNode, TranscriptIndex } from './transcriptIndex.js';
import { messageIdOf } from './transcriptIndex.js';

/** The resumed conversation: chain entries from the root to the leaf, in API order. */
export interface ConversationChain {
  readonly leaf: string | null;
  readonly nodes: readonly ChainNode[];
  /** True when a parent cycle cut the walk short. */
  readonly cycle: boolean;
}

export type LeafChoice = 'newest' | { readonly uuid: string };

const isMessage = (node: ChainNode): boolean => node.entry.type === 'user' || node.entry.type === 'assistant';
const isSidechain = (node: ChainNode): boolean => node.entry.isSidechain === true;

/**
 * Leaves as Claude Code computes them (spec §3.1 step 7): from every entry nobody names as
 * parent, the nearest user or assistant ancestor. In file order of the leaf.
 */
export function findLeaves(index: TranscriptIndex): ChainNode[] {
  const hasChild = new Set<string>();
  for (const node of index.nodes.values()) if (node.parent !== null) hasChild.add(node.parent);
  const leaves = new Map<string, ChainNode>();
  for (const node of index.nodes.values()) {
    if (hasChild.has(node.uuid)) continue;
    const leaf = nearestMessage(index, node);
    if (leaf) leaves.set(leaf.uuid, leaf);
  }
  return [...leaves.values()].sort((a, b) => a.seq - b.seq);
}

function nearestMessage(index: TranscriptIndex, start: ChainNode): ChainNode | undefined {
  const seen = new Set<string>();
  let node: ChainNode | undefined = start;
  while (node && !seen.has(node.uuid)) {
    if (isMessage(node)) return node;
    seen.add(node.uuid);
    node = node.parent === null ? undefined : index.nodes.get(node.parent);
  }
  return undefined;
}

/**
 * The leaf a resume starts from: by default the newest main-thread leaf (latest timestamp,
 * file order breaking ties); a file holding only a sidechain resumes that sidechain.
 */
export function selectLeaf(index: TranscriptIndex, choice: LeafChoice = 'newest'): ChainNode | undefined {
  if (choice !== 'newest') return index.nodes.get(choice.uuid);
  const leaves = findLeaves(index);
  const main = leaves.filter((leaf) => !isSidechain(leaf));
  const pool = main.length > 0 ? main : leaves;
  let best: ChainNode | undefined;
  for (const leaf of pool) {
    if (!best || compareAge(leaf, best) >= 0) best = leaf;
  }
  return best;
}

function compareAge(a: ChainNode, b: ChainNode): number {
  const ta = a.entry.timestamp ?? '';
  const tb = b.entry.timestamp ?? '';
  if (ta !== tb && ta !== '' && tb !== '') return Date.parse(ta) - Date.parse(tb) || (ta < tb ? -1 : 1);
  return a.seq - b.seq;
}

/**
 * Walks parentUuid from the leaf to the root (spec §3.2), then splices back the pieces of
 * split assistant messages and the parallel tool results that hang off other pieces.
 */
export function buildChain(index: TranscriptIndex, leaf: ChainNode | undefined): ConversationChain {
  if (!leaf) return { leaf: null, nodes: [], cycle: everyNodeIsAParent(index) };
  const { path, cycle } = walkToRoot(index, leaf, false);
  return { leaf: leaf.uuid, nodes: recoverOrphans(index, path), cycle };
}

const isBoundary = (node: ChainNode): boolean => node.entry.type === 'system' && node.entry.subtype === 'compact_boundary';
const isCompactSummary = (node: ChainNode): boolean => node.entry.type === 'user' && node.entry.isCompactSummary === true;

/**
 * Everything the session said, through its compactions: the parent walk from the leaf, which
 * stops at a compact boundary (its parent is null), goes on from the message the boundary was
 * written after (logicalParentUuid). The summary of a compaction crossed this way is left out
 * (what it summarises is on the history); a boundary whose earlier messages are gone keeps its
 * summary, the only record of them. Needs an index built with `wholeHistory`.
 */
export function buildHistory(index: TranscriptIndex, leaf: ChainNode | undefined): ConversationChain {
  if (!leaf) return { leaf: null, nodes: [], cycle: everyNodeIsAParent(index) };
  const { path, cycle, crossed } = walkToRoot(index, leaf, true);
  const kept = path.filter((n) => !(isCompactSummary(n) && n.parent !== null && crossed.has(n.parent)));
  return { leaf: leaf.uuid, nodes: recoverOrphans(index, kept), cycle };
}

/** The parent walk from a leaf, root first; through compact boundaries when asked (the boundaries crossed are named). */
function walkToRoot(
  index: TranscriptIndex,
  leaf: ChainNode,
  throughCompactions: boolean,
): { path: ChainNode[]; cycle: boolean; crossed: Set<string> } {
  const path: ChainNode[] = [];
  const seen = new Set<string>();
  const crossed = new Set<string>();
  let node: ChainNode | undefined = leaf;
  let cycle = false;
  while (node) {
    if (seen.has(node.uuid)) {
      cycle = true;
      break;
    }
    seen.add(node.uuid);
    path.push(node);
    let parent: string | null = node.parent;
    if (throughCompactions && parent === null && isBoundary(node)) {
      const logical: string | null | undefined = node.entry.type === 'system' ? node.entry.logicalParentUuid : undefined;
      if (typeof logical === 'string' && index.nodes.has(logical)) {
        crossed.add(node.uuid);
        parent = logical;
      }
    }
    node = parent === null ? undefined : index.nodes.get(parent);
  }
  path.reverse();
  return { path, cycle, crossed };
}

/**
 * Parallel tool calls are separate entries sharing one message.id, and each tool result hangs
 * off its own piece, so the parent walk misses all but one branch. For every message.id on
 * the chain, the off-chain pieces and the off-chain results of any piece are put back right
 * after the group's last on-chain piece, pieces first, each set in timestamp order.
 */
function recoverOrphans(index: TranscriptIndex, path: ChainNode[]): ChainNode[] {
  const onChain = new Set(path.map((n) => n.uuid));
  const groups = new Map<string, ChainNode[]>();
  for (const node of index.nodes.values()) {
    const id = messageIdOf(node.entry);
    if (id === undefined) continue;
    const group = groups.get(id);
    if (group) group.push(node);
    else groups.set(id, [node]);
  }
  const childrenOf = new Map<string, ChainNode[]>();
  for (const node of index.nodes.values()) {
    if (node.parent === null || node.entry.type !== 'user') continue;
    const list = childrenOf.get(node.parent);
    if (list) list.push(node);
    else childrenOf.set(node.parent, [node]);
  }
  const lastOnChainById = new Map<string, ChainNode>();
  for (const node of path) {
    const id = messageIdOf(node.entry);
    if (id !== undefined) lastOnChainById.set(id, node);
  }
  const insertAfter = new Map<string, ChainNode[]>();
  const handled = new Set<string>();
  for (const node of path) {
    const id = messageIdOf(node.entry);
    if (id === undefined || handled.has(id)) continue;
    handled.add(id);
    const group = groups.get(id) ?? [];
    const members = group.filter((member) => member.entry.isSidechain === node.entry.isSidechain);
    const siblings = members.filter((member) => !onChain.has(member.uuid));
    const results = members
      .flatMap((member) => childrenOf.get(member.uuid) ?? [])
      .filter((child) => !onChain.has(child.uuid) && isToolResult(child));
    if (siblings.length === 0 && results.length === 0) continue;
    const lastOnChain = lastOnChainById.get(id);
    if (!lastOnChain) continue;
    const extra = [...byTime(siblings), ...byTime(results)];
    for (const n of extra) onChain.add(n.uuid);
    insertAfter.set(lastOnChain.uuid, extra);
  }
  if (insertAfter.size === 0) return path;
  return path.flatMap((n) => [n, ...(insertAfter.get(n.uuid) ?? [])]);
}

function isToolResult(node: ChainNode): boolean {
  if (node.entry.type !== 'user') return false;
  const content = node.entry.message.content;
  return Array.isArray(content) && content.some((block) => block.type === 'tool_result');
}

function byTime(nodes: ChainNode[]): ChainNode[] {
  return [...nodes].sort(compareAge);
}

/** With no leaf: if every entry is some entry's parent, the parent links can only form cycles. */
function everyNodeIsAParent(index: TranscriptIndex): boolean {
  if (index.nodes.size === 0) return false;
  const parents = new Set<string>();
  for (const node of index.nodes.values()) if (node.parent !== null) parents.add(node.parent);
  for (const uuid of index.nodes.keys()) if (!parents.has(uuid)) return false;
  return true;
}
