import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agentSavedMemories } from '../../../src/jobs/backfill/agentSavedMemories.js';
import { chunkMessage, citedUuid } from '../../../src/jobs/backfill/chunkRequest.js';
import { askCallIds } from '../../../src/model/offline/askAnswers.js';
import { chunkBetween, readSessionView, unrecordedChunks, type SessionChunk } from '../../../src/jobs/backfill/sessionChunks.js';
import { appendEffectsSync } from '../../../src/pipeline/effectLog.js';
import type { CandidatesRecord } from '../../../src/pipeline/effectRecord.js';
import { candidatesRecord } from '../../../src/pipeline/effectRecords.js';
import { blockTokens } from '../../../src/projections/tokenEstimate.js';
import { chunkAtTurnEnds } from '../../../src/projections/turnChunks.js';
import { isPrompt } from '../../../src/projections/turns.js';
import { TypedWords } from '../../../src/projections/typedWords.js';
import { placedOnKept, withQueuedWordsOf } from '../../../src/resume/withQueuedWords.js';
import type { ApiMessage } from '../../../src/resume/apiView.js';
import { readSessionOutline } from '../../../src/jobs/backfill/sessionOutline.js';
import { toApiMessages } from '../../../src/resume/apiView.js';
import type { ChainNode } from '../../../src/resume/transcriptIndex.js';
import { hasUuid, serializeEntry, type Entry } from '../../../src/transcript/entrySchema.js';
import { readLogEntries } from '../../../src/transcript/readLogEntries.js';
import { conversation } from '../../support/conversationArbitrary.js';
import { fcRuns } from '../../support/fcRuns.js';
import { jsonlFiles } from '../../support/fixtureFiles.js';
import { demoProjects, hasShared, sharedFixtures } from '../../support/paths.js';
import { tempDir } from '../../support/tempDir.js';

/**
 * The backfill reads a session light, then whole a window at a time (decision 54). What it sends
 * must be what it sent when it read the whole session at once: the reference below is that
 * reading (the conversation of every whole entry the outline decides, cut with
 * `chunkAtTurnEnds`), as it stood before.
 */

type Log = ReadonlyArray<{ readonly seq: number; readonly entry: Entry }>;

interface Compared {
  readonly slice: readonly ApiMessage[];
  readonly messages: SessionChunk['messages'];
  readonly first: string;
  readonly last: string;
  readonly tokens: number;
  readonly end: number;
  readonly lastSeq: number;
  /** The time each message is cited with. */
  readonly times: ReadonlyArray<string | undefined>;
  readonly saved: SessionChunk['saved'];
}

const messageTokens = (message: ApiMessage): number => message.content.reduce((n, block) => n + blockTokens(block), 0);

/** The whole-session reading the streamed one must equal. */
function wholeReading(log: Log, path: string) {
  // Which entries the backfill reads (every main-thread chain, decision 68) is the outline's
  // decision, checked on its own below; what is checked here is that reading them a window at a
  // time gives the messages reading them whole does.
  const outline = readSessionOutline(path, new Set());
  const bySeq = new Map(log.map((e) => [e.seq, e.entry] as const));
  // What the person typed outside their prompts, found over the whole log (decision 100).
  const typedFold = new TypedWords();
  for (const { entry } of log) typedFold.add(entry);
  const history = toApiMessages(
    Array.from(outline.history, (seq) => {
      const entry = bySeq.get(seq)!;
      return { uuid: hasUuid(entry) ? entry.uuid : '', entry: entry as ChainNode['entry'], seq, parent: null };
    }),
  );
  const typed = placedOnKept(history, typedFold.found({ ended: true }));
  const conversation = history.map((message) => withQueuedWordsOf(message, typed.queued));
  const sizes = conversation.map(messageTokens);
  const prompts = new Set(
    log.flatMap((e) => (isPrompt(e.entry) && hasUuid(e.entry) && outline.prompts.has(e.entry.uuid) ? [e.entry.uuid] : [])),
  );
  const timeOf = new Map(
    log.flatMap((e) => {
      const timestamp = (e.entry as { timestamp?: unknown }).timestamp;
      return hasUuid(e.entry) && typeof timestamp === 'string' ? [[e.entry.uuid, timestamp] as const] : [];
    }),
  );
  const seqOf = new Map(log.flatMap((e) => (hasUuid(e.entry) ? [[e.entry.uuid, e.seq] as const] : [])));
  const chunkOf = (start: number, end: number): Compared => {
    const slice = conversation.slice(start, end);
    const messages = slice.map((m) => chunkMessage(m, prompts, askCallIds(slice), typed));
    const last = slice.at(-1)!.sources.at(-1)!;
    return {
      slice,
      messages,
      first: messages[0]!.uuid,
      last,
      tokens: sizes.slice(start, end).reduce((n, t) => n + t, 0),
      end,
      lastSeq: seqOf.get(last) ?? -1,
      times: messages.map((m) => timeOf.get(m.uuid)),
      saved: agentSavedMemories(conversation.slice(0, end)),
    };
  };
  const unrecorded = (recorded: readonly CandidatesRecord[], limit: number): Compared[] => {
    const recordedIds = new Set(recorded.map((r) => r.chunkId));
    const indexOf = (uuid: string): number => conversation.findIndex((m) => m.sources.includes(uuid));
    const starts = recorded.map((r) => indexOf(r.first)).filter((i) => i !== -1);
    const ends = recorded.map((r) => indexOf(r.last)).filter((i) => i !== -1);
    const items = conversation.map((m, i) => ({
      tokens: sizes[i]!,
      startsTurn: m.role === 'user' && m.sources.some((uuid) => prompts.has(uuid)),
    }));
    const spans =
      ends.length === 0
        ? [[0, items.length] as const]
        : [[0, Math.min(...starts, ...ends)] as const, [Math.max(...ends) + 1, items.length] as const];
    return spans
      .flatMap(([from, to]) =>
        to > from ? chunkAtTurnEnds(items.slice(from, to), limit).map((range) => chunkOf(from + range.start, from + range.end)) : [],
      )
      .filter((chunk) => !recordedIds.has(chunk.first));
  };
  const between = (first: string, last: string): Compared | null => {
    const start = conversation.findIndex((m) => chunkMessage(m, prompts).uuid === first);
    const end = conversation.findIndex((m, i) => i >= start && m.sources.includes(last));
    return start === -1 || end === -1 ? null : chunkOf(start, end + 1);
  };
  return { conversation, prompts, unrecorded, between, sessionTokens: sizes.reduce((n, t) => n + t, 0) };
}

const compared = (chunk: SessionChunk): Compared => ({
  slice: chunk.slice,
  messages: chunk.messages,
  first: chunk.first,
  last: chunk.last,
  tokens: chunk.tokens,
  end: chunk.end,
  lastSeq: chunk.lastSeq,
  times: chunk.messages.map((m) => chunk.timeOf.get(m.uuid)),
  saved: chunk.saved,
});

const minute = (n: number): string => new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();

/**
 * Sessions as Claude Code writes them (conversationArbitrary.ts: split responses, parallel tool
 * results, interruptions, sidechains, compactions), with words of many sizes, memory files the
 * assistant wrote, compaction summaries, lines written twice (or a legacy progress line with a
 * uuid already used, later in time) and damaged lines.
 */
interface SessionShape {
  readonly entries: Entry[];
  readonly words: string[];
  readonly memoryWrites: number[];
  readonly summaries: boolean;
  readonly repeats: ReadonlyArray<{ readonly at: number; readonly of: number; readonly kind: 'same' | 'untimed' | 'retimed' | 'progress' }>;
  readonly damaged: number[];
}

const session: fc.Arbitrary<SessionShape> = fc.record({
  entries: conversation,
  words: fc.array(fc.string({ maxLength: 400 }), { minLength: 1, maxLength: 8 }),
  memoryWrites: fc.array(fc.nat({ max: 8 }), { maxLength: 4 }),
  summaries: fc.boolean(),
  repeats: fc.array(fc.record({ at: fc.nat(), of: fc.nat(), kind: fc.constantFrom('same', 'untimed', 'retimed', 'progress') }), {
    maxLength: 3,
  }),
  damaged: fc.array(fc.nat(), { maxLength: 3 }),
});

function sessionLines({ entries, words, memoryWrites, summaries, repeats, damaged }: SessionShape): string[] {
  let said = 0;
  const word = (): string => words[said++ % words.length]!;
  let tools = 0;
  const writes = new Set(memoryWrites);
  const shaped: Entry[] = entries.map((original, i) => {
    const entry = structuredClone(original) as Entry & Record<string, unknown>;
    entry['timestamp'] = minute(i);
    if (summaries && typeof entry['uuid'] === 'string' && entry['uuid'].startsWith('sum-')) entry['isCompactSummary'] = true;
    if (entry.type === 'user' && typeof entry.message.content === 'string') entry.message.content = `${entry.message.content} ${word()}`;
    if (entry.type === 'assistant' && typeof entry.message.content !== 'string')
      entry.message.content = entry.message.content.map((block) => {
        if (block.type === 'text') return { ...block, text: word() };
        if (block.type !== 'tool_use' || !writes.has(tools++)) return block;
        return { ...block, name: 'Write', input: { file_path: `/home/me/.claude/projects/p/memory/m${tools}.md`, content: word() } };
      });
    return entry;
  });
  const lines = shaped.map((entry) => serializeEntry(entry));
  for (const { at, of, kind } of repeats) {
    if (shaped.length === 0) break;
    const source = shaped[of % shaped.length] as Entry & Record<string, unknown>;
    const copy: Record<string, unknown> =
      kind === 'progress'
        ? { type: 'progress', uuid: source['uuid'], parentUuid: source['parentUuid'] ?? null, data: {} }
        : structuredClone(source);
    if (kind === 'untimed') delete copy['timestamp'];
    else if (kind !== 'same') copy['timestamp'] = minute(1000 + at);
    lines.splice(at % (lines.length + 1), 0, JSON.stringify(copy));
  }
  for (const at of damaged) lines.splice(at % (lines.length + 1), 0, '{"type":"user","message":');
  return lines;
}

const recordedChunk = (first: string, last: string): CandidatesRecord =>
  candidatesRecord({ at: { seq: 0, uuid: last }, chunkId: first, first, last, candidates: [], tokens: { chunk: 1, input: 1, output: 1 } });

describe('backfill chunks read back a window at a time', () => {
  it('are the chunks of the whole session read at once: messages, cuts, sizes, times, seqs and saved memories', () => {
    fc.assert(
      fc.property(
        session,
        fc.integer({ min: 1, max: 400 }),
        fc.array(fc.record({ first: fc.nat(), last: fc.nat(), gone: fc.boolean() }), { maxLength: 3 }),
        (shape, limit, picks) => {
          const dir = tempDir();
          const path = join(dir, 'session.jsonl');
          writeFileSync(path, `${sessionLines(shape).join('\n')}\n`);
          const whole = wholeReading(readLogEntries(path).entries, path);
          const { conversation, prompts } = whole;
          // Chunks an earlier run recorded: from a message cited to a message's last entry, or uuids gone from the file.
          const recorded =
            conversation.length === 0
              ? []
              : picks.map(({ first, last, gone }) =>
                  recordedChunk(
                    gone ? `gone-${first}` : citedUuid(conversation[first % conversation.length]!, prompts),
                    conversation[last % conversation.length]!.sources.at(-1)!,
                  ),
                );
          const effects = join(dir, 'effects.jsonl');
          if (recorded.length > 0) appendEffectsSync(effects, recorded);

          const view = readSessionView(path, effects);
          const walk = unrecordedChunks(view, limit);
          expect([...walk].map(compared)).toEqual(whole.unrecorded(recorded, limit));
          expect(walk.sessionTokens()).toBe(whole.sessionTokens);
          for (const r of recorded) {
            const chunk = chunkBetween(view, r.first, r.last);
            expect(chunk === null ? null : compared(chunk)).toEqual(whole.between(r.first, r.last));
          }
        },
      ),
      { numRuns: fcRuns },
    );
  });

  it('size the session when the caller stops taking chunks early', () => {
    fc.assert(
      fc.property(session, fc.integer({ min: 1, max: 100 }), (shape, limit) => {
        const dir = tempDir();
        const path = join(dir, 'session.jsonl');
        writeFileSync(path, `${sessionLines(shape).join('\n')}\n`);
        const walk = unrecordedChunks(readSessionView(path, join(dir, 'effects.jsonl')), limit);
        for (const _ of walk) break;
        expect(walk.sessionTokens()).toBe(wholeReading(readLogEntries(path).entries, path).sessionTokens);
      }),
      { numRuns: fcRuns },
    );
  });

  it('on every real and demo transcript, in chunks of several sizes', () => {
    for (const root of [demoProjects, ...(hasShared ? [sharedFixtures] : [])])
      for (const file of jsonlFiles(root)) {
        const path = join(root, file);
        const whole = wholeReading(readLogEntries(path).entries, path);
        const view = readSessionView(path, join(tempDir(), 'effects.jsonl'));
        for (const limit of [500, 60_000]) expect([...unrecordedChunks(view, limit)].map(compared)).toEqual(whole.unrecorded([], limit));
        expect(unrecordedChunks(view, 500).sessionTokens()).toBe(whole.sessionTokens);
      }
  });
});
