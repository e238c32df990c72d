import { isSaidAgainIn } from '../../consolidation/sentAgain.js';
import type { MemoryStatement } from './memoryStatement.js';

/** Words that say a statement corrects one said before: "instead of", "I realized", "scratch that". */
const CORRECTS =
  /\b(?:instead of|rather than|not \S+ but|i realized|i realised|i was wrong|i misspoke|scratch that|correction|actually|changed my mind|on second thought|update:|no longer|not anymore|any ?more)\b/i;

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
  const words = found.map((s) => subjectWords(s.text));
  const replaced = new Set<number>();
  for (let later = 1; later < found.length; later++)
    for (let earlier = 0; earlier < later; earlier++) {
      if (replaced.has(earlier) || found[earlier]!.messageIndex === found[later]!.messageIndex) continue;
      const common = shared(words[earlier]!, words[later]!);
      const smaller = Math.min(words[earlier]!.size, words[later]!.size);
      const corrects = CORRECTS.test(found[later]!.quote) && common >= 2;
      const restated = found[earlier]!.type === found[later]!.type && smaller >= 3 && common * 3 >= smaller * 2;
      if (corrects || restated || isSaidAgainIn(found[earlier]!.text, found[later]!.text)) replaced.add(earlier);
    }
  return found.filter((_, i) => !replaced.has(i));
}
