import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { ConfigError, MemlogError } from '../../errors.js';
import { atomicWrite } from '../../fs/atomicWrite.js';
import { throwIfAborted } from '../abort.js';
import type { ModelPort, ModelReply, ModelRequest } from '../port.js';
import { readRegularFileSync } from '../../fs/regularFile.js';

/**
 * Cassette files: recorded model calls, replayed by request.
 * History:
 * - 1: `{version, entries: [{key, request, reply}]}`.
 */
export const CURRENT_CASSETTE_VERSION = 1;
export const SUPPORTED_CASSETTE_VERSIONS = [1] as const;

const CassetteFile = z.object({
  version: z.literal(SUPPORTED_CASSETTE_VERSIONS),
  entries: z.array(z.object({ key: z.string(), request: z.unknown(), reply: z.unknown() })),
});

export class CassetteMissError extends MemlogError {
  constructor(message: string, context: Record<string, unknown>) {
    super('model', message, context);
  }
}

/** JSON with sorted keys and no undefined: the same request always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The stable key of a request: sha256 of its canonical JSON. */
export function requestKey(request: ModelRequest): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

export interface CassetteOptions {
  readonly path: string;
  /** Record mode: calls the inner port and keeps what it answered. Without it, replay only. */
  readonly record?: ModelPort;
}

/**
 * Records a run's model calls to a file and replays them by request. In replay a call that is
 * not in the cassette fails with what differs from the closest recorded request; it never
 * falls through to a live call.
 */
export class CassetteModel implements ModelPort {
  readonly name = 'cassette';
  private readonly entries = new Map<string, { request: unknown; reply: ModelReply }>();

  constructor(private readonly options: CassetteOptions) {
    if (existsSync(options.path)) {
      const parsed = CassetteFile.safeParse(JSON.parse(readRegularFileSync(options.path, 'utf8')));
      if (!parsed.success)
        throw new ConfigError(
          `${options.path} is not a cassette this memlog reads (version ${CURRENT_CASSETTE_VERSION}): ${parsed.error.issues[0]?.message ?? ''}`,
          { path: options.path },
        );
      for (const entry of parsed.data.entries) this.entries.set(entry.key, { request: entry.request, reply: entry.reply as ModelReply });
    } else if (!options.record) {
      throw new ConfigError(`no cassette at ${options.path} (record one first)`, { path: options.path });
    }
  }

  async complete(request: ModelRequest, options: { readonly signal?: AbortSignal } = {}): Promise<ModelReply> {
    throwIfAborted(options.signal, 'cassette');
    const key = requestKey(request);
    const known = this.entries.get(key);
    if (known) return known.reply;
    if (!this.options.record) throw new CassetteMissError(this.describeMiss(request), { key, path: this.options.path });
    const reply = await this.options.record.complete(request, options);
    this.entries.set(key, { request: JSON.parse(canonicalJson(request)) as unknown, reply });
    return reply;
  }

  /** Writes the cassette (atomically). */
  async save(): Promise<void> {
    const entries = [...this.entries].map(([key, { request, reply }]) => ({ key, request, reply }));
    await atomicWrite(this.options.path, `${JSON.stringify({ version: CURRENT_CASSETTE_VERSION, entries }, null, 1)}\n`);
  }

  get size(): number {
    return this.entries.size;
  }

  private describeMiss(request: ModelRequest): string {
    const wanted = JSON.parse(canonicalJson(request)) as unknown;
    let best: { path: string; depth: number } | undefined;
    for (const { request: recorded } of this.entries.values()) {
      const diff = firstDifference(recorded, wanted, '');
      if (diff && (!best || diff.depth > best.depth)) best = diff;
    }
    const where = best ? `; the closest recorded request differs at ${best.path || 'the top level'}` : '; the cassette is empty';
    return `model call not in cassette ${this.options.path}${where}`;
  }
}

/** Whether two JSON values are the same, key order aside; stops at the first difference. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => Object.hasOwn(b, key) && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * The first path where two JSON values differ, and how deep it is (deeper = more alike). Walks
 * each level once: a miss over a cassette of many large requests (a whole batch of sessions)
 * must not cost a serialisation of every subtree at every depth.
 */
function firstDifference(a: unknown, b: unknown, path: string, depth = 0): { path: string; depth: number } | undefined {
  if (sameJson(a, b)) return undefined;
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const key of keys) {
      const inner = firstDifference(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        Array.isArray(a) ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`,
        depth + 1,
      );
      if (inner) return inner;
    }
  }
  return { path, depth };
}
