import { stemmer } from 'stemmer';

/**
 * General words and the words that name one of their kind. A release stage is the one kind listed:
 * "prerelease" names whichever stage a project is in before its first stable release. Only words
 * that name nothing else are listed ("preview", "nightly" and "canary", a deployment and a channel too, are
 * said of other things; decision 119, reviewed).
 */
const KINDS: Readonly<Record<string, string>> = {
  prerelease: 'alpha beta rc',
};

/** Each word of a kind, stemmed as subject terms are (subjectTerms.ts), with its general word. */
const GENERAL_OF: ReadonlyMap<string, string> = new Map(
  Object.entries(KINDS).flatMap(([general, words]) => words.split(/\s+/).map((word) => [stemmer(word), stemmer(general)] as const)),
);

/** One side's terms with each word of a kind read as its general word, when the other side says that word and names none of its kind. */
function towards(side: readonly string[], other: readonly string[]): readonly string[] {
  const kinds = new Set(other.flatMap((term) => GENERAL_OF.get(term) ?? []));
  const read = side.map((term) => {
    const general = GENERAL_OF.get(term);
    return general !== undefined && other.includes(general) && !kinds.has(general) ? general : term;
  });
  return read.some((term, at) => term !== side[at]) ? [...new Set(read)] : side;
}

/**
 * Two term lists, a word of a kind on one side meeting its general word on the other: "we are
 * prerelease, we only do patch" and "while in beta we only do patch releases" share two words.
 * Two words of one kind never meet ("alpha" and "beta" stay two words), nor does a side that
 * names one of the kind itself (decision 119). Each list is returned as given when nothing met.
 */
export function alignGeneralTerms(a: readonly string[], b: readonly string[]): readonly [readonly string[], readonly string[]] {
  return [towards(a, b), towards(b, a)];
}

/**
 * Whether two term lists each name words of one kind and none in common: "during the alpha" and
 * "during the beta" are two stages, as staging and production are two environments (decision 119).
 */
export function namesOthersOfAKind(a: readonly string[], b: readonly string[]): boolean {
  const kindsOf = (terms: readonly string[]) => new Set(terms.flatMap((term) => GENERAL_OF.get(term) ?? []));
  const inB = kindsOf(b);
  return [...kindsOf(a)].some((general) => inB.has(general) && !a.some((term) => GENERAL_OF.get(term) === general && b.includes(term)));
}
