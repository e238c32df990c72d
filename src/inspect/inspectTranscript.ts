import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UsageTotals, sumUsageById } from './usageTotals.js';
import type { TranscriptReport } from './light/transcriptReport.js';
import { lightEntry } from '../resume/lightEntry.js';
import { resumeFromItems } from '../resume/loadConversation.js';
import type { AssistantEntry } from '../transcript/chainSchema.js';
import type { Entry } from '../transcript/entrySchema.js';
import { readTranscriptSync } from '../transcript/readTranscript.js';
import { agentIdFromFileName } from '../transcript/claudePaths.js';

export type { TranscriptReport } from './light/transcriptReport.js';

/** Reads one transcript in one streaming pass and summarises it. Never throws on bad content; unreadable files throw. */
export interface InspectReadOptions {
  /** Called with the byte offset of each line read, for a progress display. */
  readonly onRead?: (bytes: number) => void;
}

export function inspectTranscript(file: string, options: InspectReadOptions = {}): TranscriptReport {
  let entryCount = 0;
  const diagnostics: TranscriptReport['diagnostics'] = [];
  const byKind: Record<string, number> = {};
  const sessions = new Map<string, number>();
  const inline = new Map<string, number>();
  const boundaries: TranscriptReport['compactBoundaries'] = [];
  const usage = new UsageTotals();
  let lines = 0;
  const tally = (line: number, entry: Entry): void => {
    entryCount++;
    const kind = entry.type === 'unknown' ? unknownKind(entry.raw['type']) : entry.type;
    byKind[kind] = (byKind[kind] ?? 0) + 1;
    if (entry.type === 'unknown') return;
    const sessionId = (entry as { sessionId?: unknown }).sessionId;
    if (typeof sessionId === 'string') sessions.set(sessionId, (sessions.get(sessionId) ?? 0) + 1);
    if ((entry as { isSidechain?: unknown }).isSidechain === true) {
      const agent = (entry as { agentId?: unknown }).agentId;
      const key = typeof agent === 'string' ? agent : '';
      inline.set(key, (inline.get(key) ?? 0) + 1);
    }
    if (entry.type === 'system' && entry.subtype === 'compact_boundary') {
      const meta = entry.compactMetadata;
      boundaries.push({
        uuid: entry.uuid,
        line,
        trigger: meta?.trigger ?? null,
        preTokens: meta?.preTokens ?? null,
        preservedSegment: meta?.preservedSegment !== undefined,
      });
    }
    if (entry.type === 'assistant' && entry.message.usage) {
      usage.add(entry.message.id ?? `line:${line}`, entry.message.usage);
    }
  };
  function* entries(): Generator<{ seq: number; entry: Entry }> {
    for (const item of readTranscriptSync(file)) {
      options.onRead?.(item.offset);
      lines = Math.max(lines, item.line);
      if (item.kind === 'diagnostic') {
        diagnostics.push({ code: item.code, line: item.line, offset: item.offset, message: item.message });
        continue;
      }
      tally(item.line, item.entry);
      // The report needs the chain and the count of its messages, not their words: the index keeps light entries (decision 51).
      yield { seq: item.seq, entry: lightEntry(item.entry) };
    }
  }
  // The index forgets what a resume prunes; in the rare session where that mattered it reads the file again (transcriptIndex.ts).
  const read = entries();
  // The index may stop reading early (when what it forgot turns out to matter it reads the file again through `again`):
  // the tallies still count every line, so the iterator is handed over unclosable and read to its end after (decision 81).
  const resumed = resumeFromItems({ [Symbol.iterator]: () => ({ next: () => read.next() }) }, 'newest', () => lightEntries(file));
  for (let rest = read.next(); rest.done !== true; rest = read.next());
  const agentId = agentIdFromFileName(basename(file)) ?? null;
  return {
    file,
    sessionId: mostCommon(sessions) ?? null,
    agentId,
    lines,
    entries: entryCount,
    byKind,
    diagnostics,
    leaf: resumed.chain.leaf,
    chain: resumed.chain.nodes.map((n) => n.uuid),
    cycle: resumed.chain.cycle,
    apiMessages: resumed.messages.length,
    sidechains: agentId === null ? sidechainsOf(file, inline) : [],
    compactBoundaries: boundaries,
    usage: usage.exact ? usage.sums : sumUsageOfFile(file),
    title: resumed.index.metadata.customTitle ?? resumed.index.metadata.aiTitle ?? summaryOf(resumed.index.summaries, resumed.chain.leaf),
  };
}

/** The file's entries again, light, with nothing counted. */
function* lightEntries(file: string): Generator<{ seq: number; entry: Entry }> {
  for (const item of readTranscriptSync(file)) if (item.kind === 'entry') yield { seq: item.seq, entry: lightEntry(item.entry) };
}

/** Inline sidechains (1.0.x) by agent, plus the agent files under `<session>/subagents/`. */
function sidechainsOf(file: string, inline: ReadonlyMap<string, number>): TranscriptReport['sidechains'] {
  const out: TranscriptReport['sidechains'] = [...inline].map(([agentId, entries]) => ({
    agentId: agentId === '' ? null : agentId,
    file: null,
    entries,
  }));
  const folder = join(dirname(file), basename(file, '.jsonl'), 'subagents');
  if (!existsSync(folder)) return out;
  for (const dirent of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    const agentId = dirent.isFile() ? agentIdFromFileName(dirent.name) : undefined;
    if (agentId === undefined) continue;
    const path = join(dirent.parentPath, dirent.name);
    let entries = 0;
    for (const item of readTranscriptSync(path)) if (item.kind === 'entry') entries++;
    out.push({ agentId, file: path, entries });
  }
  return out.sort((a, b) => (a.file ?? '').localeCompare(b.file ?? ''));
}

/** Usage summed the way that needs every message id at once (see UsageTotals). */
function sumUsageOfFile(file: string): TranscriptReport['usage'] {
  const byId = new Map<string, AssistantEntry['message']['usage']>();
  for (const item of readTranscriptSync(file)) {
    const { entry } = item.kind === 'entry' ? item : { entry: undefined };
    if (entry?.type === 'assistant' && entry.message.usage) byId.set(entry.message.id ?? `line:${item.line}`, entry.message.usage);
  }
  return sumUsageById(byId);
}

function mostCommon(counts: ReadonlyMap<string, number>): string | undefined {
  let best: string | undefined;
  let bestCount = -1;
  for (const [key, count] of counts) {
    if (count > bestCount) {
      best = key;
      bestCount = count;
    }
  }
  return best;
}

function unknownKind(type: unknown): string {
  return typeof type === 'string' ? type : '(no type)';
}

/** A legacy `summary` entry titles the conversation whose leaf it names. */
function summaryOf(summaries: ReadonlyMap<string, string>, leaf: string | null): string | null {
  return leaf === null ? null : (summaries.get(leaf) ?? null);
}
