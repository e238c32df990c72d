import type { MemoryType } from '../../memory/durable/topicFile.js';
import { isTextBlock } from '../../transcript/contentGuards.js';
import { askCallIds, personsAnswersIn, type AskQuestion } from './askAnswers.js';
import { withoutCompactionSummaries } from './compactionSummary.js';
import { choiceStatement } from './lastingChoice.js';
import { isTaskPrompt, personsWords } from './personsWords.js';
import { latestPerSubject } from './latestPerSubject.js';
import type { MemoryStatement } from './memoryStatement.js';
import { keptOnRequest } from './memoryRequest.js';
import type { ModelMessage } from '../port.js';
import { clip, humanText, splitSentences } from './conversationFacts.js';
import { looksSecret } from './secretLike.js';
import { DANGLING_WORD } from '../../memory/durable/cutOnWords.js';
import { ANSWER_LANGUAGE, premiseOf } from './environmentFacts.js';
import { factKind } from './factKinds.js';
import { isPersonsSetup } from './personsSetup.js';
import { isWorkflowRule, routineProposed } from './workflowRules.js';
import { decidesWorkAtHand } from './workAtHand.js';
import { isOneChangeStory } from './oneChangeStory.js';
import { isBareShipOrder, isOneOffStep, pointsAtOneItem } from './oneOffStep.js';
import { isOneOffPlace } from './oneOffPlace.js';
import { withoutToolMarkers } from './toolMarkers.js';
import { describesScenario } from './scenarioFraming.js';
import { withoutSaidAgain } from '../../consolidation/sentAgain.js';
import { isSampleMessage } from './sampleMessage.js';
import { isWishAboutWork } from './wishAboutWork.js';
import { isConvention, isStandingCondition } from './conventionKinds.js';
import { choiceAskedFor, mannerAskedFor, projectChoice } from './projectChoices.js';
import { renameStated } from './projectNames.js';
import { afterLead } from './leadingWords.js';
import { decidedKind, isEnoughChoice, kindOpeningAsTask, type DecidedKind } from './decisionKinds.js';
import { isLastingRequest, isWorkWish, NAMES_BY_PRONOUN, NAMING_SCHEME, ruleAskedFor, STATUS, SYMPTOM } from './requestKinds.js';
import {
  ABOUT_ME,
  BUG_NARRATIVE,
  HEDGE,
  CODE_SAYS,
  CONDITIONAL_RULE,
  CONFIRMATION,
  CORRECTION,
  DONT,
  GENERIC_SUBJECT,
  IMPERATIVE,
  LEADING_TIME,
  NORM,
  OWNERSHIP,
  STYLE_FEEDBACK,
  PREFERENCE,
  PROJECT_FACT,
  QUESTION,
  isReference,
  REMEMBER,
  REQUEST_RULE,
  ROLE_OF_ME,
  RULE,
  TASK,
  TRANSIENT,
} from './statementKinds.js';
import { capitalise } from './capitalise.js';

export type { MemoryStatement } from './memoryStatement.js';

/** The person or their team speaking, in the languages the cues know. */
const FIRST_PERSON = /(?:^|[\s,])(?:I|I'd|we|ich|wir|je|j'|nous|on|yo|nosotros|prefiero|prefer\w*)(?=[\s,]|$)/i;

/** Rules and facts people state are short; a long musing that happens to say "always" is not one. */
const MAX_STATEMENT_CHARS = 300;

/** Where a reason starts: "because", "since", "so that", ", as", and their German, French and Spanish words. */
const REASON =
  /(?:,\s*|\s+[\u2013\u2014-]\s+|\s+)(because|since(?!\s+(?:\d|last|yesterday|monday|tuesday|wednesday|thursday|friday|january|february|march|april|may|june|july|august|september|october|november|december|then|when))|so that|given that|as otherwise|otherwise|weil|denn|damit|da sonst|parce qu(?:e|')|puisque|pour que|sinon|porque|ya que|para que|si no|(?<=,\s*)as(?=\s+(?:it|its|they|their|we|our|this|that|these|those|the|there|i|he|she|you|your|every|each|all|most|some|no|nothing|otherwise)\b))\b\s*(.+)$/i;

/**
 * A purpose or a consequence reads as a reason only with its connective ("so that mobile clients
 * stay fast", "para que corran en la nube"): without it, it is a fragment (decision 68). A cause
 * reads whole without its own ("because the changelog is built from them"), except a cause named by a noun ("because of
 * the size limit": "of the size limit" is a fragment).
 */
const KEEPS_CONNECTIVE = /^(?:so that|as otherwise|otherwise|damit|da sonst|pour que|sinon|para que|si no)$/i;

/** A piece of a message: a sentence, or a clause of one after a dash or a semicolon (`joined`), with what stood before it. */
interface Piece {
  readonly text: string;
  readonly joined: boolean;
  readonly separator: string;
  /** The first piece of its paragraph: a scenario's opener frames nothing past its paragraph (decision 106). */
  readonly opensParagraph?: true;
}

/**
 * Where a sentence breaks into clauses that can each be a statement: a spaced dash, a semicolon,
 * an ellipsis before "but" ("I only now see this happen...but I also moved to X": a symptom, then
 * a fact, decision 93 amended).
 */
const CLAUSE_BREAK = /(\s[\u2013\u2014]\s|\s-\s|;\s|(?:\.{3}|\u2026)\s*but\s+)/;

/**
 * Sentences, and their clauses after a dash or semicolon ("Don't change anything yet — I prefer
 * small commits": the first is transient, the second a preference), each long enough to say
 * something and without a leading "and", "also", "so" or "but".
 */
/**
 * Where a run-on sentence too long to be one statement breaks into clauses (decision 97): a comma
 * before "and", "but", "so", "also", "then", "plus". People who type without full stops say several
 * things in one sentence; each clause is read on its own.
 */
const RUN_ON_BREAK =
  /,\s{1,3}(?:and|but|so|also|then|plus|y|pero|et|mais)(?:\s+(?:also|then))?\s+|\s{1,3}(?:and also|and then|but also)\s+/i;

function pieces(text: string): Piece[] {
  return text
    .split(/\n\s*\n/)
    .flatMap((paragraph) => paragraphPieces(paragraph).map((piece, i) => (i === 0 ? { ...piece, opensParagraph: true } : piece)));
}

/** A paragraph's pieces (sentences never run past a line, so the paragraphs' pieces are the text's). */
function paragraphPieces(paragraph: string): Piece[] {
  return sentences(paragraph).flatMap((sentence) => {
    const out = clausesOf(splitKeeping(sentence, sentence.length > MAX_STATEMENT_CHARS ? RUN_ON_BREAKS : CLAUSE_BREAKS));
    return out.length > 0 ? out : [{ text: sentence, joined: false, separator: ' ' }];
  });
}

const CLAUSE_BREAKS = new RegExp(CLAUSE_BREAK.source, 'gi');
export const RUN_ON_BREAKS = new RegExp(`${CLAUSE_BREAK.source}|${RUN_ON_BREAK.source}`, 'gi');

/** A sentence split at its breaks (global patterns), alternating clause and separator. */
function splitKeeping(sentence: string, breaks: RegExp): string[] {
  const out: string[] = [];
  let last = 0;
  for (const match of sentence.matchAll(breaks)) {
    out.push(sentence.slice(last, match.index), match[0]);
    last = match.index + match[0].length;
  }
  out.push(sentence.slice(last));
  return out;
}

/** Clauses from a sentence split at its breaks (`parts` alternates clause and separator). */
function clausesOf(parts: readonly string[]): Piece[] {
  const out: Piece[] = [];
  // A clause too short to say anything ("No — don't use var") stays with the one after it, as written.
  let pending = '';
  for (let k = 0; k < parts.length; k += 2) {
    const clause = `${pending}${parts[k] ?? ''}`;
    if (clause.trim().length < 8 && k + 2 < parts.length) {
      pending = `${clause}${parts[k + 1] ?? ''}`;
      continue;
    }
    pending = '';
    const text = clause.trim();
    if (text.length < 8) continue;
    out.push({ text, joined: out.length > 0, separator: out.length > 0 ? (parts[k - 1] ?? ' ') : ' ' });
  }
  return out;
}

/**
 * Two sentences typed without a full stop between them: "…in the TODO file First get my approval…".
 * A word that opens a step or a rule, capitalised after a lower-case word, starts the second one.
 */
const RUN_TOGETHER = /(?<=[a-z0-9)])\s+(?=(?:First|Then|Always|Never|Please)\s+[a-z])/;

/**
 * Sentences long enough to say something, without a leading "and", "also", "so" or "but" (a word
 * of its own: "Y-axis" stays). Runs of spaces are one space, as `clip` keeps them: no cue then
 * scans a long run from each of its characters (decision 97).
 */
function sentences(text: string): string[] {
  return splitSentences(text.replace(BROKEN_LINE, ' '))
    .flatMap((s) => s.split(RUN_TOGETHER))
    .map((s) => s.replace(/\s+/g, ' ').replace(TYPOGRAPHIC_APOSTROPHE, "'"))
    .map((s) => s.replace(/^(?:[-*•]\s+|\d+[.)]\s+)/, ''))
    .map((s) => s.replace(/^(?:um+|uh+|hm+|er+m*)\b[\s,.]*/i, '').replace(/^(?:wait|hey|well|alright|right)\s*[,!]\s*/i, ''))
    .map(withApostrophes)
    .map((s) =>
      s.replace(/^(?:and|also|so|but|oh|ok|okay|btw|by the way|just so you know|heads up|fyi|pero|y|et|mais|aber|und)(?:[,:]\s*|\s+)/i, ''),
    )
    .map((s) => s.replace(/^(?:I think|I guess|honestly|basically|generally|in general)\b[\s,]*/i, ''))
    .map(capitalise)
    .filter((s) => s.length >= 8);
}

/**
 * A line break inside a sentence: after a word that needs the next ("…before"), before a word typed in lower case
 * ("pushing…"). The line after goes on with the sentence, so its first word is not capitalised (decision 68).
 */
const BROKEN_LINE = new RegExp(`(?<=(?:^|\\s)(?:${DANGLING_WORD.source.slice(1, -1)}))[^\\S\\n]*\\n[^\\S\\n]*(?=\\p{Ll})`, 'giu');

/**
 * The apostrophes a phone or a word processor types (’ ‘ ʼ): the cues are written with the straight
 * one, and a memory keeps it as the rest of its reading does (decision 97).
 */
const TYPOGRAPHIC_APOSTROPHE = /[\u2018\u2019\u02bc]/g;

/** Contractions typed without their apostrophe ("dont", "shouldnt"), as the cues read them. */
const BARE_CONTRACTION = /\b(do|does|did|is|are|was|were|should|would|could|must|has|have|had|ca|wo)nt\b/gi;
const withApostrophes = (s: string): string => s.replace(BARE_CONTRACTION, (_, stem: string) => `${stem}n't`);

/** The type a statement's words say, when a cue of its own (remember, a correction) does not fix one. */
function classify(text: string, fallback: MemoryType): MemoryType {
  if (ABOUT_ME.test(text) || ROLE_OF_ME.test(text)) return 'user';
  if (isReference(text)) return 'reference';
  if (PROJECT_FACT.test(text) || OWNERSHIP.test(text)) return 'project';
  return fallback;
}

function splitReason(sentence: string): { text: string; reason?: string } {
  const match = REASON.exec(sentence);
  if (!match || match.index < 8) return { text: sentence };
  const said = (match[2] ?? '').replace(/[.!]+$/, '').trim();
  if (said.length < 4) return { text: sentence };
  const connective = (match[1] ?? '').toLowerCase();
  if (connective === 'so that' && POINTING_THAT.test(said)) return { text: sentence };
  if (EXPLAINED.test(sentence.slice(0, match.index))) return { text: sentence };
  const keeps = KEEPS_CONNECTIVE.test(connective) || (connective === 'because' && /^of\s/i.test(said));
  return { text: sentence, reason: keeps ? `${connective} ${said}` : said };
}

/** "so that can be dropped": the "that" is a subject pointing back, followed by its verb; no purpose is given. */
const POINTING_THAT =
  /^(?:can|could|will|would|should|must|may|might|is|was|are|were|has|had|needs?|does|did|won't|can't|isn't|wasn't|shouldn't|doesn't)\b/i;

/**
 * "…tell them why it fails because of the proxy": the cause is what the person asks to be explained, not why they
 * ask (decision 68): a "why" after a request to explain, in the same sentence before the connective. A "why" no one
 * is asked for ("comments explaining why…", "document why…") leaves the person's reason theirs.
 */
const EXPLAINED = /\b(?:explain|tell\s+\w+|say|ask\s+\w+|describe)\b[^;.!?\u2013\u2014]{0,80}\bwhy\b[^;.!?\u2013\u2014]*$/i;

type Found = Omit<MemoryStatement, 'messageIndex'>;

function make(type: MemoryType, cue: MemoryStatement['cue'], text: string, quote: string, extra: Partial<Found> = {}): Found {
  const { reason } = splitReason(text);
  return { type, text, quote, cue, ...(reason === undefined ? {} : { reason }), ...extra };
}

/**
 * A hedge in a clause that says which thing is meant ("an orphan branch that might be shared by other repos", no comma
 * before "that") says what the thing may be, not that the person is unsure of the sentence; it runs to the next comma.
 * After a verb of thinking ("I think that might work") it hedges, and so does a remark after a comma ("…, which might
 * not be true anymore").
 */
const RELATIVE_HEDGE =
  /(?<=[\p{L}\p{N})`'"]\s+)(?<!\b(?:think|thought|guess|say|said|says|believe|feel|suspect|hope|know|mean|so|and|but|because|if|is|was|that)\s+)that\s+(?:might|may|could)\b[^.;!?,]*/giu;

/** A sentence no memory should come from: a question, transient state, a hedge, a story of a fix, what the code says. */
function noise(sentence: string, transient = true, hedge = true): boolean {
  return (
    /^never ?mind\b/i.test(sentence) ||
    // "When you touch the schema, regenerate the types" starts like a question and is a rule.
    (QUESTION.test(sentence) && !CONDITIONAL_RULE.test(sentence)) ||
    (hedge && HEDGE.test(sentence.replace(RELATIVE_HEDGE, ''))) ||
    (transient && (TRANSIENT.test(sentence) || STATUS.test(sentence))) ||
    // "if error is empty, do not…" states a condition, not a story of a bug (decision 101).
    (BUG_NARRATIVE.test(sentence) && !isStandingCondition(sentence)) ||
    SYMPTOM.test(sentence) ||
    CODE_SAYS.test(sentence)
  );
}

/**
 * What a question gives: the rule a polite one asks for ("Can you always use pnpm here?",
 * decision 77) or the fact it takes for granted ("Since we host the docs on Netlify, can you…?",
 * decision 93); null when it gives neither.
 */
function fromQuestion(sentence: string): { readonly found: Found | undefined } | null {
  // Past a statement's length nothing is read: a long question is no rule, and its words go unread by the tagger.
  if (sentence.length > MAX_STATEMENT_CHARS) return null;
  // A view put with a tag question ("…, o no?", "…, right?") is the view, decision 97.
  const view = TAG_QUESTION.exec(sentence);
  if (view !== null && view.index >= 8) {
    const said = sentence.slice(0, view.index);
    return QUESTION.test(`${said}.`) ? null : { found: statementOf(`${said}.`, undefined, false) };
  }
  // The manner asked for a kind of output, and a project's choice asked for politely (decision 110).
  const manner = mannerAskedFor(sentence) ?? choiceAskedFor(sentence);
  if (manner !== undefined) return { found: madeOf(manner, clip(sentence, 400)) };
  const asked = ruleAskedFor(sentence);
  if (asked !== undefined)
    return { found: noise(asked) ? undefined : make(classify(asked, 'feedback'), 'always-never', clip(asked, 400), clip(sentence, 400)) };
  const premise = premiseOf(sentence);
  if (premise !== undefined) return { found: noise(premise) ? undefined : make('project', 'project-fact', premise, clip(sentence, 400)) };
  return null;
}

/** A tag question after a statement: "…, o no?", "…, ¿verdad?", "…, right?", "…, n'est-ce pas ?". */
export const TAG_QUESTION = /[,\s]{1,4}(?:¿\s*)?(?:o no|verdad|cierto|¿no|right|correct|isn't it|don't we|n'est-ce pas)\s*\?\s*$/i;

/** "Remember that…": what is to be remembered, a rule when it says how to work, else a fact. */
function remembered(sentence: string, quote: string): Found | undefined {
  const match = REMEMBER.exec(sentence);
  if (!match) return undefined;
  const text = clip(capitalise(match[1] ?? ''), 400);
  // "the staging API runs on port 8080" and its later "now runs on port 9090" must be one type to meet.
  const asked = text.replace(/^to\s+/i, ''); // "remember to squash commits": an instruction
  const rule = asked !== text || RULE.test(text) || DONT.test(text) || PREFERENCE.test(text) || IMPERATIVE.test(asked);
  return make(classify(text, rule ? 'feedback' : 'project'), 'remember', text, quote);
}

/** A reply's first sentence that corrects or confirms what the assistant just said. */
function replyTo(sentence: string, quote: string, afterAssistant: string): Found | undefined {
  if (CORRECTION.test(sentence)) {
    const text = clip(sentence.replace(CORRECTION, ''), 400);
    if (text.length >= 8 && !QUESTION.test(text) && !/^(?:let's|lets|can you|could you|also)\b/i.test(text))
      return make('feedback', 'correction', capitalise(text), quote, { corrected: clip(afterAssistant, 200) });
  }
  if (CONFIRMATION.test(sentence) && !QUESTION.test(sentence))
    return make('feedback', 'confirmation', quote, quote, { corrected: clip(afterAssistant, 200) });
  return undefined;
}

/** The cues of a rule, a preference or a correction: said of the work at hand only, they are no lasting one (decision 101). */
const RULE_CUES: ReadonlySet<MemoryStatement['cue']> = new Set(['always-never', 'preference', 'correction']);

function statementOf(sentence: string, afterAssistant: string | undefined, first: boolean): Found | undefined {
  const found = statementOfSentence(sentence, afterAssistant, first);
  const rest = afterLead(sentence);
  // The statement after an opener or a request, when it says something alone; else the request was part of it (decision 68, amended).
  return (rest === undefined ? undefined : statementOfSentence(rest, afterAssistant, first)) ?? found;
}

function statementOfSentence(sentence: string, afterAssistant: string | undefined, first: boolean): Found | undefined {
  // What one commit or pull request did is git's and the tracker's story (decision 106).
  // Nor is a bare order to ship now (decision 106), nor a place that holds for one task only (decision 68).
  if (isOneChangeStory(sentence) || isBareShipOrder(sentence) || isOneOffPlace(sentence)) return undefined;
  const found = kindOfStatement(sentence, afterAssistant, first);
  // A link to one issue or pull request is work to do now, not where things are found (decision 106, amended).
  if (found?.type === 'reference' && pointsAtOneItem(sentence)) return undefined;
  return found !== undefined && RULE_CUES.has(found.cue) && (decidesWorkAtHand(sentence) || isOneOffStep(sentence)) ? undefined : found;
}

/**
 * A clause that states something whatever the rest asks: a rename said as done before the work it brings ("we renamed
 * the repo from a to b can you fix the names?"), a step of the routine put as a suggestion (decision 110, amended).
 */
function statedInPart(sentence: string): Found | undefined {
  if (sentence.length > MAX_STATEMENT_CHARS) return undefined;
  const part = renameStated(sentence) ?? routineProposed(sentence);
  return part === undefined ? undefined : madeOf(part, clip(sentence, 400));
}

function kindOfStatement(sentence: string, afterAssistant: string | undefined, first: boolean): Found | undefined {
  const part = statedInPart(sentence);
  if (part !== undefined) return part;
  const asked = fromQuestion(sentence);
  if (asked !== null) return asked.found;
  if (sentence.endsWith('?')) return undefined;
  const quote = clip(sentence, 400);
  const kept = remembered(sentence, quote);
  if (kept !== undefined) return kept;
  if (sentence.length > MAX_STATEMENT_CHARS) return undefined;
  const reply = first && afterAssistant !== undefined ? replyTo(sentence, quote, afterAssistant) : undefined;
  if (reply !== undefined) return reply;
  // What the person says of themselves holds even "for now" ("…is out of reach for me for now").
  // A choice of what is enough is said with a hedge ("local storage might be good enough", decision 97).
  if (noise(sentence, false))
    return isEnoughChoice(sentence) && !noise(sentence, false, false) ? make('project', 'project-fact', quote, quote) : undefined;
  const core = sentence.replace(LEADING_TIME, '');
  // "I only want to keep X, so…" decides something of the project; it says nothing of who the person is (decision 106).
  if (ABOUT_ME.test(core) || ROLE_OF_ME.test(core) || isPersonsSetup(core))
    return isWishAboutWork(core) ? make('project', 'project-fact', quote, quote) : make('user', 'about-me', quote, quote);
  if (TRANSIENT.test(sentence) || STATUS.test(sentence)) return undefined;
  if (NAMING_SCHEME.test(sentence) || ANSWER_LANGUAGE.test(sentence)) return make('feedback', 'preference', quote, quote);
  // A choice or a habit of the project said in passing, and the manner asked for a kind of output (decision 110).
  const choice = projectChoice(sentence) ?? mannerAskedFor(sentence);
  if (choice !== undefined) return madeOf(choice, quote);
  const rule =
    RULE.test(sentence) ||
    DONT.test(sentence) ||
    REQUEST_RULE.test(sentence) ||
    isLastingRequest(sentence) ||
    isWorkflowRule(sentence) ||
    isConvention(sentence);
  // "Deploy notifications get posted…" starts like a task and is none: a noun then a verb.
  if (TASK.test(sentence) && !rule && !/^\w+\s+\w+\s+(?:is|are|get|gets|go|goes|live|lives|was|were)\b/i.test(sentence))
    return madeOf(kindOpeningAsTask(sentence), quote);
  // "I want you to add integration tests…" asks for work now (decision 77).
  if (isWorkWish(sentence) && !rule) return undefined;
  const fact = factKind(sentence, rule);
  if (fact !== undefined) return make(fact, fact === 'reference' ? 'reference' : 'project-fact', quote, quote);
  if (PREFERENCE.test(sentence) && (IMPERATIVE.test(sentence) || FIRST_PERSON.test(sentence) || GENERIC_SUBJECT.test(sentence) || rule))
    return make('feedback', 'preference', quote, quote);
  if (rule) return make('feedback', 'always-never', quote, quote);
  if (NORM.test(sentence) || STYLE_FEEDBACK.test(sentence) || CONDITIONAL_RULE.test(sentence))
    return make('feedback', 'preference', quote, quote);
  // An instruction given with its reason is a way of working, not a one-off task.
  if (IMPERATIVE.test(sentence) && !/^(?:please\s+)?run\b/i.test(sentence) && splitReason(sentence).reason !== undefined)
    return make('feedback', 'preference', quote, quote);
  // Choices, requirements and prohibitions read by their grammar (decision 97).
  return madeOf(decidedKind(sentence), quote);
}

/** Statements that are only a part of their sentence (a dictation tool's marker): kept alone, never grouped with what led up to them. */
const standalone = new WeakSet<Found>();

/** Statements of what a thing of the project is called: one goes on only with others of its kind (decision 110, amended). */
const namings = new WeakSet<Found>();

function madeOf(kind: DecidedKind | undefined, quote: string): Found | undefined {
  if (kind === undefined) return undefined;
  const found = make(kind.type, kind.cue, kind.said ?? quote, quote);
  if (kind.said !== undefined && kind.naming !== true) standalone.add(found);
  if (kind.naming === true) namings.add(found);
  return found;
}

function assistantText(message: ModelMessage): string {
  const texts = typeof message.content === 'string' ? [message.content] : message.content.filter(isTextBlock).map((b) => b.text);
  return texts.join(' ');
}

/**
 * Finds the statements worth remembering in what the person wrote — facts about themselves,
 * ways of working (rules, preferences, corrections, confirmed approaches), project facts and
 * references — by the kinds of statement in src/model/offline/statementKinds.ts. Questions,
 * tasks, fix stories, transient state and code are left alone, and so is every message holding
 * anything shaped like a credential.
 */
export function findMemoryStatements(messages: readonly ModelMessage[]): MemoryStatement[] {
  const found: MemoryStatement[] = [];
  let lastAssistant: string | undefined;
  const asked = new Map<string, AskQuestion[]>();
  messages.forEach((message, messageIndex) => {
    if (message.role === 'assistant') {
      for (const [id, questions] of askCallIds([message])) asked.set(id, questions);
      const text = assistantText(message);
      if (text !== '') lastAssistant = looksSecret(text) ? undefined : text;
      return;
    }
    // A choice among the options offered is read with its question, not as a sentence (decision 102).
    const answers = personsAnswersIn(message.content, asked);
    for (const choice of answers.choices) {
      const statement = choiceStatement(choice, messageIndex);
      if (statement !== undefined && !looksSecret(statement.text)) found.push(statement);
    }
    // A compaction's summary is Claude Code's account of the work, not the person's words (decision 106).
    const text = [humanText(withoutCompactionSummaries(message)), ...answers.words].filter((t) => t !== '').join('\n\n');
    if (text === '') return;
    if (!looksSecret(text)) found.push(...ownStatements(text, lastAssistant, messageIndex));
    lastAssistant = undefined;
  });
  return latestPerSubject(found);
}

/** The statements of a person's message, read without what they pasted (decision 69). */
function ownStatements(text: string, lastAssistant: string | undefined, messageIndex: number): MemoryStatement[] {
  // Pasted material (code, logs, another agent's report) is not the person's words: it goes before the text is read (decision 69).
  const own = personsWords(withoutToolMarkers(text));
  // Sample content sent to see how it is shown holds no statement (decision 106, amended).
  if (isSampleMessage(own)) return [];
  // "…add that to your CLAUDE.md": the rest of the message is what they ask to keep.
  const keep = keptOnRequest(own);
  if (keep !== undefined) {
    const kept = clip(keep, 400);
    return [{ ...make(classify(kept, 'feedback'), 'remember', kept, clip(own, 400)), messageIndex }];
  }
  // A sentence sent again, longer, in the same message is the longer one's (decision 69, amended).
  const said = withoutSaidAgain(pieces(own));
  // The steps of a numbered task prompt are a task: only a rule said among them is kept.
  const task = isTaskPrompt(text);
  const statements = said.map((piece, i) => {
    const statement = statementOf(piece.text, lastAssistant, i === 0);
    if (piece.opensParagraph !== true && describesScenario(said[i - 1]?.text, piece.text)) return undefined;
    return task && statement !== undefined && !LASTING_CUES.has(statement.cue) ? undefined : statement;
  });
  return grouped(said, statements).map((statement) => ({ ...statement, messageIndex }));
}

/** The cues that say how work goes from now on, which a task prompt can carry among its steps. */
const LASTING_CUES: ReadonlySet<MemoryStatement['cue']> = new Set(['remember', 'always-never', 'preference', 'about-me']);

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
  if (sentence.endsWith('?') || TOPIC_SHIFT.test(sentence) || noise(sentence)) return false;
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
function grouped(said: readonly Piece[], statements: ReadonlyArray<Found | undefined>): Found[] {
  const out: Found[] = [];
  // Pieces before this index belong to a memory already made.
  let free = 0;
  for (let i = 0; i < said.length; i++) {
    const head = statements[i];
    const piece = said[i];
    if (head === undefined || piece === undefined) continue;
    if (standalone.has(head)) {
      out.push(head);
      free = i + 1;
      continue;
    }
    const members: Member[] = [...ledUpTo(said, i, free), { sentence: head.text, separator: piece.separator, statement: head }];
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
    if (namings.has(head) && (next === undefined || !namings.has(next))) break;
    // A clause of the same sentence goes with it whatever its kind ("…from the Figma file — check spacing there").
    // So does a statement of another kind that points back at it ("…is the reason the consumer has a cap. Don't loosen it.").
    if (next !== undefined ? next.type !== head.type && !joined && !POINTS_BACK.test(sentence) : !continues(sentence)) break;
    after.push(next === undefined ? { sentence, separator } : { sentence: next.text, separator, statement: next });
    chars += sentence.length;
  }
  return after;
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
    ...(strongest === members[0] || POINTS_BACK.test(strongest.sentence) ? {} : { title: capitalise(strongest.sentence) }),
    quote: joinPieces(members.map((m) => ({ sentence: m.statement?.quote ?? m.sentence, separator: m.separator }))),
    ...(reason === undefined ? {} : { reason }),
  };
}
