import { withoutLead } from './aboutLead.js';
import type { MemoryStatement } from './memoryStatement.js';
import { clip } from './conversationFacts.js';
import { DANGLING_WORD } from '../../memory/durable/cutOnWords.js';
import { NAMES_BY_PRONOUN } from './requestKinds.js';
import { DONT, IMPERATIVE, RULE, TASK } from './statementKinds.js';
import { capitalise } from './capitalise.js';
import type { Piece } from './statementPieces.js';
import { splitReason } from './statementReason.js';
import { type Found, isNaming, isStandalone } from './foundStatement.js';
import { noise } from './statementNoise.js';
import { shareASubject } from './sharedSubject.js';
import { answersPlanPoint } from './planPointAnswers.js';
import { isProjectNature } from './projectNature.js';

/** The statements of one message grouped with the sentences that say more about the same thing. */
/**
 * Pieces back into one text, each after the separator it had (the first after none). A piece that
 * was a line of its own with no full stop gets one: flattened, "…not exist We should…" runs two
 * sentences together (decision 68).
 */
function joinPieces(members: ReadonlyArray<{ readonly sentence: string; readonly separator: string }>): string {
  return members
    .map((m, i) => {
      if (i === 0) return capitalise(m.sentence);
      const before = members[i - 1]?.sentence ?? '';
      // An aside in brackets goes on with the line before it, and so does a line broken after a word that needs the next.
      const broken = DANGLING_WORD.test(before.split(/\s+/).at(-1) ?? '');
      const stop = /^\s+$/.test(m.separator) && !ENDS_SENTENCE.test(before) && !broken && !/^[([]/.test(m.sentence) ? '.' : '';
      return `${stop}${m.separator}${m.sentence}`;
    })
    .join('');
}

/** A sentence's end: its punctuation, maybe inside a closing quote or bracket. */
const ENDS_SENTENCE = /[.!?…:;,]["'`)\]]*$/;

/** A statement and what the person said right after it about the same thing make one memory, of at most this many sentences. */
const MAX_GROUP_SENTENCES = 3;
const MAX_GROUP_CHARS = 600;

/** Where a message moves on to something else: back to the task, thanks, a new request. */
const TOPIC_SHIFT =
  /^(?:anyway|anyways|anyhow|in any case|now|back to|moving on|that said|let's get back|let's go back|carry on|continue|go on|proceed|thanks|thank you|cheers|ok(?:ay)?\s+(?:now|then|continue|go))\b/i;

/** A sentence that goes on with the statement before it: not a question, a task, a fix story, transient state or a move on. */
function continues(sentence: string): boolean {
  // An answer to a point of the plan at hand is about that step, not the statement beside it (decision 144).
  if (sentence.endsWith('?') || TOPIC_SHIFT.test(sentence) || noise(sentence) || answersPlanPoint(sentence)) return false;
  return !TASK.test(sentence) || RULE.test(sentence) || DONT.test(sentence);
}

/** The words people open a reply with before they get to it. */
const INTERJECTION =
  /^(?:great|good|nice|thanks|thank you|ok|okay|cool|perfect|awesome|sure|alright|right|yes|yep|yeah|hmm|ah|oh)\b[\s,!.]*/i;

/** A sentence that leads up to a statement: it goes on, and it states something rather than asking for work ("Great, please commit the fix" does not). */
function leadsUp(sentence: string): boolean {
  const bare = sentence.replace(INTERJECTION, '');
  return (
    continues(sentence) &&
    !TASK.test(bare) &&
    !IMPERATIVE.test(bare) &&
    !REQUEST_VERB.test(bare) &&
    !/\b(?:please|let's|lets|can you|could you)\b/i.test(sentence) &&
    !ASKS_OR_AGREES.test(bare)
  );
}

/**
 * "You can comment on the issue for me", "I agree with the observations": work asked for now, or a
 * reply to what the assistant said; neither is part of the lasting statement after it (decision 68).
 * An agreement that says what is agreed ("I agree with you that mocks are fragile") is a reason, and stays.
 */
const ASKS_OR_AGREES =
  /^(?:you (?:can|could|may)|feel free)\b|^(?:I|we) (?:(?:fully|totally|completely) )?(?:agree|disagree)\b(?!(?:\s+with\s+\w+)?\s+that\b)/i;

/** Verbs a request for work starts with, besides TASK's: "Print the ranges with seq" asks for something and states nothing. */
const REQUEST_VERB =
  /^(?:print|show|list|give|tell|make|get|set|compute|calculate|count|search|summari[sz]e|translate|plot|sort|filter|echo|draw|describe|execute|call|edit|modify|configure|compare|measure|benchmark|profile|trace|draft|outline|sketch|rewrite|simplify|optimi[sz]e|format|lint|type|annotate|comment|merge|rebase|push|pull|fetch|clone|checkout|stash|tag|release|publish|ship|start|stop|restart|kill|clear|reset|wipe|download|upload|copy|paste|save|load|parse|validate|check out)\b/i;

/** A statement that needs the one before it to be understood. */
const POINTS_BACK =
  /^(?:keep doing|do it|do that|same (?:for|with|goes)|that|this|it|those|these|they|there|then|which|so|the \w+ one)\b|^(?=(?:\S+\s+){0,5}\S+$).*\b(?:it|that|this|them|those|there)\b/i;

/** How much a cue says about how to work: a confirmation is weaker than the rule said with it. */
const CUE_STRENGTH: Readonly<Record<MemoryStatement['cue'], number>> = {
  remember: 3,
  'always-never': 2,
  preference: 2,
  correction: 2,
  'about-me': 2,
  'project-fact': 2,
  reference: 2,
  confirmation: 1,
};

/**
 * The statements of one message, each with the sentences after it that say more about the same
 * thing ("I'm a backend engineer. The React side is new to me, so…"; "Stop mocking the
 * database. Last quarter the mocks passed while the migration broke prod."): a sentence of no
 * kind of its own that goes on, or a statement of the same type. The strongest statement comes
 * first, so a confirmation said with its rule is titled by the rule.
 */
export function grouped(said: readonly Piece[], statements: ReadonlyArray<Found | undefined>): Found[] {
  const out: Found[] = [];
  // Pieces before this index belong to a memory already made.
  let free = 0;
  for (let i = 0; i < said.length; i++) {
    const head = statements[i];
    const piece = said[i];
    if (head === undefined || piece === undefined) continue;
    if (isStandalone(head)) {
      out.push(head);
      free = i + 1;
      continue;
    }
    // What the project is says it alone: the trouble reported before it ("I have a problem with…") leads up to nothing (decision 133).
    const before = isProjectNature(withoutLead(head.text)) ? [] : ledUpTo(said, i, free);
    const members: Member[] = [...before, { sentence: head.text, separator: piece.separator, statement: head }];
    const after = followers(said, statements, i, head, members);
    members.push(...after);
    out.push(members.length === 1 ? withContext(head, said[i - 1], i > free) : merged(head, members));
    i += after.length;
    free = i + 1;
  }
  return out;
}

type Member = { sentence: string; separator: string; statement?: Found };

/** What led up to the statement at `i`: "This is a weekend thing for me. My day job is nursing…" */
function ledUpTo(said: readonly Piece[], i: number, free: number): Member[] {
  const before: Member[] = [];
  for (let k = i - 1; k >= free && before.length + 1 < MAX_GROUP_SENTENCES; k--) {
    const piece = said[k];
    if (piece === undefined || !leadsUp(piece.text)) break;
    before.unshift({ sentence: piece.text, separator: piece.separator });
  }
  return before;
}

/** The pieces after the statement at `i` that say more about the same thing, within the group's limits. */
function followers(
  said: readonly Piece[],
  statements: ReadonlyArray<Found | undefined>,
  i: number,
  head: Found,
  members: readonly Member[],
): Member[] {
  const after: Member[] = [];
  let chars = members.reduce((n, m) => n + m.sentence.length, 0);
  for (let j = i + 1; j < said.length && members.length + after.length < MAX_GROUP_SENTENCES; j++) {
    const next = statements[j];
    const piece = said[j];
    if (piece === undefined || chars + piece.text.length > MAX_GROUP_CHARS) break;
    const { text: sentence, joined, separator } = piece;
    if (isNaming(head) && (next === undefined || !isNaming(next))) break;
    // A clause of the same sentence goes with it whatever its kind ("…from the Figma file — check spacing there").
    // So does a statement of another kind that points back at it ("…is the reason the consumer has a cap. Don't loosen it.").
    if (next !== undefined ? next.type !== head.type && !joined && !POINTS_BACK.test(sentence) : !continues(sentence)) break;
    if (next !== undefined && !joined && isRuleOfItsOwn(head, next, sentence, members.concat(after))) break;
    after.push(next === undefined ? { sentence, separator } : { sentence: next.text, separator, statement: next });
    chars += sentence.length;
  }
  return after;
}

/**
 * Two rules said side by side are two memories unless the second points back at the group or shares a word with it
 * (decision 68, amended by review 19): "Commit messages follow conventional commits. Use 2 spaces for indentation."
 * Only rules: a fact about the person goes on in words of its own ("…mostly Scala. Frontend work is new to me"), and a
 * confirmation leads up to the rule it confirms.
 */
function isRuleOfItsOwn(head: Found, next: Found, sentence: string, group: readonly Member[]): boolean {
  const rule = (found: Found) => found.type === 'feedback' && found.cue !== 'confirmation';
  if (!rule(head) || !rule(next) || POINTS_BACK.test(sentence)) return false;
  return !group.some((member) => shareASubject(member.sentence, sentence));
}

/**
 * A statement said alone, with the sentence before it as how it was said when that sentence
 * says what it is about: the question it answers ("Where did these .js files come from? We use
 * TypeScript only.") or the thing its pronoun names ("Create a conda env. Name it…"), decision 77.
 */
function withContext(head: Found, before: Piece | undefined, free: boolean): Found {
  const text = capitalise(head.text);
  if (!free || before === undefined || !(before.text.endsWith('?') || NAMES_BY_PRONOUN.test(head.text))) return { ...head, text };
  return { ...head, text, quote: clip(`${before.text} ${head.quote}`, 400) };
}

/**
 * A group's members without those another one says again (decision 68): the same sentence typed twice keeps its
 * first, and a sentence said again and gone on with ("X" then "X or rather Y") gives way to the longer one.
 */
function distinctMembers(members: readonly Member[]): Member[] {
  const said = members.map((m) => comparable(m.sentence));
  return members.filter((_, i) => {
    const mine = said[i] ?? '';
    return !said.some((other, j) => j !== i && (other === mine ? j < i : other.startsWith(`${mine} `)));
  });
}

/** A sentence as two sayings of it compare: case, spacing and the punctuation it ends on aside. */
const comparable = (sentence: string): string =>
  sentence
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s.!?…:;,]+$/u, '')
    .trim();

/** A group of pieces as one memory, titled by the statement that says the most. */
function merged(head: Found, all: readonly Member[]): Found {
  const members = distinctMembers(all);
  const strongest = members.reduce((best, m) =>
    m.statement !== undefined && (best.statement === undefined || CUE_STRENGTH[m.statement.cue] > CUE_STRENGTH[best.statement.cue])
      ? m
      : best,
  );
  const lead = strongest.statement ?? head;
  const reason = members.map((m) => m.statement?.reason ?? splitReason(m.sentence).reason).find((r) => r !== undefined);
  return {
    ...lead,
    ...(head.corrected === undefined ? {} : { corrected: head.corrected }),
    // As said, in order; titled by the statement that says the most, unless it only points back ("Keep doing that").
    text: joinPieces(members),
    // A lead given to it (decision 122) does not hide that it points back: the sentence as said is tested.
    ...(strongest === members[0] || POINTS_BACK.test(withoutLead(strongest.sentence)) ? {} : { title: capitalise(strongest.sentence) }),
    quote: joinPieces(members.map((m) => ({ sentence: m.statement?.quote ?? m.sentence, separator: m.separator }))),
    ...(reason === undefined ? {} : { reason }),
  };
}
