/**
 * What a command's options and help show of the jobs without loading any job: their defaults. A command
 * registers its options from this and loads the jobs only when it runs (decision 118).
 */
export { DEFAULT_CHUNK_TOKENS } from '../backfill/chunkTokens.js';
export { DEFAULT_MIN_HOURS, DEFAULT_MIN_SESSIONS } from '../consolidation/gateDefaults.js';
