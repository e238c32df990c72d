/** The fewest words a statement sent again longer is recognised by: shorter ones are too common to be that statement. */
const MIN_WORDS = 4;

/** How many pieces further on a piece is looked for again: a re-sent message follows the first soon, and a long message stays linear. */
const WINDOW = 64;

/** A piece of text as it is compared: lowercase, one space between words, no closing punctuation. */
const comparable = (text: string): string =>
  text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s.!?…,;:]+$/u, '')
    .trim();

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * A word that turns around or bounds what follows it ("never run the e2e tests locally", "only bump
 * the lockfile…"): what follows is then not what was said before (decision 69, amended).
 */
const TURNS_AROUND =
  /^(?:never|not|no|nor|cannot|\p{L}+n['\u2019]?t|only|except|unless|without|avoid|stop|nunca|jamais|nie|niemals|nicht|kein)$/u;

/** The word before `at` in `text`, without its punctuation. */
const wordBefore = (text: string, at: number): string =>
  (/(\S+)\s*$/.exec(text.slice(0, at))?.[1] ?? '').replace(/[^\p{L}\p{N}'\u2019]/gu, '');

function holds(long: string, short: string): boolean {
  if (short === '' || long.length < short.length) return false;
  if (short === long) return true;
  if (short.split(' ').length < MIN_WORDS) return false;
  for (let at = long.indexOf(short); at !== -1; at = long.indexOf(short, at + 1)) {
    const onWords = !WORD_CHAR.test(long.charAt(at - 1)) && !WORD_CHAR.test(long.charAt(at + short.length));
    if (onWords && !TURNS_AROUND.test(wordBefore(long, at))) return true;
  }
  return false;
}

/** Whether two texts are the same words, but for case, spacing and closing punctuation. */
export const sameWords = (a: string, b: string): boolean => comparable(a) === comparable(b);

/**
 * Whether `earlier` is what the person said again in `later`: the same words, or all of them, on
 * word boundaries, at the start or inside a longer version ("The trailer is X." then "The trailer
 * is X followed by the id."). The longer one says everything the shorter did (decision 69, amended),
 * unless a negation or a qualifier comes right before it ("Never run the e2e tests locally…").
 */
export const isSaidAgainIn = (earlier: string, later: string): boolean => holds(comparable(later), comparable(earlier));

/** Pieces without those a later piece says again: the person re-sent a message, longer, in the same one. */
export function withoutSaidAgain<T extends { readonly text: string; readonly opensParagraph?: true }>(pieces: readonly T[]): T[] {
  const texts = pieces.map((piece) => comparable(piece.text));
  const out: T[] = [];
  let opens = false;
  pieces.forEach((piece, i) => {
    if (texts.slice(i + 1, i + 1 + WINDOW).some((later) => holds(later, texts[i] ?? ''))) {
      opens ||= piece.opensParagraph === true;
      return;
    }
    out.push(opens ? { ...piece, opensParagraph: true } : piece);
    opens = false;
  });
  return out;
}
