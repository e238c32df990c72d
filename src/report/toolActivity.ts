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
/** Calls not yet answered whose names are remembered: a result comes a few entries after its call. */
const REMEMBERED_CALLS = 65_536;
/** Answered calls whose names are still remembered, for a result line written again (a resumed or repeated line). */
const REMEMBERED_ANSWERED = 1_024;

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
 * and failed results are counted and handed to the listeners, not kept (decision 51).
 */
export function toolActivityFold(
  listeners: { readonly onCall?: (seq: number) => void; readonly onError?: (mark: ToolErrorMark) => void } = {},
): ToolActivityFold {
  let calls = 0;
  let errors = 0;
  // Insertion order is age: past a limit the oldest name is forgotten. A call's name moves from
  // `open` to `answered` when its result comes, so a long session keeps a few names, not 65,536.
  const open = new Map<string, string>();
  const answered = new Map<string, string>();
  const remember = (names: Map<string, string>, id: string, name: string, limit: number): void => {
    names.delete(id);
    names.set(id, name);
    if (names.size > limit) names.delete(names.keys().next().value!);
  };
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
          answered.delete(block.id);
          remember(open, block.id, block.name, REMEMBERED_CALLS);
          calls++;
          listeners.onCall?.(event.seq);
        } else if (isToolResultBlock(block)) {
          const id = block.tool_use_id;
          const name = open.get(id) ?? answered.get(id);
          if (open.delete(id)) remember(answered, id, name!, REMEMBERED_ANSWERED);
          if (block.is_error !== true) continue;
          errors++;
          listeners.onError?.({
            seq: event.seq,
            uuid: entry.uuid,
            tool: name ?? 'unknown tool',
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
