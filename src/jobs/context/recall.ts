import type { ModelPort } from '../../model/port.js';
import { formatManifest, scanMemoryFiles, type MemoryFileHeader } from '../../memory/durable/memoryScan.js';
import { isTextBlock } from '../../transcript/contentGuards.js';
import { readRegularFile } from '../../fs/regularFile.js';

/** Long-term spec §2.3–2.4: five memories a turn, each cut at 200 lines / 4 KB, 60 KiB a session. */
export const RECALL_LIMIT = 5;
export const MAX_MEMORY_LINES = 200;
export const MAX_MEMORY_BYTES = 4_096;
export const MAX_SESSION_BYTES = 60 * 1024;

export interface RecallOptions {
  readonly memoryDir: string;
  /** The user's message this turn. */
  readonly query: string;
  readonly model: ModelPort;
  /** Absolute paths already shown in this session (or read by the model): never offered again. */
  readonly alreadySurfaced?: ReadonlySet<string>;
  /** Tools used successfully this turn: memories about using them are not needed, warnings are. */
  readonly recentTools?: readonly string[];
  /** Bytes of memories surfaced so far in this session. */
  readonly surfacedBytes?: number;
  readonly now?: number;
  readonly signal?: AbortSignal;
}

export interface RecalledMemory {
  readonly path: string;
  readonly content: string;
  readonly mtimeMs: number;
  /** The line the memory is introduced with; fixed when surfaced, so the bytes stay stable for caching. */
  readonly header: string;
  /** Lines kept, when the file was cut. */
  readonly limit?: number;
}

export type RecallResult = { readonly memories: readonly RecalledMemory[]; readonly skipped?: string };

const SELECTOR_SYSTEM = `You pick which saved memories will help a coding assistant answer the query below. You see each memory's file name and description. Choose at most five, and only ones you are sure will help; if unsure, leave a memory out; choosing none is fine. When tools in use are listed, skip memories that only explain how to use those tools, but do pick warnings and known problems about them. Answer with JSON only: {"selected_memories": ["file.md", ...]}.`;

const SELECTION_SCHEMA = {
  type: 'object',
  properties: { selected_memories: { type: 'array', items: { type: 'string' } } },
  required: ['selected_memories'],
  additionalProperties: false,
} as const;

/** The start of a memory within the line and byte caps, cut at a whole line, with a note when cut. */
function capped(path: string, text: string): { content: string; limit?: number } {
  const lines = text.split('\n');
  const kept: string[] = [];
  let bytes = 0;
  let byBytes = false;
  for (const line of lines.slice(0, MAX_MEMORY_LINES)) {
    const size = Buffer.byteLength(line, 'utf8') + 1;
    if (bytes + size > MAX_MEMORY_BYTES) {
      byBytes = true;
      break;
    }
    kept.push(line);
    bytes += size;
  }
  if (!byBytes && lines.length <= MAX_MEMORY_LINES) return { content: text };
  const why = byBytes ? `the ${MAX_MEMORY_BYTES}-byte limit` : `its first ${MAX_MEMORY_LINES} lines`;
  return { content: `${kept.join('\n')}\n\nThis memory was cut to ${why}; the Read tool shows all of it at ${path}.`, limit: kept.length };
}

/** Its age from when it was saved (its `modified:`, else its mtime: decision 70, amended), so a memory backfilled from an old session is not "saved today". */
function headerFor(file: MemoryFileHeader, now: number): string {
  const days = Math.max(0, Math.floor((now - file.savedAtMs) / 86_400_000));
  if (days <= 1) return `Memory (saved ${days === 0 ? 'today' : 'yesterday'}): ${file.filePath}:`;
  return `This memory is ${days} days old. Memories record what was true when they were written; claims about code, files or lines may be out of date, so check them before relying on them.\n\nMemory: ${file.filePath}:`;
}

/**
 * Relevance recall (long-term spec §2): the memories worth showing for this turn's message, at
 * most five, chosen by a side query to the model over the memories' names and descriptions
 * (the offline model ranks them lexically). Already-surfaced files are left out before the call;
 * a one-word message, an empty directory or a spent session budget makes no call; any failure
 * recalls nothing rather than failing the turn.
 */
export async function recallMemories(options: RecallOptions): Promise<RecallResult> {
  const query = options.query.trim();
  if (query === '' || !/\s/.test(query)) return { memories: [], skipped: 'the message is a single word' };
  if ((options.surfacedBytes ?? 0) >= MAX_SESSION_BYTES)
    return { memories: [], skipped: 'this session has surfaced its 60 KiB of memories' };
  const surfaced = options.alreadySurfaced ?? new Set<string>();
  const candidates = (await scanMemoryFiles(options.memoryDir)).filter((file) => !surfaced.has(file.filePath));
  if (candidates.length === 0) return { memories: [], skipped: 'no memories left to offer' };
  const tools = options.recentTools ?? [];
  const content = `Query: ${query}\n\nAvailable memories:\n${formatManifest(candidates)}${tools.length === 0 ? '' : `\n\nRecently used tools: ${tools.join(', ')}`}`;
  let chosen: string[];
  try {
    const reply = await options.model.complete(
      {
        system: SELECTOR_SYSTEM,
        messages: [{ role: 'user', content }],
        maxTokens: 256,
        outputSchema: SELECTION_SCHEMA,
        task: {
          kind: 'recall',
          query,
          candidates: candidates.map((c) => ({
            filename: c.filename,
            description: c.description,
            ...(c.type === undefined ? {} : { type: c.type }),
          })),
          recentTools: tools,
          limit: RECALL_LIMIT,
        },
      },
      options.signal === undefined ? {} : { signal: options.signal },
    );
    const text = reply.content.find(isTextBlock);
    const parsed = JSON.parse(text?.text ?? '{}') as { selected_memories?: unknown };
    chosen = Array.isArray(parsed.selected_memories)
      ? parsed.selected_memories.filter((name): name is string => typeof name === 'string')
      : [];
  } catch (error) {
    return { memories: [], skipped: `the selector failed: ${(error as Error).message}` };
  }
  const byName = new Map(candidates.map((c) => [c.filename, c]));
  const now = options.now ?? Date.now();
  const picked = [...new Set(chosen)].flatMap((name) => (byName.has(name) ? [byName.get(name)!] : [])).slice(0, RECALL_LIMIT);
  const memories = await Promise.all(
    picked.map(async (file): Promise<RecalledMemory> => {
      const { content: text, limit } = capped(file.filePath, await readRegularFile(file.filePath, 'utf8'));
      return {
        path: file.filePath,
        content: text,
        mtimeMs: file.mtimeMs,
        header: headerFor(file, now),
        ...(limit === undefined ? {} : { limit }),
      };
    }),
  );
  return { memories };
}
