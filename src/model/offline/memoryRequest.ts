import { capitalise } from './capitalise.js';
/**
 * The person asking for something to be kept: "add that to your CLAUDE.md", "put this in your
 * memory", "agrega eso a tu CLAUDE.md", "schreib das in die CLAUDE.md", "ajoute ça à ton
 * CLAUDE.md". What they ask to keep is the rest of the message: a lasting rule said as a request
 * (decision 69).
 */
const KEEP_THIS = new RegExp(
  [
    String.raw`\b(?:add|put|write|save|note|record|keep)\s+(?:that|this|it|these|those)\s+(?:down\s+)?(?:to|in|into|on)\s+(?:your\s+|the\s+|our\s+)?(?:claude\.md|agents\.md|memory|memories|notes|rules)\b`,
    String.raw`(?<![\p{L}])(?:agrega|añade|pon|guarda|anota|escribe)\s+(?:eso|esto|esa regla|esta regla)\s+(?:a|en)\s+(?:tu\s+|el\s+|la\s+)?(?:claude\.md|memoria|notas)`,
    String.raw`\b(?:schreib|füg|speicher|notier)(?:e)?\s+(?:das|dies)\s+(?:in|zu)\s+(?:deine[rnm]?\s+|die\s+|der\s+)?(?:claude\.md|gedächtnis|notizen)`,
    String.raw`(?<![\p{L}])(?:ajoute|mets|note|garde)\s+(?:ça|cela|ceci)\s+(?:à|a|dans)\s+(?:ton\s+|ta\s+|le\s+|la\s+)?(?:claude\.md|mémoire|notes)`,
    // the place first, then what goes there: "add to CLAUDE.md that…", "guarda en tu memoria que…" (decision 93)
    String.raw`(?<![\p{L}])(?:add|save|note|write|put|agrega|añade|guarda|anota|escribe|ajoute|note|notiere|schreib)\s+(?:to|in|into|a|en|à|dans|in)\s+(?:your\s+|the\s+|tu\s+|el\s+|la\s+|ton\s+|ta\s+|le\s+|deine[rnm]?\s+|die\s+)?(?:claude\.md|memory|memoria|mémoire|gedächtnis)\s*(?:that|que|dass|:)`,
  ].join('|'),
  'iu',
);

/** Lead-ins that carry nothing of what is to be kept. */
const LEAD_IN = /^(?:wait|hold on|ok(?:ay)?|also|and|so|espera|oye|warte|attends)\b[\s,.:;!-]*/i;

/** What the message asks to keep, without the asking; undefined when it asks nothing of the kind. */
export function keptOnRequest(text: string): string | undefined {
  const match = KEEP_THIS.exec(text);
  if (match === null) return undefined;
  const before = text.slice(0, match.index);
  let after = text.slice(match.index + match[0].length);
  // What follows the request starts a sentence when what went before it ended one ("…probar. preguntar…"), decision 68.
  if (/[.!?]\s*$/.test(before)) after = after.replace(/^[\s,.;:]*\p{Ll}/u, (opening) => opening.toUpperCase());
  const rest = `${before} ${after}`
    .replace(/\s*[,.;:]\s*[,.;:]+/g, '.')
    .replace(/^[\s,.;:]+|[\s,;:]+$/g, '')
    .replace(LEAD_IN, '')
    .replace(/\s+/g, ' ')
    .trim();
  return rest.length >= 12 ? capitalise(rest) : undefined;
}
