import { withPlainApostrophes } from './apostrophes.js';
import { DANGLING_WORD } from './cutOnWords.js';
import { toKebabSlug } from './frontmatterStamp.js';
import { withoutMachinePaths } from './machinePaths.js';

/** The longest slug memlog makes for a memory's file name (frontmatterStamp.ts caps names at the same). */
const MAX_SLUG_CHARS = 60;
/** Words a slug keeps besides its negations: a name is a handle, the description says what the memory is. */
const MAX_SUBJECT_WORDS = 5;

/**
 * Words that turn a statement around, in the languages the extractor reads (decision 68): a slug
 * that drops one says the opposite ("ya no tenemos el proyecto en Vercel" is not
 * "ya-tenemos-proyecto-vercel"). Contractions are folded first ("don't" → "dont").
 */
const NEGATIONS = new Set(
  `not no never nor neither none nothing nobody nowhere without cannot dont doesnt didnt wont cant isnt arent wasnt werent
  shouldnt mustnt wouldnt couldnt havent hasnt hadnt nunca jamas ni nada nadie ningun ninguno ninguna tampoco sin ne pas jamais
  aucun aucune rien sans nicht kein keine keinen keinem keiner keines nie niemals nichts ohne weder`.split(/\s+/),
);

/**
 * Words that bound or bind a rule (decision 68, amended): "We use Rust only" is not "we use Rust", "except the
 * vendored ones" not "the vendored ones". A slug keeps them where they stand, as it keeps a negation.
 */
const QUALIFIERS = new Set(
  `only except unless must exclusively nur ausser außer seulement uniquement sauf solamente unicamente excepto salvo`.split(/\s+/),
);

/**
 * Words that name nothing, in the languages the extractor reads: function words, and the words
 * every rule is said with ("always", "prefer", "please"). The English ones are consolidation's
 * stopwords (subjectTerms.ts), so a slug's words are its title's first subject words.
 */
const FUNCTION_WORDS = new Set(
  `a an and are as at be been but by can could do does did for from had has have how i im if in into is it its let me my of on or
  our please so that the their them then there these they this to too up us was we were what when where which who why will with
  would you your yours youre ive weve theyre thats lets ill youll always prefer preferred rather want use using used should
  make sure remember note keep mind instead also any all every each one now going forward than over under about above below
  between via per like more less very really just still even again ever both either other others same such own off out down
  here before after since until while during he she
  el la los las lo de del en que y un una unos unas por para con es son al se su sus le les des du et est pour par sur au aux ce
  cette il elle on nous vous der die das den dem des ein eine einen einem und im ist zu mit auf fur von ich wir es sie`.split(/\s+/),
);

/** A text's words as a slug reads them: kebab-case pieces, contractions folded ("don't" → "dont", "you're" → "youre", "n'utilise" → "ne utilise"). */
function slugWords(text: string): string[] {
  // A path of the author's machine names a user, never the memory (decision 120, amended 2026-12-07).
  const folded = withPlainApostrophes(withoutMachinePaths(text))
    // A pronoun's contraction is the pronoun ("I'd" is not "id", "we'll" not "well").
    .replace(/\b(I|you|we|they|he|she|it)['\u2019](?:d|ll|m|re|ve|s)\b/giu, '$1')
    .replace(/\b([nN])['\u2019](?=\p{L})/gu, 'ne ')
    .replace(/(\p{L})['\u2019](?=(?:t|re|ve|ll|d|s|m)\b)/gu, '$1')
    .replace(/\b(?:[ldjcsmtLDJCSMT]|qu|Qu)['\u2019](?=\p{L})/gu, '');
  // Word by word: toKebabSlug caps a whole text at 60 characters, and a negation may come later.
  return folded
    .split(/\s+/)
    .flatMap((word) => toKebabSlug(word).split('-'))
    .filter(Boolean);
}

export const isNegation = (word: string): boolean => NEGATIONS.has(word);

/** The words of a title a slug can be named by (decision 120): not a function word, a negation or a qualifier. */
export const subjectWordsOf = (title: string): string[] =>
  slugWords(title).filter((word) => !carriesRule(word) && !FUNCTION_WORDS.has(word) && ([...word].length > 1 || /^\d+$/.test(word)));

/** A word a slug keeps wherever it stands: a negation or a qualifier of the rule. */
const carriesRule = (word: string): boolean => NEGATIONS.has(word) || QUALIFIERS.has(word);

/** Whether a slug's last word needs the words after it; a negation or a qualifier stays where it was said. */
const endsDangling = (slug: string): boolean => {
  const last = slug.split('-').at(-1) ?? '';
  return DANGLING_WORD.test(last) && !carriesRule(last);
};

/**
 * A memory's file name stem and `name:` (decision 68): a short kebab-case slug of its title,
 * every negation and qualifier (only, except, must) kept where it stands and the first few subject words around them, within 60
 * characters. 'memory' when the title has no letter or digit.
 */
export function memorySlug(title: string): string {
  // A word once, but every number as it stands: "Python 3.12, not 3.11" is python-3-12-not-3-11.
  const isNumber = (word: string) => /^\d+$/.test(word);
  const words = slugWords(title).filter((word, at, all) => isNumber(word) || all.indexOf(word) === at);
  const negations = words.filter(carriesRule);
  const subject = words.filter((word) => !carriesRule(word) && !FUNCTION_WORDS.has(word) && ([...word].length > 1 || isNumber(word)));
  let kept = subject.slice(0, MAX_SUBJECT_WORDS);
  const slugOf = (chosen: readonly string[]) => {
    // Each subject word kept stands where it was said, as many times as it was chosen (numbers repeat).
    const left = [...chosen];
    return words
      .filter((word) => {
        if (carriesRule(word)) return true;
        const at = left.indexOf(word);
        if (at === -1) return false;
        left.splice(at, 1);
        return true;
      })
      .join('-');
  };
  while (kept.length > 1 && [...slugOf(kept)].length > MAX_SLUG_CHARS) kept = kept.slice(0, -1);
  // Cut to its first subject words, a slug ends on a word that does not need the next ("…-staging", not "…-against").
  while (kept.length > (negations.length > 0 ? 0 : 1) && endsDangling(slugOf(kept))) kept = kept.slice(0, -1);
  const slug = slugOf(kept);
  if ([...slug].length <= MAX_SLUG_CHARS) return slug || toKebabSlug(title) || 'memory';
  // Only when negations alone fill it (or one word is that long): whole words, negations first.
  return toKebabSlug([...negations, ...kept].join(' ')) || 'memory';
}
