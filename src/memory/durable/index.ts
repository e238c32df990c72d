/** Durable memory: the memory directory (MEMORY.md index, topic files with frontmatter) and where it lives. */
export {
  autoMemoryDir,
  agentMemoryDir,
  findCanonicalGitRoot,
  validateMemoryPath,
  type AgentMemoryScope,
  type MemoryDirOptions,
} from './memoryPaths.js';
export { extractedNameOf, extractedProjectName, findProjectMemory, type MemoryPlace, type MemoryRoots } from './memoryPlaces.js';
export {
  readIndexForModel,
  fitIndex,
  INDEX_NAME,
  reservedIndexNameReason,
  MAX_INDEX_LINES,
  MAX_INDEX_CHARS,
  type IndexRead,
  type IndexFit,
} from './memoryIndex.js';
export { scanMemoryFiles, formatManifest, FRONTMATTER_MAX_LINES, MAX_MEMORY_FILES, type MemoryFileHeader } from './memoryScan.js';
export {
  parseTopicFile,
  readTopicHeader,
  renderTopicFile,
  indexLine,
  MEMORY_TYPES,
  type MemoryType,
  type TopicFile,
  type FrontmatterForm,
  type TopicFileParse,
} from './topicFile.js';
export { extractionPrompt } from './extractionPrompt.js';
export {
  describeCharacter,
  invisibleCharacters,
  hasInvisibleCharacter,
  isExcludedFromMemory,
  memoryWriteRefusal,
} from './memoryPathLint.js';
export { stripHarnessTags, hasHarnessTag, HARNESS_TAGS } from './harnessTags.js';
export { stampTopicFile, toKebabSlug, isKebabSlug, type StampOptions } from './frontmatterStamp.js';
export {
  backfillIndex,
  planBackfillIndex,
  BACKFILL_MAX_LINES,
  BACKFILL_MAX_CHARS,
  type BackfillPlan,
  type BackfillResult,
} from './indexBackfill.js';
export {
  lintTopicFiles,
  lintIndex,
  indexCut,
  MAX_TOPIC_BYTES,
  MAX_TOPIC_LINES,
  MAX_DESCRIPTION_CHARS,
  type MemoryLint,
  type MemoryLintKind,
  type LintedFile,
  type IndexCut,
} from './memoryLints.js';
