import { z } from 'zod';
import type { MemoryCandidate } from '../../consolidation/memoryCandidate.js';
import { CandidatesAnswer, RECORD_CANDIDATES_TOOL } from '../../model/candidatesAnswer.js';
import type { ChunkMessage, ModelReply, ModelRequest } from '../../model/port.js';
import { roughTokens } from '../../projections/tokenEstimate.js';
import type { ApiMessage } from '../../resume/apiView.js';
import { personsAnswersIn, type AskedCalls } from '../../model/offline/askAnswers.js';
import { typedWordsIn, type TypedWordsFound } from '../../projections/typedWords.js';
import { scanForSecrets } from '../../secrets/scanForSecrets.js';
import { isTextBlock, isToolResultBlock, isToolUseBlock } from '../../transcript/contentGuards.js';
import type { ContentBlock } from '../../transcript/contentSchema.js';

const SYSTEM = `You read transcripts of past sessions between a person and Claude Code, a coding assistant, and pick out what is worth keeping in the project's long-term memory. You never continue the conversation.`;

/** Names and descriptions of what the session yielded before this chunk: all of it the next chunk is told. */
export type CarryOver = ReadonlyArray<{ readonly name: string; readonly description: string }>;

/** What a chunk is sent with besides its own messages: never the conversation before it again. */
export interface ChunkContext {
  /** The candidates found earlier in the session. */
  readonly known: CarryOver;
  /** The session notes, when they exist: what the whole session was about, in a few lines. */
  readonly notes?: string;
  /** Memory files the session's assistant saved itself, up to the end of this chunk. */
  readonly saved: ReadonlyArray<{ readonly path: string; readonly text: string }>;
}

/** A saved memory file in one line: its file name and its description (or, without one, its first words). */
function savedLine(saved: ChunkContext['saved'][number]): string {
  const description = /^description:\s*(.+)$/m.exec(saved.text)?.[1];
  const body = (description ?? saved.text.replace(/^---\n[\s\S]*?\n---\n/, '')).replace(/\s+/g, ' ').trim();
  return `- ${saved.path.split(/[\\/]/).at(-1) ?? saved.path}: ${body.length <= 200 ? body : `${body.slice(0, 199)}…`}`;
}

/** The prompt a person typed that a user message holds, if any. */
const promptOf = (message: Pick<ApiMessage, 'role' | 'sources'>, prompts: ReadonlySet<string>): string | undefined =>
  message.role === 'user' ? message.sources.find((uuid) => prompts.has(uuid)) : undefined;

/** The uuid a message is cited by: its prompt's, when a person typed it, else its first entry's. */
export const citedUuid = (message: Pick<ApiMessage, 'role' | 'sources'>, prompts: ReadonlySet<string>): string =>
  promptOf(message, prompts) ?? message.sources[0] ?? '';

/**
 * A message as the chunk's transcript shows it, and the uuid it is cited by (the prompt's, when a person typed it). A
 * message that holds no prompt may still hold words the person typed (`typed`: a slash command's arguments, words
 * queued while the agent worked): those, and not the rest of it, are theirs (decision 100).
 */
export function chunkMessage(
  message: ApiMessage,
  prompts: ReadonlySet<string>,
  asked: AskedCalls = new Set(),
  typed?: TypedWordsFound,
): ChunkMessage {
  const prompt = promptOf(message, prompts);
  const { words: answers, choices } = personsAnswersIn(message.content, asked);
  const own = prompt === undefined && typed !== undefined && message.role === 'user' ? typedWordsIn(message.sources, typed) : [];
  return {
    uuid: prompt ?? message.sources[0] ?? '',
    role: message.role,
    human: prompt !== undefined,
    text: message.content
      .map(blockText)
      .filter((t) => t !== '')
      .join('\n'),
    ...(prompt === undefined ? {} : { texts: message.content.filter(isTextBlock).map((block) => block.text) }),
    ...(own.length === 0 ? {} : { typed: own }),
    ...(answers.length === 0 ? {} : { answers }),
    ...(choices.length === 0 ? {} : { choices }),
  };
}

/** A block as text: words as they are, tool calls and results marked; thinking is left out (it is the model's, not the session's). */
function blockText(block: ContentBlock): string {
  if (isTextBlock(block)) return block.text;
  if (isToolUseBlock(block)) return `[tool call ${block.name}] ${JSON.stringify(block.input) ?? ''}`;
  if (isToolResultBlock(block)) {
    const content = block.content;
    const inner = content === undefined ? '' : typeof content === 'string' ? content : content.map(blockText).join('\n');
    return `[tool result${block.is_error === true ? ', error' : ''}] ${inner}`;
  }
  if (block.type === 'image' || block.type === 'document') return `[${block.type}]`;
  return '';
}

/** A message of the chunk's transcript, labelled with whose it is. */
function labelled(m: ChunkMessage): string {
  const from = m.human || m.answers !== undefined ? 'person' : m.role;
  // Words the person typed into a message that is not theirs are marked as theirs, apart from the rest (decision 100).
  const typed = m.typed === undefined ? '' : `\n<person-typed>\n${m.typed.join('\n')}\n</person-typed>`;
  return `<message uuid="${m.uuid}" from="${from}">\n${m.text}${typed}\n</message>`;
}

/** The request for one chunk: the chunk once, as a labelled transcript, and the carry-over; one tool to answer with. */
export function chunkRequest(messages: readonly ChunkMessage[], context: ChunkContext): ModelRequest {
  const { known } = context;
  const transcript = messages.map(labelled).join('\n');
  const carried =
    known.length === 0
      ? 'Nothing has been found in the earlier part of this session.'
      : `Already found in the earlier part of this session (do not give these again; give one again only if this part changes it):\n${known.map((k) => `- ${k.name}: ${k.description}`).join('\n')}`;
  const prompt = `Here is part of a past session, message by message:

<transcript>
${transcript}
</transcript>

${carried}${
    context.notes === undefined
      ? ''
      : `\n\nThe notes kept during this session, for context (something in them is worth keeping only where this part says it):\n<session-notes>\n${context.notes}\n</session-notes>`
  }${
    context.saved.length === 0
      ? ''
      : `\n\nThe assistant already saved these to memory itself during the session; do not give them again:\n${context.saved.map(savedLine).join('\n')}`
  }

Find what is worth remembering in later sessions, from this part only, and answer with a single ${RECORD_CANDIDATES_TOOL} call (an empty list when nothing is). For each: its type, a short name, a one-line description, the body, and the uuids of the messages that say it.

Four kinds of memory:
- user: who the person is (role, what they know, what they are responsible for); no judgements, no private details that do not help the work.
- feedback: how they want the work done: corrections and approaches they confirmed. The rule first, then "**Why:**" and "**How to apply:**" lines.
- project: what is going on that the code and git history do not show (goals, decisions, deadlines, incidents). The fact first, then "**Why:**" and "**How to apply:**". Keep dates as they were said.
- reference: where information lives outside the code (a dashboard, a ticket board, a channel, a document).

Never keep: what the code, its structure or the git history already tells; how a bug was fixed; the state of the task at hand; passwords, keys, tokens or other secrets.`;
  return {
    system: SYSTEM,
    messages: [{ role: 'user', content: prompt }],
    tools: [
      {
        name: RECORD_CANDIDATES_TOOL,
        description: 'Record the memories found in this part of the session, all in this one call.',
        inputSchema: z.toJSONSchema(CandidatesAnswer),
      },
    ],
    maxTokens: 8_192,
    providerData: { tool_choice: { type: 'tool', name: RECORD_CANDIDATES_TOOL } },
    task: { kind: 'find_candidates', messages, known },
  };
}

/** The request's size by the project's estimate, for a model that reports no usage. */
export function requestTokens(request: ModelRequest): number {
  return roughTokens(request.system ?? '') + request.messages.reduce((n, m) => n + roughTokens(JSON.stringify(m.content)), 0);
}

export class CandidatesReplyError extends Error {}

export interface ChunkSources {
  readonly session: string;
  /** The session id the entries carry, when it is not `session` (decision 68). */
  readonly sessionId?: string;
  /** Every uuid of the chunk (any entry a message was built from) and the message uuid it is cited by. */
  readonly citedAs: ReadonlyMap<string, string>;
  /** The entry timestamps, by uuid. */
  readonly timeOf: ReadonlyMap<string, string>;
}

/**
 * The candidates of a reply, checked: sources outside the chunk are dropped (and a candidate
 * left with none), times come from the cited entries (never from the model), and a candidate
 * the secret scan flags is refused. A reply without the call, or of the wrong shape, throws.
 */
export async function candidatesOf(reply: ModelReply, chunk: ChunkSources): Promise<{ candidates: MemoryCandidate[]; refused: number }> {
  const call = reply.content.filter(isToolUseBlock).find((block) => block.name === RECORD_CANDIDATES_TOOL);
  if (call === undefined)
    throw new CandidatesReplyError(`the reply has no ${RECORD_CANDIDATES_TOOL} call (stop reason ${reply.stopReason ?? 'none'})`);
  const parsed = CandidatesAnswer.safeParse(call.input);
  if (!parsed.success)
    throw new CandidatesReplyError(
      `the ${RECORD_CANDIDATES_TOOL} input does not fit its schema: ${parsed.error.issues[0]?.message ?? 'wrong shape'} at ${parsed.error.issues[0]?.path.join('.') ?? ''}`,
    );
  const candidates: MemoryCandidate[] = [];
  let refused = 0;
  for (const answer of parsed.data.candidates) {
    const uuids = [...new Set(answer.sources.flatMap((uuid) => (chunk.citedAs.has(uuid) ? [chunk.citedAs.get(uuid)!] : [])))];
    const sources = uuids
      .map((uuid) => ({
        session: chunk.session,
        uuid,
        timestamp: chunk.timeOf.get(uuid) ?? '',
        ...(chunk.sessionId === undefined || chunk.sessionId === chunk.session ? {} : { sessionId: chunk.sessionId }),
      }))
      .filter((s) => s.timestamp !== '');
    if (sources.length === 0) {
      refused++;
      continue;
    }
    const findings = await scanForSecrets(`${answer.name}\n${answer.description}\n${answer.body}`, answer.name);
    if (findings.length > 0) {
      refused++;
      continue;
    }
    sources.sort((a, b) => a.timestamp.localeCompare(b.timestamp));
    candidates.push({
      type: answer.type,
      name: answer.name,
      description: answer.description,
      body: answer.body,
      saidAt: sources.at(-1)!.timestamp,
      sources,
    });
  }
  return { candidates, refused };
}
