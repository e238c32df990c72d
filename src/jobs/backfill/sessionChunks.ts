import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { describeFailure } from '../../fs/fsError.js';
import type { ChunkMessage, ModelReply } from '../../model/port.js';
import { appendEffectsSync, readEffectLog } from '../../pipeline/effectLog.js';
import type { CandidatesRecord, EffectRecord } from '../../pipeline/effectRecord.js';
import { candidatesRecord } from '../../pipeline/effectRecords.js';
import { blockTokens } from '../../projections/tokenEstimate.js';
import { chunkAtTurnEnds } from '../../projections/turnChunks.js';
import { isPrompt } from '../../projections/turns.js';
import type { ApiMessage } from '../../resume/apiView.js';
import { sessionHistory } from '../../resume/loadConversation.js';
import { sessionMemoryPath } from '../../transcript/claudePaths.js';
import { hasUuid } from '../../transcript/entrySchema.js';
import { readLogEntries } from '../../transcript/readLogEntries.js';
import { SessionUnreadableError } from '../extraction/extractSession.js';
import { agentSavedMemories, withoutSaved } from './agentSavedMemories.js';
import { candidatesOf, chunkMessage, type CarryOver, type ChunkContext } from './chunkRequest.js';

/** Session notes go with every chunk as context, cut to this many characters (about 2,000 tokens). */
export const NOTES_CARRY_CHARS = 8_000;

/**
 * A session as backfill's first phase sees it: its main-thread conversation, what a chunk needs
 * to cite and place its candidates, and the chunks its effect log has recorded. Shared by the
 * synchronous path (sessionCandidates.ts) and the message-batch one (sessionCandidatesBatch.ts).
 */
export interface SessionView {
  readonly sessionId: string;
  readonly conversation: readonly ApiMessage[];
  /** The uuids of the prompts a person typed: a turn starts there, and a message is cited by its prompt's uuid. */
  readonly prompts: ReadonlySet<string>;
  readonly timeOf: ReadonlyMap<string, string>;
  readonly seqOf: ReadonlyMap<string, number>;
  /** Each message's size by the project's estimate, in conversation order. */
  readonly sizes: readonly number[];
  readonly sessionTokens: number;
  readonly records: readonly EffectRecord[];
  /** The chunks recorded, in the order they were. */
  readonly recorded: readonly CandidatesRecord[];
  /** The session notes, when Claude Code (or memlog notes) kept them, cut to NOTES_CARRY_CHARS. */
  readonly notes?: string;
}

/** One chunk of whole turns: the messages as the model is shown them, and the ones they were built from. */
export interface SessionChunk {
  readonly slice: readonly ApiMessage[];
  readonly messages: readonly ChunkMessage[];
  /** The uuid its first message is cited by (the chunk's id), and the last uuid it holds (where its record goes). */
  readonly first: string;
  readonly last: string;
  readonly tokens: number;
  /** Where it ends in the conversation (the index after its last message). */
  readonly end: number;
}

const messageTokens = (message: ApiMessage): number => message.content.reduce((n, block) => n + blockTokens(block), 0);

/** Reads the transcript and the effect log before anything is sent; either unreadable makes the session unreadable. */
export function readSessionView(session: string, logPath: string): SessionView {
  let entries;
  let records;
  try {
    entries = readLogEntries(session).entries;
    records = readEffectLog(logPath).records;
  } catch (error) {
    if (describeFailure(error) === undefined) throw error;
    throw new SessionUnreadableError(error);
  }
  // The whole session, what its compactions summarised included: a backfill reads each part once.
  const conversation = sessionHistory(entries);
  const sizes = conversation.map(messageTokens);
  const sessionId = basename(session, '.jsonl');
  const notes = sessionNotes(dirname(session), sessionId);
  return {
    sessionId,
    ...(notes === undefined ? {} : { notes }),
    conversation,
    prompts: new Set(entries.flatMap((e) => (isPrompt(e.entry) && hasUuid(e.entry) ? [e.entry.uuid] : []))),
    timeOf: new Map(
      entries.flatMap((e) => {
        const timestamp = (e.entry as { timestamp?: unknown }).timestamp;
        return hasUuid(e.entry) && typeof timestamp === 'string' ? [[e.entry.uuid, timestamp] as const] : [];
      }),
    ),
    seqOf: new Map(entries.flatMap((e) => (hasUuid(e.entry) ? [[e.entry.uuid, e.seq] as const] : []))),
    sizes,
    sessionTokens: sizes.reduce((n, t) => n + t, 0),
    records,
    recorded: records.filter((r): r is CandidatesRecord => r.type === 'candidates'),
  };
}

/** The view with one more chunk recorded. */
export const withRecorded = (view: SessionView, record: CandidatesRecord): SessionView => ({
  ...view,
  records: [...view.records, record],
  recorded: [...view.recorded, record],
});

/** The names and descriptions of every candidate recorded so far: the carry-over of the next chunk. */
export function carryOver(view: SessionView): Array<CarryOver[number]> {
  return view.recorded.flatMap((r) => r.candidates.map((c) => ({ name: c.name, description: c.description })));
}

/**
 * The chunks still to send, in order: cut at turn ends before the first chunk recorded and after
 * the last one (a run before memlog read sessions through their compactions recorded only the
 * part after the last one; the part before is read now, once), or, when no recorded chunk's
 * messages are there any more (another branch was resumed), from the start, skipping the chunks
 * recorded.
 */
export function unrecordedChunks(view: SessionView, chunkTokens: number): SessionChunk[] {
  const recordedIds = new Set(view.recorded.map((r) => r.chunkId));
  const indexOf = (uuid: string): number => view.conversation.findIndex((m) => m.sources.includes(uuid));
  const starts = view.recorded.map((r) => indexOf(r.first)).filter((i) => i !== -1);
  const ends = view.recorded.map((r) => indexOf(r.last)).filter((i) => i !== -1);
  const items = view.conversation.map((m, i) => ({
    tokens: view.sizes[i]!,
    startsTurn: m.role === 'user' && m.sources.some((uuid) => view.prompts.has(uuid)),
  }));
  const chunksIn = (from: number, to: number): SessionChunk[] =>
    chunkAtTurnEnds(items.slice(from, to), chunkTokens).map((range) => chunkOf(view, from + range.start, from + range.end));
  const spans =
    ends.length === 0
      ? [[0, items.length] as const]
      : [[0, Math.min(...starts, ...ends)] as const, [Math.max(...ends) + 1, items.length] as const];
  return spans.flatMap(([from, to]) => (to > from ? chunksIn(from, to) : [])).filter((chunk) => !recordedIds.has(chunk.first));
}

/** The chunk that runs from the message cited as `first` to the one holding `last`, as it stands now; null when either is gone. */
export function chunkBetween(view: SessionView, first: string, last: string): SessionChunk | null {
  const start = view.conversation.findIndex((m) => chunkMessage(m, view.prompts).uuid === first);
  const end = view.conversation.findIndex((m, i) => i >= start && m.sources.includes(last));
  return start === -1 || end === -1 ? null : chunkOf(view, start, end + 1);
}

function chunkOf(view: SessionView, start: number, end: number): SessionChunk {
  const slice = view.conversation.slice(start, end);
  const messages = slice.map((m) => chunkMessage(m, view.prompts));
  return {
    slice,
    messages,
    first: messages[0]!.uuid,
    last: slice.at(-1)!.sources.at(-1)!,
    tokens: view.sizes.slice(start, end).reduce((n, t) => n + t, 0),
    end,
  };
}

/**
 * What a chunk is sent with besides its own messages: the candidates found before it, the
 * session notes when they exist, and the memory files the session's assistant saved itself up
 * to the chunk's end. Never the conversation before it.
 */
export function chunkContext(view: SessionView, known: CarryOver, chunk: SessionChunk): ChunkContext {
  return {
    known,
    ...(view.notes === undefined ? {} : { notes: view.notes }),
    saved: agentSavedMemories(view.conversation.slice(0, chunk.end)),
  };
}

/** The notes Claude Code keeps beside the transcript, if any; unreadable notes are left out (they are context, not input). */
function sessionNotes(projectDir: string, sessionId: string): string | undefined {
  const path = sessionMemoryPath(projectDir, sessionId);
  try {
    if (!existsSync(path)) return undefined;
    const text = readFileSync(path, 'utf8').trim();
    if (text === '') return undefined;
    return text.length <= NOTES_CARRY_CHARS ? text : `${text.slice(0, NOTES_CARRY_CHARS)}\n[… the notes go on]`;
  } catch (error) {
    if (describeFailure(error) === undefined) throw error;
    return undefined;
  }
}

/** What a reply cost, as the model reports it (0 when it reports nothing). */
export function replyTokens(reply: ModelReply): { readonly input: number; readonly output: number } {
  const { usage } = reply;
  return { input: usage.inputTokens + usage.cacheReadInputTokens + usage.cacheCreationInputTokens, output: usage.outputTokens };
}

/**
 * A chunk's answer, checked (chunkRequest.ts `candidatesOf`), without what the session's
 * assistant saved itself (`saved`, the chunk context's), and recorded as its `candidates`
 * record in the session's effect log before anything else is done with it. A reply without the
 * call, or of the wrong shape, throws `CandidatesReplyError` and records nothing.
 */
export async function recordChunkReply(
  view: SessionView,
  chunk: SessionChunk,
  reply: ModelReply,
  logPath: string,
  saved: ChunkContext['saved'],
): Promise<{ readonly record: CandidatesRecord; readonly refused: number; readonly alreadySaved: number }> {
  const citedAs = new Map(chunk.slice.flatMap((m, i) => m.sources.map((uuid) => [uuid, chunk.messages[i]!.uuid] as const)));
  const checked = await candidatesOf(reply, { session: view.sessionId, citedAs, timeOf: view.timeOf });
  const { kept: candidates, dropped: alreadySaved } = withoutSaved(checked.candidates, saved);
  const { refused } = checked;
  const used = replyTokens(reply);
  const record = candidatesRecord({
    at: { seq: view.seqOf.get(chunk.last) ?? -1, uuid: chunk.last },
    chunkId: chunk.first,
    first: chunk.first,
    last: chunk.last,
    candidates: candidates.map((c) => ({
      ...c,
      sources: c.sources.map((s) => ({ session: s.session, uuid: s.uuid, timestamp: s.timestamp })),
    })),
    tokens: { chunk: chunk.tokens, input: used.input, output: used.output },
  });
  appendEffectsSync(logPath, [record]);
  return { record, refused, alreadySaved };
}
