import { createInterface } from 'node:readline';
import { z } from 'zod';
import { readRegularFileOrNullStream } from './readStream.js';

/**
 * v1: the first archive format, gzip pieces (decision 73).
 * v2: brotli pieces besides gzip, and redacted versions (`redaction`, decision 90).
 */
export const CURRENT_ARCHIVE_VERSION = 2;
export const SUPPORTED_ARCHIVE_VERSIONS = [1, 2] as const;

/** A key is `<project folder>/<path inside it>`: relative, no empty, `.` or `..` segment. */
const Key = z
  .string()
  .refine(
    (key) => key.split('/').length >= 2 && key.split('/').every((s) => s !== '' && s !== '.' && s !== '..'),
    'not a relative archive key',
  );
const Hex = z.string().regex(/^[0-9a-f]{64}$/);
const Count = z.number().int().nonnegative();

/** A compressed run of a file's bytes, checksummed before and after compression. */
export const StoredPiece = z.object({
  path: z.string().regex(/^pieces\/[0-9a-f]+\/[0-9]+-[0-9]+-[0-9]+\.(?:gz|br)$/),
  sha256: Hex,
  stored: Count,
  storedSha256: Hex,
});
export type StoredPiece = z.infer<typeof StoredPiece>;

/**
 * A version stored redacted (decision 90): each record's piece holds the source's bytes
 * [start, end) with every secret replaced by a marker, `length` bytes once decompressed; `byRule`
 * counts the secrets replaced in it. `openLine`: the version ends inside a line, which was
 * redacted as it stood, so growth stores a new version rather than redact half a line.
 */
export const Redaction = z.object({
  length: Count,
  byRule: z.record(z.string(), Count),
  openLine: z.boolean(),
});
export type Redaction = z.infer<typeof Redaction>;

/** What a run saw of the source file: the fast path skips it when all of this is unchanged. */
export const SourceIdentity = z.object({ dev: z.string(), ino: z.string(), size: Count, mtimeNs: z.string().nullable() });
export type SourceIdentity = z.infer<typeof SourceIdentity>;

/**
 * One manifest line: bytes [start, end) of version `version` of the file `key`, in `piece`
 * (null: nothing new, only the source's identity refreshed). `head` and `tail` are the sha256 of
 * the version's bytes [0, headLength) and [tailStart, end): a later run checks them against the
 * file to tell growth from a rewrite, reading at most 8 KiB. Offsets, head and tail are always the
 * source file's, redacted or not.
 */
export const ManifestRecord = z.object({
  v: z.union([z.literal(1), z.literal(2)]),
  key: Key,
  version: z.number().int().positive(),
  start: Count,
  end: Count,
  piece: StoredPiece.nullable(),
  codec: z.enum(['gzip', 'brotli']),
  headLength: Count,
  head: Hex,
  tailStart: Count,
  tail: Hex,
  source: SourceIdentity,
  at: z.string(),
  redaction: Redaction.optional(),
});
export type ManifestRecord = z.infer<typeof ManifestRecord>;

/** How many bytes a record's piece holds once decompressed: its source range, or its redacted length. */
export const contentLength = (record: ManifestRecord): number => record.redaction?.length ?? record.end - record.start;

export interface Manifest {
  readonly records: readonly ManifestRecord[];
  /** Lines that are not JSON: what a run killed in the middle of an append leaves, ended by the next one. */
  readonly tornLines: readonly number[];
  /** JSON lines that are not records: damage, or a newer format (verify names them). */
  readonly badLines: readonly number[];
}

/** Reads the manifest line by line (an archive with no manifest yet is empty). */
export async function readManifest(path: string): Promise<Manifest> {
  const input = await readRegularFileOrNullStream(path);
  if (input === null) return { records: [], tornLines: [], badLines: [] };
  const records: ManifestRecord[] = [];
  const tornLines: number[] = [];
  const badLines: number[] = [];
  let line = 0;
  for await (const text of createInterface({ input, crlfDelay: Infinity })) {
    line++;
    if (text === '') continue;
    const parsed = parseRecord(text);
    if (parsed === 'torn') tornLines.push(line);
    else if (parsed === null) badLines.push(line);
    else records.push(parsed);
  }
  return { records, tornLines, badLines };
}

function parseRecord(text: string): ManifestRecord | null | 'torn' {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'torn';
  }
  const result = ManifestRecord.safeParse(value);
  return result.success ? result.data : null;
}
