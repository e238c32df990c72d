/** The chunk size backfill's first phase uses unless told otherwise, in estimated tokens. */
export const DEFAULT_CHUNK_TOKENS = 60_000;
