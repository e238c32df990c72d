import MiniSearch from 'minisearch';
import { distinctiveTerms } from './distinctiveTerms.js';
import { subjectQualifiers } from './subjectQualifiers.js';
import { subjectTerms } from './subjectTerms.js';
import { toolKind } from './toolNames.js';

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

/** What a text is about, read once: its subject words, its qualifiers (decision 61) and the names in it (decision 70). */
export interface SubjectReading {
  readonly terms: readonly string[];
  readonly qualifiers: readonly string[];
  readonly distinctive: ReadonlySet<string>;
}

export const readSubject = (text: string): SubjectReading => ({
  terms: subjectTerms(text),
  qualifiers: subjectQualifiers(text),
  distinctive: distinctiveTerms(text),
});

/**
 * The qualifiers of one side the other does not answer: a name the other names too, or a tool
 * the other names another of the same kind of ("`npm install`: …" and "installs go through
 * pnpm" are both about the package manager), does not tell them apart.
 */
const unanswered = (side: SubjectReading, other: SubjectReading): string[] => {
  const kinds = new Set([...other.distinctive].map(toolKind));
  return side.qualifiers.filter((q) => {
    if (other.distinctive.has(q)) return false;
    const names = [...distinctiveTerms(q)];
    return !names.some((name) => other.distinctive.has(name) || (toolKind(name) !== undefined && kinds.has(toolKind(name))));
  });
};

/** Equal qualifiers, but for those the other side names too. */
export const sameQualifiers = (a: SubjectReading, b: SubjectReading): boolean =>
  unanswered(a, b).join('\n') === unanswered(b, a).join('\n');

const sharesName = (a: SubjectReading, b: SubjectReading): boolean => [...a.distinctive].some((term) => b.distinctive.has(term));

/**
 * Whether two texts are about the same thing: the same qualifiers (decision 61), and enough
 * subject words in common or a tool, file or host name both name (decision 70), whatever the
 * memories' types.
 */
export const isSameThing = (a: SubjectReading, b: SubjectReading, match: SubjectMatch = DEFAULT_SUBJECT_MATCH): boolean =>
  sameQualifiers(a, b) && (isSameSubject(a.terms, b.terms, match) || sharesName(a, b));

interface Entry extends SubjectReading {
  readonly id: number;
}

/** Names are searched as tokens of their own, apart from the words. */
const searchText = (reading: SubjectReading): string => [...reading.terms, ...[...reading.distinctive].map((n) => `§${n}`)].join(' ');

/**
 * The memories seen so far, searchable by subject. minisearch finds every entry that shares a
 * word with the query (an inverted index, so consolidation stays fast over thousands of
 * candidates); the decision is `isSameSubject`, which depends on the two texts only, never on
 * what else is indexed, so consolidating a consolidated directory finds the same answers. Only
 * entries with the same qualifiers are candidates: "the staging API" and "the production API"
 * share every other word, and are still two things (decision 61). A memory's type does not keep
 * it apart: a preference and a project fact about the same tool are one subject (decision 70).
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

  set(id: number, text: string): void {
    const reading = readSubject(text);
    if (this.entries.has(id)) this.search.discard(id);
    this.entries.set(id, { id, ...reading });
    this.search.add({ id, text: searchText(reading) });
  }

  remove(id: number): void {
    if (!this.entries.has(id)) return;
    this.entries.delete(id);
    this.search.discard(id);
  }

  /** The entry most about the same thing as `text` (the best overlap, then the most shared, then the lowest id), if any. */
  best(text: string, except?: number): number | undefined {
    const reading = readSubject(text);
    const query = searchText(reading);
    if (query === '') return undefined;
    let best: { id: number; shared: number; overlap: number } | undefined;
    for (const hit of this.search.search(query)) {
      const entry = this.entries.get(hit.id as number);
      if (entry === undefined || entry.id === except || !isSameThing(reading, entry, this.match)) continue;
      const { shared, overlap } = subjectOverlap(reading.terms, entry.terms);
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
