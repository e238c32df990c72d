import { clip } from './conversationFacts.js';
import { artefactOfStep, conventionInRequest } from './conventionsInRequests.js';
import { type Found, madeOf } from './foundStatement.js';
import type { Piece } from './statementPieces.js';
import { traced } from './statementTrace.js';

/**
 * A convention said as a sentence of its own right after the step it shapes (decision 130): "Write the commits. Follow
 * the usual pattern." The step names the kind of artefact the next sentences of its paragraph speak of.
 */

/** How many sentences after a step still speak of the kind it makes. */
const REACH = 2;

/** The kind of artefact a step among the `REACH` pieces before piece `i`, in its paragraph, makes. */
function kindMadeBefore(said: readonly Piece[], i: number): string | undefined {
  for (let j = i - 1; j >= Math.max(0, i - REACH); j--) {
    if (said[j + 1]?.opensParagraph === true) return undefined;
    const kind = artefactOfStep(said[j]?.text ?? '');
    if (kind !== undefined) return kind;
  }
  return undefined;
}

/**
 * The statements of a message's pieces, with a convention found in each piece no finder read that follows a step in
 * its paragraph, when it passes the guards `kept` applies to every statement of the message.
 */
export function withConventionsAfterSteps(
  said: readonly Piece[],
  statements: ReadonlyArray<Found | undefined>,
  kept: (statement: Found, i: number) => Found | undefined,
): Array<Found | undefined> {
  return statements.map((found, i) => {
    const piece = said[i];
    if (found !== undefined || piece === undefined || piece.text.endsWith('?')) return found;
    const kind = kindMadeBefore(said, i);
    const convention = kind === undefined ? undefined : conventionInRequest(piece.text, kind);
    const made = traced('request-convention', madeOf(convention, clip(piece.text, 400)));
    return made === undefined ? undefined : kept(made, i);
  });
}
