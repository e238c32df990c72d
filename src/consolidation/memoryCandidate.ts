import type { MemoryType, TopicFile } from '../memory/durable/topicFile.js';

/** Where a statement was made: the session, the message and when. */
export interface SourceRef {
  /** The transcript's name (its file's stem): how memlog finds the session and its effect log. */
  readonly session: string;
  readonly uuid: string;
  readonly timestamp: string;
  /** The session id the transcript's entries carry, when it is not the file's stem: a memory's originSessionId (decision 68). */
  readonly sessionId?: string | undefined;
}

/** The session a source names as a memory's origin: the id its entries carry (decision 68). */
export const originOf = (source: SourceRef): string => source.sessionId ?? source.session;

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
