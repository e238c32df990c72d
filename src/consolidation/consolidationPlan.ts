import type { TopicFile } from '../memory/durable/topicFile.js';
import type { ClaudeMdInstruction } from './claudeMdInstruction.js';
import type { SourceRef } from './memoryCandidate.js';

/** One change consolidation makes to a memory directory, with why and from which statements. */
export type ConsolidationChange =
  | {
      readonly kind: 'added';
      readonly filename: string;
      readonly file: TopicFile;
      readonly reason: string;
      readonly sources: readonly SourceRef[];
    }
  | {
      readonly kind: 'updated';
      readonly filename: string;
      readonly before: TopicFile;
      readonly file: TopicFile;
      readonly reason: string;
      readonly sources: readonly SourceRef[];
    }
  /** A memory removed because another now holds what it said (a near-duplicate, or an older version of a fact). */
  | { readonly kind: 'merged'; readonly filename: string; readonly into: string; readonly before: TopicFile; readonly reason: string }
  /** A memory removed with nothing taking its place: stale, or a fact that is no longer true (the model-driven consolidation). */
  | {
      readonly kind: 'removed';
      readonly filename: string;
      readonly before: TopicFile;
      readonly reason: string;
      readonly sources: readonly SourceRef[];
    }
  /** Statements that add nothing to a memory that already says it (older, or the same): cited, nothing written. */
  | { readonly kind: 'confirmed'; readonly filename: string; readonly reason: string; readonly sources: readonly SourceRef[] }
  /**
   * A memory that contradicts a CLAUDE.md instruction: a note is appended to its body (CLAUDE.md
   * is never written). Listed once, when the note is new.
   */
  | { readonly kind: 'contradicts'; readonly filename: string; readonly instruction: ClaudeMdInstruction; readonly reason: string }
  /** An index line removed or left out; the file, if there is one, stays. */
  | { readonly kind: 'unindexed'; readonly line: string; readonly reason: string };

export interface ConsolidationPlan {
  readonly changes: readonly ConsolidationChange[];
  /** The topic files to write (a file) or delete (null), by file name. */
  readonly writes: ReadonlyMap<string, TopicFile | null>;
  /** MEMORY.md as it will be. */
  readonly index: string;
  /** MEMORY.md as it was. */
  readonly indexBefore: string;
  readonly indexChanged: boolean;
}

export const isEmptyPlan = (plan: ConsolidationPlan): boolean => plan.changes.length === 0 && !plan.indexChanged;
