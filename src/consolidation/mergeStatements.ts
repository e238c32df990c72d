import { elementAt, valueOf } from '../errors.js';
import type { TopicFile } from '../memory/durable/topicFile.js';
import { isNoteLine, withoutNotes } from './claudeMdNote.js';
import { parseBody, renderBody, sectionFor, type BodySections } from './bodySections.js';
import { conflictBetween } from './ruleConflict.js';
import { distinctiveTerms } from './distinctiveTerms.js';
import { readStatement, type RuleStatement } from './ruleStatement.js';
import { isSameSubject, readSubject, sameQualifiers } from './sameSubject.js';
import { retiredNames } from './retiredNames.js';
import { isSaidAgainIn, sameWords } from './sentAgain.js';
import { subjectTerms } from './subjectTerms.js';

/** A memory or a statement of one subject, and when it was said (null: unknown, the oldest). */
export interface Statement {
  readonly memory: TopicFile;
  readonly saidAt: string | null;
}

/** A sentence an earlier statement made that a later one says is no longer so, and the later sentence that says it. */
export interface StaleFact {
  readonly fact: string;
  readonly because: string;
  readonly saidAt: string | null;
}

export interface MergedStatements {
  /** The newest statement, with every fact and reason only earlier ones gave added to its part of the body. */
  readonly memory: TopicFile;
  /** Sentences of earlier statements kept. */
  readonly kept: number;
  /** Sentences a later one said the same thing of with another value or the other way round. */
  readonly replaced: number;
  readonly stale: readonly StaleFact[];
}

interface Known {
  readonly terms: Set<string>;
  readonly values: Set<string>;
  /** The newest statement's sentences: the ones that can replace an earlier sentence. */
  readonly newest: readonly { readonly text: string; readonly statement: RuleStatement }[];
  /** Names the newer statements say are gone ("Jira was archived"), and the sentence that says so. */
  readonly retired: Map<string, string>;
}

/** A text's sentences, split after their ending punctuation. */
const sentencesOf = (text: string): string[] => text.split(/(?<=[.!?;])\s+/).filter((one) => one.trim() !== '');

const valuesOf = (statement: RuleStatement): string[] => [...statement.numbers, ...statement.names];

function know(known: Known, sentence: string): void {
  for (const term of subjectTerms(sentence)) known.terms.add(term);
  for (const value of valuesOf(readStatement(sentence))) known.values.add(value);
  for (const name of retiredNames(sentence)) if (!known.retired.has(name)) known.retired.set(name, sentence);
}

/** What an earlier sentence becomes beside what is known: nothing new, no longer so, said again otherwise, or a fact to keep. */
function verdict(
  sentence: string,
  known: Known,
): { readonly kind: 'covered' | 'kept' | 'replaced' } | { readonly kind: 'stale'; readonly because: string } {
  const statement = readStatement(sentence);
  const terms = subjectTerms(sentence);
  // A sentence of the newest statement says it again word for word: covered, whatever that statement retires.
  if (known.newest.some((later) => sentencesOf(later.text).some((one) => sameWords(one, sentence)))) return { kind: 'covered' };
  // Before "covered": "we renamed the repo from a to b" holds every word of "the repo is a" and says it no longer holds.
  const retired = [...distinctiveTerms(sentence)].find((name) => known.retired.has(name) && retiredNames(sentence).length === 0);
  if (retired !== undefined) return { kind: 'stale', because: valueOf(known.retired, retired, 'retired') };
  if (terms.every((t) => known.terms.has(t)) && valuesOf(statement).every((v) => known.values.has(v))) return { kind: 'covered' };
  const reading = readSubject(sentence);
  const replaced = known.newest.some(
    // Word overlap, not a shared name: "pnpm version is 9" does not replace "use Node 20 with pnpm".
    (later) => {
      const theirs = readSubject(later.text);
      return (
        sameQualifiers(reading, theirs) &&
        isSameSubject(reading.terms, theirs.terms) &&
        conflictBetween(later.statement, statement) !== null
      );
    },
  );
  return { kind: replaced ? 'replaced' : 'kept' };
}

const sectionsWithLabels = (sections: BodySections): { readonly label: string | null; readonly sentences: readonly string[] }[] => [
  { label: '', sentences: sections.lead },
  { label: null, sentences: sections.more },
  ...sections.labelled,
];

/**
 * Takes out of a merged body each sentence another sentence of the same part says again: the same
 * sentence a second time, or a shorter version beside its longer one (decision 70, amended). Part
 * by part: the quote of how a statement was said holds its lead, and stays beside it. Returns how
 * many went.
 */
function dropRepeats(sections: BodySections): number {
  let dropped = 0;
  for (const list of [sections.lead, sections.more, ...sections.labelled.map((s) => s.sentences)]) {
    const repeats = list.flatMap((one, k) =>
      list.some((other, m) => m !== k && isSaidAgainIn(one, other) && (m < k || !sameWords(one, other))) ? [k] : [],
    );
    for (const k of repeats.reverse()) list.splice(k, 1);
    dropped += repeats.length;
  }
  return dropped;
}

/**
 * One memory from several statements of one subject, oldest first (decision 70): the newest is
 * the wording, and each sentence of an earlier one stays unless the newer ones already say it
 * (its subject words and values all there), say it otherwise (the same thing with another value,
 * or negated: the newer wins), or say that what it names was archived, replaced or moved (it is
 * stale). A merge so keeps every distinct fact and reason it was given, and nothing it was told
 * is no longer so, and no sentence twice.
 */
export function mergeStatements(statements: readonly Statement[]): MergedStatements {
  const newest = elementAt(statements, statements.length - 1, 'statements');
  const own = withoutNotes(newest.memory.body);
  const sections = parseBody(own);
  const newestSentences = sectionsWithLabels(sections).flatMap((s) => s.sentences);
  const known: Known = {
    terms: new Set(),
    values: new Set(),
    newest: [newest.memory.description, ...newestSentences].map((text) => ({ text, statement: readStatement(text) })),
    retired: new Map(),
  };
  for (const sentence of [newest.memory.description, ...newestSentences]) know(known, sentence);
  let kept = 0;
  let replaced = 0;
  const stale: StaleFact[] = [];
  for (const earlier of [...statements.slice(0, -1)].reverse()) {
    for (const { label, sentences } of sectionsWithLabels(parseBody(withoutNotes(earlier.memory.body)))) {
      for (const sentence of sentences) {
        const said = verdict(sentence, known);
        if (said.kind === 'stale') stale.push({ fact: sentence, because: said.because, saidAt: earlier.saidAt });
        if (said.kind === 'replaced') replaced++;
        if (said.kind !== 'kept') continue;
        sectionFor(sections, label).push(sentence);
        know(known, sentence);
        kept++;
      }
    }
  }
  const repeats = statements.length > 1 ? dropRepeats(sections) : 0;
  if (kept === 0 && repeats === 0) return { memory: newest.memory, kept, replaced, stale };
  const notes = newest.memory.body.split('\n').filter(isNoteLine);
  const body = [renderBody(sections), ...notes].join('\n\n');
  return { memory: { ...newest.memory, body }, kept, replaced, stale };
}
