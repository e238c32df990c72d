import { z } from 'zod';
import { sha256Hex } from '../../fs/sha256.js';

/**
 * The team-memory wire protocol (long-term spec §5.3–5.4), shared by the client and the
 * reference server so the two cannot drift apart.
 */
export const TEAM_MEMORY_PATH = '/api/claude_code/team_memory';
/** A PUT body stays under this many bytes; one entry bigger than that travels alone. */
export const MAX_PUT_BODY_BYTES = 200_000;
/** Files bigger than this (UTF-8 bytes) never sync, either way. */
export const MAX_ENTRY_BYTES = 250_000;
/** A push re-plans after a 412 at most this many times (3 passes in all). */
export const MAX_CONFLICT_RETRIES = 2;
/** Per request, as Claude Code's client. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** `sha256:<hex>` of the UTF-8 text: directly comparable with the server's entryChecksums. */
export const hashContent = (content: string): string => `sha256:${sha256Hex(content)}`;

export const Checksum = z.string().regex(/^sha256:[0-9a-f]{64}$/);

/**
 * A JSON object keyed by entry name, like `z.record(z.string(), value)` but keeping every key.
 * z.record builds its result on a plain object, where `__proto__` is the prototype setter rather
 * than a key, so an entry of that name vanished without a word. As a path it is a safe name (a
 * push sends it, the server stores it), so it is kept: the result has no prototype.
 */
export const entryRecord = <V extends z.ZodType>(value: V) =>
  z
    .custom<Record<string, unknown>>((input) => typeof input === 'object' && input !== null && !Array.isArray(input), 'expected an object')
    .transform((input, ctx) => {
      const record = Object.create(null) as Record<string, z.output<V>>;
      for (const [key, raw] of Object.entries(input)) {
        const parsed = value.safeParse(raw);
        if (!parsed.success) {
          for (const issue of parsed.error.issues)
            ctx.addIssue({ code: 'custom', message: issue.message, path: [key, ...issue.path], input: raw });
          return z.NEVER;
        }
        record[key] = parsed.data;
      }
      return record;
    });

export const TeamMemoryContent = z.object({
  entries: entryRecord(z.string()),
  entryChecksums: entryRecord(Checksum).optional(),
});

/** GET 200. Unknown fields are allowed (a newer server may add some); known ones must have their type. */
export const TeamMemoryData = z.looseObject({
  organizationId: z.string(),
  repo: z.string(),
  version: z.number(),
  lastModified: z.string(),
  // Optional: the ETag header carries it too (spec §5.6 step 4).
  checksum: Checksum.optional(),
  content: TeamMemoryContent,
});
export type TeamMemoryData = z.infer<typeof TeamMemoryData>;

export const PutBody = z.object({ entries: entryRecord(z.string()) });
export type PutBody = z.infer<typeof PutBody>;

/** PUT 200: the client needs the new checksum (the next If-Match) and when it changed. */
export const PutResult = z.looseObject({ checksum: Checksum, lastModified: z.string() });
export type PutResult = z.infer<typeof PutResult>;

/** The structured 413: too many entries for the server. */
export const TooManyEntries = z.object({
  error: z.looseObject({
    details: z.looseObject({
      error_code: z.literal('team_memory_too_many_entries'),
      max_entries: z.number().int().positive(),
      received_entries: z.number().int().positive(),
    }),
  }),
});
export type TooManyEntries = z.infer<typeof TooManyEntries>;

/** ETags travel quoted; the checksum inside is what the client keeps. */
export const unquoteEtag = (etag: string): string => etag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');

/** UTF-8 size of a text. */
export const utf8Bytes = (text: string): number => Buffer.byteLength(text, 'utf8');
