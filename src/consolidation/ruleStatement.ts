import { stemmer } from 'stemmer';
import { withoutPlaces } from './instructionFiles.js';
import { THINGS } from './qualifierWords.js';
import { subjectTerms } from './subjectTerms.js';
import { toolKind } from './toolNames.js';

/**
 * A rule or a fact read the way a person compares two of them without understanding either:
 * what it is about (its subject words), which of those it says not to do or have, and the values
 * it gives (numbers and versions, names of tools, files and packages), clause by clause.
 */
export interface RuleStatement {
  /** Subject words (subjectTerms), the values left out: "port 8080" and "port 9090" are one subject. */
  readonly terms: readonly string[];
  /** Subject words every mention of which is negated ("never X", "don't X", "X rather than Y": Y). */
  readonly negated: ReadonlySet<string>;
  /** Subject words never negated. A word said both ways is in neither. */
  readonly affirmed: ReadonlySet<string>;
  /** Each subject word as it was first written, to quote it. */
  readonly written: ReadonlyMap<string, string>;
  readonly clauses: readonly StatementClause[];
  /** Every value of the statement, by kind. */
  readonly numbers: ReadonlySet<string>;
  readonly names: ReadonlySet<string>;
  /** Listed tools (toolNames.ts) it names, with or without backticks, and those it calls for (named, never negated). */
  readonly tools: { readonly named: ReadonlySet<string>; readonly affirmed: ReadonlySet<string> };
}

/** A clause: the subject words it holds, and the values it gives for them. */
export interface StatementClause {
  readonly terms: readonly string[];
  /** Whether it bounds what it says with "only" ("we only do patch releases", "patch releases only"). */
  readonly only: boolean;
  readonly numbers: readonly string[];
  readonly names: readonly string[];
}

/** Words that say "not": what follows them (the next subject word, and any joined to it by "or") is negated. */
const NEGATION =
  /^(?:never|not|no|nor|without|avoid|avoids|avoided|avoiding|cannot|instead-of|rather-than|\w+n't|dont|doesnt|didnt|shouldnt|mustnt|cant|wont)$/;
/** What ties a second word to a negated one: "never npm or yarn". */
const JOINS = new Set(['or', 'nor', '/']);

/** Times and dates are when a statement holds, not what it says: left out of the values. */
const WHEN = /\b\d{4}-\d{2}(?:-\d{2})?(?:T[\d:.]+Z?)?\b|\b\d{1,2}(?::\d{2})+\s*(?:am|pm)?\b|\b\d{1,2}\s*(?:am|pm)\b/gi;
/** Code spans: whatever is quoted as code is a name. */
const CODE = /`([^`\n]+)`/g;
/**
 * Names without backticks: a word with a dot or @ in front or a dot, slash, @ or underscore
 * inside (`.eslintrc`, `eslint.config.js`, `@org/pkg`, `node_modules`), one with capitals inside
 * (PostgreSQL, camelCase), or letters and digits run together (node20, es2022).
 */
const NAME =
  /(?<![\w@./-])(?!v\d)(?:[.@][A-Za-z][\w-]+(?:[./@_][\w-]+)*|[A-Za-z][\w-]+(?:[./@_][\w-]+)+|[a-z]+[A-Z][A-Za-z0-9]*|[A-Z][a-z]+[A-Z][A-Za-z0-9]*|[A-Za-z]+\d+[A-Za-z0-9]*)(?![\w@/-]|\.\w)/g;
/** Numbers and versions: 20, 18.x, v1.2.3, 4 in "4-space"; the leading v and a trailing .x are dropped. */
const NUMBER = /(?<![\w.])v?(\d+(?:\.\d+)*)(?:\.x)?(?!\w|\.\d)/gi;

/** Clauses end at sentence marks, brackets, dashes and ", " (a dot or comma inside a name or number is not a break). */
const CLAUSE_BREAK = /[.;:!?]+(?:\s|$)|[()[\]—–]|,\s|\s-\s/;

interface Values {
  readonly rest: string;
  readonly numbers: string[];
  readonly names: string[];
  /** Tools in code spans, and whether a negation stands right before the span ("never `npm install`"). */
  readonly codeTools: { readonly tool: string; readonly negated: boolean }[];
}

/** The words that bound a rule to what follows or precedes them. */
const ONLY = /\b(?:only|exclusively)\b/i;

const NEGATED_BEFORE = /\b(?:never|not|no|without|avoid|instead of|rather than|\w+n['’]t|dont)\s*$/i;
/** "service 1", "shard 12": a number that says which one of a thing (decision 61), not a value of it. */
const namesOneOfAThing = (before: string): boolean => {
  const word = /([a-z]+)[\s-]*$/i.exec(before)?.[1];
  return word !== undefined && THINGS.has(stemmer(word.toLowerCase()));
};

/** Takes the values out of a piece of text: what is left is its subject. */
function takeValues(text: string): Values {
  const names: string[] = [];
  const numbers: string[] = [];
  const codeTools: { tool: string; negated: boolean }[] = [];
  let rest = text.replace(WHEN, ' ');
  rest = rest.replace(CODE, (_, code: string, at: number, whole: string) => {
    names.push(code.trim().toLowerCase());
    const negated = NEGATED_BEFORE.test(whole.slice(0, at));
    for (const word of code.trim().toLowerCase().split(/\s+/)) if (toolKind(word) !== undefined) codeTools.push({ tool: word, negated });
    return ' ';
  });
  rest = rest.replace(NAME, (name) => {
    names.push(name.toLowerCase());
    return ' ';
  });
  rest = rest.replace(NUMBER, (_, digits: string, at: number, whole: string) => {
    if (!namesOneOfAThing(whole.slice(0, at))) numbers.push(digits);
    return ' ';
  });
  return { rest, numbers, names, codeTools };
}

/** The words of a clause in order, two-word negations made one ("rather than", "instead of", "do not" stays two). */
const words = (text: string): string[] =>
  (
    text
      .toLowerCase()
      .replace(/\b(rather)\s+(than)\b|\b(instead)\s+(of)\b/g, (m) => m.replace(/\s+/, '-'))
      .replace(/[’']/g, "'")
      .match(/[a-z0-9][a-z0-9+#'_-]*|\//g) ?? []
  ).map((word) => word.replace(/'/g, (q) => (word.endsWith("n't") ? q : '')));

/** The one subject term of a word, or none (a stopword). */
const termOf = (word: string): string | undefined => (NEGATION.test(word) ? undefined : subjectTerms(word)[0]);

/** Each subject word of a clause with whether it is negated there. */
function polarities(clause: string): { readonly term: string; readonly word: string; readonly negated: boolean }[] {
  const out: { term: string; word: string; negated: boolean }[] = [];
  let pending = false; // a negation waits for the word it applies to
  let joined = false; // the last word was negated, and an "or" followed it
  for (const word of words(clause)) {
    if (NEGATION.test(word)) {
      pending = true;
      joined = false;
      continue;
    }
    if (JOINS.has(word)) {
      joined = out.at(-1)?.negated === true && !pending;
      continue;
    }
    const term = termOf(word);
    if (term === undefined) continue;
    out.push({ term, word, negated: pending || joined });
    pending = false;
    joined = false;
  }
  return out;
}

/** The tools a clause names and whether a negation comes before each anywhere in it: "tests never run with jest". */
function toolPolarities(clause: string): { readonly tool: string; readonly negated: boolean }[] {
  const out: { tool: string; negated: boolean }[] = [];
  let negated = false;
  for (const word of words(clause)) {
    if (NEGATION.test(word)) negated = true;
    else if (toolKind(word) !== undefined) out.push({ tool: word, negated });
  }
  return out;
}

/**
 * Reads one statement: a memory's lead paragraph and description, or one CLAUDE.md line. An instruction file named as
 * where it is written ("add to AGENTS.md that…") is no value of it, as it is no subject word (decision 119): two sayings
 * of one rule kept in two files give it no two values, and a merge keeps both.
 */
export function readStatement(text: string): RuleStatement {
  const clauses: StatementClause[] = [];
  const seen = new Map<string, { negated: boolean; affirmed: boolean }>();
  const terms: string[] = [];
  const written = new Map<string, string>();
  const tools = { named: new Set<string>(), negated: new Set<string>(), affirmed: new Set<string>() };
  for (const piece of withoutPlaces(text).split(CLAUSE_BREAK)) {
    const { rest, numbers, names, codeTools } = takeValues(piece);
    const said = polarities(rest);
    for (const { tool, negated } of [...codeTools, ...toolPolarities(rest)]) {
      tools.named.add(tool);
      tools[negated ? 'negated' : 'affirmed'].add(tool);
    }
    for (const { term, word, negated } of said) {
      if (!written.has(term)) written.set(term, word);
      const mark = seen.get(term) ?? { negated: false, affirmed: false };
      if (negated) mark.negated = true;
      else mark.affirmed = true;
      if (!seen.has(term)) terms.push(term);
      seen.set(term, mark);
    }
    clauses.push({ terms: [...new Set(said.map((s) => s.term))], only: ONLY.test(rest), numbers, names });
  }
  const only = (want: 'negated' | 'affirmed') =>
    new Set([...seen].filter(([, m]) => m[want] && !m[want === 'negated' ? 'affirmed' : 'negated']).map(([term]) => term));
  return {
    terms,
    negated: only('negated'),
    affirmed: only('affirmed'),
    written,
    clauses,
    numbers: new Set(clauses.flatMap((c) => c.numbers)),
    names: new Set(clauses.flatMap((c) => c.names)),
    tools: { named: tools.named, affirmed: new Set([...tools.affirmed].filter((tool) => !tools.negated.has(tool))) },
  };
}
