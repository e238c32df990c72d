/** The reference team-memory server (`memlog team serve`): HTTP over a storage port, on PGlite or PostgreSQL. */
export {
  startTeamServer,
  DEFAULT_MAX_ENTRIES,
  type TeamServerOptions,
  type RunningTeamServer,
  type RequestLogRecord,
} from './teamServer.js';
export {
  repoChecksum,
  StorageUnavailable,
  type TeamStorage,
  type RepoSnapshot,
  type WriteOutcome,
  type WriteRequest,
} from './teamStorage.js';
export { openTeamStorage, isPostgresUrl, hasLegacySqliteStore, LEGACY_SQLITE_FILE, type TeamDatabaseLocation } from './openTeamStorage.js';
export { SqlTeamStore } from './sqlTeamStore.js';
export { MIGRATIONS } from './teamSchema.js';
