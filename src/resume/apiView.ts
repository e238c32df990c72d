import { isToolResultBlock, isToolUseBlock } from '../transcript/contentGuards.js';
import type { ContentBlock } from '../transcript/contentSchema.js';
import { isSyntheticApiError } from '../transcript/modelResponse.js';
import type { ChainNode } from './transcriptIndex.js';
import { TextIds } from './textIds.js';
import { messageIdOf } from './transcriptIndex.js';

/** One message as the Messages API receives it, with the entries it was built from. */
export interface ApiMessage {
  readonly role: 'user' | 'assistant';
  readonly content: ContentBlock[];
  /** Uuids of the transcript entries merged into this message. */
  readonly sources: string[];
  /** The API message id, for assistant messages. */
  readonly messageId?: string;
}

/**
 * The conversation part of the API request for a resumed chain (spec §6.2, the subset that
 * depends on the log alone): user and assistant entries only; split assistant pieces merged
 * by message.id; blocks written twice (a re-sent message with new uuids) kept once;
 * consecutive user entries merged with tool results first; tool results without their
 * tool_use dropped. Attachments and system reminders are the context layer's business.
 */
export function toApiMessages(chain: readonly ChainNode[]): ApiMessage[] {
  const fold = newFold();
  for (const node of chain) addNode(fold, node);
  return fold.out;
}

/**
 * `toApiMessages` one node at a time: each message is given as soon as no later entry can
 * change it, so a caller that reads the chain back entry by entry holds a few messages, not the
 * conversation (decision 54). A user message with anything besides tool results closes every
 * message before it: a user entry merges into the last message only, and an assistant piece's
 * search for its message (`findSameMessage`) stops there.
 */
export function* streamApiMessages(chain: Iterable<ChainNode>): Generator<ApiMessage, void, undefined> {
  // The tool ids seen grow with the session: kept packed, a third of the memory of a Set of strings.
  const fold: Fold = { out: [], seenToolUse: new TextIds(), seenToolResult: new TextIds() };
  for (const node of chain) {
    addNode(fold, node);
    const last = fold.out.at(-1);
    if (fold.out.length > 1 && last?.role === 'user' && !last.content.every((block) => block.type === 'tool_result')) {
      yield* fold.out.slice(0, -1);
      fold.out = [last];
    }
  }
  yield* fold.out;
}

type OpenMessage = ApiMessage & { content: ContentBlock[] };

/** The messages built so far (or, streaming, those not given yet), and the tool calls and results already taken. */
interface Fold {
  out: OpenMessage[];
  readonly seenToolUse: TextSet;
  readonly seenToolResult: TextSet;
}

interface TextSet {
  has(text: string): boolean;
  add(text: string): unknown;
}

const newFold = (): Fold => ({ out: [], seenToolUse: new Set(), seenToolResult: new Set() });

function addNode(fold: Fold, node: ChainNode): void {
  const { out, seenToolUse, seenToolResult } = fold;
  const { entry } = node;
  if (entry.type === 'user') {
    if (entry.isVirtual === true) return;
    const blocks = toBlocks(entry.message.content).filter((block) => {
      if (!isToolResultBlock(block)) return true;
      const id = block.tool_use_id;
      if (!seenToolUse.has(id) || seenToolResult.has(id)) return false;
      seenToolResult.add(id);
      return true;
    });
    if (blocks.length === 0) return;
    const last = out.at(-1);
    if (last?.role === 'user') {
      mergeUser(last, blocks);
      last.sources.push(node.uuid);
    } else {
      out.push({ role: 'user', content: blocks, sources: [node.uuid] });
    }
  } else if (entry.type === 'assistant') {
    if (entry.isVirtual === true) return;
    if (isSyntheticApiError(entry)) return;
    const id = messageIdOf(entry);
    const blocks = toBlocks(entry.message.content).filter((block) => {
      if (!isToolUseBlock(block)) return true;
      const toolId = block.id;
      if (seenToolUse.has(toolId)) return false;
      seenToolUse.add(toolId);
      return true;
    });
    const target = id === undefined ? undefined : findSameMessage(out, id);
    if (target) {
      for (const block of blocks) if (!target.content.some((have) => sameBlock(have, block))) target.content.push(block);
      target.sources.push(node.uuid);
    } else if (blocks.length > 0) {
      out.push({ role: 'assistant', content: blocks, sources: [node.uuid], ...(id === undefined ? {} : { messageId: id }) });
    }
  }
}

function toBlocks(content: string | ContentBlock[]): ContentBlock[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : [...content];
}

/** Walks back over tool-result user messages and other assistants, as Claude Code's merge does. */
function findSameMessage(out: OpenMessage[], id: string): OpenMessage | undefined {
  for (let i = out.length - 1; i >= 0; i--) {
    const message = out[i];
    if (!message) break;
    if (message.role === 'assistant') {
      if (message.messageId === id) return message;
      continue;
    }
    if (!message.content.every((block) => block.type === 'tool_result')) return undefined;
  }
  return undefined;
}

function mergeUser(target: { content: ContentBlock[] }, blocks: ContentBlock[]): void {
  const merged = [...target.content, ...blocks];
  const results = merged.filter((block) => block.type === 'tool_result');
  const rest = merged.filter((block) => block.type !== 'tool_result');
  target.content.splice(0, target.content.length, ...results, ...rest);
}

function sameBlock(a: ContentBlock, b: ContentBlock): boolean {
  if (a === b) return true;
  if (a.type !== b.type) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
