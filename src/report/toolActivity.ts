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
/** Tool calls whose names are remembered for the failed results that answer them: a result comes a few entries after its call. */
const REMEMBERED_CALLS = 65_536;

/** The main thread's tool calls and failed tool results, in log order. */
export function toolActivity(entries: Iterable<LogEntry>): ToolActivity {
  const calls: number[] = [];
  const errors: ToolErrorMark[] = [];
  const fold = toolActivityFold({ onCall: (seq) => calls.push(seq), onError: (mark) => errors.push(mark) });
  for (const event of entries) fold.push(event);
  return { calls, errors };
}

/** What a walk is told of the tool activity it folds, and how much there was. */
export interface ToolActivityFold {
  readonly push: (event: LogEntry) => void;
  readonly calls: () => number;
  readonly errors: () => number;
}

/**
 * `toolActivity` one entry at a time, for a walk that folds several things at once: the calls
 * and failed results are counted and handed to the listeners, not kept (issue 21).
 */
export function toolActivityFold(
  listeners: { readonly onCall?: (seq: number) => void; readonly onError?: (mark: ToolErrorMark) => void } = {},
): ToolActivityFold {
  let calls = 0;
  let errors = 0;
  // Insertion order is age: past the limit the oldest call's name is forgotten.
  const names = new Map<string, string>();
  return {
    calls: () => calls,
    errors: () => errors,
    push: (event) => {
      const { entry } = event;
      if (!isMainThreadMessage(event) || (entry.type !== 'assistant' && entry.type !== 'user')) return;
      const content = entry.message.content;
      if (typeof content === 'string') return;
      for (const block of content) {
        if (isToolUseBlock(block)) {
          names.set(block.id, block.name);
          if (names.size > REMEMBERED_CALLS) names.delete(names.keys().next().value!);
          calls++;
          listeners.onCall?.(event.seq);
        } else if (isToolResultBlock(block)) {
          if (block.is_error !== true) continue;
          errors++;
          listeners.onError?.({
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
