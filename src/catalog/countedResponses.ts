import { fingerprint } from '../resume/fingerprintSet.js';
import type { StoredUsage } from './usageTotals.js';

/**
 * The API responses one file counted, as the catalog keeps them so that the usage report counts a response once across
 * files (decision 109). Column arrays, one slot (or a fixed number of slots) per response.
 */
export interface CountedResponses {
  readonly size: number;
  /** Four per response: its message id's fingerprint (high, low), then its request id's ('' when it had none). */
  readonly keys: Uint32Array;
  /** The time (ms) of the response's first piece in the file; NaN when that piece had none. */
  readonly firstMs: Float64Array;
  /** Four per response: input, output, cache creation and cache read tokens, as the file counted them. */
  readonly tokens: Float64Array;
  /** Two per response: its model's index in `models` ('' for none) and its UTC day's in `days` ('' for none). */
  readonly refs: Uint32Array;
  readonly models: readonly string[];
  readonly days: readonly string[];
}

/** No responses. */
export const NO_RESPONSES: CountedResponses = {
  size: 0,
  keys: new Uint32Array(0),
  firstMs: new Float64Array(0),
  tokens: new Float64Array(0),
  refs: new Uint32Array(0),
  models: [],
  days: [],
};

/** The responses of a fold's messages; a message keyed by its line (no message id) is no response another file can hold. */
export function responsesOf(usage: readonly StoredUsage[]): CountedResponses {
  const counted = usage.filter(([id]) => !id.startsWith('line:'));
  const size = counted.length;
  const { keys, firstMs, tokens, refs, models, days } = columns(size);
  counted.forEach(([id, model, input, output, cacheCreation, cacheRead, day, firstTime, requestId], i) => {
    keys.set([...fingerprint(id), ...fingerprint(requestId ?? '')], 4 * i);
    firstMs[i] = firstTime === undefined || firstTime === null ? NaN : Date.parse(firstTime);
    tokens.set([input, output, cacheCreation, cacheRead], 4 * i);
    refs[2 * i] = models.of(model ?? '');
    refs[2 * i + 1] = days.of(day);
  });
  return { size, keys, firstMs, tokens, refs, models: models.list, days: days.list };
}

/** The typed columns of `size` responses, and the indexers of their models and days. */
function columns(size: number) {
  return {
    keys: new Uint32Array(4 * size),
    firstMs: new Float64Array(size),
    tokens: new Float64Array(4 * size),
    refs: new Uint32Array(2 * size),
    models: new Indexer(),
    days: new Indexer(),
  };
}

/** Strings by their first index. */
class Indexer {
  readonly list: string[] = [];
  readonly #at = new Map<string, number>();

  of(text: string): number {
    let at = this.#at.get(text);
    if (at === undefined) {
      at = this.list.length;
      this.#at.set(text, at);
      this.list.push(text);
    }
    return at;
  }
}

/**
 * One file's responses from the parts a catalog stored for it in fold order (a fold from the start, then each growth's
 * tail): a response met again keeps the later part's usage and the earliest part's first time (decision 109).
 */
export function mergedResponses(parts: readonly CountedResponses[]): CountedResponses {
  if (parts.length <= 1) return parts[0] ?? NO_RESPONSES;
  const slots = new Map<string, { part: CountedResponses; at: number; firstMs: number }>();
  for (const part of parts) {
    for (let at = 0; at < part.size; at++) {
      const id = idKeyOf(part.keys, at);
      const earlier = slots.get(id);
      const firstMs = earlier === undefined || Number.isNaN(earlier.firstMs) ? (part.firstMs[at] ?? NaN) : earlier.firstMs;
      // A key set again keeps its place: the order is the first part's, then each later part's new responses.
      slots.set(id, { part, at, firstMs });
    }
  }
  return packed([...slots.values()]);
}

function packed(slots: ReadonlyArray<{ part: CountedResponses; at: number; firstMs: number }>): CountedResponses {
  const size = slots.length;
  const { keys, firstMs, tokens, refs, models, days } = columns(size);
  slots.forEach(({ part, at, firstMs: first }, i) => {
    keys.set(part.keys.subarray(4 * at, 4 * at + 4), 4 * i);
    firstMs[i] = first;
    tokens.set(part.tokens.subarray(4 * at, 4 * at + 4), 4 * i);
    refs[2 * i] = models.of(part.models[part.refs[2 * at] ?? 0] ?? '');
    refs[2 * i + 1] = days.of(part.days[part.refs[2 * at + 1] ?? 0] ?? '');
  });
  return { size, keys, firstMs, tokens, refs, models: models.list, days: days.list };
}

/** A response's message id fingerprint as text: what tells one message of a file from another. */
function idKeyOf(keys: Uint32Array, at: number): string {
  return `${keys[4 * at] ?? 0}:${keys[4 * at + 1] ?? 0}`;
}

/** A response's whole key (message id and request id) as text: what tells one API response from another across files. */
export function responseKeyOf(responses: CountedResponses, at: number): string {
  const { keys } = responses;
  return `${keys[4 * at] ?? 0}:${keys[4 * at + 1] ?? 0}:${keys[4 * at + 2] ?? 0}:${keys[4 * at + 3] ?? 0}`;
}

const HEADER_WORDS = 2;

/** The responses as one blob: a header (count, string table's bytes), the string table as JSON, then the columns. */
export function encodeResponses(responses: CountedResponses): Uint8Array {
  const strings = Buffer.from(JSON.stringify([responses.models, responses.days]), 'utf8');
  const stringBytes = roundUp8(strings.length);
  const { size } = responses;
  const out = new Uint8Array(8 * HEADER_WORDS + stringBytes + 64 * size);
  const header = new Uint32Array(out.buffer, 0, HEADER_WORDS);
  [header[0], header[1]] = [size, strings.length];
  out.set(strings, 8 * HEADER_WORDS);
  let at = 8 * HEADER_WORDS + stringBytes;
  for (const column of [responses.firstMs, responses.tokens, responses.keys, responses.refs]) {
    out.set(new Uint8Array(column.buffer, column.byteOffset, column.byteLength), at);
    at += column.byteLength;
  }
  return out;
}

/** How many responses a blob of encodeResponses holds. */
export function responseCount(blob: Uint8Array): number {
  return new Uint32Array(blob.slice(0, 4).buffer)[0] ?? 0;
}

/**
 * The responses a blob of encodeResponses holds; throws when its length is not the one its header gives, or a response
 * names a model or day past its lists (the usage report could not take that response off its file's usage).
 */
export function decodeResponses(blob: Uint8Array): CountedResponses {
  const bytes = blob.byteOffset % 8 === 0 ? blob : blob.slice();
  const header = new Uint32Array(bytes.buffer, bytes.byteOffset, HEADER_WORDS);
  const [size = 0, stringLength = 0] = header;
  const length = 8 * HEADER_WORDS + roundUp8(stringLength) + 64 * size;
  if (bytes.length !== length) throw new Error(`a blob of ${bytes.length} bytes where ${size} responses take ${length}`);
  const stringsAt = bytes.byteOffset + 8 * HEADER_WORDS;
  const [models, days] = stringTable(JSON.parse(Buffer.from(bytes.buffer, stringsAt, stringLength).toString('utf8')));
  let at = stringsAt + roundUp8(stringLength);
  const take = <T>(make: (buffer: ArrayBufferLike, offset: number, length: number) => T, length: number, width: number): T => {
    const column = make(bytes.buffer, at, length);
    at += length * width;
    return column;
  };
  const firstMs = take((b, o, n) => new Float64Array(b, o, n), size, 8);
  const tokens = take((b, o, n) => new Float64Array(b, o, n), 4 * size, 8);
  const keys = take((b, o, n) => new Uint32Array(b, o, n), 4 * size, 4);
  const refs = take((b, o, n) => new Uint32Array(b, o, n), 2 * size, 4);
  checkRefs(refs, models, days);
  return { size, keys, firstMs, tokens, refs, models, days };
}

function stringTable(table: unknown): [string[], string[]] {
  const [models, days] = Array.isArray(table) ? (table as unknown[]) : [];
  if (!isStrings(models) || !isStrings(days)) throw new Error('a string table that is not two lists of strings');
  return [models, days];
}

function checkRefs(refs: Uint32Array, models: readonly string[], days: readonly string[]): void {
  for (let at = 0; at < refs.length; at++) {
    const [what, list] = at % 2 === 0 ? ['model', models] : ['day', days];
    const ref = refs[at] ?? 0;
    if (ref >= list.length) throw new Error(`a ${what} index of ${ref} where the blob names ${list.length}`);
  }
}

function isStrings(list: unknown): list is string[] {
  return Array.isArray(list) && list.every((item) => typeof item === 'string');
}

function roundUp8(n: number): number {
  return Math.ceil(n / 8) * 8;
}
