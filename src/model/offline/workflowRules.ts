import type { DecidedKind } from './decisionKinds.js';
import { capitalise } from './capitalise.js';
import { ONE_DAY_OR_VERSION } from './oneOccasionWords.js';

/**
 * Ways of working said as an order of steps or a place for things, in the languages the extractor
 * reads (decision 93): "we need to test locally before publishing", "hay que correr los tests antes
 * de hacer push", "cada vez que cambies un componente, regenera el catálogo", "los componentes van
 * en src/components". Written from kinds of statement, never from a corpus sentence.
 */

/** Owing a step: "we need to", "you have to", "must", "tenemos que", "hay que", "debemos", "il faut", "wir müssen". */
const OBLIGATION = String.raw`(?:(?:we|you)\s+(?:need to|have to|must|should)|(?:[Tt]enemos|[Tt]ienes|[Hh]ay|[Hh]abrá) que|[Ee]s (?:importante|fundamental|clave) que|[Dd]ebe(?:s|mos|n)?|[Ii]l faut|[Oo]n doit|[Nn]ous devons|(?:[Ww]ir|[Dd]u) (?:müssen|musst|sollten|solltest))`;

/**
 * Another step of the work's routine, named by its verb ("before publishing", "antes de hacer
 * push", "avant de pousser"): the steps every change goes through, not an event ("before the demo")
 * nor the work at hand ("before launching the beta").
 */
const ROUTINE_EN = String.raw`(?:publish|commit|push|merg|deploy|releas|ship|tagg|submitt|open(?:ing)? a (?:pr|pull request)|review)\w*`;
const ROUTINE_ES = String.raw`(?:publicar|desplegar|subir|lanzar una versión|hacer (?:commit|push|merge|deploy|release|un pr))`;
const ROUTINE_FR = String.raw`(?:publier|pousser|déployer|fusionner|commiter|livrer)`;
const STEP = String.raw`(?:(?:before|after)\s+${ROUTINE_EN}|(?:antes|después) de\s+${ROUTINE_ES}|avant de\s+${ROUTINE_FR})\b`;

/** A step owed before or after another, whoever does it. */
const ORDERED_STEP = new RegExp(String.raw`^(?:please\s+)?${OBLIGATION}\s+[^.?!]{2,80}?\s${STEP}`, 'i');

/** A step owed before another, said first: "Antes de hacer commit, corre el linter." */
const STEP_FIRST = new RegExp(String.raw`^(?:(?:antes|después) de\s+${ROUTINE_ES}|avant de\s+${ROUTINE_FR})\b[^,]{0,40},\s*\S+`, 'i');

/**
 * "Cada vez que cambies…, regenera…": a standing instruction with the subject in the verb, as
 * Spanish says it. Not "cuando": "cuando tengas tiempo, revisa…" asks for work now.
 */
const SPANISH_WHENEVER = /^(?:cada vez que|siempre que)\s+\S+[^,]{2,80},\s*[a-záéíóúñ]+/i;

/** Where a kind of thing goes: "los componentes van en src/components", "les tests vont dans tests/". */
const PLACE_OF_KIND = /^(?:los|las|les|die)\s+[\p{L}-]+\s+(?:van|se ponen|viven|vont|kommen|gehören)\s+(?:en|dans|in|nach)\s+\S*[/.]\S*/iu;

/** "Je ne veux pas de…", "je ne veux plus…": the French for what the person does not want. */
const NOT_WANTED = /^je ne veux (?:pas|plus)\b/i;

/** The routine's own step as a verb, now or habitual, never past: "release", "releasing", "merges"; "released" is one occasion. */
const ROUTINE_VERB = String.raw`(?:publish(?:es|ing)?|commit(?:s|ting)?|push(?:es|ing)?|merg(?:e|es|ing)|deploy(?:s|ing)?|releas(?:e|es|ing)|ship(?:s|ping)?)`;
/** The routine's own step as a thing made: "a release", "releases", "a PR". */
const ROUTINE_THING = String.raw`(?:(?:a|an|new)\s+)?(?:release|deploy(?:ment)?|version|tag|pr|pull request|merge request)s?`;
/** Who does the step, if said: "we", "you're", "someone". */
const WHO = String.raw`(?:(?:we|you|i|someone)(?:'re|\s+are|\s+am)?\s+)`;

/**
 * The step the routine itself is, after "when", "whenever", "every time", "each time": "when we do a release", "whenever
 * you merge", "when releasing", "on every push".
 */
const ROUTINE_EVENT = String.raw`(?:(?:when(?:ever)?|every time|each time)\s+${WHO}?(?:(?:do|cut|make|open|create)\s+${ROUTINE_THING}|${ROUTINE_VERB})|on every\s+(?:push|commit|merge|release|deploy(?:ment)?|pr|pull request))`;

/**
 * One occasion rather than the routine: a thing pointed at or someone's ("when you merge your branch"), a day or a
 * time ("when we deploy tomorrow", "on Friday"), a version ("when we release v2"). After the routine's step "later"
 * puts the step off to one occasion too ("…when we deploy later"); occasionRules leaves it out, as a rule said after
 * its occasion may itself end on it ("…we need to fix the rest later", decision 110).
 */
const ONE_OCCASION = String.raw`(?!\s+(?:it|this|that|the|these|those|them|your|my|his|her|their)\b)(?![^.?!]*\b(?:${ONE_DAY_OR_VERSION}|later)\b)`;

/** A verb of work a routine step opens with, then what it works on: "update the changelog", "bump the version". */
const STEP_VERB = String.raw`(?:update|bump|run|add|write|regenerate|rebuild|build|tag|check|test|lint|format|squash|rebase|sign|document|mention|notify|announce|create|post|increment|sync|refresh|generate|record|attach|upload|clean|review|verify|backport)`;
/** What the step works on: an article or a name, never the person ("notify me", "tag me") nor a noun's verb ("Build breaks"). */
const STEP_OBJECT = String.raw`(?:the|a|an|all|every|each|our|any)\s+|\x60`;

/**
 * "We update the changelog when we do a release", "bump the version every time you publish": a step of the routine,
 * ending the sentence (maybe with where the step goes: "…whenever you merge to main").
 */
const ON_ROUTINE = new RegExp(
  String.raw`^(?:(?:also|and|so)\s+)?(?:(?:we|you)\s+(?:always\s+|(?:should|could|must|need to|have to)\s+(?:always\s+)?)?|please\s+|always\s+)?${STEP_VERB}\s+(?:${STEP_OBJECT})[^.?!,]{1,60}?\s${ROUTINE_EVENT}\b${ONE_OCCASION}(?:\s+(?:to|into|on|in)\s+[\w./-]+)?(?:,\s*(?:unless|except|but not)\b[^?]*)?\s*[.!?]*$`,
  'i',
);

/** A suggestion's opening, alone or after a request: "maybe we", "…, also perhaps we", "how about we". */
const PROPOSED = /(?:^|[,;]\s*)(?:(?:also|and|so)[,\s]+)?(?:maybe|perhaps|how about)\s+(?=we\b)/i;

/** A second hedge in a suggestion: "maybe we might…", "perhaps we probably should…". */
const HEDGED_AGAIN = /\b(?:might|not sure|i guess|probably)\b/i;

/**
 * The routine step a suggestion proposes ("…, also maybe we update the changelog when we do a release?"), said as a
 * statement ("We update the changelog when we do a release."), or undefined. "Should we…?" only asks, and a suggestion
 * that goes on ("…, would that be too much?", "…, not sure") or hedges again proposes nothing yet.
 */
export function routineProposed(sentence: string): DecidedKind | undefined {
  const opener = PROPOSED.exec(sentence);
  if (opener === null) return undefined;
  const said = sentence.slice(opener.index + opener[0].length);
  if (!ON_ROUTINE.test(said) || HEDGED_AGAIN.test(said)) return undefined;
  const statement = said.replace(/\s*[?.!]+\s*$/, '');
  return { type: 'feedback', cue: 'always-never', said: `${capitalise(statement)}.` };
}

/**
 * A check owed before a step that cannot be taken back: "have Codex verify everything before pruning or deleting",
 * "always back up the database before migrating", "check with a dry run before you force-push".
 */
const CHECK_FIRST =
  /^(?:(?:yes|yeah|ok(?:ay)?)[,\s]+(?:but\s+)?)?(?:please\s+)?(?:always\s+)?(?!let me\b)(?:(?:have|let|get|ask)\s+(?:[\w-]+\s+){1,3}?)?(?:verify|check|review|confirm|double-check|back\s*up|test)\b(?![^.?!,]*\b(?:it|this|that|these|those|them)\b)[^.?!,]{0,40}?\bbefore\s+(?:you\s+|we\s+|anyone\s+)?(?:delet|prun|remov|drop|overwrit|reset|migrat|rewrit|force-push|purg|wip)\w*(?=\s*(?:[.!;]|$)|\s+or\s+\w+ing\b|\s+(?:anything|any\s+\w+|\w+s)\b)/i;

/**
 * "There is no point adding a revert commit in a PR", "no point writing tests for generated code": doing a kind of thing
 * in a kind of place is no use, so it is not done. "…a retry here", "…opening a PR" are about the work at hand.
 */
const NO_POINT =
  /^(?![^.?!]*\b(?:here|this|that|it|now)\b)(?:(?:and|but|so|also)\s+)?(?:there(?:'s| is)\s+)?no\s+(?:point|sense|reason)\s+(?:in\s+)?\w+ing\s+(?:(?:a|an|any)\s+)?[\w-]+(?:\s+[\w-]+)?\s+(?:in|for|on|to|when|with)\s+\w+/i;

/** A way of working said as an order of steps, a step of the routine, a standing instruction or the place for a kind of thing. */
export const isWorkflowRule = (sentence: string): boolean =>
  !sentence.endsWith('?') &&
  (ORDERED_STEP.test(sentence) ||
    CHECK_FIRST.test(sentence) ||
    NO_POINT.test(sentence) ||
    ON_ROUTINE.test(sentence) ||
    STEP_FIRST.test(sentence) ||
    SPANISH_WHENEVER.test(sentence) ||
    PLACE_OF_KIND.test(sentence) ||
    NOT_WANTED.test(sentence));
