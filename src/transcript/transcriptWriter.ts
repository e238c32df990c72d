import { existsSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { appendWholeLines } from '../fs/appendLines.js';
import type { Entry } from './entrySchema.js';
import { hasUuid, serializeEntry } from './entrySchema.js';
import { agentTranscriptPath } from './claudePaths.js';
import { readTail } from './readTail.js';
import { readTranscriptSync } from './readTranscript.js';

/** Side entries Claude Code re-appends so they stay in the tail `/resume` reads, in its order (spec §2.6). */
export const REAPPENDED_METADATA = [
  'last-prompt',
  'custom-title',
  'tag',
  'agent-name',
  'agent-color',
  'agent-setting',
  'mode',
  'worktree-state',
  'pr-link',
] as const;
type MetadataType = (typeof REAPPENDED_METADATA)[number];
const METADATA_TYPES: ReadonlySet<string> = new Set(REAPPENDED_METADATA);

export interface TranscriptWriterOptions {
  /** The main transcript, `<projectDir>/<sessionId>.jsonl`. */
  readonly path: string;
  /** Defaults to the file's basename. */
  readonly sessionId?: string;
  /** Current Claude Code writes attachments; 2.1.88 external builds dropped them (spec §2.4). */
  readonly persistAttachments?: boolean;
}

export interface AppendReport {
  readonly written: number;
  readonly skippedDuplicates: number;
  readonly notLoggable: number;
  readonly pending: number;
}

/**
 * Appends entries to a session transcript with Claude Code's behaviour (spec §2): the file
 * appears only with the first user or assistant message, entries before that wait and are
 * flushed then; progress is never written; a uuid already in the main file is not written
 * again; sidechain entries go to their agent's file; session metadata is cached and
 * re-appended on demand. Calls are serialised; each call's lines for one file go out in
 * one write.
 */
export class TranscriptWriter {
  readonly path: string;
  readonly sessionId: string;
  private readonly persistAttachments: boolean;
  private readonly uuids = new Set<string>();
  private readonly metadata = new Map<MetadataType, Entry>();
  private readonly repaired = new Set<string>();
  private pending: Entry[] = [];
  private materialized: boolean;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: TranscriptWriterOptions) {
    this.path = options.path;
    this.sessionId = options.sessionId ?? basename(options.path, '.jsonl');
    this.persistAttachments = options.persistAttachments ?? true;
    this.materialized = existsSync(this.path);
    if (this.materialized) this.adopt();
  }

  /** Whether the main file exists (or has been created by this writer). */
  get isMaterialized(): boolean {
    return this.materialized;
  }

  /**
   * Appends entries in order; resolves when they are on disk (or buffered, before the file
   * exists). If it rejects, nothing of the batch reached the main file and nothing is marked as
   * written: call it again with the same entries.
   */
  append(entries: Entry | readonly Entry[]): Promise<AppendReport> {
    const list = Array.isArray(entries) ? (entries as readonly Entry[]) : [entries as Entry];
    return this.enqueue(() => this.write(list));
  }

  /** Re-appends the cached session metadata, as Claude Code does at exit and before a legacy compaction. */
  reAppendMetadata(): Promise<void> {
    return this.enqueue(async () => {
      if (!this.materialized) return;
      this.refreshFromTail();
      await this.appendTo(this.path, this.metadataLines());
    });
  }

  /** Waits for every queued append. */
  async flush(): Promise<void> {
    await this.queue;
  }

  /**
   * What Claude Code does at exit: flush, then re-append the metadata so it sits in the tail
   * that `/resume` reads. Entries still waiting for a first message are dropped, as there.
   */
  async close(): Promise<void> {
    await this.flush();
    await this.reAppendMetadata();
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Another process (the SDK, a second CLI) may have renamed or tagged the session since we
   * cached: the newest title and tag in the file's tail win over ours (spec §2.6 step 2).
   */
  private refreshFromTail(): void {
    for (const item of readTail(this.path)) {
      if (item.kind === 'entry' && (item.entry.type === 'custom-title' || item.entry.type === 'tag'))
        this.metadata.set(item.entry.type, item.entry);
    }
  }

  private adopt(): void {
    for (const item of readTranscriptSync(this.path)) {
      if (item.kind !== 'entry') continue;
      const { entry } = item;
      if (hasUuid(entry)) this.uuids.add(entry.uuid);
      if (METADATA_TYPES.has(entry.type)) this.metadata.set(entry.type as MetadataType, entry);
    }
  }

  /**
   * Plans the whole batch first (an unsafe agent id throws before any byte is written), and
   * changes the writer's state only after the main file's write succeeded: a failed append
   * can be retried, and nothing is marked as written that is not on disk.
   */
  private async write(entries: readonly Entry[]): Promise<AppendReport> {
    if (!this.materialized && !entries.some((e) => e.type === 'user' || e.type === 'assistant')) {
      for (const entry of entries) this.hold(entry);
      return { written: 0, skippedDuplicates: 0, notLoggable: 0, pending: this.pending.length };
    }
    const materializing = !this.materialized;
    const plan = this.plan(materializing ? [...this.pending, ...entries] : entries);
    const main = materializing ? [...this.metadataLines(), ...plan.main] : plan.main;
    await this.appendTo(this.path, main);
    this.materialized = true;
    this.pending = [];
    for (const uuid of plan.uuids) this.uuids.add(uuid);
    for (const [type, entry] of plan.metadata) this.metadata.set(type, entry);
    for (const [file, lines] of plan.sidechains) await this.appendTo(file, lines);
    const written = main.length + [...plan.sidechains.values()].reduce((n, l) => n + l.length, 0);
    return { written, skippedDuplicates: plan.skippedDuplicates, notLoggable: plan.notLoggable, pending: 0 };
  }

  /** What a batch would write, without touching the writer's state. */
  private plan(batch: readonly Entry[]) {
    const main: string[] = [];
    const sidechains = new Map<string, string[]>();
    const metadata = new Map<MetadataType, Entry>();
    const uuids = new Set<string>();
    let skippedDuplicates = 0;
    let notLoggable = 0;
    for (const entry of batch) {
      if (!this.isLoggable(entry)) {
        notLoggable++;
        continue;
      }
      if (METADATA_TYPES.has(entry.type)) metadata.set(entry.type as MetadataType, entry);
      const agentId = sidechainAgent(entry);
      if (agentId !== undefined) {
        const file = agentTranscriptPath(dirname(this.path), this.sessionId, agentId);
        sidechains.set(file, [...(sidechains.get(file) ?? []), serializeEntry(entry)]);
        continue;
      }
      if (hasUuid(entry)) {
        if (this.uuids.has(entry.uuid) || uuids.has(entry.uuid)) {
          skippedDuplicates++;
          continue;
        }
        uuids.add(entry.uuid);
      }
      main.push(serializeEntry(entry));
    }
    return { main, sidechains, metadata, uuids, skippedDuplicates, notLoggable };
  }

  /** Before the file exists: metadata waits in the cache, everything else in the buffer. */
  private hold(entry: Entry): void {
    if (!this.isLoggable(entry)) return;
    if (METADATA_TYPES.has(entry.type)) this.metadata.set(entry.type as MetadataType, entry);
    else this.pending.push(entry);
  }

  private isLoggable(entry: Entry): boolean {
    if (entry.type === 'progress') return false;
    if (entry.type === 'attachment') return this.persistAttachments;
    return true;
  }

  private metadataLines(): string[] {
    const lines: string[] = [];
    for (const type of REAPPENDED_METADATA) {
      const entry = this.metadata.get(type);
      if (entry) lines.push(serializeEntry(entry));
    }
    return lines;
  }

  private async appendTo(file: string, lines: readonly string[]): Promise<void> {
    if (lines.length === 0) return;
    // The first append to a file ends a torn last line (a crash) in the same write, so a write
    // the disk cuts short takes that newline back with the rest.
    await appendWholeLines(file, `${lines.join('\n')}\n`, { endTornTail: !this.repaired.has(file) });
    this.repaired.add(file);
  }
}

/** Sidechain entries that name their agent belong in that agent's file and bypass dedup (spec §2.5). */
function sidechainAgent(entry: Entry): string | undefined {
  if (entry.type === 'unknown') return undefined;
  const { isSidechain, agentId } = entry as { isSidechain?: unknown; agentId?: unknown };
  return isSidechain === true && typeof agentId === 'string' && agentId !== '' ? agentId : undefined;
}
