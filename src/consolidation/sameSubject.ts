import MiniSearch from 'minisearch';
import type { MemoryType } from '../memory/durable/topicFile.js';
import { subjectQualifiers } from './subjectQualifiers.js';
import { subjectTerms } from './subjectTerms.js';

/** When two memories are about the same thing: enough subject words shared, relative to the shorter one. */
export interface SubjectMatch {
  /** At least this many subject words in common. */
  readonly minShared: number;
  /** And at least this share of the shorter memory's subject words. */
  readonly minOverlap: number;
}

export const DEFAULT_SUBJECT_MATCH: SubjectMatch = { minShared: 2, minOverlap: 0.6 };

/** How much two term lists share: the count and the overlap coefficient. */
export function subjectOverlap(a: readonly string[], b: readonly string[]): { readonly shared: number; readonly overlap: number } {
  const set = new Set(a);
  const shared = b.filter((term) => set.has(term)).length;
  const smaller = Math.min(a.length, b.length);
  return { shared, overlap: smaller === 0 ? 0 : shared / smaller };
}

export const isSameSubject = (a: readonly string[], b: readonly string[], match: SubjectMatch = DEFAULT_SUBJECT_MATCH): boolean => {
  const { shared, overlap } = subjectOverlap(a, b);
  return shared >= match.minShared && overlap >= match.minOverlap;
};

/** The qualifiers of a text as one comparable key: two statements can be about the same thing only when their keys are equal (decision 61). */
export const qualifierKey = (text: string): string => subjectQualifiers(text).join('\n');

interface Entry {
  readonly id: number;
  readonly type: MemoryType;
  readonly terms: readonly string[];
  readonly qualifiers: string;
}

/**
 * The memories seen so far, searchable by subject. minisearch finds every entry that shares a
 * word with the query (an inverted index, so consolidation stays fast over thousands of
 * candidates); the decision is `isSameSubject`, which depends on the two texts only, never on
 * what else is indexed, so consolidating a consolidated directory finds the same answers. Only
 * entries with the same qualifiers are candidates: "the staging API" and "the production API"
 * share every other word, and are still two things (decision 61).
 */
export class SubjectIndex {
  private readonly search = new MiniSearch<{ id: number; text: string }>({
    fields: ['text'],
    tokenize: (text) => text.split(' '),
    processTerm: (term) => term,
    searchOptions: { combineWith: 'OR' },
  });
  private readonly entries = new Map<number, Entry>();

  constructor(private readonly match: SubjectMatch = DEFAULT_SUBJECT_MATCH) {}

  set(id: number, type: MemoryType, text: string): void {
    const terms = subjectTerms(text);
    if (this.entries.has(id)) this.search.discard(id);
    this.entries.set(id, { id, type, terms, qualifiers: qualifierKey(text) });
    this.search.add({ id, text: terms.join(' ') });
  }

  remove(id: number): void {
    if (!this.entries.has(id)) return;
    this.entries.delete(id);
    this.search.discard(id);
  }

  /** The entry of this type most about the same subject as `text` (the best overlap, then the lowest id), if any. */
  best(type: MemoryType, text: string, except?: number): number | undefined {
    const terms = subjectTerms(text);
    if (terms.length === 0) return undefined;
    const qualifiers = qualifierKey(text);
    let best: { id: number; shared: number; overlap: number } | undefined;
    for (const hit of this.search.search(terms.join(' '))) {
      const entry = this.entries.get(hit.id as number);
      if (
        entry === undefined ||
        entry.id === except ||
        entry.type !== type ||
        entry.qualifiers !== qualifiers ||
        !isSameSubject(terms, entry.terms, this.match)
      )
        continue;
      const { shared, overlap } = subjectOverlap(terms, entry.terms);
      if (
        best === undefined ||
        overlap > best.overlap ||
        (overlap === best.overlap && (shared > best.shared || (shared === best.shared && entry.id < best.id)))
      )
        best = { id: entry.id, shared, overlap };
    }
    return best?.id;
  }
}
