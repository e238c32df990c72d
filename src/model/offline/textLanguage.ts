/** The four languages the offline extractor reads statements in. */
export type Language = 'en' | 'es' | 'fr' | 'de';

/**
 * The short words each language writes in nearly every sentence (articles, prepositions,
 * conjunctions, common verbs and pronouns), and its lasting words. A word two languages share
 * ("la", "de", "en", "que") counts for both; one that English shares ("in", "a", "no", "on", "an",
 * "es") is left out, so a paragraph of English prose never reads as another language.
 */
const FUNCTION_WORDS: Readonly<Record<Language, readonly string[]>> = {
  en: [
    ...['the', 'and', 'is', 'are', 'was', 'were', 'of', 'to', 'it', 'this', 'that', 'these', 'those', 'with', 'for', 'be', 'should'],
    ...['must', 'not', 'we', 'you', 'they', 'have', 'has', 'from', 'by', 'or', 'will', 'would', 'can', 'its', 'our', 'your'],
    ...['always', 'never', 'every', 'use'],
  ],
  es: [
    ...['el', 'la', 'los', 'las', 'de', 'del', 'que', 'y', 'en', 'por', 'para', 'con', 'una', 'un', 'lo', 'al', 'este', 'esta'],
    ...['estos', 'estas', 'más', 'pero', 'como', 'se', 'su', 'sus', 'hay', 'debe', 'está', 'son', 'usamos', 'siempre', 'nunca'],
    ...['aquí', 'solo', 'también', 'lugar'],
  ],
  fr: [
    ...['le', 'la', 'les', 'de', 'des', 'du', 'et', 'est', 'une', 'un', 'que', 'pour', 'dans', 'pas', 'ne', 'avec', 'ce', 'cette'],
    ...['ces', 'nous', 'au', 'aux', 'sur', 'qui', 'il', 'elle', 'sont', 'se', 'en', 'toujours', 'jamais', 'désormais', 'ici', 'doit'],
  ],
  de: [
    ...['der', 'die', 'das', 'und', 'ist', 'nicht', 'ein', 'eine', 'einen', 'mit', 'für', 'zu', 'den', 'dem', 'des', 'auf', 'im'],
    ...['wir', 'ich', 'von', 'auch', 'sich', 'werden', 'wird', 'sind', 'bitte', 'muss', 'diesem', 'dieser', 'diese', 'immer', 'nie'],
    ...['niemals', 'hier', 'kein', 'keine'],
  ],
};

const LANGUAGES = Object.keys(FUNCTION_WORDS) as Language[];

const LANGUAGES_OF_WORD: ReadonlyMap<string, readonly Language[]> = (() => {
  const map = new Map<string, Language[]>();
  for (const language of LANGUAGES) for (const word of FUNCTION_WORDS[language]) map.set(word, [...(map.get(word) ?? []), language]);
  return map;
})();

/** Code in backticks is no language: `la`; nor is text quoted from elsewhere: "Die Datei ist zu groß". */
const CODE_OR_QUOTE_SPAN = /`[^`\n]*`|"[^"\n]*"|“[^”\n]*”/g;
/** A word holding a slash is a path or a link, no language: src/de/la.ts. */
const PATH_LIKE = /[/\\]/;
/**
 * A word holding _, - or . between letters, or a digit, is a name, a compound or a version, no
 * language: le_parser, Y-axis, v2.la; punctuation after a word ("entrada.") is no part of it.
 */
const IDENTIFIER_LIKE = /\d|\p{L}[_.-]\p{L}/u;
/** How often a language's short words must occur before it is taken as the text's: one stray word settles nothing. */
const LEAST_COUNT = 2;
/** How much of a text is read: its opening tells its language, and a long paste costs no more than that. */
const READ_CHARS = 600;

/** Whether a word is prose: not a path, a link, a name or a number. */
const proseWord = (word: string): boolean => !PATH_LIKE.test(word) && !IDENTIFIER_LIKE.test(word);

/**
 * The languages a text is most likely written in, by the short words its opening uses: every
 * language with the highest count (Spanish and French tie on "la de en"), or undefined when no
 * language's words occur at least twice. Only prose is counted, never code, quotes, paths,
 * identifiers or links.
 */
export function languagesOf(text: string): ReadonlySet<Language> | undefined {
  const counts = new Map<Language, number>();
  for (const word of text.slice(0, READ_CHARS).replace(CODE_OR_QUOTE_SPAN, ' ').toLowerCase().split(/\s+/)) {
    if (!proseWord(word)) continue;
    for (const token of word.split(/[^\p{L}']+/u)) {
      for (const language of LANGUAGES_OF_WORD.get(token) ?? []) counts.set(language, (counts.get(language) ?? 0) + 1);
    }
  }
  const top = Math.max(0, ...counts.values());
  if (top < LEAST_COUNT) return undefined;
  return new Set(LANGUAGES.filter((language) => counts.get(language) === top));
}

/** Whether two texts' languages are known and have none in common: the one is surely not in the other's language. */
export function differentLanguages(a: ReadonlySet<Language> | undefined, b: ReadonlySet<Language> | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  for (const language of a) if (b.has(language)) return false;
  return true;
}
