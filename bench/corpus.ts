import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { machineLine } from './benchUtil.js';

/** What was written, to check the corpus looks like the one PERFORMANCE.md §2 describes. */
export interface CorpusStats {
  readonly bytes: number;
  readonly lines: number;
  /** UTF-16 length of all lines without their newlines, as a reader's strings see it. */
  readonly chars: number;
  readonly byType: Record<string, number>;
  /** Lines holding at least one non-ASCII character. */
  readonly nonAsciiLines: number;
  /** Line counts by size: <300 B, 300 B–1 KB, 1–5 KB, 5–20 KB, 20–200 KB, >200 KB. */
  readonly sizeBuckets: number[];
  readonly maxLine: number;
  /** Compact boundaries written. */
  readonly compactions: number;
}

const BUCKET_LIMITS = [300, 1000, 5000, 20_000, 200_000];
const WORDS = (
  'the a to of and in is it for on with as this that by from we be are not can file line test value ' +
  'function return error parse stream buffer chunk entry session reader index memory state update check ' +
  'café naïve Größe über déjà résumé schön Zürich señal fiancée → ✓ — … ö é'
).split(' ');
const IDENTS = ['entry', 'line', 'chunk', 'offset', 'parser', 'items', 'result', 'state', 'buffer', 'décodé', 'größe'];
const FILES = ['src/index.ts', 'src/transcript/reader.ts', 'src/store/log.ts', 'test/reader.test.ts', 'README.md', 'docs/résumé.md'];
const TOOLS = ['Read', 'Bash', 'Grep'] as const;
/** The one session every corpus is: name the file `<id>.jsonl` where a command wants a session file. */
export const CORPUS_SESSION_ID = '7f3c2a10-5b8e-4c1d-9a62-0e4f8d7b1c33';
const SESSION = CORPUS_SESSION_ID;
const ENV = { userType: 'external', entrypoint: 'cli', cwd: '/home/user/memlog', sessionId: SESSION, version: '2.1.90', gitBranch: 'main' };

/** mulberry32: small, fast and good enough for synthetic text. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Gen {
  private clock = Date.UTC(2026, 10, 30, 9, 0, 0);
  constructor(private readonly r: () => number) {}
  int = (lo: number, hi: number): number => lo + Math.floor(this.r() * (hi - lo + 1));
  /** Log-uniform, so small sizes are common and large ones still occur. */
  size = (lo: number, hi: number): number => Math.round(lo * Math.pow(hi / lo, this.r()));
  chance = (p: number): boolean => this.r() < p;
  pick = <T>(items: readonly T[]): T => items[Math.floor(this.r() * items.length)] as T;
  hex(n: number): string {
    let s = '';
    while (s.length < n)
      s += Math.floor(this.r() * 0x100000000)
        .toString(16)
        .padStart(8, '0');
    return s.slice(0, n);
  }
  uuid(): string {
    const h = this.hex(32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20)}`;
  }
  now = (): string => new Date((this.clock += this.int(50, 20_000))).toISOString();
  sentence(): string {
    const s = Array.from({ length: this.int(5, 16) }, () => this.pick(WORDS)).join(' ');
    return s.charAt(0).toUpperCase() + s.slice(1) + this.pick(['.', '.', '?', ':', '!']);
  }
  /** Pieces from `make` until they reach `chars`. */
  fill(chars: number, make: (i: number) => string): string[] {
    const out: string[] = [];
    for (let len = 0; len < chars; len += (out.at(-1)?.length ?? 0) + 1) out.push(make(out.length));
    return out;
  }
  prose(chars: number): string {
    return this.fill(chars, () => (this.chance(0.1) ? '\n\n' : this.chance(0.05) ? `\`${this.codeLine()}\`` : this.sentence())).join(' ');
  }
  codeLine(): string {
    const [a, b] = [this.pick(IDENTS), this.pick(IDENTS)];
    switch (this.int(0, 7)) {
      case 0:
        return `const ${a} = await read${b}(path, { encoding: 'utf8' });`;
      case 1:
        return `  if (!${a}) throw new Error("${this.sentence()}");`;
      case 2:
        return `  // ${this.sentence()}`;
      case 3:
        return `export function ${a}(${b}: string): number {`;
      case 4:
        return `    return ${a}.split('\\n').map((x) => x.length * ${this.int(1, 99)});`;
      case 5:
        return `  const re = /^(\\d+)→\\s*(.*)$/u; // ✓ ${b}`;
      case 6:
        return `  ${a}.set("${b}", { "offset": ${this.int(0, 1e6)}, "ok": true });`;
      default:
        return '}';
    }
  }
  /** Read-tool output: `    12→code` lines. */
  readOutput(chars: number): { text: string; lines: number; start: number } {
    const start = this.int(1, 400);
    const out = this.fill(chars, (i) => `${String(start + i).padStart(6)}→${this.codeLine()}`);
    return { text: out.join('\n'), lines: out.length, start };
  }
  listing(chars: number, grep: boolean): string {
    const ls = (): string =>
      this.chance(0.3)
        ? `✓ ${this.sentence()} (${this.int(1, 900)} ms)`
        : `-rw-r--r--  1 user user ${String(this.int(10, 99999)).padStart(6)} Nov 30 12:${this.int(10, 59)} ${this.pick(FILES)}`;
    return this.fill(chars, () => (grep ? `${this.pick(FILES)}:${this.int(1, 900)}:${this.codeLine()}` : ls())).join('\n');
  }
}

export interface CorpusOptions {
  /** Auto compactions (a `compact_boundary` and its summary) spread evenly through the file; 0 (the default) writes none. */
  readonly compactions?: number;
  /**
   * Compact as Claude Code does when the context fills: before a turn, once the messages since the
   * last boundary hold this many tokens (four characters of message text a token). Claude Code
   * compacts a 200k window at about 167,000 (`CLAUDE_CODE_CONTEXT_TOKENS`). Not with `compactions`.
   */
  readonly compactAtTokens?: number;
}

/** Claude Code's auto-compaction point for a 200k-token window: the window less 20k of output and a 13k buffer. */
export const CLAUDE_CODE_CONTEXT_TOKENS = 167_000;

/**
 * Writes a synthetic Claude Code 2.1.x transcript of at least `targetBytes` (it stops at the
 * first line boundary past it), a megabyte at a time. The same seed and options give the same bytes.
 */
export function writeCorpus(path: string, targetBytes: number, seed = 42, options: CorpusOptions = {}): CorpusStats {
  const g = new Gen(mulberry32(seed));
  const fd = openSync(path, 'w');
  const byType: Record<string, number> = {};
  const sizeBuckets = [0, 0, 0, 0, 0, 0];
  let bytes = 0,
    lines = 0,
    chars = 0,
    nonAsciiLines = 0,
    maxLine = 0;
  let pending: string[] = [];
  let pendingChars = 0;
  const flush = (): void => {
    if (pending.length > 0) writeSync(fd, pending.join(''));
    pending = [];
    pendingChars = 0;
  };
  const emit = (entry: { readonly type: string; readonly [key: string]: unknown }): void => {
    const line = JSON.stringify(entry) + '\n';
    const size = Buffer.byteLength(line);
    bytes += size;
    lines++;
    chars += line.length - 1;
    byType[entry.type] = (byType[entry.type] ?? 0) + 1;
    if (size !== line.length) nonAsciiLines++;
    maxLine = Math.max(maxLine, size - 1);
    const bucket = BUCKET_LIMITS.filter((limit) => size - 1 >= limit).length;
    sizeBuckets[bucket] = (sizeBuckets[bucket] ?? 0) + 1;
    pending.push(line);
    pendingChars += line.length;
    if (pendingChars > 1 << 20) flush();
  };

  let parent: string | null = null;
  const compactions = options.compactions ?? 0;
  const compactAtChars = (options.compactAtTokens ?? Number.POSITIVE_INFINITY) * 4;
  if (compactions > 0 && options.compactAtTokens !== undefined) throw new Error('writeCorpus: compactions or compactAtTokens, not both');
  let compacted = 0;
  /** Characters of message text since the last boundary: what the next request would carry. */
  let contextChars = 0;
  // As Claude Code writes an auto compaction: the boundary starts a new chain, the summary hangs off it.
  const compact = (): void => {
    const boundary = g.uuid();
    emit({
      parentUuid: null,
      logicalParentUuid: parent,
      isSidechain: false,
      type: 'system',
      subtype: 'compact_boundary',
      content: 'Conversation compacted',
      isMeta: false,
      timestamp: g.now(),
      uuid: boundary,
      level: 'info',
      compactMetadata: { trigger: 'auto', preTokens: g.int(160_000, 170_000) },
      ...ENV,
    });
    const summary = g.uuid();
    emit({
      parentUuid: boundary,
      isSidechain: false,
      type: 'user',
      message: {
        role: 'user',
        content: `This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion of the conversation.\n\n${g.prose(g.size(3000, 9000))}`,
      },
      isVisibleInTranscriptOnly: true,
      isCompactSummary: true,
      uuid: summary,
      timestamp: g.now(),
      ...ENV,
    });
    parent = summary;
    compacted++;
    contextChars = 0;
  };
  try {
    while (bytes < targetBytes) {
      if (compacted < compactions && bytes >= ((compacted + 1) * targetBytes) / (compactions + 1)) compact();
      if (contextChars >= compactAtChars) compact();
      const prompt = g.prose(g.size(40, 1500));
      const promptUuid = g.uuid();
      if (g.chance(0.1)) {
        emit({ type: 'queue-operation', operation: 'enqueue', timestamp: g.now(), sessionId: SESSION, content: prompt });
        emit({ type: 'queue-operation', operation: 'dequeue', timestamp: g.now(), sessionId: SESSION });
      }
      const backups: Record<string, unknown> = {};
      for (let i = g.int(0, 3); i > 0; i--)
        backups[g.pick(FILES)] = { backupFileName: `${g.hex(16)}@v${g.int(1, 9)}`, version: g.int(1, 9), backupTime: g.now() };
      emit({
        type: 'file-history-snapshot',
        messageId: promptUuid,
        snapshot: { messageId: promptUuid, trackedFileBackups: backups, timestamp: g.now() },
        isSnapshotUpdate: false,
      });
      emit({
        parentUuid: parent,
        isSidechain: false,
        type: 'user',
        message: { role: 'user', content: prompt },
        uuid: promptUuid,
        timestamp: g.now(),
        ...ENV,
      });
      parent = promptUuid;
      contextChars += prompt.length;

      const steps = g.int(1, 6);
      for (let step = 0; step < steps; step++) {
        const last = step === steps - 1;
        const messageId = `msg_${g.hex(24)}`;
        const requestId = `req_${g.hex(24)}`;
        const usage = {
          input_tokens: g.int(1, 50),
          cache_creation_input_tokens: g.int(0, 5000),
          cache_read_input_tokens: g.int(1000, 150_000),
          output_tokens: g.int(10, 3000),
          service_tier: 'standard',
        };
        const pieces: Record<string, unknown>[] = [];
        if (g.chance(0.4)) pieces.push({ type: 'thinking', thinking: g.prose(g.size(100, 2500)), signature: g.hex(g.int(200, 600)) });
        if (last || g.chance(0.6)) pieces.push({ type: 'text', text: g.prose(g.size(60, 2000)) });
        const tool = last ? null : g.pick(TOOLS);
        const toolId = `toolu_${g.hex(24)}`;
        const file = g.pick(FILES);
        if (tool !== null) {
          const input =
            tool === 'Read'
              ? { file_path: `/home/user/memlog/${file}` }
              : tool === 'Grep'
                ? { pattern: g.pick(IDENTS), path: 'src', output_mode: 'content' }
                : { command: `ls -la ${file} && npm test -- ${g.pick(IDENTS)}`, description: g.sentence() };
          pieces.push({ type: 'tool_use', id: toolId, name: tool, input });
        }
        for (const block of pieces) {
          contextChars += JSON.stringify(block).length;
          const uuid = g.uuid();
          const stop = block['type'] === 'tool_use' ? 'tool_use' : last ? 'end_turn' : null;
          emit({
            parentUuid: parent,
            isSidechain: false,
            message: {
              id: messageId,
              type: 'message',
              role: 'assistant',
              model: 'claude-opus-4-5',
              content: [block],
              stop_reason: stop,
              stop_sequence: null,
              usage,
            },
            requestId,
            type: 'assistant',
            uuid,
            timestamp: g.now(),
            ...ENV,
          });
          parent = uuid;
        }
        if (tool === null) continue;
        // A line is about twice its output (content plus the toolUseResult copy); ~5% of lines are 20–200 KB.
        const chars = g.chance(0.22) ? g.size(10_000, g.chance(0.02) ? 300_000 : 60_000) : g.size(150, 2200);
        let content: string;
        let result: unknown;
        if (tool === 'Read') {
          const read = g.readOutput(chars);
          content = read.text;
          result = {
            type: 'text',
            file: {
              filePath: `/home/user/memlog/${file}`,
              content: read.text,
              numLines: read.lines,
              startLine: read.start,
              totalLines: read.start + read.lines + g.int(0, 300),
            },
          };
        } else {
          content = g.listing(chars, tool === 'Grep');
          result =
            tool === 'Grep'
              ? { mode: 'content', numFiles: g.int(1, 9), filenames: [], content, numLines: content.split('\n').length }
              : { stdout: content, stderr: '', interrupted: false, isImage: false };
        }
        contextChars += content.length;
        const uuid = g.uuid();
        emit({
          parentUuid: parent,
          isSidechain: false,
          type: 'user',
          message: { role: 'user', content: [{ tool_use_id: toolId, type: 'tool_result', content }] },
          uuid,
          timestamp: g.now(),
          toolUseResult: result,
          sourceToolAssistantUUID: parent,
          ...ENV,
        });
        parent = uuid;
      }
      if (g.chance(0.3)) {
        const uuid = g.uuid();
        emit({
          parentUuid: parent,
          isSidechain: false,
          type: 'system',
          subtype: 'turn_duration',
          durationMs: g.int(2000, 600_000),
          isMeta: false,
          uuid,
          timestamp: g.now(),
          ...ENV,
        });
        parent = uuid;
      }
      if (g.chance(0.5)) emit({ type: 'last-prompt', lastPrompt: prompt.slice(0, 200), leafUuid: parent, sessionId: SESSION });
    }
    flush();
  } finally {
    closeSync(fd);
  }
  return { bytes, lines, chars, byType, nonAsciiLines, sizeBuckets, maxLine, compactions: compacted };
}

/** The seed-42 corpus of `mb` megabytes in `dir` (written once, then reused), announced on stdout with the machine line. */
export function benchCorpus(dir: string, mb: number): { readonly file: string; readonly stats: CorpusStats } {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `corpus-${mb}mb-seed42.jsonl`);
  const stats = writeCorpus(file, Math.round(mb * 1e6), 42);
  console.log(machineLine());
  console.log(`corpus: ${stats.lines} lines, ${(stats.bytes / 1e6).toFixed(0)} MB`);
  return { file, stats };
}
