import type { LogEntry } from '../transcript/logEntry.js';
import { isMainThreadMessage } from '../projections/tokens.js';
import { isTextBlock, isToolResultBlock, isToolUseBlock } from '../transcript/contentGuards.js';
import { clip } from './escapeHtml.js';

/** A tool result that came back as an error, with the call it answers. */
export interface ToolErrorMark {
  readonly seq: number;
  readonly uuid: string;
  readonly tool: string;
  readonly text: string;
}

export interface ToolActivity {
  /** The seq of the entry holding each tool call, one item per call. */
  readonly calls: readonly number[];
  readonly errors: readonly ToolErrorMark[];
}

const ERROR_TEXT_CHARS = 300;

/** The main thread's tool calls and failed tool results, in log order. */
export function toolActivity(entries: Iterable<LogEntry>): ToolActivity {
  const fold = toolActivityFold();
  for (const event of entries) fold.push(event);
  return fold.activity;
}

/** `toolActivity` one entry at a time, for a walk that folds several things at once. */
export function toolActivityFold(): { readonly push: (event: LogEntry) => void; readonly activity: ToolActivity } {
  const calls: number[] = [];
  const errors: ToolErrorMark[] = [];
  const names = new Map<string, string>();
  return {
    activity: { calls, errors },
    push: (event) => {
      const { entry } = event;
      if (!isMainThreadMessage(event) || (entry.type !== 'assistant' && entry.type !== 'user')) return;
      const content = entry.message.content;
      if (typeof content === 'string') return;
      for (const block of content) {
        if (isToolUseBlock(block)) {
          names.set(block.id, block.name);
          calls.push(event.seq);
        } else if (isToolResultBlock(block)) {
          if (block.is_error !== true) continue;
          errors.push({
            seq: event.seq,
            uuid: entry.uuid,
            tool: names.get(block.tool_use_id) ?? 'unknown tool',
            text: clip(resultText(block.content), ERROR_TEXT_CHARS),
          });
        }
      }
    },
  };
}

function resultText(content: unknown): string {
  if (typeof content === 'string') return content.trim();
  if (!Array.isArray(content)) return '';
  return content
    .map((block: unknown) => (isTextBlock(block) ? block.text : ''))
    .join(' ')
    .trim();
}
