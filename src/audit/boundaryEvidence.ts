import { SUMMARY_OPENING } from '../compaction/summaryText.js';
import type { Entry } from '../transcript/entrySchema.js';
import type { AuditItem, CompactionOrigin, EntryPlace } from './auditItem.js';
import { SegmentCollector, mainMessage, type PersonMessage } from './segmentCollector.js';

/** One compaction and everything needed to judge it: what was established, what survived, what was said after. */
export interface BoundaryEvidence {
  readonly uuid: string;
  readonly line: number;
  readonly trigger: string | null;
  readonly origin: CompactionOrigin;
  readonly preTokens: number | null;
  readonly items: readonly AuditItem[];
  /** The summary, its parts joined in order (2.1.337 may write it in three). */
  readonly summary: string;
  readonly summaryParts: number;
  /** Uuids of the messages the compaction kept word for word. */
  readonly kept: ReadonlySet<string>;
  /** The person's words among the kept messages. */
  readonly keptTexts: readonly string[];
  /** The person's messages after the boundary, up to the next one: where a lost item is said again. */
  readonly later: readonly PersonMessage[];
}

interface OpenBoundary {
  readonly place: EntryPlace;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly items: readonly AuditItem[];
  readonly kept: ReadonlySet<string>;
  readonly keptTexts: readonly string[];
  readonly summary: string[];
  /** Compact-summary messages right after the boundary are its summary; the first other message ends it. */
  takingSummary: boolean;
}

const stringsOf = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;

/** The messages a boundary keeps: listed in preservedMessages, or the run from the preserved segment's head to its tail. */
function keptUuids(metadata: Readonly<Record<string, unknown>>, order: readonly string[]): Set<string> {
  const listed = metadata['preservedMessages'] as Record<string, unknown> | undefined;
  const uuids = stringsOf(listed?.['allUuids']) ?? stringsOf(listed?.['uuids']);
  if (uuids !== undefined) return new Set(uuids);
  const segment = metadata['preservedSegment'] as Record<string, unknown> | undefined;
  const head = order.indexOf(String(segment?.['headUuid']));
  const tail = order.lastIndexOf(String(segment?.['tailUuid']));
  return head === -1 || tail < head ? new Set() : new Set(order.slice(head, tail + 1));
}

/** A compact summary's text: the string, or its text blocks joined. */
function summaryText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block) => (typeof (block as { text?: unknown }).text === 'string' ? (block as { text: string }).text : ''))
    .filter((text) => text !== '')
    .join('\n');
}

const numberOr = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/**
 * Reads a session entry by entry and hands over each compaction's evidence once the next
 * boundary (or the end) closes it. Holds one stretch of the person's words at a time, never
 * the transcript (decision 78).
 */
export class BoundaryEvidenceFold {
  private readonly stretch = new SegmentCollector();
  private order: string[] = [];
  private open: OpenBoundary | undefined;
  sessionId: string | null = null;

  constructor(private readonly emit: (evidence: BoundaryEvidence) => void) {}

  add(line: number, entry: Entry): void {
    if (this.sessionId === null && entry.type !== 'unknown' && typeof entry['sessionId'] === 'string') this.sessionId = entry['sessionId'];
    if (entry.type === 'system' && entry.subtype === 'compact_boundary' && entry.isSidechain !== true) return this.boundary(line, entry);
    if (entry.type === 'queue-operation') return this.stretch.add({ uuid: `line-${line}`, line }, entry);
    const message = mainMessage(entry);
    if (message === undefined) return;
    const open = this.open;
    if (open?.takingSummary === true) {
      if (message.type === 'user' && message.isCompactSummary === true) {
        open.summary.push(summaryText(message.message.content));
        return;
      }
      open.takingSummary = false;
    }
    this.order.push(message.uuid);
    this.stretch.add({ uuid: message.uuid, line }, entry);
  }

  private boundary(line: number, entry: Extract<Entry, { type: 'system' }>): void {
    this.close();
    const metadata = (entry.compactMetadata ?? {}) as Readonly<Record<string, unknown>>;
    const kept = keptUuids(metadata, this.order);
    const keptTexts = this.stretch.messages.filter((m) => kept.has(m.uuid)).map((m) => m.text);
    this.open = {
      place: { uuid: entry.uuid, line },
      metadata,
      items: this.stretch.items(),
      kept,
      keptTexts,
      summary: [],
      takingSummary: true,
    };
    this.stretch.next();
    this.order = [];
  }

  /** Hands over the open boundary's evidence, with what the person said after it. */
  private close(): void {
    const open = this.open;
    if (open === undefined) return;
    this.open = undefined;
    const summary = open.summary.join('\n\n');
    this.emit({
      uuid: open.place.uuid,
      line: open.place.line,
      trigger: typeof open.metadata['trigger'] === 'string' ? open.metadata['trigger'] : null,
      origin: summary.trimStart().startsWith(SUMMARY_OPENING) ? 'memlog' : 'claude-code',
      preTokens: numberOr(open.metadata['preTokens']),
      items: open.items,
      summary,
      summaryParts: open.summary.length,
      kept: open.kept,
      keptTexts: open.keptTexts,
      later: this.stretch.messages,
    });
  }

  /** The end of the session: the last boundary is closed with what followed it. */
  finish(): void {
    this.close();
  }
}
