import { factSetRight } from './factCorrected.js';
import type { MemoryStatement } from './memoryStatement.js';
import { clip } from './conversationFacts.js';
import { ANSWER_LANGUAGE, premiseOf } from './environmentFacts.js';
import { factFound } from './factKinds.js';
import { isPersonsSetup, isToolOffered } from './personsSetup.js';
import { namesRecurringPitfall } from './codeBehaviour.js';
import { isWorkflowRule, routineProposed } from './workflowRules.js';
import { pointsAtOneItem } from './oneOffStep.js';
import { isBareLink } from './pastedPages.js';
import { actsOnLink } from './requestAtHand.js';
import { isLinkWorkedOn } from './linkWorkedOn.js';
import { isWishAboutWork } from './wishAboutWork.js';
import { isConvention } from './conventionKinds.js';
import { choiceAskedFor, mannerAskedFor, projectChoice } from './projectChoices.js';
import { renameStated } from './projectNames.js';
import { afterChangeOrigin, afterLead, beforeRequest, ruleAfterSo } from './leadingWords.js';
import { afterRestating } from './restatingLead.js';
import { occasionRule } from './occasionRules.js';
import { wantedOfPeople } from './wantedOfPeople.js';
import { isEveryOfAKind } from './everyOfAKind.js';
import { defaultHandover } from './defaultHandover.js';
import { optionFallback } from './optionFallback.js';
import { givesConsequence } from './statedConsequence.js';
import { designSaidInPassing } from './designSaidInPassing.js';
import { toolOfTheProject } from './projectTools.js';
import { sourceOfTruth } from './sourceOfTruth.js';
import { pointerToAFile } from './pointerToAFile.js';
import { whereThingsLive } from './whereThingsLive.js';
import { type DecidedKind, decidedKind, isEnoughChoice, kindOpeningAsTask } from './decisionKinds.js';
import { HOUSE_TOOL, isLastingRequest, isWorkWish, NAMING_SCHEME, ruleAskedFor, STATUS } from './requestKinds.js';
import { serviceFact } from './serviceFacts.js';
import {
  ABOUT_ME,
  CONDITIONAL_RULE,
  CORRECTION,
  DONT,
  GENERIC_SUBJECT,
  HEDGE,
  IMPERATIVE,
  LEADING_TIME,
  NEWS_HEADING,
  NORM,
  STYLE_FEEDBACK,
  PREFERENCE,
  QUESTION,
  REQUEST_RULE,
  ROLE_OF_ME,
  RULE,
  TASK,
  TRANSIENT,
} from './statementKinds.js';
import { capitalise } from './capitalise.js';
import { MAX_STATEMENT_CHARS } from './statementPieces.js';
import { splitReason } from './statementReason.js';
import { type Found, make, madeOf, retold } from './foundStatement.js';
import { noise } from './statementNoise.js';
import { describesBehaviour, isExpectedOutcome } from './codeReports.js';
import { asksWithoutMark } from './unmarkedQuestion.js';
import { traced } from './statementTrace.js';
import { assistantAsked, onlyAnswers, practiceGivenForOption, saidAfterAnswer } from './answerToQuestion.js';
import { isProcessConvention } from './processConventions.js';
import { isProjectNature, natureSaid } from './projectNature.js';
import { purposeAnswer } from './purposeAnswers.js';
import { isProjectScope } from './projectScope.js';
import { withoutDenial } from './statedAfterNo.js';
import { holdsForWorkAtHand, statesNothingLasting } from './nothingLasting.js';
import { withoutProgramsEvents } from './programBehaviour.js';
import { afterNo, classify, remembered, replyTo } from './cueFinders.js';
import { conventionInRequest } from './conventionsInRequests.js';
import { isTestPolicy } from './testPolicies.js';
import { bracketedStatements } from './bracketedStatements.js';
import { isPracticeInEveryCase } from './everyCaseScope.js';

/** What a sentence states, by the kinds of statement in statementKinds.ts and the finders beside it. */
/** The person or their team speaking, in the languages the cues know. */
const FIRST_PERSON = /(?:^|[\s,])(?:I|I'd|we|ich|wir|je|j'|nous|on|yo|nosotros|prefiero|prefer\w*)(?=[\s,]|$)/i;

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
    return QUESTION.test(`${said}.`) ? null : { found: traced('tag-question', statementOf(`${said}.`, undefined, false)) };
  }
  // The manner asked for a kind of output, and a project's choice asked for politely (decision 110).
  const manner = mannerAskedFor(sentence) ?? choiceAskedFor(sentence);
  if (manner !== undefined) return { found: traced('question', madeOf(manner, clip(sentence, 400))) };
  const asked = ruleAskedFor(sentence);
  if (asked !== undefined)
    return {
      found: noise(asked)
        ? undefined
        : traced('question/rule-asked', make(classify(asked, 'feedback'), 'always-never', clip(asked, 400), clip(sentence, 400))),
    };
  const premise = premiseOf(sentence);
  if (premise !== undefined)
    return {
      found: noise(premise) ? undefined : traced('question/premise', make('project', 'project-fact', premise, clip(sentence, 400))),
    };
  return null;
}

/** A tag question after a statement: "…, o no?", "…, ¿verdad?", "…, right?", "…, n'est-ce pas ?". */
export const TAG_QUESTION = /[,\s]{1,4}(?:¿\s*)?(?:o no|verdad|cierto|¿no|right|correct|isn't it|don't we|n'est-ce pas)\s*\?\s*$/i;

/** The cues of a rule, a preference or a correction: said of the work at hand only, they are no lasting one (decision 101). */
const RULE_CUES: ReadonlySet<MemoryStatement['cue']> = new Set(['always-never', 'preference', 'correction']);

/**
 * How a missing option is found is a project fact by its cue, yet said as an instruction: it goes through the guards a
 * rule goes through, for the work at hand and for a question typed without its mark (decision 110, amended 2026-12-07).
 */
const optionFallbackAsRule = (sentence: string): DecidedKind | undefined =>
  holdsForWorkAtHand(sentence) || asksWithoutMark(sentence) ? undefined : optionFallback(sentence);

/**
 * A tool the project is built with, said plainly (decision 125). Read before what the person says of themselves, as "the
 * package manager here" is no role of theirs; it passes the guards a rule passes (the work at hand, a numbered step, a
 * question typed without its mark), whatever its type.
 */
const toolStated = (sentence: string): DecidedKind | undefined =>
  TRANSIENT.test(sentence) ||
  holdsForWorkAtHand(sentence) ||
  asksWithoutMark(sentence) ||
  // A service outside the code keeps decision 104's type, and "we use X here" decision 77's convention.
  serviceFact(sentence) !== undefined ||
  HOUSE_TOOL.test(sentence)
    ? undefined
    : toolOfTheProject(sentence);

/** A file attached with "@" that a pointer names is the place looked in, not the file worked on (decision 128). */
const withoutAttachMarks = (sentence: string): string => sentence.replace(/(^|[\s(])@(?=[\w.-]*[./])/g, '$1');

/**
 * Where a kind of thing is kept, which source is authoritative, and a file to look in for a kind of information
 * (decision 128). What is kept (the clause, when it stands after a request) passes the guards a rule passes: the work
 * at hand, a question typed without its mark, a word of the moment.
 */
function placeStated(sentence: string): DecidedKind | undefined {
  const kind = sourceOfTruth(sentence) ?? pointerToAFile(sentence) ?? whereThingsLive(sentence);
  const said = withoutAttachMarks(kind?.said ?? sentence);
  return kind === undefined || TRANSIENT.test(said) || holdsForWorkAtHand(said) || asksWithoutMark(said) ? undefined : kind;
}

/**
 * The statement a sentence makes; when the sentence as a whole states nothing (a request, a question), a full statement
 * it holds in brackets, read as a sentence of its own (decision 141).
 */
export function statementOf(sentence: string, afterAssistant: string | undefined, first: boolean): Found | undefined {
  const found = statementOfWhole(sentence, afterAssistant, first);
  if (found !== undefined) return found;
  for (const inner of bracketedStatements(sentence)) {
    const stated = traced('bracketed', statementOfWhole(capitalise(inner), afterAssistant, false));
    if (stated !== undefined) return stated;
  }
  return undefined;
}

/** The statement a sentence makes, read after the words that lead into it when those say nothing alone. */
function statementOfWhole(sentence: string, afterAssistant: string | undefined, first: boolean): Found | undefined {
  const found = statementOfSentence(sentence, afterAssistant, first);
  // A rule read after the change it came from, or given as a fact's consequence after "so", is kept with it (decision 138).
  if (found === undefined) {
    const withItsLead = leadOfARule(sentence, afterAssistant, first);
    if (withItsLead !== undefined) return withItsLead;
  }
  const rest = afterLead(sentence) ?? afterRestating(sentence);
  // The statement after an opener or a request, when it says something alone; else the request was part of it (decision 68, amended).
  if (rest !== undefined) return statementOfSentence(rest, afterAssistant, first) ?? found;
  // A fact said before a request is kept without it; a "we need to…" before "can you do this?" is the request (decision 133).
  const clause = beforeRequest(sentence);
  const stated = clause === undefined ? undefined : statementOfSentence(clause, afterAssistant, first);
  return stated !== undefined && stated.type !== 'feedback' ? stated : found;
}

/** A fact of the moment before "so": someone's act or a passing state ("Bob is fixing the header", "the API is down"). */
const PASSING_FACT =
  /\b(?:is|are|am|was|were|'m|'re|'s)\s+(?:\w+ing|down|broken|full|red|failing|flaky|stale|offline|wiped)\b|\b(?:I|you|he|she)\s+(?:\w+ed|broke|ran|wrote|made|did|took)\b/i;

/** The fact and its rule stand only when the whole says nothing of the moment ("the build is red, so do not deploy now"). */
const soSaidOfTheMoment = (sentence: string): boolean =>
  noise(sentence) ||
  /\b(?:now|yet|today|tonight|this time|again|already|anymore|for now|for a (?:minute|moment|bit|while))\b/i.test(sentence) ||
  PASSING_FACT.test(sentence.split(/,?\s+so\s+/i)[0] ?? '');

/** The rule a sentence gives after the change it came from or after a fact and "so", told with its lead (decision 138). */
function leadOfARule(sentence: string, afterAssistant: string | undefined, first: boolean): Found | undefined {
  const origin = afterChangeOrigin(sentence);
  const fromChange = origin === undefined ? undefined : statementOf(origin, afterAssistant, first);
  if (fromChange !== undefined) return retold(fromChange, sentence);
  const rule = ruleAfterSo(origin ?? sentence);
  const said = rule === undefined || soSaidOfTheMoment(sentence) ? undefined : statementOfSentence(rule, afterAssistant, first);
  return said?.type === 'feedback' ? retold(said, sentence) : undefined;
}

/** A short answer about what the project is for, led by what the question asked (decision 129). */
function answeredOnPurpose(sentence: string, quote: string, afterAssistant: string | undefined): Found | undefined {
  // An answer that names its own subject ("it's for personal use", "keep accessibility best-effort") is read as said.
  if (isProjectNature(sentence) || isProjectScope(sentence)) return undefined;
  const said = purposeAnswer(sentence, afterAssistant);
  return said === undefined ? undefined : traced('purpose-answer', make('project', 'project-fact', said, quote));
}

function statementOfSentence(sentence: string, afterAssistant: string | undefined, first: boolean): Found | undefined {
  if (statesNothingLasting(sentence)) return undefined;
  const found = kindOfStatement(sentence, afterAssistant, first);
  // A link to one issue or pull request is work to do now, not where things are found (decision 106, amended); so is a
  // link a request acts on, "go ahead and import the tickets from <url>" (decision 123).
  // A link said with no sentence about it says nothing of what it is for (decision 127), and one a polite request works on,
  // "could you port this project: <url>", is the task's material (decision 136).
  if (
    found?.type === 'reference' &&
    (pointsAtOneItem(sentence) || actsOnLink(sentence) || isBareLink(sentence) || isLinkWorkedOn(sentence))
  )
    return undefined;
  if (found === undefined || !RULE_CUES.has(found.cue)) return found;
  if (holdsForWorkAtHand(sentence)) return undefined;
  // What the code does and what a step should give read as a rule by their "never" or "should" (decision 116).
  // So does a question typed without its mark after a request (decision 116).
  return found.cue !== 'correction' && (describesBehaviour(sentence) || isExpectedOutcome(sentence) || asksWithoutMark(sentence))
    ? undefined
    : found;
}

/**
 * A clause that states something whatever the rest asks: a rename said as done before the work it brings ("we renamed
 * the repo from a to b can you fix the names?"), a step of the routine put as a suggestion (decision 110, amended).
 */
function statedInPart(sentence: string): Found | undefined {
  if (sentence.length > MAX_STATEMENT_CHARS) return undefined;
  const rename = renameStated(sentence);
  if (rename !== undefined) return traced('rename-stated', madeOf(rename, clip(sentence, 400)));
  const routine = routineProposed(sentence);
  if (routine !== undefined) return traced('routine-proposed', madeOf(routine, clip(sentence, 400)));
  // A convention given as a clause of a one-off request is kept without the step (decision 130).
  const convention = sentence.endsWith('?') ? undefined : conventionInRequest(sentence);
  if (convention !== undefined) return traced('request-convention', madeOf(convention, clip(sentence, 400)));
  return traced('occasion-rule', madeOf(occasionRule(sentence), clip(sentence, 400)));
}

/** The shapes that make a sentence a rule, in the order they are tried, by the name the bench's table gives them (decision 116). */
const RULE_SHAPES: ReadonlyArray<readonly [string, (sentence: string) => boolean]> = [
  // The program's event ("whenever the button is clicked") is no habit of the person's (decision 137).
  ['rule-word', (sentence) => RULE.test(withoutProgramsEvents(sentence))],
  ['dont', (sentence) => DONT.test(sentence)],
  ['request-rule', (sentence) => REQUEST_RULE.test(sentence)],
  ['lasting-request', isLastingRequest],
  ['workflow', isWorkflowRule],
  ['convention', isConvention],
  ['every-of-a-kind', isEveryOfAKind],
  // "Use table-driven tests where possible": a request scoped to every case it applies to is a practice (decision 141).
  ['every-case', isPracticeInEveryCase],
];

/**
 * What a sentence gives read as a reply to the assistant (decision 124): an option picked for a practice of the team's
 * is that practice, an answer that only means something with the question is the question's, a correction or a
 * confirmation is one, and a "no" to a question is what it goes on to say (amended 2026-12-07); null when it is no reply.
 */
function asAnswer(
  sentence: string,
  quote: string,
  afterAssistant: string | undefined,
  first: boolean,
): { readonly found: Found | undefined } | null {
  const askedBefore = afterAssistant !== undefined && assistantAsked(afterAssistant);
  const practice = practiceGivenForOption(sentence, askedBefore);
  if (practice !== undefined) return { found: kindOfStatement(capitalise(practice), undefined, false) ?? afterNo(practice, quote) };
  const rest = saidAfterAnswer(sentence, askedBefore);
  if (rest !== undefined) return { found: kindOfStatement(capitalise(rest), undefined, false) };
  if (onlyAnswers(sentence, askedBefore)) return { found: undefined };
  const purpose = askedBefore ? answeredOnPurpose(sentence, quote, afterAssistant) : undefined;
  if (purpose !== undefined) return { found: purpose };
  const reply = first && afterAssistant !== undefined ? replyTo(sentence, quote, afterAssistant) : undefined;
  if (reply !== undefined) return { found: reply };
  const answered = first && askedBefore ? withoutDenial(sentence.replace(CORRECTION, '')) : sentence;
  if (answered === sentence || answered.length < 8) return null;
  return { found: kindOfStatement(capitalise(answered), undefined, false) ?? afterNo(answered, quote) };
}

function kindOfStatement(sentence: string, afterAssistant: string | undefined, first: boolean): Found | undefined {
  const part = statedInPart(sentence);
  if (part !== undefined) return part;
  const asked = fromQuestion(sentence);
  if (asked !== null) return asked.found;
  if (sentence.endsWith('?')) return undefined;
  const quote = clip(sentence, 400);
  const kept = remembered(sentence, quote) ?? factSetRight(sentence, quote);
  if (kept !== undefined) return kept;
  if (sentence.length > MAX_STATEMENT_CHARS) return undefined;
  const answer = asAnswer(sentence, quote, afterAssistant, first);
  if (answer !== null) return answer.found;
  // A test or quality policy is a norm, whatever order of work it opens with, and "tests pass" in it tells no fix (decision 130).
  if (isTestPolicy(sentence) && !QUESTION.test(sentence) && !HEDGE.test(sentence))
    return traced('test-policy', make('feedback', 'preference', quote, quote));
  const held = heldPastItsRequest(sentence, quote);
  if (held !== undefined) return held;
  // What the person says of themselves holds even "for now" ("…is out of reach for me for now").
  // A choice of what is enough is said with a hedge ("local storage might be good enough", decision 97).
  if (noise(sentence, false))
    return isEnoughChoice(sentence) && !noise(sentence, false, false)
      ? traced('enough-hedged', make('project', 'project-fact', quote, quote))
      : undefined;
  const tool = toolStated(sentence);
  if (tool !== undefined) return traced('project-tool', madeOf(tool, quote));
  const place = placeStated(sentence);
  if (place !== undefined) return traced('where-kept', madeOf(place, quote));
  const core = sentence.replace(LEADING_TIME, '');
  // "I only want to keep X, so…" decides something of the project; it says nothing of who the person is (decision 106).
  // "This is a hobby project" says what the project is, not who the person is (decision 129).
  if ((ABOUT_ME.test(core) || ROLE_OF_ME.test(core) || isPersonsSetup(core)) && !isProjectNature(core))
    return isWishAboutWork(core)
      ? traced('wish-about-work', make('project', 'project-fact', quote, quote))
      : traced('about-me', make('user', 'about-me', quote, quote));
  if (TRANSIENT.test(sentence) || STATUS.test(sentence)) return undefined;
  if (NAMING_SCHEME.test(sentence) || ANSWER_LANGUAGE.test(sentence))
    return traced('naming-or-language', make('feedback', 'preference', quote, quote));
  // A choice or a habit of the project said in passing, and the manner asked for a kind of output (decision 110).
  // A default way of handing work over, and how a missing option is found (decision 110, amended 2026-12-07).
  // A name, a layout, a design kept or a capability ruled out, said in passing (decision 121).
  const choice =
    projectChoice(sentence) ??
    mannerAskedFor(sentence) ??
    wantedOfPeople(sentence) ??
    defaultHandover(sentence) ??
    optionFallbackAsRule(sentence) ??
    designSaidInPassing(sentence);
  if (choice !== undefined) return traced('project-choice', madeOf(choice, quote));
  return ruleFactOrDecision(sentence, quote);
}

/**
 * What holds past the request or the report around it, read before either is dropped: a tool offered for a kind of
 * work because it is ready (decision 145), a kind of mistake the project keeps making (decision 149).
 */
function heldPastItsRequest(sentence: string, quote: string): Found | undefined {
  if (isToolOffered(sentence)) return traced('tool-offered', make('feedback', 'preference', quote, quote));
  if (namesRecurringPitfall(sentence)) return traced('recurring-pitfall', make('project', 'project-fact', quote, quote));
  return undefined;
}

/** What a sentence that is none of the kinds above states: a rule, a fact, a preference or norm, or a decision by its grammar. */
function ruleFactOrDecision(sentence: string, quote: string): Found | undefined {
  const ruleShape = RULE_SHAPES.find(([, test]) => test(sentence))?.[0];
  const rule = ruleShape !== undefined;
  // "Deploy notifications get posted…" starts like a task and is none: a noun then a verb.
  // "Update: the API now runs on 9090" opens with a task word used as a noun: what follows it says whether work is asked.
  if (
    TASK.test(sentence.replace(NEWS_HEADING, '')) &&
    !rule &&
    !/^\w+\s+\w+\s+(?:is|are|get|gets|go|goes|live|lives|was|were)\b/i.test(sentence)
  )
    return traced('task-opening', madeOf(kindOpeningAsTask(sentence), quote));
  // "I want you to add integration tests…" asks for work now (decision 77).
  if (isWorkWish(sentence) && !rule) return undefined;
  const fact = factFound(sentence, rule);
  if (fact !== undefined) {
    // What the project is keeps no step of the moment said after it (decision 129, amended).
    const text = fact.finder === 'nature' ? natureSaid(quote) : quote;
    return traced(`fact/${fact.finder}`, make(fact.type, fact.type === 'reference' ? 'reference' : 'project-fact', text, quote));
  }
  if (PREFERENCE.test(sentence) && (IMPERATIVE.test(sentence) || FIRST_PERSON.test(sentence) || GENERIC_SUBJECT.test(sentence) || rule))
    return traced(rule ? `preference/${ruleShape}` : 'preference', make('feedback', 'preference', quote, quote));
  if (rule) return traced(`rule/${ruleShape}`, make('feedback', 'always-never', quote, quote));
  // A convention said in the present of a kind of the process's artefacts is a norm said as what is done (decision 126).
  if (NORM.test(sentence) || STYLE_FEEDBACK.test(sentence) || CONDITIONAL_RULE.test(sentence) || isProcessConvention(sentence))
    return traced('norm', make('feedback', 'preference', quote, quote));
  // An instruction given with its reason is a way of working, not a one-off task.
  if (
    IMPERATIVE.test(sentence) &&
    !/^(?:please\s+)?run\b/i.test(sentence) &&
    (splitReason(sentence).reason !== undefined || givesConsequence(sentence))
  )
    return traced('imperative-with-reason', make('feedback', 'preference', quote, quote));
  // Choices, requirements and prohibitions read by their grammar (decision 97).
  return traced('decided', madeOf(decidedKind(sentence), quote));
}
