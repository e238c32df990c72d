import { elementAt } from '../errors.js';
import { stemmer } from 'stemmer';
import { isPlace, placesWrittenIn } from './instructionFiles.js';
import { ENVIRONMENTS, MODIFIER_ENVIRONMENTS, NOT_QUALIFIERS, PREDICATES, THINGS, VALUE_KEYS } from './qualifierWords.js';
import { isStopword } from './subjectTerms.js';

interface Token {
  /** A value is a version or a number with a unit: never a qualifier. */
  readonly kind: 'word' | 'number' | 'name' | 'value';
  readonly text: string;
}

/** Clauses end at sentence marks, line ends, brackets, dashes and ", " (a dot inside a name or number is not a break). */
const CLAUSE_BREAK = /[.;!?]+(?:\s|$)|[()[\]—–\n]|,\s|\s-\s/;
/** What ties a subject to what is said of it without a verb: "Staging API: port 9090", "PORT = 8080". */
const SUBJECT_MARK = /:\s|\s(?:=|->|→)\s/;
const TOKEN = /`([^`\n]+)`|[\p{L}\p{N}](?:[\p{L}\p{N}_./@-]*[\p{L}\p{N}_])?/gu;
/** Versions: 18.x, 3.12, v2, v1.2.3. */
const VERSION = /^(?:v\d+(?:\.\d+)*(?:\.x)?|\d+(?:\.\d+)+(?:\.x)?|\d+\.x)$/i;

/** A piece of a hyphenated word ("service-1", "web-01", "db1"), or a plain word. */
function partToken(part: string): Token {
  if (/^\d+$/.test(part)) return { kind: 'number', text: part.replace(/^0+(?=\d)/, '') };
  if (/^v\d+$/.test(part) || /^\d/.test(part)) return { kind: 'value', text: part };
  const glued = /^([a-z]+)\d[a-z0-9]*$/.exec(part);
  if (glued !== null) return { kind: VALUE_KEYS.has(elementAt(glued, 1)) ? 'value' : 'name', text: part };
  return { kind: 'word', text: part };
}

/** The clause's words, numbers and names in order: code spans, host and file names (a dot, slash, @ or _ inside), camelCase. */
function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  for (const [raw, code] of text.matchAll(TOKEN)) {
    if (code !== undefined) tokens.push({ kind: 'name', text: code.trim().toLowerCase() });
    else if (VERSION.test(raw)) tokens.push({ kind: 'value', text: raw });
    else if (/[./@_]/.test(raw) || /[a-z][A-Z]/.test(raw)) tokens.push({ kind: 'name', text: raw.toLowerCase() });
    else for (const part of raw.toLowerCase().split('-')) if (part !== '') tokens.push(partToken(part));
  }
  return tokens;
}

/** Where the subject ends: at a subject mark, else at the first predicate; 0 when the clause has none or starts with one (a rule). */
function subjectEnd(clause: string, tokens: readonly Token[]): number {
  const marked = SUBJECT_MARK.exec(clause);
  if (marked !== null) return tokensOf(clause.slice(0, marked.index)).length;
  return Math.max(
    0,
    tokens.findIndex((t) => t.kind === 'word' && PREDICATES.has(t.text)),
  );
}

const modifier = (word: string): string => MODIFIER_ENVIRONMENTS.get(word) ?? ENVIRONMENTS.get(word) ?? stemmer(word);
const numbered = (word: string, number: string): string => `${stemmer(word)} ${number}`;

/** Which one of a thing a clause names: the words just before it ("the billing service"), or a number or name just after ("worker 3"). */
function thingQualifiers(tokens: readonly Token[], at: number, end: number, into: Set<string>): void {
  for (let j = at - 1; j >= Math.max(0, at - 2); j--) {
    const token = elementAt(tokens, j);
    if (token.kind === 'name') into.add(token.text);
    if (token.kind !== 'word' || isStopword(token.text) || PREDICATES.has(token.text)) break;
    const stem = stemmer(token.text);
    // A rule's first word is its verb ("Deploy services on Fridays"), not a kind of the thing.
    if (THINGS.has(stem) || NOT_QUALIFIERS.has(stem) || (j === 0 && end === 0)) break;
    into.add(modifier(token.text));
  }
  // What follows a subject mark is said of the thing ("the project: `pnpm install`"), not its name.
  const next = at + 1 === end ? undefined : tokens[at + 1];
  if (next?.kind === 'number') into.add(numbered(elementAt(tokens, at).text, next.text));
  if (next?.kind === 'name') into.add(next.text);
}

/** A name, or a number after a word that is not a value's key ("service 1", not "port 8080"), in a clause's subject. */
function subjectQualifier(tokens: readonly Token[], at: number, into: Set<string>): void {
  const token = elementAt(tokens, at);
  const before = tokens[at - 1];
  if (token.kind === 'name') into.add(token.text);
  if (token.kind === 'number' && before?.kind === 'word' && !isStopword(before.text) && !VALUE_KEYS.has(before.text))
    into.add(numbered(before.text, token.text));
}

function clauseQualifiers(clause: string, into: Set<string>): void {
  const tokens = tokensOf(clause);
  const end = subjectEnd(clause, tokens);
  tokens.forEach((token, at) => {
    if (token.kind === 'word') {
      const environment = ENVIRONMENTS.get(token.text);
      if (environment !== undefined) into.add(environment);
      if (THINGS.has(stemmer(token.text))) thingQualifiers(tokens, at, end, into);
    }
    if (at < end) subjectQualifier(tokens, at, into);
  });
}

/**
 * What says which thing a statement is about, beside its subject words: the environment
 * (staging, production), which one of a thing ("the billing service", "service 1", "host
 * db1.internal"), and the names and numbers in its subject. Numbers and names after the subject
 * are its values ("runs on port 8080"). An instruction file named as where the statement is
 * written ("in CLAUDE.md, say…") is no qualifier: it says where a rule is kept, not which thing
 * it is about (decision 119). Sorted, once each: two statements are about the same thing only
 * when these are equal (decision 61).
 */
export function subjectQualifiers(text: string): string[] {
  const into = new Set<string>();
  for (const clause of text.split(CLAUSE_BREAK)) if (clause.trim() !== '') clauseQualifiers(clause, into);
  const places = placesWrittenIn(text);
  return [...into].filter((qualifier) => !isPlace(qualifier, places)).sort();
}
