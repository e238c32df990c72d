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
  const conversion = new NodeConversion(options);
  for (const node of reorderAttachments(nodes)) conversion.add(node);
  const { attachments, skipped, surfaced } = conversion;
  const dropped: DroppedBlocks = {};
  const messages = toApiMessages(conversion.converted).flatMap((message) => {
    const content = message.content
      .map((block) => toApiBlock(block, dropped))
      .filter((block): block is ContentBlock => block !== null && !isEmptyText(block));
    return content.length === 0 ? [] : [{ ...message, content }];
  });
  return { messages, attachments, skipped, dropped, surfaced };
}

/** The nodes the model sees, in order: memory attachments as meta user messages, other attachments counted and left out. */
class NodeConversion {
  readonly converted: ChainNode[] = [];
  readonly attachments: RenderedAttachment[] = [];
  readonly skipped: Record<string, number> = {};
  readonly surfaced = new Set<string>();
  private readonly loaded: ReadonlySet<string>;

  constructor(private readonly options: NormalizeOptions) {
    this.loaded = options.alreadyLoaded ?? new Set<string>();
  }

  add(node: ChainNode): void {
    const { entry } = node;
    switch (entry.type) {
      case 'attachment': {
        const rendered = renderLoggedAttachment(entry.attachment);
        if (rendered === null) this.skipped[entry.attachment.type] = (this.skipped[entry.attachment.type] ?? 0) + 1;
        else this.addReminders(node, rendered);
        break;
      }
      case 'system':
        // Slash-command output is the only system line the model sees (spec §6.2 step 3).
        if (entry.subtype === 'local_command' && typeof entry.content === 'string' && entry.content.trim() !== '')
          this.converted.push(metaUser(node, node.uuid, entry.content));
        break;
      case 'user':
        this.converted.push(node);
        this.addAfterToolResults(node, entry.message.content);
        break;
      case 'assistant':
        this.converted.push(node);
        break;
    }
  }

  /** The reminders memlog computed for the tool calls this user entry answers, after it. */
  private addAfterToolResults(node: ChainNode, content: string | readonly ContentBlock[]): void {
    const after = this.options.afterToolResult;
    if (after === undefined || typeof content === 'string') return;
    for (const block of content) {
      if (!isToolResultBlock(block)) continue;
      const extra = after.get(block.tool_use_id);
      if (extra !== undefined) this.addReminders(node, extra);
    }
  }

  private addReminders(node: ChainNode, rendered: readonly RenderedAttachment[]): void {
    rendered.forEach((reminder, i) => {
      if (reminder.path !== undefined) {
        if (this.loaded.has(reminder.path) || this.surfaced.has(reminder.path)) return;
        this.surfaced.add(reminder.path);
      }
      this.attachments.push(reminder);
      this.converted.push(metaUser(node, `${node.uuid}#${reminder.kind}-${i}`, reminder.text));
    });
  }
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
