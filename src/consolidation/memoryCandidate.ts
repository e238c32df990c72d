import type { MemoryType, TopicFile } from '../memory/durable/topicFile.js';

/** Where a statement was made: the session, the message and when. */
export interface SourceRef {
  readonly session: string;
  readonly uuid: string;
  readonly timestamp: string;
}

/**
 * A memory found in a session and not yet written: what backfill's first phase records in the
 * effect log, and what consolidation merges into the memory directory.
 */
export interface MemoryCandidate {
  readonly type: MemoryType;
  readonly name: string;
  readonly description: string;
  readonly body: string;
  /** When it was said (ISO time of the newest supporting message): relative dates are read from here. */
  readonly saidAt: string;
  readonly sources: readonly SourceRef[];
}

/** A memory already in the directory. */
export interface StoredMemory {
  readonly filename: string;
  readonly file: TopicFile;
  /** When the file was last written (ISO), read when its frontmatter has no `modified` (decision 70). */
  readonly mtime?: string;
}
