/** Team memory: the sync client (pull, push, status) over Claude Code's team-memory protocol, and the push plan. */
export { openTeamProject, type TeamProject, type TeamProjectOptions } from './teamContext.js';
export {
  pullTeamMemory,
  pushTeamMemory,
  teamStatus,
  type TeamSyncContext,
  type PullReport,
  type PullSkip,
  type PushReport,
  type PushFailure,
  type StatusReport,
} from './teamSync.js';
export { TeamClient, type TeamClientOptions, type FetchOutcome, type HashesOutcome, type PutOutcome } from './teamClient.js';
export { TeamSyncError } from './teamErrors.js';
export { loadServerState, saveServerState, teamSyncStatePath, CURRENT_TEAM_SYNC_STATE_VERSION, type ServerState } from './teamSyncState.js';
export { caseCollisions, quotedKey, teamMemoryDir, unsafeKeyReason, TEAM_DIR_NAME } from './teamPaths.js';
export { parseRemoteUrl, originUrl, repoOfProject, REPO_SLUG, type RemoteRepo, type RepoLookup } from './repoSlug.js';
export {
  selectUploadable,
  deltaKeys,
  batchByBytes,
  batchBody,
  entryBodyBytes,
  type LocalTeamFile,
  type SkippedFile,
  type SkipReason,
  type UploadableEntry,
} from './pushPlan.js';
export { readLocalTeamFiles } from './localTeamFiles.js';
export * from './teamProtocol.js';
