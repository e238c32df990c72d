import type { z } from 'zod';
import { BLOCK_SCHEMAS } from './contentSchema.js';
import { AssistantEntry, AttachmentEntry, ProgressEntry, SystemEntry, UserEntry } from './chainSchema.js';
import * as meta from './metadataSchema.js';

/** Every entry kind memlog knows, by its `type` discriminator. */
export const ENTRY_SCHEMAS = {
  user: UserEntry,
  assistant: AssistantEntry,
  system: SystemEntry,
  attachment: AttachmentEntry,
  progress: ProgressEntry,
  summary: meta.SummaryEntry,
  'custom-title': meta.CustomTitleEntry,
  'ai-title': meta.AiTitleEntry,
  'last-prompt': meta.LastPromptEntry,
  'task-summary': meta.TaskSummaryEntry,
  tag: meta.TagEntry,
  'agent-name': meta.AgentNameEntry,
  'agent-color': meta.AgentColorEntry,
  'agent-setting': meta.AgentSettingEntry,
  'pr-link': meta.PrLinkEntry,
  mode: meta.ModeEntry,
  'permission-mode': meta.PermissionModeEntry,
  'worktree-state': meta.WorktreeStateEntry,
  'file-history-snapshot': meta.FileHistorySnapshotEntry,
  'file-history-delta': meta.FileHistoryDeltaEntry,
  'attribution-snapshot': meta.AttributionSnapshotEntry,
  'queue-operation': meta.QueueOperationEntry,
  'speculation-accept': meta.SpeculationAcceptEntry,
  'content-replacement': meta.ContentReplacementEntry,
  'marble-origami-commit': meta.MarbleOrigamiCommitEntry,
  'marble-origami-snapshot': meta.MarbleOrigamiSnapshotEntry,
  'frame-link': meta.FrameLinkEntry,
  'isolation-latch': meta.IsolationLatchEntry,
  'fork-context-ref': meta.ForkContextRefEntry,
  'atis-latch': meta.AtisLatchEntry,
  'bridge-session': meta.BridgeSessionEntry,
  'api-request-shape': meta.ApiRequestShapeEntry,
  'api-request-blob': meta.ApiRequestBlobEntry,
  'api-request': meta.ApiRequestEntry,
  'tools-used': meta.ToolsUsedEntry,
  'cost-state': meta.CostStateEntry,
  'denial-counts': meta.DenialCountsEntry,
  'api-request-route': meta.ApiRequestRouteEntry,
  relocated: meta.RelocatedEntry,
  started: meta.StartedEntry,
  result: meta.ResultEntry,
} as const;

export type KnownEntryType = keyof typeof ENTRY_SCHEMAS;
export type KnownEntry = { [K in KnownEntryType]: z.infer<(typeof ENTRY_SCHEMAS)[K]> }[KnownEntryType];
export type EntryOfType<K extends KnownEntryType> = z.infer<(typeof ENTRY_SCHEMAS)[K]>;

/**
 * An entry of a kind memlog does not model (a newer Claude Code, another tool). It is kept
 * whole in `raw`, so it is written back unchanged.
 */
export interface UnknownEntry {
  readonly type: 'unknown';
  readonly raw: Readonly<Record<string, unknown>>;
}

export type Entry = KnownEntry | UnknownEntry;

/** The chain participants (spec §1.2), plus legacy progress lines which the loader bridges. */
export const CHAIN_TYPES: ReadonlySet<string> = new Set(['user', 'assistant', 'system', 'attachment', 'progress']);

export function isKnownEntryType(type: unknown): type is KnownEntryType {
  return typeof type === 'string' && Object.prototype.hasOwnProperty.call(ENTRY_SCHEMAS, type);
}

/**
 * An entry that carries a uuid: every chain entry, and a side entry that happens to have one.
 * Side entries are loose, so their kind alone does not say.
 */
export function hasUuid(entry: Entry): entry is Entry & { readonly uuid: string } {
  return entry.type !== 'unknown' && typeof entry['uuid'] === 'string';
}

export type EntryParseResult = { ok: true; entry: Entry } | { ok: false; message: string };

/**
 * Checks one parsed JSON value against the schema of its kind. On success the entry is the
 * very object that was passed in (zod's copy is discarded), so key order and unknown fields
 * survive byte for byte.
 */
export function toEntry(value: unknown): EntryParseResult {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: `expected a JSON object, got ${describe(value)}` };
  }
  const record = value as Record<string, unknown>;
  const type = record['type'];
  if (typeof type !== 'string') {
    return { ok: false, message: type === undefined ? 'the object has no "type" field' : '"type" is not a string' };
  }
  if (!isKnownEntryType(type)) return { ok: true, entry: { type: 'unknown', raw: record } };
  const result = ENTRY_SCHEMAS[type].safeParse(record);
  if (result.success) return { ok: true, entry: record as unknown as KnownEntry };
  return { ok: false, message: `${type} entry ${explain(record, result.error.issues[0])}` };
}

type Issue = z.core.$ZodIssue;

/**
 * A message that names the field and says what is wrong with it. Union failures (content
 * blocks) are re-checked against the one schema the block's own `type` selects, so the
 * message says "tool_use block: id: …" rather than "Invalid input".
 */
function explain(record: Record<string, unknown>, issue: Issue | undefined): string {
  if (!issue) return 'does not match its schema';
  const path = issue.path.filter((key): key is string | number => typeof key !== 'symbol');
  const contentAt = path.lastIndexOf('content');
  if (contentAt !== -1) {
    const atBlock = typeof path[contentAt + 1] === 'number';
    const where = path.slice(0, contentAt + (atBlock ? 2 : 1));
    const value = valueAt(record, where);
    const specific = atBlock ? explainBlock(value) : explainContent(value);
    if (specific !== undefined) return `at ${where.join('.')}: ${specific}`;
  }
  return `at ${path.length > 0 ? path.join('.') : 'top level'}: ${issue.message}`;
}

function explainContent(value: unknown): string | undefined {
  if (typeof value === 'string') return undefined;
  if (value === undefined) return 'missing (expected a string or an array of content blocks)';
  if (!Array.isArray(value)) return 'expected a string or an array of content blocks';
  for (const [index, block] of value.entries()) {
    const problem = explainBlock(block);
    if (problem !== undefined) return `block ${index}: ${problem}`;
  }
  return undefined;
}

function explainBlock(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return `expected a content block object, got ${JSON.stringify(value) ?? 'nothing'}`.slice(0, 120);
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string') return 'content block without a string "type"';
  const result = BLOCK_SCHEMAS[type]?.safeParse(value);
  if (!result || result.success) return undefined;
  const inner = result.error.issues[0];
  return `${type} block: ${inner ? `${inner.path.join('.') || 'value'}: ${inner.message}` : 'wrong shape'}`;
}

function valueAt(record: Record<string, unknown>, path: ReadonlyArray<string | number>): unknown {
  let value: unknown = record;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

/** The object to write back for an entry. */
export function entryToJson(entry: Entry): Readonly<Record<string, unknown>> {
  return entry.type === 'unknown' ? entry.raw : entry;
}

/**
 * The text each entry was read from. Entries are immutable values, so an entry read from a
 * line serialises back to that line byte for byte, whatever JSON.stringify would make of it
 * (spacing, escapes, number forms, duplicate keys, integer-like key order).
 */
const SOURCE_TEXT = Symbol('memlog.sourceText');

/**
 * Remembers the line an entry came from; the reader calls it, nothing else should. Kept on the
 * entry as a non-enumerable symbol: spreads, Object.assign, JSON and structuredClone leave it
 * behind, so a changed copy never serialises as the old line. Not in a WeakMap: one set per
 * line made reading 5-15% slower (bench/replayStages.bench.ts).
 */
export function rememberSourceText(entry: Entry, raw: string): void {
  Object.defineProperty(entryToJson(entry), SOURCE_TEXT, { value: raw });
}

/** One JSONL line (without the newline): the original text for an entry that was read, else JSON.stringify as Claude Code writes. */
export function serializeEntry(entry: Entry): string {
  const json = entryToJson(entry) as { readonly [SOURCE_TEXT]?: string };
  return json[SOURCE_TEXT] ?? JSON.stringify(json);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
