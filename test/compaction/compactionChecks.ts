import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import {
  compactionView,
  compactTranscript,
  loadConversation,
  ModelPortError,
  OfflineModel,
  readTranscriptSync,
  serializeEntry,
  type CompactStrategy,
  type Entry,
  type ModelPort,
} from '../../src/index.js';
import { appendEffectsSync, CURRENT_EFFECT_LOG_VERSION } from '../../src/pipeline/index.js';
import { summaryMessage, tokensAfter } from '../../src/compaction/index.js';
import { ScriptedModel } from '../../src/testing/scriptedModel.js';
import { tempDir } from '../support/tempDir.js';

type Block = { type: string; id?: string; tool_use_id?: string; text?: string };
const blocksOf = (content: unknown): Block[] => (typeof content === 'string' ? [{ type: 'text', text: content }] : (content as Block[]));
const logEntries = (file: string) =>
  [...readTranscriptSync(file)].flatMap((i) => (i.kind === 'entry' ? [{ seq: i.seq, entry: i.entry }] : []));

const newestText = (view: ReturnType<typeof compactionView>): string =>
  blocksOf(view.messages[view.newestPrompt]!.entry.message.content)
    .filter((b) => b.type === 'text')
    .map((b) => b.text)
    .join('\n');
const NOTES = '# Session Title\n_title_\nA session\n\n# Current State\n_state_\nWorking on it.\n';

/** One compaction scenario: a conversation, a strategy, a threshold, the notes and the model's behaviour. */
export interface CompactionScenario {
  readonly entries: Entry[];
  readonly strategy: CompactStrategy;
  readonly threshold: number;
  readonly notes: boolean;
  readonly covered: number | undefined;
  readonly modelFails: boolean;
}

/** Compacts the scenario's conversation in a temp dir and checks every invariant of compaction (decision 29). */
export async function checkCompaction({ entries, strategy, threshold, notes, covered, modelFails }: CompactionScenario): Promise<void> {
  const dir = tempDir();
  const file = join(dir, 'session.jsonl');
  writeFileSync(file, entries.map((e: Entry) => `${serializeEntry(e)}\n`).join(''));
  const notesPath = join(dir, 'summary.md');
  const effects = join(dir, 'session.memlog.jsonl');
  const before = compactionView(logEntries(file));
  const preApi = loadConversation(file).messages;
  if (notes) writeFileSync(notesPath, NOTES);
  let coveredIndex = before.messages.length - 1;
  if (notes && covered !== undefined && before.messages.length > 0) {
    coveredIndex = covered % before.messages.length;
    const uuid = before.messages[coveredIndex]!.uuid;
    appendEffectsSync(effects, [
      {
        v: CURRENT_EFFECT_LOG_VERSION,
        type: 'run_finished',
        at: { seq: 0, uuid: null },
        run: 'session_notes',
        runId: 'n1',
        outcome: { lastSummarizedMessageId: uuid, before: '', after: '', changed: [], toolCalls: 0, denied: 0, turns: 1 },
      },
    ]);
  }
  const model: ModelPort = modelFails ? new ScriptedModel([new ModelPortError('arranged 500', 500)]) : new OfflineModel();
  const autocompact = { contextWindow: threshold + 33_000, maxOutputTokens: 32_000 };
  const report = await compactTranscript({
    transcriptPath: file,
    strategy,
    model,
    notesPath,
    effectLogPath: effects,
    autocompact,
    wait: { timeoutMs: 0 },
  });
  if (report.strategy === 'none') {
    const notSmaller =
      report.reason?.startsWith('compaction would not make the context smaller') === true && before.tokensBefore < threshold;
    expect(before.messages.length === 0 || before.nothingNew || notSmaller).toBe(true);
    return;
  }
  // Loading the compacted log gives exactly what the planner said: boundary, summary, the kept messages.
  const after = compactionView(logEntries(file));
  expect(after.messages.map((m) => m.uuid)).toEqual([report.written!.uuids[1], ...report.kept]);
  expect(report.kept).toEqual(before.messages.slice(before.messages.length - report.kept.length).map((m) => m.uuid));

  // The notes rung never drops a message the notes do not cover.
  if (report.strategy === 'notes') expect(report.summarized).toBeLessThanOrEqual(coveredIndex + 1);

  // No split message is cut: every piece of a kept message.id is kept, thinking included.
  const kept = new Set(report.kept);
  const idOf = (m: (typeof before.messages)[number]) => (m.entry.type === 'assistant' ? m.entry.message.id : undefined);
  const keptIds = new Set(
    before.messages
      .filter((m) => kept.has(m.uuid))
      .map(idOf)
      .filter((id) => id !== undefined),
  );
  for (const m of before.messages) {
    const id = idOf(m);
    if (id !== undefined && keptIds.has(id)) expect(kept.has(m.uuid)).toBe(true);
  }

  // The API view: tool results sit right after their tool_use; every pair whole before is whole after; roles alternate.
  const api = loadConversation(file).messages;
  const answeredBefore = new Set(
    before.messages.flatMap((m) =>
      blocksOf(m.entry.message.content)
        .filter((b) => b.type === 'tool_result')
        .map((b) => b.tool_use_id),
    ),
  );
  // Consecutive user messages are merged; two assistant messages in a row happen only where the
  // conversation itself had them (an interrupted response): compaction adds no such pair.
  const adjacentAssistants = (view: typeof api) =>
    view.flatMap((m, i) =>
      i > 0 && m.role === 'assistant' && view[i - 1]!.role === 'assistant' ? [`${view[i - 1]!.sources.join()}|${m.sources.join()}`] : [],
    );
  const preAssistantPairs = new Set(adjacentAssistants(preApi));
  for (const pair of adjacentAssistants(api)) expect(preAssistantPairs.has(pair)).toBe(true);
  api.forEach((message, i) => {
    if (i > 0 && message.role === 'user') expect(api[i - 1]!.role).toBe('assistant');
    for (const block of blocksOf(message.content)) {
      if (block.type === 'tool_result') {
        const previous = api[i - 1];
        expect(previous?.role).toBe('assistant');
        expect(blocksOf(previous!.content).some((b) => b.type === 'tool_use' && b.id === block.tool_use_id)).toBe(true);
      }
      if (block.type === 'tool_use' && answeredBefore.has(block.id)) {
        expect(blocksOf(api[i + 1]?.content ?? []).some((b) => b.type === 'tool_result' && b.tool_use_id === block.id)).toBe(true);
      }
    }
  });
  // The newest prompt survives, word for word.
  if (before.newestPrompt !== -1) {
    const prompt = newestText(before);
    expect(
      api.some(
        (message) => message.role === 'user' && blocksOf(message.content).some((b) => b.type === 'text' && (b.text ?? '').includes(prompt)),
      ),
    ).toBe(true);
  }
  // Under the threshold whenever that is possible at all: the least any result can be is an
  // empty summary with the newest prompt quoted and nothing kept.
  const newest =
    before.newestPrompt === -1
      ? undefined
      : blocksOf(before.messages[before.newestPrompt]!.entry.message.content)
          .filter((b) => b.type === 'text')
          .map((b) => b.text)
          .join('\n');
  const floor = tokensAfter(
    before,
    before.messages.length,
    summaryMessage('', {
      recentKept: false,
      continueSilently: false,
      transcriptPath: file,
      ...(newest === undefined ? {} : { latestRequest: newest }),
    }),
  );
  if (report.tokensAfter >= threshold) expect(floor).toBeGreaterThanOrEqual(threshold);
  expect(report.tokensAfter).toBe(tokensAfter(after, 0, ''));

  // Compacting again with nothing new changes nothing.
  const bytes = readFileSync(file);
  const again = await compactTranscript({
    transcriptPath: file,
    strategy,
    model: new OfflineModel(),
    notesPath,
    effectLogPath: effects,
    autocompact,
    wait: { timeoutMs: 0 },
  });
  expect(again.strategy).toBe('none');
  expect(readFileSync(file).equals(bytes)).toBe(true);
}
