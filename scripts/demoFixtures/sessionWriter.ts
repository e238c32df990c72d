import { type Clock, type Ids, shortHash } from './ids.js';
import type { JsonObject, ToolCall } from './tools.js';

export const VERSION = '2.1.332';
export const MODEL = 'claude-opus-5-5';

export type Piece = { kind: 'thinking'; text: string } | { kind: 'text'; text: string } | { kind: 'tool'; call: ToolCall };

export const thinking = (text: string): Piece => ({ kind: 'thinking', text });
export const text = (text: string): Piece => ({ kind: 'text', text });
export const tool = (call: ToolCall): Piece => ({ kind: 'tool', call });

/** Token accounting for one API call: what it wrote to the prompt cache and how much it generated. */
export interface Spend {
  create: number;
  out: number;
  /** Resets the cached prefix, e.g. right after a compaction. */
  read?: number;
}

export interface SessionOptions {
  cwd: string;
  sessionId: string;
  gitBranch: string;
  clock: Clock;
  ids: Ids;
  cacheRead: number;
  sidechain?: { agentId: string; promptId: string; agentType: string };
}

interface Tracked {
  version: number;
  backupTime: string;
  backup: boolean;
  dirty: boolean;
}

/** Appends Claude Code 2.1.332-shaped transcript lines for one file (main session or sidechain). */
export class SessionWriter {
  readonly lines: string[] = [];
  readonly chainUuids: string[] = [];
  parent: string | null = null;
  promptId = '';
  gitBranch: string;
  slug: string | null = null;
  permissionMode = 'default';
  aiTitle: string | null = null;
  lastMessageUuid = '';
  apiCalls = 0;
  /** Usage of the newest API call and its context total (input + cache write + cache read + output). */
  lastUsage: JsonObject = {};
  lastCallTokens = 0;
  private promptText = '';
  private promptUuid = '';
  private turnStartMs = 0;
  private snapshotTime = '';
  private messagesInContext = 0;
  private cacheRead: number;
  private readonly parents = new Map<string, string | null>();
  private readonly toolPieces = new Map<string, string>();
  private readonly tracked = new Map<string, Tracked>();

  constructor(private readonly opts: SessionOptions) {
    this.gitBranch = opts.gitBranch;
    this.cacheRead = opts.cacheRead;
    if (opts.sidechain) this.promptId = opts.sidechain.promptId;
  }

  get sessionId(): string {
    return this.opts.sessionId;
  }

  get ids(): Ids {
    return this.opts.ids;
  }

  get clock(): Clock {
    return this.opts.clock;
  }

  side(entry: JsonObject): void {
    this.lines.push(JSON.stringify(entry));
  }

  private envelope(): JsonObject {
    return {
      userType: 'external',
      entrypoint: 'cli',
      cwd: this.opts.cwd,
      sessionId: this.opts.sessionId,
      version: VERSION,
      gitBranch: this.gitBranch,
      ...(this.slug === null ? {} : { slug: this.slug }),
    };
  }

  /** Writes a chain entry: parent link and sidechain flags first, the session stamp last. */
  private chain(uuid: string, body: JsonObject, parent: string | null, head: JsonObject = {}): string {
    const agentId = this.opts.sidechain?.agentId;
    this.side({
      parentUuid: parent,
      ...head,
      isSidechain: this.opts.sidechain !== undefined,
      ...(body.type === 'user' ? { promptId: this.promptId } : {}),
      ...(agentId === undefined ? {} : { agentId }),
      ...body,
      ...this.envelope(),
    });
    this.parents.set(uuid, parent);
    this.chainUuids.push(uuid);
    this.parent = uuid;
    this.messagesInContext += 1;
    if (body.type === 'user' || body.type === 'assistant') this.lastMessageUuid = uuid;
    return uuid;
  }

  /** Queue log, file-history checkpoint and the typed prompt, as written when a prompt is submitted. */
  prompt(content: string): string {
    const sid = this.opts.sessionId;
    this.side({ type: 'queue-operation', operation: 'enqueue', timestamp: this.clock.tick(4_000), sessionId: sid, content });
    this.side({ type: 'queue-operation', operation: 'dequeue', timestamp: this.clock.tick(6), sessionId: sid });
    this.promptText = content;
    this.promptId = this.ids.uuid();
    this.promptUuid = this.ids.uuid();
    this.turnStartMs = this.clock.epochMs();
    this.snapshotTime = this.clock.tick(40);
    for (const [, file] of this.tracked) {
      if (!file.dirty) continue;
      Object.assign(file, { version: file.version + 1, backupTime: this.snapshotTime, backup: true, dirty: false });
    }
    this.snapshot(this.promptUuid, false);
    const timestamp = this.clock.tick(90);
    return this.chain(
      this.promptUuid,
      {
        type: 'user',
        message: { role: 'user', content },
        uuid: this.promptUuid,
        timestamp,
        permissionMode: this.permissionMode,
        promptSource: 'typed',
        sentAtMs: this.turnStartMs,
        rowSource: 'local',
      },
      this.parent,
    );
  }

  /** Sidechain opener: the agent's task prompt with no parent. */
  taskPrompt(content: string): string {
    const uuid = this.ids.uuid();
    const body = { type: 'user', message: { role: 'user', content }, rowSource: 'recorded', uuid, timestamp: this.clock.tick(30) };
    return this.chain(uuid, body, null);
  }

  private snapshot(messageId: string, isSnapshotUpdate: boolean): void {
    const trackedFileBackups: JsonObject = {};
    for (const [path, file] of this.tracked) {
      const backupFileName = file.backup ? `${shortHash(`${this.opts.cwd}/${path}`)}@v${file.version}` : null;
      trackedFileBackups[path] = { backupFileName, version: file.version, backupTime: file.backupTime };
    }
    this.side({
      type: 'file-history-snapshot',
      messageId,
      snapshot: { messageId: this.promptUuid, trackedFileBackups, timestamp: this.snapshotTime },
      isSnapshotUpdate,
    });
  }

  attachment(attachment: JsonObject, rendered: string): string {
    const uuid = this.ids.uuid();
    const body = {
      attachment,
      type: 'attachment',
      uuid,
      timestamp: this.clock.tick(12),
      rendered: [{ content: `<system-reminder>\n${rendered}\n</system-reminder>` }],
      renderedRole: 'system',
    };
    return this.chain(uuid, body, this.parent);
  }

  private usage(spend: Spend, outputTokens: number, thinkingTokens: number): JsonObject {
    return {
      input_tokens: this.inputTokens(),
      cache_creation_input_tokens: spend.create,
      cache_read_input_tokens: this.cacheRead,
      output_tokens: outputTokens,
      output_tokens_details: { thinking_tokens: thinkingTokens },
      server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
      service_tier: 'standard',
      cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: spend.create },
      inference_geo: '',
      iterations: [],
      speed: 'standard',
      fallback_credit: null,
    };
  }

  /** One API response, written one content block per entry, all sharing `message.id`. */
  say(pieces: Piece[], spend: Spend): string[] {
    if (spend.read !== undefined) this.cacheRead = spend.read;
    const messageId = this.ids.messageId();
    const requestId = this.ids.requestId();
    const requestRef = this.ids.uuid();
    const hasTool = pieces.some((p) => p.kind === 'tool');
    const thinkingTokens = pieces.some((p) => p.kind === 'thinking') ? Math.round(spend.out * 0.4) : 0;
    const uuids = pieces.map((piece, index) => {
      const last = index === pieces.length - 1;
      const uuid = this.ids.uuid();
      const timestamp = this.clock.tick(index === 0 ? 2_400 : 700);
      let block: JsonObject;
      let timing: JsonObject = {};
      if (piece.kind === 'tool') {
        piece.call.id = this.ids.toolUseId();
        this.toolPieces.set(piece.call.id, uuid);
        block = { type: 'tool_use', id: piece.call.id, name: piece.call.name, input: piece.call.input };
        timing = { toolInputStreamMs: 40 + ((index * 37) % 200) };
      } else if (piece.kind === 'thinking') {
        block = { type: 'thinking', thinking: piece.text, signature: this.ids.signature() };
        timing = { thinkingDurationMs: 1_800, thinkingDisplay: 'omitted' };
      } else {
        block = { type: 'text', text: piece.text };
      }
      const usage = last ? this.usage(spend, spend.out, thinkingTokens) : this.usage(spend, 4, 0);
      const message: JsonObject = {
        id: messageId,
        type: 'message',
        role: 'assistant',
        model: MODEL,
        content: [block],
        stop_reason: last ? (hasTool ? 'tool_use' : 'end_turn') : null,
        stop_sequence: null,
        usage,
        stop_details: null,
      };
      const sidechain = this.opts.sidechain;
      return this.chain(
        uuid,
        {
          message,
          ...timing,
          apiBlockIndex: index,
          requestId,
          requestRef,
          requestedModel: MODEL,
          promptCacheRequested: '5m',
          ...(sidechain === undefined ? {} : { attributionAgent: sidechain.agentType }),
          type: 'assistant',
          uuid,
          timestamp,
          effort: 'medium',
          perTurnEffort: 'medium',
          madeBy: 'model',
        },
        this.parent,
      );
    });
    this.lastUsage = this.usage(spend, spend.out, thinkingTokens);
    this.lastCallTokens = this.inputTokens() + spend.create + this.cacheRead + spend.out;
    this.cacheRead += spend.create;
    this.apiCalls += 1;
    return uuids;
  }

  private inputTokens(): number {
    return 3 + ((this.apiCalls * 7) % 9);
  }

  /** Tool result as its own user entry, hanging off the piece that holds its tool_use. */
  result(call: ToolCall, elapsedMs = 1_500): string {
    const piece = this.toolPieces.get(call.id);
    if (piece === undefined) throw new Error(`no tool_use piece for ${call.name} ${call.id}`);
    this.toolPieces.delete(call.id);
    if (call.trackPath !== null && !this.tracked.has(call.trackPath)) {
      const backupTime = this.clock.tick(20);
      this.tracked.set(call.trackPath, { version: 1, backupTime, backup: !call.created, dirty: true });
      this.snapshot(piece, true);
    } else if (call.trackPath !== null) {
      const file = this.tracked.get(call.trackPath);
      if (file) file.dirty = true;
    }
    const block: JsonObject = call.isError
      ? { type: 'tool_result', content: call.content, is_error: true, tool_use_id: call.id }
      : {
          tool_use_id: call.id,
          type: 'tool_result',
          content: call.content,
          ...(call.name === 'Bash' ? { is_error: false } : {}),
        };
    const keepResult = call.toolUseResult !== null && (this.opts.sidechain === undefined || call.isError);
    const uuid = this.ids.uuid();
    const body: JsonObject = {
      type: 'user',
      message: { role: 'user', content: [block] },
      uuid,
      timestamp: this.clock.tick(elapsedMs),
      ...(keepResult ? { toolUseResult: call.toolUseResult } : {}),
      ...(call.name === 'Bash' ? { sandboxed: false } : {}),
      sourceToolAssistantUUID: piece,
    };
    return this.chain(uuid, body, piece);
  }

  /** Closes a turn the way the REPL does: duration marker, then re-appended session metadata. */
  endTurn(): void {
    const uuid = this.ids.uuid();
    const timestamp = this.clock.tick(150);
    const durationMs = this.clock.epochMs() - this.turnStartMs;
    const messageCount = this.messagesInContext;
    this.chain(uuid, { type: 'system', subtype: 'turn_duration', durationMs, messageCount, timestamp, uuid, isMeta: false }, this.parent);
    this.metadata();
  }

  metadata(): void {
    const sid = this.opts.sessionId;
    const flat = this.promptText.replace(/\s+/g, ' ').trim();
    const lastPrompt = flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
    this.side({ type: 'last-prompt', lastPrompt, leafUuid: this.lastMessageUuid, sessionId: sid });
    this.side({ type: 'mode', mode: 'normal', sessionId: sid });
    if (this.aiTitle !== null) this.side({ type: 'ai-title', aiTitle: this.aiTitle, sessionId: sid });
  }

  setPermissionMode(mode: string): void {
    this.permissionMode = mode;
    this.side({ type: 'permission-mode', permissionMode: mode, sessionId: this.opts.sessionId });
  }

  /** Walks parent links back from the newest entry: the last `count` chain entries, oldest first. */
  lastOnChain(count: number): string[] {
    const out: string[] = [];
    let cursor = this.parent;
    while (cursor !== null && out.length < count) {
      out.unshift(cursor);
      cursor = this.parents.get(cursor) ?? null;
    }
    return out;
  }

  /**
   * Auto-compaction that keeps the newest messages verbatim: boundary (null parent), summary under it,
   * kept messages left on disk with their original parents, later messages chained off the summary.
   */
  compact(o: { keep: number; preTokens: number; postTokens: number; summary: string; slug: string }): CompactIds {
    const kept = this.lastOnChain(o.keep);
    const head = kept[0];
    const tail = kept[kept.length - 1];
    if (head === undefined || tail === undefined) throw new Error('nothing to keep');
    this.side({ type: 'mode', mode: 'normal', sessionId: this.opts.sessionId });
    this.slug = o.slug;
    const boundary = this.ids.uuid();
    const summary = this.ids.uuid();
    const timestamp = this.clock.tick(24_000);
    this.chain(
      boundary,
      {
        type: 'system',
        subtype: 'compact_boundary',
        content: 'Conversation compacted',
        isMeta: false,
        timestamp,
        uuid: boundary,
        level: 'info',
        compactMetadata: {
          trigger: 'auto',
          preTokens: o.preTokens,
          preCompactOrganizationsCoverStart: false,
          durationMs: 23_870,
          preservedSegment: { headUuid: head, anchorUuid: summary, tailUuid: tail },
          preservedMessages: { anchorUuid: summary, uuids: kept, allUuids: kept },
          postTokens: o.postTokens,
          cumulativeDroppedTokens: o.preTokens - o.postTokens,
        },
      },
      null,
      { logicalParentUuid: tail },
    );
    this.chain(
      summary,
      {
        type: 'user',
        message: { role: 'user', content: o.summary },
        isVisibleInTranscriptOnly: true,
        isCompactSummary: true,
        uuid: summary,
        timestamp: this.clock.tick(60),
      },
      boundary,
    );
    this.messagesInContext = 2 + kept.length;
    return { boundary, summary, head, anchor: summary, tail, kept };
  }

  toJsonl(): string {
    return this.lines.map((line) => `${line}\n`).join('');
  }
}

export interface CompactIds {
  boundary: string;
  summary: string;
  head: string;
  anchor: string;
  tail: string;
  kept: string[];
}

/** The two attachments a fresh 2.1.332 session records right after its first prompt. */
export function openingAttachments(w: SessionWriter, skills: [string, string][]): void {
  const content = skills.map(([name, what]) => `- ${name}: ${what}`).join('\n');
  w.attachment(
    {
      type: 'skill_listing',
      content,
      skillCount: skills.length,
      isInitial: true,
      names: skills.map(([name]) => name),
      digests: skills.map(([name]) => shortHash(`skill:${name}`)),
    },
    `The following skills are available for use with the Skill tool:\n\n${content}`,
  );
  const date = w.clock.iso().slice(0, 10);
  w.attachment({ type: 'date', date }, `Today's date is ${date}.`);
}
