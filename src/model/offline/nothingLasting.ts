import { isReasonAlone } from './reasonAlone.js';
import { decidesWorkAtHand } from './workAtHand.js';
import { isOneChangeStory } from './oneChangeStory.js';
import { isBareShipOrder, isOneOffStep } from './oneOffStep.js';
import { isOneOffPlace } from './oneOffPlace.js';
import { isRequestAtHand } from './requestAtHand.js';
import { isHandoverChangeNotLasting } from './defaultHandover.js';
import { isOptionFallbackNotLasting } from './optionFallback.js';
import { isProgramBehaviour } from './programBehaviour.js';
import { isAboutAgentsConduct } from './agentsConduct.js';
import { isOneReleaseStory } from './oneReleaseStory.js';
import { isOwnRequestClarified } from './ownWordsClarified.js';
import { isLabelledFinding } from './codeReports.js';
import { isSubjectlessGuess } from './subjectlessNorm.js';
import { isTimedByThisTasksEnd } from './thisTasksEnd.js';
import { ordersChecksNow } from './testPolicies.js';
import { isLimitOfOneRequest } from './requestLimits.js';
import { isPlanStep } from './planSteps.js';
import { answersPlanPoint } from './planPointAnswers.js';
import { specifiesWorkAtHand } from './featureSpecs.js';
import { reportsSymptom } from './symptomOfTheMoment.js';
import { reportsWhatIsSeenNow } from './seenOfTheMoment.js';
import { tellsActionJustDone } from './actionJustTold.js';

/*
 * The checks every finder's statement passes through, whatever kind of statement its words make: what holds for the
 * work at hand only, and what states nothing lasting. Kept apart from the finders (statementFinders.ts) so a finder that
 * reads a request with its want (requestWithItsWant.ts) applies the same checks without importing the finders.
 */

/** Whether a sentence read as a rule decides the work at hand only, is a step of it, bounds it or specifies it (decisions 101, 106, 123, 130, 132, 137). */
export const holdsForWorkAtHand = (sentence: string): boolean =>
  decidesWorkAtHand(sentence) ||
  isLimitOfOneRequest(sentence) ||
  isOneOffStep(sentence) ||
  isRequestAtHand(sentence) ||
  isTimedByThisTasksEnd(sentence) ||
  ordersChecksNow(sentence) ||
  specifiesWorkAtHand(sentence);

/** Whether a sentence states nothing lasting, whatever kind of statement its words would make. */
export function statesNothingLasting(sentence: string): boolean {
  return (
    // What one commit or pull request did is git's and the tracker's story (decision 106).
    // Nor is a bare order to ship now (decision 106), nor a place that holds for one task only (decision 68).
    // Nor is a finding a review labelled with its severity (decision 116).
    isOneChangeStory(sentence) ||
    // Nor is a labelled step of a plan, "Step 4: …", "Priority 1: …" (decision 134).
    isPlanStep(sentence) ||
    // Nor is an answer to a point of the plan at hand, named by its number: "On bullet 1, …" (decision 144).
    answersPlanPoint(sentence) ||
    isBareShipOrder(sentence) ||
    isOneOffPlace(sentence) ||
    isLabelledFinding(sentence) ||
    // A default way of handing work over or a missing option's value, said for one occasion, of the program or of another,
    // or before a symptom, is no statement of another kind either (decision 110, amended 2026-12-07).
    isHandoverChangeNotLasting(sentence) ||
    isOptionFallbackNotLasting(sentence) ||
    // How the program treats its own users, the assistant's own conduct, what one version went out as and what the person
    // meant by their request are no lasting statement of theirs (decision 110, amended).
    isProgramBehaviour(sentence) ||
    isAboutAgentsConduct(sentence) ||
    isOneReleaseStory(sentence) ||
    isOwnRequestClarified(sentence) ||
    // A clause on its modal that judges what is ("must be a bug", "must be nice") is a guess, no norm (decision 122, amended).
    isSubjectlessGuess(sentence) ||
    // A symptom reported of now, even after "no", and an action just done told to the assistant are the moment's state,
    // no correction and no fact (decision 136).
    reportsSymptom(sentence) ||
    // A reason said alone, its main clause before it, gives why the work at hand goes one way (decision 150).
    isReasonAlone(sentence) ||
    // What the person sees of the moment, said as a change or as how it seems now (decision 143).
    reportsWhatIsSeenNow(sentence) ||
    tellsActionJustDone(sentence)
  );
}
