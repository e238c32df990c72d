import { capitalise } from './capitalise.js';
import { make, type Found } from './foundStatement.js';
import { traced } from './statementTrace.js';
import { clip } from './conversationFacts.js';
import type { Piece } from './statementPieces.js';
import { MAX_STATEMENT_CHARS } from './statementPieces.js';
import { wordsOf } from './sentenceShape.js';

/**
 * A want or a goal said right after a request that adds or changes what the project can do is that request's reason
 * (decision 122): "can you make the CLI able to read from stdin? I want the CLI to fit in shell pipelines" keeps
 * the capability, with the want as its why. Said alone, the want is a reason without the decision it explains.
 */

/** A request, as a question or an order, to add or change something of the project. */
const CHANGE_ASKED =
  /^(?:(?:ok(?:ay)?|so|also|and|now)[,\s]+)?(?:please\s+)?(?:(?:can|could|would|will)\s+(?:you|we)\s+(?:please\s+)?|let's\s+|lets\s+)?(add|make|implement|support|enable|allow|extend|change|update|teach|build|set up|configure)\b/i;

/**
 * What the project is to be able to do once the change is made: "is able to serve", "can read", "supports", "handles".
 * A request with no such words is a step at hand ("can you add a log line here").
 */
const ABILITY =
  /\b(?:(?:(?:is|are|be|becomes?)\s+)?able\s+to|(?:can|could)\s+(?!you\b|we\b)\w+|supports?|serves?|handles?|accepts?|understands?|works?\s+(?:with|on|offline|without)|lets?\s+(?:users?|people|agents?|\w+\s+users?)\b)/i;

/** A want or a goal over a thing, not over what the assistant is to do now ("I want you to…"). */
const WANT =
  /^(?:(?:and|so|because)\s+)?(?:(?:i|we)\s+(?:really\s+)?(?:want|need|would like|'d like)\s+(?!you\b|to\b)|(?:the\s+)?(?:goal|aim|point|idea)\s+(?:is|being)\s+(?:that|to|for)\b|so\s+that\b)/i;

/** Whether a request asks for the project to be able to do something it does not do yet. */
export function asksForCapability(sentence: string): boolean {
  if (sentence.length > MAX_STATEMENT_CHARS) return false;
  const asked = CHANGE_ASKED.exec(sentence);
  return asked !== null && ABILITY.test(sentence.slice(asked.index + asked[0].length));
}

/** Whether a want speaks of what the request named ("the CLI" after "make the CLI able to…"), or points back at it. */
export function wantFollowsRequest(want: string, request: string): boolean {
  if (!WANT.test(want.trim())) return false;
  const named = new Set(nouns(request));
  const wanted = wordsOf(want);
  const pointsBack = wanted.slice(0, 4).some((word) => ['it', 'this', 'that', 'them'].includes(word.lower) && word.pos !== 'SCONJ');
  return pointsBack || nouns(want).some((noun) => named.has(noun));
}

/** The nouns of a sentence, each as its stem: "docs" and "doc" meet. */
const nouns = (sentence: string): string[] =>
  wordsOf(sentence)
    .filter((word) => word.pos === 'NOUN' || word.pos === 'PROPN')
    .map((word) => word.lower.replace(/s$/, ''));

/** The request as the capability it asks for: the asking words and the question mark left out. */
function capabilityOf(request: string): string {
  const bare = request
    .replace(/^(?:(?:ok(?:ay)?|so|also|and|now)[,\s]+)?(?:please\s+)?(?:(?:can|could|would|will)\s+(?:you|we)\s+(?:please\s+)?)/i, '')
    .replace(/\s*\?+\s*$/, '.');
  return capitalise(bare);
}

/**
 * The pieces of a message and their statements with each want that gives a capability request its reason folded into
 * that request: the request becomes the statement, the want its reason, and the want's piece goes.
 */
export function withWantsAsReasons(
  said: readonly Piece[],
  statements: ReadonlyArray<Found | undefined>,
): { said: Piece[]; statements: Array<Found | undefined> } {
  const outSaid: Piece[] = [];
  const outStatements: Array<Found | undefined> = [];
  for (let i = 0; i < said.length; i++) {
    const piece = said[i];
    const want = said[i + 1];
    if (piece === undefined) continue;
    if (want !== undefined && asksForCapability(piece.text) && wantFollowsRequest(want.text, piece.text)) {
      const reason = want.text.replace(/[.!]+$/, '').trim();
      const quote = clip(`${piece.text} ${want.text}`, 400);
      outSaid.push(piece);
      outStatements.push(traced('request-with-want', make('project', 'project-fact', capabilityOf(piece.text), quote, { reason })));
      i++;
      continue;
    }
    outSaid.push(piece);
    outStatements.push(statements[i]);
  }
  return { said: outSaid, statements: outStatements };
}
