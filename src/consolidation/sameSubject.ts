import MiniSearch from 'minisearch';
import { distinctiveTerms } from './distinctiveTerms.js';
import { alignGeneralTerms, namesOthersOfAKind } from './generalTerms.js';
import { withoutPlaces } from './instructionFiles.js';
import { saidTheSameWay } from './saidTheSameWay.js';
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
  readonly text: string;
  readonly terms: readonly string[];
  readonly qualifiers: readonly string[];
  readonly distinctive: ReadonlySet<string>;
}

export const readSubject = (text: string): SubjectReading => ({
  text,
  // Where a rule is written is not what it is about (decision 119).
  terms: subjectTerms(withoutPlaces(text)),
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

/** At least this share of the shorter side's subject words besides a shared name must be shared too. */
const BESIDES_NAME_OVERLAP = 0.5;

/** At most this many subject words besides a shared name, and a statement says something of that name alone. */
const ABOUT_THE_NAME_WORDS = 3;

/**
 * At most this many subject words besides the tools it names, and a statement says which tool does
 * a job and nothing more ("Use pnpm, not npm.", "The issue tracker is Jira."): a listed tool is
 * named by many rules of a project, and two of them about what is done with it stay two (decision 119).
 */
const ABOUT_THE_TOOL_WORDS = 2;

/** The names (tools, files, branches, hosts) both texts name. */
const sharedNames = (a: SubjectReading, b: SubjectReading): string[] => [...a.distinctive].filter((term) => b.distinctive.has(term));

/**
 * Subject words without the ones the names are read as: "audit/reviews/v2" reads as three
 * words, and counted as shared words they made any two statements naming it look alike.
 */
function withoutNameWords(terms: readonly string[], names: readonly string[]): string[] {
  const words = new Set([...names, ...names.flatMap((name) => subjectTerms(name))]);
  return terms.filter((term) => !words.has(term));
}

/**
 * Whether a name both texts name makes them one subject (decision 70). A listed tool does when
 * either says no more than which tool does a job, whatever their types: "Use pnpm, not npm." and
 * "package installs go through pnpm" are one preference; two rules about what is done with vitest
 * are not (decision 119). A file, branch, host or package name is a place where
 * many different things are true; through a name or a tool, what the two say besides it must be
 * about the same thing too, at least half of the shorter side's other words ("Deploy only with
 * `deploy.sh`" and "Deploys go through `deploy.sh`" share "deploy"; "use the current git user on
 * audit/v2" and "the trailer in audit/v2 is…" share next to nothing), decision 70, amended; of one
 * type, it is enough that one of them says little besides a name that is no tool.
 */
function namesOneSubject(a: SubjectReading, b: SubjectReading, names: readonly string[], sameType: boolean): boolean {
  if (names.length === 0) return false;
  const [restA, restB] = [withoutNameWords(a.terms, names), withoutNameWords(b.terms, names)];
  if (names.some((name) => toolKind(name) !== undefined)) {
    const besidesTools = (rest: readonly string[]) => rest.filter((term) => toolKind(term) === undefined).length;
    if (Math.min(besidesTools(restA), besidesTools(restB)) <= ABOUT_THE_TOOL_WORDS) return true;
  }
  // Two rules, or two facts, one of which says little besides the name, are about that name: "Never commit
  // `config/secrets.yml`" and "`config/secrets.yml` must stay out of git" (decision 70, amended after review).
  else if (sameType && Math.min(restA.length, restB.length) <= ABOUT_THE_NAME_WORDS) return true;
  const { shared, overlap } = subjectOverlap(restA, restB);
  return shared >= 1 && overlap >= BESIDES_NAME_OVERLAP;
}

/**
 * One rule said again in other words (decision 119): the subject words are shared once a general
 * word meets one of its kind ("prerelease" and "beta", generalTerms.ts), and the two say what they
 * share the same way. Asked only of two statements of one type.
 */
function restatesOneRule(
  a: SubjectReading,
  b: SubjectReading,
  [ta, tb]: readonly [readonly string[], readonly string[]],
  match: SubjectMatch,
): boolean {
  const [ga, gb] = alignGeneralTerms(ta, tb);
  if (ga === ta && gb === tb) return false;
  return isSameSubject(ga, gb, match) && saidTheSameWay(a.text, b.text);
}

/**
 * Whether two texts are about the same thing: the same qualifiers (decision 61), no two words of
 * one kind where each names its own (two release stages, decision 119), and enough
 * subject words in common, a name counted as one word however many it is made of, or a name
 * both name on one subject (decision 70); `sameType` when both are rules, or both facts, of one
 * type, and then also one rule said again in other words (decision 119).
 */
export function isSameThing(a: SubjectReading, b: SubjectReading, match: SubjectMatch = DEFAULT_SUBJECT_MATCH, sameType = false): boolean {
  if (!sameQualifiers(a, b) || namesOthersOfAKind(a.terms, b.terms)) return false;
  const names = sharedNames(a, b);
  const [ta, tb] =
    names.length === 0
      ? [a.terms, b.terms]
      : [
          [...withoutNameWords(a.terms, names), ...names],
          [...withoutNameWords(b.terms, names), ...names],
        ];
  return isSameSubject(ta, tb, match) || namesOneSubject(a, b, names, sameType) || (sameType && restatesOneRule(a, b, [ta, tb], match));
}

interface Entry extends SubjectReading {
  readonly id: number;
  /** The memory's type (feedback, project…): a shared name joins two of one type more readily. */
  readonly type: string;
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

  set(id: number, text: string, type: string): void {
    const reading = readSubject(text);
    if (this.entries.has(id)) this.search.discard(id);
    this.entries.set(id, { id, type, ...reading });
    this.search.add({ id, text: searchText(reading) });
  }

  remove(id: number): void {
    if (!this.entries.has(id)) return;
    this.entries.delete(id);
    this.search.discard(id);
  }

  /** The entry most about the same thing as `text` (the best overlap, then the most shared, then the lowest id), if any. */
  best(text: string, type: string, except?: number): number | undefined {
    const reading = readSubject(text);
    const query = searchText(reading);
    if (query === '') return undefined;
    let best: { id: number; shared: number; overlap: number } | undefined;
    for (const hit of this.search.search(query)) {
      const entry = this.entries.get(hit.id as number);
      if (entry === undefined || entry.id === except || !isSameThing(reading, entry, this.match, entry.type === type)) continue;
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
