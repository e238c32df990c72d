/**
 * Claude Code's folders without the transcript layer's schemas and readers: a command that only needs to know where
 * the projects folder is (extract's and report's default folder) loads none of zod or RxJS for it.
 */
export { claudeConfigHome, projectsRoot } from '../claudePaths.js';
