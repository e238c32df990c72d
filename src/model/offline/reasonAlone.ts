/**
 * A reason said alone, its main clause left in what came before: "Since they should handle several tenants already.",
 * "Because it would break the old clients." (decision 150). It gives why the work at hand is done one way and, pointing
 * at that work ("they", "it", "this", "the importer"), says nothing that holds by itself, whatever modal it carries.
 * With a clause of its own after a comma ("Since we ship weekly, always tag the release") it is read as said.
 */
const REASON_ALONE =
  /^(?:since|because|as|given that|now that)\s+(?:they|it|this|that|these|those|both|the\s+[\w-]+)\s+(?:(?:should|would|could|might|will|can|already|are|is|do|does)\b)[^,;:\u2013\u2014]*$/i;

/** Whether the sentence is only a reason for something said before it. */
export const isReasonAlone = (sentence: string): boolean => REASON_ALONE.test(sentence.trim());
