/** Durable memory: the memory directory (MEMORY.md index, topic files with frontmatter) and where it lives. */
export {
  autoMemoryDir,
  agentMemoryDir,
  findCanonicalGitRoot,
  validateMemoryPath,
  type AgentMemoryScope,
  type MemoryDirOptions,
} from './memoryPaths.js';
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
