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

/**
 * The step the routine itself is: "a release", "releasing", "every push", never "the release" (one occasion, the work
 * at hand). Said after "when", "whenever", "every time" or "each time".
 */
const ROUTINE_EVENT = String.raw`(?:(?:whenever|every time|each time)\s+(?:we|you|i|someone)\s+(?:(?:do|cut|make|open|create|tag)\s+(?:a|an|new)\s+)?${ROUTINE_EN}|when\s+(?:we|you|i|someone)\s+(?:(?:do|cut|make|open|create|tag)\s+(?:a|an|new)\s+${ROUTINE_EN}|(?!(?:do|cut|make|open|create|tag)\b)${ROUTINE_EN}(?!\s+(?:it|this|that|the|these|those|them)\b)))`;

/** "We update the changelog when we do a release", "bump the version every time you publish": a step of the routine. */
const STEP_VERB = String.raw`(?:update|bump|run|add|write|regenerate|rebuild|build|tag|check|test|lint|format|squash|rebase|sign|document|note|mention|notify|announce|create|post|increment|sync|refresh|generate|record|attach|upload|clean|review|verify|backport)`;
const ON_ROUTINE = new RegExp(
  String.raw`^(?:(?:also|and|so)\s+)?(?:(?:we|you)\s+(?:always\s+|(?:should|must|need to|have to)\s+(?:always\s+)?)?|please\s+|always\s+)?${STEP_VERB}\s+[^.?!,]{2,60}?\s${ROUTINE_EVENT}\b[^?]*$`,
  'i',
);

/** A step of the routine put as a suggestion, alone or after a request: "…, also maybe we update the changelog when we do a release?". */
const PROPOSED = /(?:^|[,;]\s*)(?:(?:also|and|so)[,\s]+)?(?:maybe|perhaps|how about|what if)\s+(?=we\b)/i;

/**
 * The routine step a suggestion proposes, as a statement ("We update the changelog when we do a release."), or
 * undefined. A question put as a suggestion proposes a way of working; "should we…?" only asks.
 */
export function routineProposed(sentence: string): string | undefined {
  const opener = PROPOSED.exec(sentence);
  if (opener === null) return undefined;
  const said = sentence.slice(opener.index + opener[0].length).replace(/\s*[?.!]+\s*$/, '');
  return ON_ROUTINE.test(said) ? `${said.charAt(0).toUpperCase()}${said.slice(1)}.` : undefined;
}

/** A way of working said as an order of steps, a step of the routine, a standing instruction or the place for a kind of thing. */
export const isWorkflowRule = (sentence: string): boolean =>
  !sentence.endsWith('?') &&
  (ORDERED_STEP.test(sentence) ||
    ON_ROUTINE.test(sentence) ||
    STEP_FIRST.test(sentence) ||
    SPANISH_WHENEVER.test(sentence) ||
    PLACE_OF_KIND.test(sentence) ||
    NOT_WANTED.test(sentence));
