/** The archive: every session Claude Code keeps, stored incrementally before its cleanup deletes it (decision 73). */
export { defaultArchiveDir } from './archiveLayout.js';
export { archiveProjects, type ArchiveOptions, type ArchiveReport, type FileOutcome } from './archiveRun.js';
export { indexManifest, latestRecord, type FileHistory } from './archiveIndex.js';
export { readManifest, ManifestRecord, CURRENT_ARCHIVE_VERSION, type Manifest } from './manifest.js';
export { readVersion, readVersionBytes, DamagedPieceError } from './readVersion.js';
export { restoreArchive, type RestoreOptions, type RestoreReport, type RestoreSelection } from './restoreArchive.js';
export { verifyArchive, type VerifyReport } from './verifyArchive.js';
export { listSessionFiles, type SourceFile } from './sourceFiles.js';
export { listArchive, type ArchivedSession } from './listArchive.js';
export { cleanupPeriod, DEFAULT_CLEANUP_DAYS, type CleanupPeriod } from './cleanupPeriod.js';
export { sessionsDue, type DueSession } from './cleanupStatus.js';
export { projectFolders, selectionByName } from './namedSources.js';
export { stageArchive, archivedSessionKey, StagedCopyWriteError, STAGING_PREFIX } from './stageArchive.js';
export { manifestPath } from './archiveLayout.js';
export { indexArchive, isArchiveDir } from './indexArchive.js';
export { searchSessionsAndArchives } from './searchArchive.js';
