import { toApiMessages, type ApiMessage } from '../resume/apiView.js';
import type { ChainNode } from '../resume/transcriptIndex.js';
import { isToolResultBlock } from '../transcript/contentGuards.js';
import type { ContentBlock } from '../transcript/contentSchema.js';
import { isEmptyText, toApiBlock, type DroppedBlocks } from './apiBlocks.js';
import { renderLoggedAttachment, type RenderedAttachment } from './memoryAttachments.js';

export interface NormalizeOptions {
  /** Files the model has already been shown (the eager CLAUDE.md files): a nested_memory naming one is not repeated. */
  readonly alreadyLoaded?: ReadonlySet<string>;
  /** Reminders computed by memlog for a tool call (nested CLAUDE.md files a Read brought in), put after its result. */
  readonly afterToolResult?: ReadonlyMap<string, readonly RenderedAttachment[]>;
}

export interface NormalizedConversation {
  readonly messages: ApiMessage[];
  /** Memory reminders taken from the log (and computed ones), in order. */
  readonly attachments: readonly RenderedAttachment[];
  /** Logged attachment kinds left out, with counts: Claude Code's harness state, not memory. */
  readonly skipped: Readonly<Record<string, number>>;
  /** Content blocks left out because the Messages API does not take their kind, with counts. */
  readonly dropped: Readonly<DroppedBlocks>;
  /** Files shown so far as memory (recalled, nested): a new recall must not offer them again. */
  readonly surfaced: ReadonlySet<string>;
}

/**
 * The conversation as the Messages API receives it (transcript spec §6.2, long-term §7.3), from
 * the resumed chain (already cut at the last compact boundary and filtered for resume):
 * attachments move up to just after the nearest assistant message or tool result; memory
 * attachments become meta user messages in system reminders, other kinds are left out; system
 * entries are dropped except local command output, which becomes a user message; then
 * src/resume/apiView.ts merges split assistant messages and consecutive user messages. Blocks
 * are reduced to the fields the API takes; blocks of kinds it does not take are left out and
 * counted in `dropped`.
 */
export function normalizeForApi(nodes: readonly ChainNode[], options: NormalizeOptions = {}): NormalizedConversation {
  const loaded = options.alreadyLoaded ?? new Set<string>();
  const surfaced = new Set<string>();
  const attachments: RenderedAttachment[] = [];
  const skipped: Record<string, number> = {};
  const converted: ChainNode[] = [];
  const addReminders = (node: ChainNode, rendered: readonly RenderedAttachment[]) => {
    rendered.forEach((reminder, i) => {
      if (reminder.path !== undefined) {
        if (loaded.has(reminder.path) || surfaced.has(reminder.path)) return;
        surfaced.add(reminder.path);
      }
      attachments.push(reminder);
      converted.push(metaUser(node, `${node.uuid}#${reminder.kind}-${i}`, reminder.text));
    });
  };
  for (const node of reorderAttachments(nodes)) {
    const { entry } = node;
    switch (entry.type) {
      case 'attachment': {
        const rendered = renderLoggedAttachment(entry.attachment);
        if (rendered === null) skipped[entry.attachment.type] = (skipped[entry.attachment.type] ?? 0) + 1;
        else addReminders(node, rendered);
        break;
      }
      case 'system':
        // Slash-command output is the only system line the model sees (spec §6.2 step 3).
        if (entry.subtype === 'local_command' && typeof entry.content === 'string' && entry.content.trim() !== '')
          converted.push(metaUser(node, node.uuid, entry.content));
        break;
      case 'user': {
        converted.push(node);
        const content = entry.message.content;
        if (options.afterToolResult === undefined || typeof content === 'string') break;
        for (const block of content) {
          if (!isToolResultBlock(block)) continue;
          const extra = options.afterToolResult.get(block.tool_use_id);
          if (extra !== undefined) addReminders(node, extra);
        }
        break;
      }
      case 'assistant':
        converted.push(node);
        break;
    }
  }
  const dropped: DroppedBlocks = {};
  const messages = toApiMessages(converted).flatMap((message) => {
    const content = message.content
      .map((block) => toApiBlock(block, dropped))
      .filter((block): block is ContentBlock => block !== null && !isEmptyText(block));
    return content.length === 0 ? [] : [{ ...message, content }];
  });
  return { messages, attachments, skipped, dropped, surfaced };
}

/**
 * reorderAttachmentsForAPI (spec §6.2 step 1): each attachment moves toward the start until it
 * sits right after the nearest earlier assistant entry or tool-result user entry, keeping the
 * attachments' own order; an attachment logged after a prompt so ends up before it.
 */
export function reorderAttachments(nodes: readonly ChainNode[]): ChainNode[] {
  const out: ChainNode[] = [];
  let insertAt = 0;
  for (const node of nodes) {
    if (node.entry.type === 'attachment') {
      out.splice(insertAt, 0, node);
      insertAt++;
      continue;
    }
    out.push(node);
    if (isAnchor(node)) insertAt = out.length;
  }
  return out;
}

function isAnchor(node: ChainNode): boolean {
  const { entry } = node;
  if (entry.type === 'assistant') return true;
  if (entry.type !== 'user' || typeof entry.message.content === 'string') return false;
  return entry.message.content[0]?.type === 'tool_result';
}

/** A meta user entry carrying one reminder, made from the node it stands for. */
function metaUser(node: ChainNode, uuid: string, text: string): ChainNode {
  const entry = {
    type: 'user',
    uuid,
    parentUuid: node.parent,
    isSidechain: node.entry.isSidechain ?? false,
    isMeta: true,
    timestamp: node.entry.timestamp,
    message: { role: 'user', content: [{ type: 'text', text }] },
  };
  return { uuid, seq: node.seq, parent: node.parent, entry: entry as unknown as ChainNode['entry'] };
}
