import { stemmer } from 'stemmer';

/**
 * Words that carry no subject: function words, and the words every rule or preference is said
 * with ("always", "prefer", "please", "rather than"), which would make any two rules look alike.
 */
const STOPWORDS = new Set(
  `a an and are as at be been but by can could do does did for from had has have how i i'm if in into is it its it's just let me my
  no not of on or our please so that the their them then there these they this to too up us was we were what when where which who
  why will with would you your yours always never prefer preferred rather want use using used don doesn didn isn aren wasn won
  couldn shouldn wouldn ll re ve should must make sure remember note keep mind instead also any all every each one now going forward
  than over under about above below between via per like more less very really only just still even again ever than both either
  other others same such own off out down here before after since until while during`.split(/\s+/),
);

/** A word too common to say what anything is about. */
export const isStopword = (word: string): boolean => STOPWORDS.has(word);

/** The words that say what a memory is about, as written: lowercased, stopwords left out; in order, once each (file names are made of them). */
export function subjectWords(text: string): string[] {
  // Hyphens and underscores split words: a slug name ("pnpm-over-npm") says as much as its words.
  // Accents folded, so "métricas" is a word of its own and not "tricas".
  // A prefix written with a hyphen is the word written joined: "pre-release" is "prerelease" (decision 119).
  const words =
    text
      .toLowerCase()
      .replace(/\b(pre|post|re|co|non|sub|multi)-(?=[a-z])/g, '$1')
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .match(/[a-z0-9][a-z0-9+#.]*[a-z0-9+#]|[a-z0-9]/g) ?? [];
  return [...new Set(words.filter((word) => word.length > 1 && !STOPWORDS.has(word)))];
}

/** The subject words stemmed (Porter), so "commits" and "committing" meet; in order, once each. */
export function subjectTerms(text: string): string[] {
  return [...new Set(subjectWords(text).map((word) => (/^[a-z]+$/.test(word) ? stemmer(word) : word)))];
}
