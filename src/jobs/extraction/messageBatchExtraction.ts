import { realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { atomicWrite } from '../../fs/atomicWrite.js';
import { isWithin } from '../../fs/containment.js';
import { withTaskPrompt } from '../../model/backgroundRequest.js';
import type { ModelMessage, ModelReply, ModelRequest } from '../../model/port.js';
import { formatFinding, scanForSecrets } from '../../secrets/scanForSecrets.js';
import { isToolUseBlock } from '../../transcript/contentGuards.js';
import { EXTRACTION_SYSTEM } from './extractionRun.js';
import type { StagedContext, StagedWork } from './stagedMemoryRun.js';
import { INDEX_NAME, reservedIndexNameReason } from '../../memory/durable/memoryIndex.js';
import { indexLine, MEMORY_TYPES, parseTopicFile, renderTopicFile, type FrontmatterForm } from '../../memory/durable/topicFile.js';
import { readRegularFile } from '../../fs/regularFile.js';

/**
 * Extraction through the Message Batches API. A batch request is one call with no tool loop,
 * so the model is shown every memory in full up front and answers with one `save_memories`
 * call; memlog writes the files and the index lines itself, through the same checks.
 */
export const SAVE_MEMORIES_TOOL = 'save_memories';

/** Each memory shown in full up to this size; the whole set up to the recall budget. */
const SHOWN_FILE_BYTES = 4_096;
const SHOWN_TOTAL_BYTES = 60 * 1024;

const MemoryToSave = z.object({
  file: z.string().describe('file name inside the memory directory, e.g. prefer-pnpm.md; an existing name updates that memory'),
  name: z.string().min(1),
  description: z.string().min(1).describe('one specific line: it decides when the memory is recalled'),
  type: z.enum(MEMORY_TYPES),
  body: z
    .string()
    .min(1)
    .describe('the memory itself: for feedback and project, the rule or fact, then a **Why:** line and a **How to apply:** line'),
});
export const SaveMemoriesInput = z.object({ memories: z.array(MemoryToSave) });
export type SaveMemoriesInput = z.infer<typeof SaveMemoriesInput>;

/** A name the index can link to and no path trick can use: one plain `.md` file, not the index. */
const SAFE_FILE = /^[a-z0-9][a-z0-9_.-]{0,95}\.md$/i;

export interface BatchExtractionInput {
  readonly conversation: readonly ModelMessage[];
  readonly newMessages: number;
  readonly memoryDir: string;
}

/** The batch request for one extraction: the conversation, then the task with every memory in full. */
export async function batchExtractionRequest(input: BatchExtractionInput, context: StagedContext): Promise<ModelRequest> {
  const shown: string[] = [];
  let budget = SHOWN_TOTAL_BYTES;
  const root = await realpath(context.staging).catch(() => context.staging);
  for (const header of context.existing) {
    if (budget <= 0) break;
    // A memory file that is a link leading out of the memory directory is not shown: its target is not memory.
    const real = await realpath(join(context.staging, header.filename)).catch(() => null);
    if (real === null || !isWithin(root, real)) continue;
    const text = (await readRegularFile(real, 'utf8').catch(() => '')).slice(0, Math.min(SHOWN_FILE_BYTES, budget));
    budget -= Buffer.byteLength(text);
    shown.push(`<memory file="${header.filename}">\n${text.trimEnd()}\n</memory>`);
  }
  const prompt = batchPrompt(input.newMessages, input.memoryDir, shown);
  return {
    system: EXTRACTION_SYSTEM,
    messages: withTaskPrompt(input.conversation, prompt),
    tools: [
      {
        name: SAVE_MEMORIES_TOOL,
        description: 'Save new memories and updates to existing ones, all in this one call.',
        inputSchema: z.toJSONSchema(SaveMemoriesInput),
      },
    ],
    maxTokens: 8_192,
    sharedPrefix: input.conversation.length,
    providerData: { tool_choice: { type: 'tool', name: SAVE_MEMORIES_TOOL } },
  };
}

function batchPrompt(newMessages: number, memoryDir: string, shown: readonly string[]): string {
  const existing =
    shown.length === 0
      ? 'No memories are saved yet.'
      : `These memories are saved already; to change one, save it again under the same file name, in full:\n\n${shown.join('\n\n')}`;
  return `This is a background task, separate from the conversation above: you keep the long-term memory of this project (${memoryDir}). Do not answer or continue the conversation.

Look only at the last ${newMessages} messages above and save what is worth remembering in later sessions, working only from what those messages say. Answer with a single ${SAVE_MEMORIES_TOOL} call; an empty list when nothing is worth keeping.

${existing}

Four kinds of memory:
- user: who the person is (role, what they know, what they are responsible for); no judgements, no private details that do not help the work.
- feedback: how they want the work done: corrections and approaches they confirmed. The rule first, then "**Why:**" and "**How to apply:**" lines.
- project: what is going on that the code and git history do not show (goals, decisions, deadlines, incidents); absolute dates. The fact first, then "**Why:**" and "**How to apply:**".
- reference: where information lives outside the code (a dashboard, a ticket board, a channel, a document).

Never save: what the code, its structure or the git history already tells; how a bug was fixed; anything in a CLAUDE.md file; the state of the current task; passwords, keys, tokens or other secrets.`;
}

export interface BatchReplyOptions {
  readonly frontmatter: FrontmatterForm;
  readonly sessionId: string | null;
  /** Stamped as `modified`: the time of the newest message, so a collection replays byte for byte. */
  readonly now: string;
}

/**
 * Writes what a batch reply asks for into a staged copy: each memory as a topic file, and its
 * index line added or replaced. A reply without the call, or of the wrong shape, saves nothing
 * and fails the run; a memory with an unsafe file name, the index's name in any spelling, or
 * content the secret scan flags is refused (counted as denied; an index name and the secret
 * findings are reported in `refused`, the findings by rule and line, never the value).
 */
export async function applyBatchReply(reply: ModelReply, context: StagedContext, options: BatchReplyOptions): Promise<StagedWork> {
  const call = reply.content.filter(isToolUseBlock).find((block) => block.name === SAVE_MEMORIES_TOOL);
  if (call === undefined) throw new Error(`the batch reply has no ${SAVE_MEMORIES_TOOL} call (stop reason ${reply.stopReason ?? 'none'})`);
  const parsed = SaveMemoriesInput.safeParse(call.input);
  if (!parsed.success)
    throw new Error(
      `the ${SAVE_MEMORIES_TOOL} input does not fit its schema: ${parsed.error.issues[0]?.message ?? 'wrong shape'} at ${parsed.error.issues[0]?.path.join('.') ?? ''}`,
    );
  let index = context.index;
  let denied = 0;
  const refused: string[] = [];
  for (const memory of parsed.data.memories) {
    const saved = await saveMemory(memory, context, options);
    if (saved.ok) index = withIndexLine(index, memory.file, saved.indexLine);
    else {
      denied++;
      refused.push(...saved.refused);
    }
  }
  if (index !== context.index) await atomicWrite(join(context.staging, INDEX_NAME), index);
  return {
    toolCalls: 1,
    denied,
    turns: 1,
    ...(refused.length === 0 ? {} : { refused }),
    tokens: { input: reply.usage.inputTokens, output: reply.usage.outputTokens, cacheRead: reply.usage.cacheReadInputTokens },
  };
}

/** One memory of the reply written into the staged copy, or refused (with what the report says of it). */
async function saveMemory(
  memory: SaveMemoriesInput['memories'][number],
  context: StagedContext,
  options: BatchReplyOptions,
): Promise<{ readonly ok: true; readonly indexLine: string } | { readonly ok: false; readonly refused: readonly string[] }> {
  const indexName =
    memory.file === INDEX_NAME
      ? 'is the index, which memlog writes itself; a memory needs a file name of its own'
      : reservedIndexNameReason(memory.file);
  if (indexName !== null) return { ok: false, refused: [`${memory.file}: ${indexName}`] };
  if (!SAFE_FILE.test(memory.file)) return { ok: false, refused: [] };
  const path = join(context.staging, memory.file);
  const before = await readRegularFile(path, 'utf8').catch(() => null);
  const previous = before === null ? null : parseTopicFile(before, memory.file);
  const extra = previous?.ok === true ? previous.file.extra : undefined;
  const rendered = renderTopicFile(
    {
      name: memory.name,
      description: memory.description,
      type: memory.type,
      body: memory.body,
      ...(options.sessionId === null ? {} : { originSessionId: options.sessionId }),
      modified: options.now,
      ...(extra === undefined ? {} : { extra }),
    },
    options.frontmatter,
  );
  const line = indexLine(memory.name, memory.file, memory.description);
  // The same scan as every other memory write: a memory holding a credential is not written.
  const findings = await scanForSecrets(`${rendered}\n${line}`, memory.file);
  if (findings.length > 0) return { ok: false, refused: findings.map(formatFinding) };
  await atomicWrite(path, rendered);
  return { ok: true, indexLine: line };
}

/** The index with the line that links `file` replaced, or added at the end. */
function withIndexLine(index: string, file: string, line: string): string {
  const lines = index === '' ? [] : index.replace(/\n$/, '').split('\n');
  const at = lines.findIndex((l) => l.includes(`](${file})`));
  if (at === -1) lines.push(line);
  else lines[at] = line;
  return `${lines.join('\n')}\n`;
}
