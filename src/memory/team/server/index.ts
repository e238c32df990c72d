/** The reference team-memory server (`memlog team serve`): HTTP over a SQLite store. */
export { startTeamServer, DEFAULT_MAX_ENTRIES, type TeamServerOptions, type RunningTeamServer } from './teamServer.js';
export { TeamStore, repoChecksum } from './teamStore.js';
