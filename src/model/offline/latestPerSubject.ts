import { isSaidAgainIn } from '../../consolidation/sentAgain.js';
import { withoutLead } from './aboutLead.js';
import type { MemoryStatement } from './memoryStatement.js';

/**
 * Words that say a statement corrects one said before: "instead of", "I realized", "scratch that"; "change of plan"
 * retracts the plan said before it, whatever kind that plan was read as (decision 122, amended).
 */
const CORRECTS =
  /\b(?:instead of|rather than|not \S+ but|i realized|i realised|i was wrong|i misspoke|scratch that|correction|actually|changed my mind|on second thought|change (?:in|of) plans?|update:|no longer|not anymore|any ?more)\b/i;

/** A name or a place said to have changed: it replaces what a fact said of it, never a rule (decision 110). */
const RENAMES = /\b(?:renamed|once more|changed (?:it )?to|moved (?:it )?to)\b/i;

/**
 * A clause of a rename that says what it leaves as it was ("the package name stays gitsync", "the binary is still
 * x"): it confirms what was said of that thing before, so its words are no ground for replacing it (decision 122, amended).
 */
const KEPT_AS_IT_WAS = /\b(?:stays?|remains?|is still|are still|unchanged|as it was|as before)\b/i;

/** The words of what a rename changes: its clauses without those that say what stays. */
const changedWords = (text: string): Set<string> =>
  subjectWords(
    text
      .split(/(?<=[.;!?])\s+|,\s*(?:but|and)\s+|\s+but\s+/i)
      .filter((clause) => !KEPT_AS_IT_WAS.test(clause))
      .join(' '),
  );

const STOPWORDS = new Set(
  "the and for with that this you your our are was were have has had not but all any can from into onto when then than what which who will would should could just also only use uses used its it’s it's let lets let's please them they their there here been being about over under more most some such very make sure dont don't does did doing each every from now going forward always never".split(
    ' ',
  ),
);

/** The words a statement is about: lowercase, three letters or more, without the small words. */
function subjectWords(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}_.:/-]+/u)
      .map((w) => w.replace(/^[.:/-]+|[.:/-]+$/g, ''))
      .filter((w) => w.length >= 3 && !STOPWORDS.has(w)),
  );
}

function shared(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let n = 0;
  for (const w of a) if (b.has(w)) n++;
  return n;
}

/**
 * Within a session, a later statement on the same subject replaces the earlier one before
 * anything is recorded (decision 69): one that says it corrects ("…instead of api…", "I
 * realized…") and shares two subject words with it, one that says nearly the same thing
 * again (most of the smaller one's subject words), or one that holds all of it, sent again
 * longer, whatever type each was read as.
 */
export function latestPerSubject(found: readonly MemoryStatement[]): MemoryStatement[] {
  // The lead names what a statement is about, not what it says: two rules led by one thing are two (decision 122, amended).
  const read = found.map((statement) => ({ statement, words: subjectWords(withoutLead(statement.text)) }));
  const replaced = new Set<number>();
  read.forEach((later, l) =>
    read.slice(0, l).forEach((earlier, e) => {
      if (!replaced.has(e) && replaces(later, earlier)) replaced.add(e);
    }),
  );
  return found.filter((_, i) => !replaced.has(i));
}

interface Read {
  readonly statement: MemoryStatement;
  readonly words: ReadonlySet<string>;
}

/** Whether a later statement of another message replaces an earlier one: it corrects or renames it, restates it, or says it again longer. */
function replaces(later: Read, earlier: Read): boolean {
  if (earlier.statement.messageIndex === later.statement.messageIndex) return false;
  const common = shared(earlier.words, later.words);
  const smaller = Math.min(earlier.words.size, later.words.size);
  const renames =
    RENAMES.test(later.statement.quote) &&
    earlier.statement.type !== 'feedback' &&
    later.statement.type !== 'feedback' &&
    shared(earlier.words, changedWords(withoutLead(later.statement.text))) >= 2;
  const corrects = (CORRECTS.test(later.statement.quote) && common >= 2) || renames;
  const restated = earlier.statement.type === later.statement.type && smaller >= 3 && common * 3 >= smaller * 2;
  return corrects || restated || isSaidAgainIn(withoutLead(earlier.statement.text), withoutLead(later.statement.text));
}
