import { isStandingCondition } from './conventionKinds.js';
import { isProgramsHint, reportsFailureAgain, tellsWhatCodeDoes } from './codeBehaviour.js';
import { isOptionWeighed } from './optionsWeighed.js';
import { isServiceAdvice } from './providerErrors.js';
import { reportsWorkingNow } from './workingNow.js';
import { STATUS, SYMPTOM } from './requestKinds.js';
import { BUG_NARRATIVE, HEDGE, CODE_SAYS, CONDITIONAL_RULE, QUESTION, TRANSIENT } from './statementKinds.js';

/** The sentences no memory comes from, whatever cue they carry. */
/**
 * A hedge in a clause that says which thing is meant ("an orphan branch that might be shared by other repos", no comma
 * before "that") says what the thing may be, not that the person is unsure of the sentence; it runs to the next comma.
 * After a verb of thinking ("I think that might work") it hedges, and so does a remark after a comma ("…, which might
 * not be true anymore").
 */
const RELATIVE_HEDGE =
  /(?<=[\p{L}\p{N})`'"]\s+)(?<!\b(?:think|thought|guess|say|said|says|believe|feel|suspect|hope|know|mean|so|and|but|because|if|is|was|that)\s+)that\s+(?:might|may|could)\b[^.;!?,]*/giu;

/** A sentence no memory should come from: a question, transient state, a hedge, a story of a fix, what the code says. */
export function noise(sentence: string, transient = true, hedge = true): boolean {
  return (
    /^never ?mind\b/i.test(sentence) ||
    // "When you touch the schema, regenerate the types" starts like a question and is a rule.
    (QUESTION.test(sentence) && !CONDITIONAL_RULE.test(sentence)) ||
    (hedge && HEDGE.test(sentence.replace(RELATIVE_HEDGE, ''))) ||
    (transient && (TRANSIENT.test(sentence) || STATUS.test(sentence))) ||
    // a try that came out right, a failure come back or under a condition: how the work stands now (decisions 148, 149)
    reportsWorkingNow(sentence) ||
    reportsFailureAgain(sentence) ||
    // what named code does, and a program's hint about its own output, are the code's and the program's (decision 149)
    tellsWhatCodeDoes(sentence) ||
    isProgramsHint(sentence) ||
    // "if error is empty, do not…" states a condition, not a story of a bug (decision 101).
    (BUG_NARRATIVE.test(sentence) && !isStandingCondition(sentence)) ||
    SYMPTOM.test(sentence) ||
    CODE_SAYS.test(sentence) ||
    // a provider's error message tells its own reader what to do ("…propagate to our systems and retry", decision 135)
    isServiceAdvice(sentence) ||
    // an option weighed keeps its "always" to itself (decision 146)
    (hedge && isOptionWeighed(sentence))
  );
}
