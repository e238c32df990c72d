/**
 * A reason said alone, its main clause left in what came before: "Since they should handle several tenants already.",
 * "Because it would break the old clients." (decision 150). It gives why the work at hand is done one way and, pointing
 * at that work ("they", "it", "this") with a modal, says nothing that holds by itself. A reason with a named subject can
 * be a fact of the project ("since the API is rate limited to 100 requests a minute") and is read as said.
 * With a clause of its own after a comma ("Since we ship weekly, always tag the release") it is read as said.
 */
const REASON_ALONE =
  /^(?:since|because|as|given that|now that)\s+(?:they|it|this|that|these|those|both)\s+(?:should|would|could|might|will|can)\b[^,;:\u2013\u2014]*$/i;

/**
 * A main clause of its own after the reason, with no comma between: a person speaking, or a rule's word ("Since this
 * will be public we need to never log tokens").
 */
const CLAUSE_OF_ITS_OWN = /\b(?:we|you|I|always|never|don't|do not|must|please|make sure)\b/i;

/** Whether the sentence is only a reason for something said before it. */
export const isReasonAlone = (sentence: string): boolean => REASON_ALONE.test(sentence.trim()) && !CLAUSE_OF_ITS_OWN.test(sentence);
