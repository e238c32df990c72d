import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { CandidatesRecord, EffectRecord } from '../../pipeline/effectRecord.js';
import { readEffectLog } from '../../pipeline/effectLog.js';
import { blockTokens } from '../../projections/tokenEstimate.js';
import { chunkAtTurnEnds, type ChunkRange } from '../../projections/turnChunks.js';
import { isPrompt } from '../../projections/turns.js';
import type { ApiMessage } from '../../resume/apiView.js';
import { liveConversation } from '../../resume/loadConversation.js';
import { describeFailure } from '../../fs/fsError.js';
import type { ChunkMessage } from '../../model/port.js';
import { sessionMemoryPath } from '../../transcript/claudePaths.js';
import { hasUuid } from '../../transcript/entrySchema.js';
import { readLogEntries } from '../../transcript/readLogEntries.js';
import { SessionUnreadableError } from '../extraction/extractSession.js';
import { agentSavedMemories, type SavedMemory } from './agentSavedMemories.js';
import { chunkMessage, type CarryOver } from './chunkRequest.js';

/** The chunk size backfill's first phase uses unless told otherwise, in estimated tokens. */
export const DEFAULT_CHUNK_TOKENS = 60_000;

/** Session notes go with every chunk as context, cut to this many characters (about 2,000 tokens). */
export const NOTES_CARRY_CHARS = 8_000;

/** One chunk still to send: its messages as the prompt shows them, and what its record will say. */
export interface PendingChunk {
  readonly range: ChunkRange;
  readonly slice: readonly ApiMessage[];
  readonly messages: readonly ChunkMessage[];
  /** The chunk's id (its first message's cited uuid) and its last entry's uuid and position. */
  readonly first: string;
  readonly last: string;
  readonly lastSeq: number;
  /** Memory files the session's assistant saved itself within this chunk. */
  readonly saved: readonly SavedMemory[];
}

/** A session as backfill's first phase sees it: what is recorded already, and the chunks still to send. */
export interface SessionChunks {
  readonly sessionId: string;
  readonly logPath: string;
  /** The session's own size: its main-thread conversation, by the chunks' estimate. */
  readonly sessionTokens: number;
  readonly recorded: readonly CandidatesRecord[];
  /** Names and descriptions of the candidates recorded so far, in order. */
  readonly known: CarryOver;
  /** The session notes, when Claude Code (or memlog notes) kept them, cut to NOTES_CARRY_CHARS. */
  readonly notes?: string;
  /** Memory files the assistant saved itself in the chunks recorded already. */
  readonly savedBefore: readonly SavedMemory[];
  readonly pending: readonly PendingChunk[];
  /** Entry timestamps by uuid, for the candidates' "when it was said". */
  readonly timeOf: ReadonlyMap<string, string>;
}

const messageTokens = (message: ApiMessage): number => message.content.reduce((n, block) => n + blockTokens(block), 0);

/**
 * Reads one session and its effect log and cuts what is not recorded yet into chunks of whole
 * turns of at most `chunkTokens`: where a rerun goes on is the chunk after the last one
 * recorded (a session that grew gets its new turns chunked; when the last recorded message is
 * gone because another branch was resumed, from the start, skipping recorded chunks). Reads,
 * never writes: `--dry-run` plans with it, the first phase sends what it returns.
 */
export function sessionChunks(
  target: { readonly effectLog: (session: string) => string },
  session: string,
  chunkTokens: number = DEFAULT_CHUNK_TOKENS,
): SessionChunks {
  const logPath = target.effectLog(session);
  const { entries, records } = readInputs(session, logPath);
  const sessionId = basename(session, '.jsonl');
  const conversation = liveConversation(entries);
  const prompts = new Set(entries.flatMap((e) => (isPrompt(e.entry) && hasUuid(e.entry) ? [e.entry.uuid] : [])));
  const timeOf = new Map(
    entries.flatMap((e) => {
      const timestamp = (e.entry as { timestamp?: unknown }).timestamp;
      return hasUuid(e.entry) && typeof timestamp === 'string' ? [[e.entry.uuid, timestamp] as const] : [];
    }),
  );
  const seqOf = new Map(entries.flatMap((e) => (hasUuid(e.entry) ? [[e.entry.uuid, e.seq] as const] : [])));
  const sizes = conversation.map(messageTokens);

  const recorded = records.filter((r): r is CandidatesRecord => r.type === 'candidates');
  const recordedIds = new Set(recorded.map((r) => r.chunkId));
  const lastRecorded = recorded.at(-1)?.last;
  const resumeAt = lastRecorded === undefined ? 0 : conversation.findIndex((m) => m.sources.includes(lastRecorded)) + 1;
  const items = conversation.map((m, i) => ({
    tokens: sizes[i]!,
    startsTurn: m.role === 'user' && m.sources.some((uuid) => prompts.has(uuid)),
  }));
  const pending: PendingChunk[] = [];
  for (const range of chunkAtTurnEnds(items.slice(resumeAt), chunkTokens)) {
    const slice = conversation.slice(resumeAt + range.start, resumeAt + range.end);
    const messages = slice.map((m) => chunkMessage(m, prompts));
    const first = messages[0]!.uuid;
    if (recordedIds.has(first)) continue;
    const last = slice.at(-1)!.sources.at(-1)!;
    pending.push({ range, slice, messages, first, last, lastSeq: seqOf.get(last) ?? -1, saved: agentSavedMemories(slice) });
  }
  const notes = sessionNotes(dirname(session), sessionId);
  return {
    sessionId,
    logPath,
    sessionTokens: sizes.reduce((n, t) => n + t, 0),
    recorded,
    known: recorded.flatMap((r) => r.candidates.map((c) => ({ name: c.name, description: c.description }))),
    ...(notes === undefined ? {} : { notes }),
    savedBefore: agentSavedMemories(resumeAt === 0 ? [] : conversation.slice(0, resumeAt)),
    pending,
    timeOf,
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

/** The transcript and the effect log, read before anything is sent. */
function readInputs(session: string, logPath: string): { entries: ReturnType<typeof readLogEntries>['entries']; records: EffectRecord[] } {
  try {
    const { entries } = readLogEntries(session);
    return { entries, records: readEffectLog(logPath).records };
  } catch (error) {
    if (describeFailure(error) === undefined) throw error;
    throw new SessionUnreadableError(error);
  }
}
