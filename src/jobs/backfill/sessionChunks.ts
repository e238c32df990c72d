import { existsSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { describeFailure } from '../../fs/fsError.js';
import type { ChunkMessage, ModelReply } from '../../model/port.js';
import { defineEffectJob } from '../../pipeline/effectJob.js';
import { readEffectLog } from '../../pipeline/effectLog.js';
import { candidatesJournal } from '../../pipeline/entryJournals.js';
import { JOURNAL_KINDS } from '../../pipeline/journalKinds.js';
import { runEffect } from '../../pipeline/runEffect.js';
import type { CandidatesRecord, CandidatesRequestedRecord, EffectRecord } from '../../pipeline/effectRecord.js';
import { blockTokens } from '../../projections/tokenEstimate.js';
import { endTurnChunker, initialTurnChunker, pushTurnItem, type ChunkRange } from '../../projections/turnChunks.js';
import type { ApiMessage } from '../../resume/apiView.js';
import { sessionMemoryPath } from '../../transcript/claudePaths.js';
import { SessionUnreadableError } from '../extraction/extractSession.js';
import { askCallIds } from '../../model/offline/askAnswers.js';
import { agentSavedMemories, withoutSaved, type SavedMemory } from './agentSavedMemories.js';
import { candidatesOf, chunkMessage, type CarryOver, type ChunkContext } from './chunkRequest.js';
import { historyMessages, type HistoryMessage } from './historyMessages.js';
import { readSessionOutline, type SessionOutline } from './sessionOutline.js';
import { readRegularFileSync } from '../../fs/regularFile.js';

/** Session notes go with every chunk as context, cut to this many characters (about 2,000 tokens). */
export const NOTES_CARRY_CHARS = 8_000;

/**
 * A session as backfill's first phase sees it before reading any of its words: the outline of
 * its conversation (sessionOutline.ts), the chunks its effect log has recorded, and its notes.
 * The messages are read back whole by each walk (`unrecordedChunks`, `chunkBetween`), a window
 * at a time (decision 54). Shared by the synchronous path (sessionCandidates.ts) and the
 * message-batch one (sessionCandidatesBatch.ts).
 */
export interface SessionView {
  readonly sessionId: string;
  readonly outline: SessionOutline;
  readonly records: readonly EffectRecord[];
  /** The chunks recorded, in the order they were. */
  readonly recorded: readonly CandidatesRecord[];
  /** The session notes, when Claude Code (or memlog notes) kept them, cut to NOTES_CARRY_CHARS. */
  readonly notes?: string;
  /** The index of the message that holds a uuid: the outline's, and those of chunks recorded since it was read. */
  readonly messageIndex: ReadonlyMap<string, number>;
  /** The session's own size by the project's estimate, once a walk has been to its end (shared by the views of one read). */
  readonly size: { tokens?: number };
}

/** One chunk of whole turns: the messages as the model is shown them, and the ones they were built from. */
export interface SessionChunk {
  readonly slice: readonly ApiMessage[];
  readonly messages: readonly ChunkMessage[];
  /** The uuid its first message is cited by (the chunk's id), and the last uuid it holds (where its record goes). */
  readonly first: string;
  readonly last: string;
  readonly tokens: number;
  /** Where it starts and ends in the conversation (the index of its first message, and the index after its last). */
  readonly start: number;
  readonly end: number;
  /** The seq of the line `last` was last written on: where the chunk's record goes. */
  readonly lastSeq: number;
  /** The time each entry of the chunk was last written with, by uuid: a candidate's time is its cited message's. */
  readonly timeOf: ReadonlyMap<string, string>;
  /** The memory files the session's assistant saved itself up to the chunk's end. */
  readonly saved: readonly SavedMemory[];
}

const messageTokens = (message: ApiMessage): number => message.content.reduce((n, block) => n + blockTokens(block), 0);

/**
 * Reads the effect log and outlines the transcript (one pass, light) before anything is sent;
 * either unreadable makes the session unreadable (the transcript's failure named first).
 */
export function readSessionView(session: string, logPath: string): SessionView {
  let records: readonly EffectRecord[] = [];
  let logFailure: unknown;
  try {
    records = readEffectLog(logPath).records;
  } catch (error) {
    if (describeFailure(error) === undefined) throw error;
    logFailure = error;
  }
  let outline;
  try {
    outline = readSessionOutline(session, new Set(records.flatMap(chunkEnds)));
  } catch (error) {
    if (describeFailure(error) === undefined) throw error;
    throw new SessionUnreadableError(error);
  }
  if (logFailure !== undefined) throw new SessionUnreadableError(logFailure);
  const sessionId = basename(session, '.jsonl');
  const notes = sessionNotes(dirname(session), sessionId);
  return {
    sessionId,
    ...(notes === undefined ? {} : { notes }),
    outline,
    records,
    recorded: records.filter((r): r is CandidatesRecord => r.type === 'candidates'),
    messageIndex: outline.messageIndex,
    size: {},
  };
}

/** The uuids a chunk recorded or requested starts and ends at: where the chunks still to send are cut around. */
const chunkEnds = (record: EffectRecord): string[] =>
  record.type === 'candidates' || record.type === 'candidates_requested' ? [record.first, record.last] : [];

/** The view with one more chunk recorded (the chunk it was recorded from says where it is). */
export const withRecorded = (view: SessionView, record: CandidatesRecord, chunk: SessionChunk): SessionView => ({
  ...view,
  records: [...view.records, record],
  recorded: [...view.recorded, record],
  messageIndex: new Map([...view.messageIndex, [record.first, chunk.start], [record.last, chunk.end - 1]]),
});

/** The names and descriptions of every candidate recorded so far: the carry-over of the next chunk. */
export function carryOver(view: SessionView): Array<CarryOver[number]> {
  return view.recorded.flatMap((r) => r.candidates.map((c) => ({ name: c.name, description: c.description })));
}

/** Chunks read from the session as a walk gets to them; the walk goes on to the session's end for its size. */
export interface ChunkWalk extends Iterable<SessionChunk> {
  /** The session's own size: the walk's, going on to the end (without building chunks) if it was left before. */
  sessionTokens(): number;
}

/**
 * The chunks still to send, in order: cut at turn ends before the first chunk recorded and after
 * the last one (a run before memlog read sessions through their compactions recorded only the
 * part after the last one; the part before is read now, once), or, when no recorded chunk's
 * messages are there any more (another branch was resumed), from the start, skipping the chunks
 * recorded. Walked once, lazily: the session is read back as the chunks are taken.
 */
export function unrecordedChunks(view: SessionView, chunkTokens: number): ChunkWalk {
  const recordedIds = new Set(view.recorded.map((r) => r.chunkId));
  const indexOf = (uuid: string): number => view.messageIndex.get(uuid) ?? -1;
  const starts = view.recorded.map((r) => indexOf(r.first)).filter((i) => i !== -1);
  const ends = view.recorded.map((r) => indexOf(r.last)).filter((i) => i !== -1);
  const count = view.outline.messages;
  const spans =
    ends.length === 0
      ? [{ from: 0, to: count }]
      : [
          { from: 0, to: Math.min(lowest(starts), lowest(ends)) },
          { from: highest(ends) + 1, to: count },
        ];
  return walk(view, spans, chunkTokens, (chunk) => !recordedIds.has(chunk.first));
}

const lowest = (values: readonly number[]): number => values.reduce((a, b) => Math.min(a, b), Infinity);
const highest = (values: readonly number[]): number => values.reduce((a, b) => Math.max(a, b), -Infinity);

/** The chunk that runs from the message cited as `first` to the one holding `last`, as it stands now; null when either is gone. */
export function chunkBetween(view: SessionView, first: string, last: string): SessionChunk | null {
  const start = view.outline.citedIndex.get(first) ?? -1;
  const end = view.messageIndex.get(last) ?? -1;
  if (start === -1 || end < start) return null;
  const walked = walk(view, [{ from: start, to: end + 1 }], Infinity, () => true);
  for (const chunk of walked) return chunk;
  return null;
}

/** The session's own size: its conversation by the project's estimate (a walk to its end, once per read). */
export function sessionTokens(view: SessionView): number {
  return walk(view, [], Infinity, () => true).sessionTokens();
}

/** A message of a walk kept until the chunk it belongs to is complete. */
interface Held {
  readonly index: number;
  readonly message: ApiMessage;
  readonly written: HistoryMessage['written'];
  /** How many saved memory files the messages up to this one hold. */
  readonly saved: number;
}

/**
 * One walk over the session's messages (historyMessages.ts), cutting the spans given into chunks
 * of whole turns up to `limit` as their messages come: what is held is the open chunk and turn,
 * the memory files saved so far, and the window being read.
 */
function walk(
  view: SessionView,
  spans: ReadonlyArray<{ from: number; to: number }>,
  limit: number,
  wanted: (chunk: SessionChunk) => boolean,
): ChunkWalk {
  const { prompts, typed } = view.outline;
  let draining = false;
  let started = false;
  const chunks = (function* (): Generator<SessionChunk, void, undefined> {
    const saved: SavedMemory[] = [];
    let held: Held[] = [];
    let tokens = 0;
    let index = 0;
    let span = 0;
    let chunker = initialTurnChunker(spans[0]?.from ?? 0);
    const build = (range: ChunkRange): SessionChunk => {
      const part = held.filter((h) => h.index >= range.start && h.index < range.end);
      held = held.filter((h) => h.index >= range.end);
      return chunkOf(part, range, { prompts, typed }, saved);
    };
    for (const { message, written } of historyMessages(view.outline)) {
      const size = messageTokens(message);
      tokens += size;
      saved.push(...agentSavedMemories([message]));
      while (span < spans.length && index >= spans[span]!.to) chunker = initialTurnChunker(spans[++span]?.from ?? 0);
      const current = spans[span];
      if (!draining && current !== undefined && index >= current.from) {
        held.push({ index, message, written, saved: saved.length });
        const startsTurn = message.role === 'user' && message.sources.some((uuid) => prompts.has(uuid));
        const [next, done] = pushTurnItem(chunker, { tokens: size, startsTurn }, limit);
        chunker = next;
        for (const range of done) {
          const chunk = build(range);
          if (wanted(chunk)) yield chunk;
        }
        if (index === current.to - 1) {
          for (const range of endTurnChunker(chunker, limit)) {
            const chunk = build(range);
            if (wanted(chunk)) yield chunk;
          }
          chunker = initialTurnChunker(spans[++span]?.from ?? 0);
        }
      }
      index++;
    }
    if (index !== view.outline.messages)
      throw new Error(`${view.outline.path}: ${index} messages read back whole, ${view.outline.messages} decided light`);
    view.size.tokens = tokens;
  })();
  return {
    [Symbol.iterator]() {
      if (started) throw new Error('a chunk walk reads the session once');
      started = true;
      // Without `return`: a caller that stops taking chunks leaves the walk where it is, for `sessionTokens` to finish.
      return { next: () => chunks.next() };
    },
    sessionTokens() {
      draining = true;
      if (view.size.tokens === undefined) for (let step = chunks.next(); step.done !== true; step = chunks.next());
      if (view.size.tokens === undefined) throw new Error(`${view.outline.path}: the walk ended before the session did`);
      return view.size.tokens;
    },
  };
}

function chunkOf(
  part: readonly Held[],
  range: ChunkRange,
  persons: Pick<SessionOutline, 'prompts' | 'typed'>,
  saved: readonly SavedMemory[],
): SessionChunk {
  const slice = part.map((h) => h.message);
  const asked = askCallIds(slice);
  const messages = slice.map((m) => chunkMessage(m, persons.prompts, asked, persons.typed));
  const lastHeld = part.at(-1)!;
  const timeOf = new Map<string, string>();
  for (const h of part)
    h.message.sources.forEach((uuid, i) => {
      const timestamp = h.written[i]!.timestamp;
      if (timestamp !== undefined) timeOf.set(uuid, timestamp);
    });
  return {
    slice,
    messages,
    first: messages[0]!.uuid,
    last: lastHeld.message.sources.at(-1)!,
    tokens: range.tokens,
    start: range.start,
    end: range.end,
    lastSeq: lastHeld.written.at(-1)!.seq,
    timeOf,
    saved: saved.slice(0, lastHeld.saved),
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
    saved: chunk.saved,
  };
}

/** The notes Claude Code keeps beside the transcript, if any; unreadable notes are left out (they are context, not input). */
function sessionNotes(projectDir: string, sessionId: string): string | undefined {
  const path = sessionMemoryPath(projectDir, sessionId);
  try {
    if (!existsSync(path)) return undefined;
    const text = readRegularFileSync(path, 'utf8').trim();
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
  requested?: CandidatesRequestedRecord,
): Promise<{ readonly record: CandidatesRecord; readonly refused: number; readonly alreadySaved: number }> {
  const citedAs = new Map(chunk.slice.flatMap((m, i) => m.sources.map((uuid) => [uuid, chunk.messages[i]!.uuid] as const)));
  const origin = view.outline.sessionId;
  const checked = await candidatesOf(reply, {
    session: view.sessionId,
    ...(origin === undefined ? {} : { sessionId: origin }),
    citedAs,
    timeOf: chunk.timeOf,
  });
  const { kept: candidates, dropped: alreadySaved } = withoutSaved(checked.candidates, saved);
  const { refused } = checked;
  const used = replyTokens(reply);
  // The chunk's job (decision 91): its executor is the checked answer; its commit is its end, nothing to apply.
  const job = defineEffectJob({
    kind: 'candidates',
    outcome: JOURNAL_KINDS.candidates.outcome,
    execute: (_chunk: SessionChunk) =>
      Promise.resolve({
        first: chunk.first,
        last: chunk.last,
        candidates: candidates.map((c) => ({
          ...c,
          sources: c.sources.map((s) => ({
            session: s.session,
            uuid: s.uuid,
            timestamp: s.timestamp,
            ...(s.sessionId === undefined ? {} : { sessionId: s.sessionId }),
          })),
        })),
        tokens: { chunk: chunk.tokens, input: used.input, output: used.output },
      }),
    apply: () => Promise.resolve(),
  });
  // Collected from a message batch, the chunk's request is its begin: the answer commits that entry.
  const before = requested === undefined ? undefined : { requested };
  const end = await runEffect(candidatesJournal(logPath, { seq: chunk.lastSeq, uuid: chunk.last }, chunk.first, before), job, chunk);
  if (end.kind !== 'finished') throw new TypeError(`a chunk's candidates ended ${end.kind}`);
  const record = end.commit;
  return { record, refused, alreadySaved };
}
