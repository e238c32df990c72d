/**
 * What tells an archive folder from any other without loading the archive's code (its schemas, the search index it
 * shares): a command given a path on disk needs only this (decision 88).
 */
export { manifestPath } from '../archiveLayout.js';
