import { jsonLength } from './jsonLength.js';
import { join } from 'node:path';
import { isToolUseBlock } from '../../transcript/contentGuards.js';
import type { ContentBlock } from '../../transcript/contentSchema.js';
import { throwIfAborted } from '../abort.js';
import type { ModelMessage, ModelPort, ModelReply, ModelRequest, ModelTask } from '../port.js';
import { clip, humanText } from './conversationFacts.js';
import { extractiveSummary } from './extractiveSummary.js';
import { rankMemories } from './lexicalRank.js';
import { draftMemories } from './memoryDraft.js';
import { draftCandidates } from './candidatesDraft.js';
import { RECORD_CANDIDATES_TOOL } from '../candidatesAnswer.js';
import { draftSessionNotes } from './sessionNotesDraft.js';
import { findMemoryStatements } from './memoryStatements.js';

export const OFFLINE_MODEL_ID = 'memlog-offline-1';
const TOOL_ID_PREFIX = 'offline_';

/**
 * The model that needs no key and no network: deterministic heuristics over the conversation
 * in the request, doing each memory job through the same tools a real model would use. It
 * reads the structured `task` of a request (it cannot read prompts); by convention the last
 * message of a task's first turn is the prompt and the messages before it are the conversation.
 */
export class OfflineModel implements ModelPort {
  readonly name = 'offline';

  // Async so that every failure, an abort included, arrives as a rejection like any adapter's.
  // eslint-disable-next-line @typescript-eslint/require-await
  async complete(request: ModelRequest, options: { readonly signal?: AbortSignal } = {}): Promise<ModelReply> {
    throwIfAborted(options.signal, 'offline');
    return this.answer(request);
  }

  private answer(request: ModelRequest): ModelReply {
    const loopStart = request.messages.findIndex(
      (message) => message.role === 'assistant' && blocks(message).some((b) => isToolUseBlock(b) && b.id.startsWith(TOOL_ID_PREFIX)),
    );
    if (loopStart !== -1) return reply(request, [text(afterTools(request.messages.slice(loopStart)))]);
    const input = request.messages;
    const conversation = conversationBefore(input);
    const task = request.task;
    if (task === undefined)
      return reply(request, [text(`The offline model was given no task. The latest message reads: "${clip(lastWords(input), 200)}"`)]);
    return reply(request, this.firstTurn(task, conversation, request));
  }

  private firstTurn(task: ModelTask, conversation: readonly ModelMessage[], request: ModelRequest): ContentBlock[] {
    switch (task.kind) {
      case 'session_notes': {
        if (!offered(request, 'Edit')) return [text('The Edit tool is needed to update the notes and was not offered.')];
        if (task.currentNotes === '') return [text('The notes file is empty: there is nothing to edit.')];
        const notes = draftSessionNotes(task.currentNotes, conversation);
        if (notes === task.currentNotes) return [text('The notes are already up to date.')];
        return [toolUse(0, 'Edit', { file_path: task.notesPath, old_string: task.currentNotes, new_string: notes })];
      }
      case 'extract_memories': {
        if (!offered(request, 'Write')) return [text('The Write tool is needed to save memories and was not offered.')];
        const writes = draftMemories(task, conversation);
        if (writes.length === 0) return [text('Nothing in the new messages is worth remembering.')];
        return writes.map((write, i) => toolUse(i, 'Write', { file_path: join(task.memoryDir, write.filename), content: write.content }));
      }
      case 'recall':
        return [text(JSON.stringify({ selected_memories: rankMemories(task.query, task.candidates, task.recentTools, task.limit) }))];
      case 'summary':
        return [text(extractiveSummary(conversation))];
      case 'first_look':
        // Its own rule: a run is likely to write when the new messages hold a statement the
        // offline extractor would save (a preference, a correction, a project fact).
        return [text(JSON.stringify({ write_likely: findMemoryStatements(task.messages).length > 0 }))];
      case 'find_candidates':
        if (!offered(request, RECORD_CANDIDATES_TOOL))
          return [text(`The ${RECORD_CANDIDATES_TOOL} tool is needed to answer and was not offered.`)];
        return [toolUse(0, RECORD_CANDIDATES_TOOL, draftCandidates(task))];
    }
  }
}

function blocks(message: ModelMessage): readonly ContentBlock[] {
  return typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
}

const text = (value: string): ContentBlock => ({ type: 'text', text: value });
const toolUse = (index: number, name: string, input: Record<string, unknown>): ContentBlock => ({
  type: 'tool_use',
  id: `${TOOL_ID_PREFIX}${index}`,
  name,
  input,
});
const offered = (request: ModelRequest, tool: string): boolean => request.tools?.some((t) => t.name === tool) === true;

/** The messages before the prompt: the prompt is the last user message's text; its tool results belong to the conversation. */
function conversationBefore(input: readonly ModelMessage[]): readonly ModelMessage[] {
  const last = input.at(-1);
  if (last?.role !== 'user') return input;
  const results = blocks(last).filter((block) => block.type === 'tool_result');
  return results.length === 0 ? input.slice(0, -1) : [...input.slice(0, -1), { role: 'user', content: results }];
}

function lastWords(messages: readonly ModelMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const words = humanText(messages[i]!);
    if (words !== '') return words;
  }
  return '';
}

/** The closing turn: what the tool calls came to. */
function afterTools(loop: readonly ModelMessage[]): string {
  const results = loop.flatMap((message) =>
    message.role === 'user' ? blocks(message).filter((b) => b.type === 'tool_result') : [],
  ) as Array<{ is_error?: boolean; content?: unknown }>;
  const failed = results.filter((result) => result.is_error === true);
  if (failed.length === 0) return `Done: ${results.length} change${results.length === 1 ? '' : 's'} made.`;
  const reasons = failed.map((result) => clip(typeof result.content === 'string' ? result.content : JSON.stringify(result.content), 160));
  return `${results.length - failed.length} of ${results.length} changes made; refused or failed: ${reasons.join('; ')}`;
}

function reply(request: ModelRequest, content: ContentBlock[]): ModelReply {
  const inputChars = (request.system ?? '').length + jsonLength(request.messages);
  const outputChars = JSON.stringify(content).length;
  return {
    model: OFFLINE_MODEL_ID,
    content,
    stopReason: content.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn',
    usage: {
      inputTokens: Math.round(inputChars / 4),
      outputTokens: Math.round(outputChars / 4),
      cacheCreationInputTokens: 0,
      cacheReadInputTokens: 0,
    },
  };
}
