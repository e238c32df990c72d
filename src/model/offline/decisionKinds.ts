import { AGREEMENTS, oneOf } from './openerWords.js';
import type { MemoryType } from '../../memory/durable/topicFile.js';
import { namesAThing, wordsIn, wordsOf } from './sentenceShape.js';
import { traced } from './statementTrace.js';

/**
 * Kinds of statement that settle how the project goes (decision 97), read by their grammar: the
 * cue words find where a sentence's parts are, and wink-nlp's parts of speech (sentenceShape.ts)
 * say whether the part chosen, judged or required names a thing or a kind of thing ("SQLite",
 * "local storage", "new components") or only points at the work at hand ("it", "this one", "the
 * other"). Written from kinds of statement with invented sentences as their tests, never from a
 * corpus sentence.
 *
 * - a choice: "let's go with SQLite", "we'll use Zod for validation", "let's not use Redux";
 * - enough: "local storage is good enough", "REST is fine for us" (a hedge is how this is said);
 * - out of scope: "dark mode is not a priority", "we don't need auth on the admin page";
 * - a requirement: "it needs to work on Windows too", "the CLI must run without network access",
 *   "make the installer self-contained";
 * - a prohibition by a modal: "you must not push to main", "we shouldn't depend on lodash",
 *   "try not to add new dependencies";
 * - a convention said as an order over a kind of thing: "put new components under src/ui",
 *   "write commit messages in the imperative mood";
 * - a property kept over a whole thing: "let's keep the CLI dependency-free";
 * - how the person types: "[dictated with voice input]";
 * - the same kinds in Spanish and French, by their words alone.
 */
export interface DecidedKind {
  readonly type: MemoryType;
  readonly cue: 'always-never' | 'preference' | 'project-fact' | 'about-me' | 'reference';
  /** What the memory says, when it is only part of the sentence (a dictation tool's marker, a rename before a request). */
  readonly said?: string;
  /** It says what a thing of the project is called: it goes on only with statements that do too (decision 110). */
  readonly naming?: true;
  /** An order of work: on a numbered line it is one of the steps, not how to work (decision 125). */
  readonly order?: true;
}

/** The work of the moment: a choice or a rule said with one of these holds for now only. */
const FOR_NOW =
  /\b(?:for now|right now|for the moment|for this (?:test|file|function|one|run|task|pr|change)|this time|first|yet|again|anymore|any more|today|here|instead of this)\b/i;

/** Whether the part of a sentence a match found names a thing, read in the whole sentence. */
function namedAt(sentence: string, match: RegExpExecArray, phrase: string): boolean {
  const start = sentence.indexOf(phrase, match.index);
  return start >= 0 && namesAThing(wordsIn(sentence, start, start + phrase.length));
}

/** A place in the work a move can go to: "switch to plan mode", "move to another branch", "switch to main". */
const AT_HAND_PLACE =
  /\b(?:mode|branch|tab|step|part|file|folder|directory|phase|task|section|page|screen|window|line)s?$|^(?:main|master|develop|trunk|review|staging|production|prod|option|tests?|english|sonnet|opus|haiku)$/i;

/**
 * One word a tagger does not know as a noun: "vitest", "cobra", `pnpm` may be read as an adjective;
 * after "switch to" or "use" one such word names a tool (decision 110). A verb or a pronoun names none.
 */
function soleName(what: string): boolean {
  if (!/^\x60?[a-z][\w@./-]*\x60?$/i.test(what)) return false;
  const [word] = wordsOf(what);
  return word !== undefined && (word.pos === 'ADJ' || word.pos === 'PROPN' || word.pos === 'NOUN' || word.pos === 'X');
}

/**
 * "Let's go with SQLite", "we'll use Zod", "let's not use Redux": a choice among tools or ways, or a refusal of one,
 * after any word of agreement ("Yup, let's…", decision 120's shared opener list).
 */
const CHOICE = new RegExp(
  String.raw`^(?:${oneOf(AGREEMENTS, ['ok(?:ay)?', 'so', 'then'])},?\s+)?` +
    /(let's|lets|let us|we(?:'ll| will|'re going to| are going to| should)|I(?:'ll| will|'m going to| am going to)|(?:I|we)(?:\s+(?:really\s+)?want\s+to|'d\s+like\s+to|\s+would\s+like\s+to|'d\s+rather))\s+(not\s+|never\s+)?(?:just\s+|also\s+|always\s+)?(use|go with|stick with|stick to|switch to|switch over to|move to|move over to|migrate to|port to|keep using|continue using|continue to use|stay with|adopt|standardi[sz]e on|avoid|drop)\s+(.+?)(?=\s*(?:[,;.!:(]|\s(?:for|because|since|as|so|instead|rather|over|in|on|to|and|but|with|everywhere|throughout)\b|$))/
      .source,
  'i',
);

function choice(sentence: string): DecidedKind | undefined {
  const match = CHOICE.exec(sentence);
  if (match === null || FOR_NOW.test(sentence)) return undefined;
  const [, who = '', refused, verb = '', what = ''] = match;
  // "I'll use the CLI to check" is the person's own step; "I'll go with Postgres" is a choice.
  const wanted = /\b(?:want|like|rather)\b/i.test(who);
  if (/^I/i.test(who) && !wanted && !/^(?:go with|stick with|stick to|switch to)$/i.test(verb)) return undefined;
  // What the person wants to use is a choice of the project only when it is a name: "I want to use FastAPI for the
  // backend", not "I want to use the debugger" (decision 133).
  if (wanted && !(soleName(what) || /^\x60|^[\p{Lu}\d]|[\p{Ll}][\p{Lu}]|\.\w/u.test(what))) return undefined;
  // "I want to use Chrome DevTools to debug this leak", "…jq to pull the ids": a tool for one task (decision 133, reviewed).
  if (wanted && /^\s+(?:to\s+\w|for\s+(?:this|that|it)\b|once\b|here\b)/i.test(sentence.slice(match.index + match[0].length)))
    return undefined;
  if (
    !(namedAt(sentence, match, what) || soleName(what)) ||
    /^(?:the|a|an)\s+(?:first|second|third|last|other|next|new|same)\b/i.test(what)
  )
    return undefined;
  // A move to a mode, a step or a branch is the work at hand (decision 110).
  if (/^(?:switch|move)/i.test(verb) && AT_HAND_PLACE.test(what)) return undefined;
  const refusal = refused !== undefined || /^(?:avoid|drop)$/i.test(verb);
  return refusal ? { type: 'feedback', cue: 'always-never' } : { type: 'project', cue: 'project-fact' };
}

/** What is enough: "local storage is good enough", "REST is fine for us", "a JSON file will be plenty". */
const ENOUGH =
  /^(.{2,40}?)\s+(?:is|are|will be|would be|should be|might be|may be|could be|is probably|are probably|seems?|sounds?)\s+(?:(?:more than|quite|totally|perfectly|just|probably|still)\s+)?(?:good enough|enough|sufficient|plenty|overkill|fine for (?:us|me|our|this project|what we need))\b/i;

const ENOUGH_WORD = /\b(?:enough|sufficient|plenty|overkill|fine for)\b/i;

/** A choice judged by what is enough; the hedge ("might be good enough") is how such a choice is said. */
export function isEnoughChoice(sentence: string): boolean {
  if (!ENOUGH_WORD.test(sentence)) return false;
  const match = ENOUGH.exec(sentence);
  if (match === null || /\bfor now\b/i.test(sentence)) return false;
  const subject = match[1] ?? '';
  // A kind of thing named bare or with "a": "the output is good enough" judges the work at hand.
  return !/^(?:the|this|that|these|those|my|your|it|its)\b/i.test(subject) && namedAt(sentence, match, subject);
}

/** Out of scope: "dark mode is not a priority", "we don't need auth on the admin page". */
const NOT_NEEDED_SUBJECT =
  /^(.{2,40}?)\s+(?:is|are)\s+(?:not a priority|not needed|not required|out of scope|not important|not a (?:goal|requirement|concern)|a nice[- ]to[- ]have)\b/i;
const NOT_NEEDED_OBJECT =
  /^(?:we|I)(?:\s+(?:don't|do not|won't|will not)|(?:'re|\s+are|'m|\s+am)\s+not going to)\s+(?:need|support|want)\s+(.+?)(?=\s*(?:[,;.!]|\s(?:for|in|on|because|since|as|so|at all)\b|$))/i;

function outOfScope(sentence: string): DecidedKind | undefined {
  if (FOR_NOW.test(sentence)) return undefined;
  const match = NOT_NEEDED_SUBJECT.exec(sentence) ?? NOT_NEEDED_OBJECT.exec(sentence);
  const phrase = match?.[1];
  if (match === null || phrase === undefined || /^(?:the|this|that|it|my|your)\b/i.test(phrase)) return undefined;
  return namedAt(sentence, match, phrase) ? { type: 'project', cue: 'project-fact' } : undefined;
}

/** A lasting requirement: "it needs to work on Windows too", "the CLI must run without network access". */
const REQUIREMENT =
  /^(?:it|(?:the|our|all|every)\s+(?:[\w-]+\s+){0,2}[\w-]+|[\w-]+(?:\s+[\w-]+)?)\s+(?:must|needs to|has to|have to|need to|should)\s+(?:always\s+)?(?:keep\s+)?(?:work|working|run|support|stay|remain|load|start|respond|build|be\s+(?:usable|accessible|compatible|backwards?[- ]compatible|responsive|deterministic|idempotent|available|reachable|runnable|installable))\b(.*)$/i;
// A runtime and its version count as a platform: "it needs to run on Node 16" (decision 104).
const QUALIFIED =
  /\b(?:on\s+[a-z][\w.+#-]*\s+v?\d+(?:\.\d+)*|offline|on\s+(?:windows|linux|mac|macos|mobile|ios|android|every|all|both|any)|in under|under \d|within \d|without|with no|across|for (?:all|every|any)|everywhere|in (?:the browser|ci|every|all)|too|as well|both|always|\d+\s*(?:ms|s|seconds?|minutes?|mb|gb|kb))\b/i;
const EXPECTATION = /\b(?:now|again|once|after|fix\w*|still|but|though|yet|when I|if I|i think)\b/i;

/** "I do want to support several profiles": a requirement said with emphasis, not a task of the moment. */
const WANTED_SUPPORT = /^(?:I|we)\s+(?:do|really|definitely|absolutely)\s+(?:want|need)\s+(?:it\s+)?to\s+support\s+\S/i;
/** A lasting quality asked of the whole thing: "make it self-contained", "keep the build reproducible". */
const DESIGN_QUALITY =
  /^(?:please\s+)?(?:make|keep)\s+(?:it|them|everything|(?:the|our|all)\s+(?:[\w-]+\s+){0,2}[\w-]+)\s+(?:fully\s+|always\s+)?(?:self-[\w-]+|idempotent|portable|reproducible|deterministic|configurable|stateless|cross-platform|backwards?[- ]compatible|offline[- ]first|dependency-free|zero-config|platform[- ]independent|framework[- ]agnostic)\b/i;
const REQUIREMENT_NOUN = /(?:'s|\bis|\bare)\s+(?:a\s+)?(?:hard|strict|firm|non-negotiable)\s+requirement\b|\bnon-negotiable\b/i;

function requirement(sentence: string): DecidedKind | undefined {
  if (REQUIREMENT_NOUN.test(sentence) || DESIGN_QUALITY.test(sentence)) return { type: 'project', cue: 'project-fact' };
  // Support wanted "in this PR today" or "now" is the work of the moment, however emphatic.
  if (WANTED_SUPPORT.test(sentence))
    return EXPECTATION.test(sentence) || FOR_NOW.test(sentence) ? undefined : { type: 'project', cue: 'project-fact' };
  const match = REQUIREMENT.exec(sentence);
  if (match === null || EXPECTATION.test(sentence) || FOR_NOW.test(sentence)) return undefined;
  return QUALIFIED.test(match[1] ?? '') ? { type: 'project', cue: 'project-fact' } : undefined;
}

/** "You must not push to main", "we shouldn't depend on lodash", "in cloud mode we should not…" (decision 104): a prohibition said with a modal. */
const MODAL_NOT =
  /^(?:(?:in|on|for|under|inside)\s+(?!(?:this|that|these|those|it|the meantime|my|your|the end|second thought|fact|general|any case|that case|hindsight)\b)(?:the\s+)?[\w-]+(?:\s+[\w-]+)?,?\s+)?(?:you|we|u)\s+(?:really\s+|just\s+|also\s+)?(?:must|should|shall|ought to|need to|have to|are not to|are never to)(?:n't|\s+not|\s+never)\s+(?!have\b|be able\b|need\b)(?:ever\s+)?(\w+)/i;
const TRY_NOT =
  /^(?:please\s+)?(?:try|make sure|be careful|remember)\s+(?:not to|never to|to never|to not|(?:you|we)\s+(?:don't|do not|never))\s+\w+/i;
/** Verbs of what happens rather than what someone does: "you shouldn't see that error" says what to expect. */
const HAPPENING = /^(?:see|get|notice|find|happen|fail|pass|break|matter|worry|hit|receive|be|have)$/i;

function prohibition(sentence: string): DecidedKind | undefined {
  if (FOR_NOW.test(sentence) || /\b(?:now|anymore)\b/i.test(sentence)) return undefined;
  const match = MODAL_NOT.exec(sentence);
  if (match !== null && !HAPPENING.test(match[1] ?? '')) return { type: 'feedback', cue: 'always-never' };
  return TRY_NOT.test(sentence) ? { type: 'feedback', cue: 'always-never' } : undefined;
}

/** "Put new components under src/ui", "write commit messages in the imperative mood": an order over a kind of thing. */
const CONVENTION_ORDER =
  /^(?:please\s+)?(?:put|place|keep|store|write|name|prefix|suffix|format|log|structure|organi[sz]e|group|spell|indent|title|document)\s+(.+?)\s+(?:in|into|under|inside|with|as|after|like|using|at|next to|alongside|beside|by)\s+\S/i;

function conventionOrder(sentence: string): DecidedKind | undefined {
  const match = CONVENTION_ORDER.exec(sentence);
  if (match === null || FOR_NOW.test(sentence)) return undefined;
  const what = match[1] ?? '';
  // A kind of thing is named bare and in the plural, or with "all", "every", "new": "the files" are the ones at hand.
  const generic =
    /^(?:all|every|each|any|new)\s(?!(?:the|of|my|your|these|those|this|that)\b)/i.test(what) ||
    /^(?:[\w-]+\s+){0,2}[\w-]*[^s\W]s$/i.test(what);
  if (!generic || /^(?:(?:all|each|any|some)\s+(?:of\s+)?)?(?:the|this|that|these|those|my|your|it|them)\b/i.test(what)) return undefined;
  return namedAt(sentence, match, what) ? { type: 'feedback', cue: 'preference' } : undefined;
}

/**
 * A property kept over a whole thing: "let's keep the CLI dependency-free", "we're a Python shop".
 * What the thing stays, not what to do to it now.
 */
const KEPT_PROPERTY =
  /^(?:let's|lets|let us|we(?:'ll| will| should| want to))\s+keep\s+(?:the|our)\s+(?:[\w-]+\s+){0,2}[\w-]+\s+(?:[\w-]+-free|free of\s+\S+|small|simple|minimal|lean|stable|backwards?[- ]compatible|in sync with|up to date|private|public|under \d+)|^we(?:'re| are)\s+an?\s+[\w.+#-]+\s+(?:shop|house)\b/i;

/**
 * The same kinds in Spanish and French, the other languages people write to the extractor in,
 * by their words alone: a plan ("la idea es…", "l'idée est de…"), what alone is needed ("solo
 * necesito lo de Cloudflare"), what is not needed ("no es necesario que…"), a choice ("usemos
 * Postgres"), a requirement ("tiene que funcionar sin conexión"), a prohibition ("no debes…").
 */
const OTHER_LANGUAGE_KINDS: ReadonlyArray<readonly [RegExp, DecidedKind]> = [
  [
    /^(?:la idea|el plan|el objetivo|la meta|la intención|l'idée|le plan|l'objectif)\s+(?:es|est)\s+(?:que\s+|de\s+|d')?\S/i,
    { type: 'project', cue: 'project-fact' },
  ],
  [
    /^(?:solo|sólo|solamente|únicamente|je n'ai besoin que|on n'a besoin que)\s+(?:necesito|necesitamos|quiero|queremos|de|d')\s*\S/i,
    { type: 'feedback', cue: 'preference' },
  ],
  [/^no\s+(?:es|será|sería)\s+(?:necesario|obligatorio)|^no\s+hace\s+falta\s+(?:que\s+)?\S/i, { type: 'project', cue: 'project-fact' }],
  [
    /^(?:usamos|utilizamos|trabajamos con|on utilise|nous utilisons)\s+[\w.@/+#-]+(?:\s+[\w.@/+#-]+)?\s*,?\s*(?:no|y no|pas|et non|et pas)\s+[\w.@/+#-]+\s*[.!]?$/i,
    { type: 'feedback', cue: 'preference' },
  ],
  [
    /^(?:usemos|usaremos|vamos a usar|nos quedamos con|quedémonos con|utilisons|on utilise|on garde)\s+\S/i,
    { type: 'project', cue: 'project-fact' },
  ],
  [
    /^(?:(?:el|la|los|las)\s+[\p{L}-]+(?:\s+[\p{L}-]+)?\s+)?(?:tiene que|tienen que|debe|deben|doit|doivent)\s+(?:siempre\s+|toujours\s+)?(?:funcionar|correr|ser compatible|fonctionner|tourner|être compatible)\b/iu,
    { type: 'project', cue: 'project-fact' },
  ],
  [
    /^no\s+(?:debes|deberías|debemos|se debe|se deben)\s+\p{L}+|^(?:tu ne dois|vous ne devez|on ne doit)\s+(?:pas|jamais)\b/iu,
    { type: 'feedback', cue: 'always-never' },
  ],
];

const POINTS_BACK_ES_FR = /\b\p{L}+(?:ar|er|ir)(?:lo|la|los|las|le|les)\b|(?<![\p{L}])(?:lo de|eso|esto|ça|cela)(?![\p{L}])/iu;

function otherLanguageKind(sentence: string): DecidedKind | undefined {
  if (FOR_NOW.test(sentence) || /\b(?:por ahora|de momento|ahora mismo|pour l'instant|pour le moment)\b/i.test(sentence)) return undefined;
  // The main clause after a condition ("si ya existe uno, no es necesario…") says the kind.
  const main = sentence.replace(/^(?:si|cuando|si jamais|quand)\s+[^,]{3,80},\s*/i, '');
  // Said of "it" or "that" ("publicarlos", "lo de…", "eso"), it does not say what it is about on its own.
  if (POINTS_BACK_ES_FR.test(main)) return undefined;
  return OTHER_LANGUAGE_KINDS.find(([pattern]) => pattern.test(main))?.[1];
}

/** How the person types: dictated, voice input, on a phone. It explains how their words read. */
const INPUT_MODE =
  /\b(?:transcribed|dictated)\b[^.]{0,30}\b(?:by|with|using|via|through)\b|\b(?:voice (?:input|typing|dictation)|speech[- ]to[- ]text|typed on (?:my|a) phone)\b/i;

/** A marker a dictation tool adds, "[text transcribed by …]": what to keep of a message tagged with one. */
const MARKER = /[[(][^\])]{3,100}[\])]/;

/** How the person types: the marker alone when there is one, not the sentence it was tagged on. */
function inputMode(sentence: string): DecidedKind {
  const marker = MARKER.exec(sentence)?.[0];
  return { type: 'user', cue: 'about-me', ...(marker !== undefined && INPUT_MODE.test(marker) ? { said: marker } : {}) };
}

/**
 * A kind that opens with a task's verb: a prohibition ("try not to…", "make sure you never…") or a
 * lasting quality asked of the whole thing ("make it self-contained").
 */
export function kindOpeningAsTask(sentence: string): DecidedKind | undefined {
  if (FOR_NOW.test(sentence)) return undefined;
  if (TRY_NOT.test(sentence)) return traced('prohibition', { type: 'feedback', cue: 'always-never' });
  return DESIGN_QUALITY.test(sentence) ? traced('requirement', { type: 'project', cue: 'project-fact' }) : undefined;
}

/**
 * The words one of the kinds above needs, looked up first: most sentences hold none, and a lookup
 * of each word is cheaper than a dozen patterns (extraction throughput, decision 97).
 */
const KIND_WORDS = new Set(
  (
    'use go stick switch move migrate port keep adopt standardise standardize avoid drop enough sufficient plenty overkill fine priority needed ' +
    'required scope nice-to-have need needs support want must mustn should shouldn shall ought have has requirement ' +
    'non-negotiable idempotent portable reproducible deterministic configurable stateless cross-platform compatible offline ' +
    'dependency-free zero-config independent agnostic not never don put place store write name prefix suffix format log ' +
    'structure organise organize group spell indent title document shop house idea idée plan objetivo meta intención objectif ' +
    'solo sólo solamente únicamente besoin necesario obligatorio falta usemos usaremos usar usamos utilizamos trabajamos quedamos quedémonos ' +
    'utilisons utilise garde tiene tienen debe doit doivent debes deberías debemos dois devez transcribed dictated voice speech typed'
  ).split(' '),
);

/**
 * Whether a sentence holds a word one of the kinds needs ("self-…" counts as one). Words end at an
 * apostrophe, so French "l'idée" holds "idée" and "shouldn't" holds "shouldn".
 */
function holdsKindWord(sentence: string): boolean {
  for (const [word] of sentence.toLowerCase().matchAll(/[\p{L}-]+/gu)) if (KIND_WORDS.has(word) || word.startsWith('self-')) return true;
  return false;
}

/** The kinds read after the cheaper ones, in the order they are tried, each by the name the bench's table gives it (decision 116). */
const DECIDED_KINDS: ReadonlyArray<readonly [string, (sentence: string) => DecidedKind | undefined]> = [
  ['choice', choice],
  ['out-of-scope', outOfScope],
  ['requirement', requirement],
  ['prohibition', prohibition],
  ['convention-order', conventionOrder],
  ['other-language', otherLanguageKind],
];

/** The kind of decision a sentence is, or undefined. Call it only on the person's own short sentences. */
export function decidedKind(sentence: string): DecidedKind | undefined {
  if (sentence.endsWith('?') || !holdsKindWord(sentence)) return undefined;
  if (INPUT_MODE.test(sentence) && sentence.length <= 120) return traced('input-mode', inputMode(sentence));
  if (isEnoughChoice(sentence)) return traced('enough', { type: 'project', cue: 'project-fact' });
  if (KEPT_PROPERTY.test(sentence) && !FOR_NOW.test(sentence)) return traced('kept-property', { type: 'feedback', cue: 'preference' });
  for (const [name, find] of DECIDED_KINDS) {
    const kind = find(sentence);
    // A copy: a kind may be a shared constant (OTHER_LANGUAGE_KINDS), which a trace must not mark for every sentence.
    if (kind !== undefined) return traced(name, { ...kind });
  }
  return undefined;
}
