/**
 * A web page or a document pasted whole into a prompt (decision 127): its link lists, navigation and requirement bullets
 * are the page's words, not the person's, and a link inside them says nothing of where the person keeps a thing. Told
 * by its shape: links written as Markdown links, headings, navigation lines, and a heading glued after the person's own
 * words ("yes. also # Implement the catalog"), the way a copied page lands in a prompt box.
 */

/** A Markdown link to an address: "[RFC 9727](https://…)". A person typing in a prompt writes the address bare. */
const MARKDOWN_LINK = /\[[^\]\n]{0,200}\]\((?:https?:\/\/|\/)[^)\s]{0,500}\)/g;

/** A heading at the start of a line. */
const HEADING_LINE = /^[ \t]*#{1,6}[ \t]+\S/m;

/** A heading glued after words on the same line: the person's lead, then a pasted document's title. */
const INLINE_HEADING = /(?<=\S[ \t]{1,3})#{1,6}[ \t]+\p{Lu}/u;

/** A site's navigation: a back arrow, "Back to …", "Skip to content". */
const NAVIGATION = /^[ \t]*(?:\[[ \t]{0,3})?(?:[←«‹][ \t]*\S|(?:Back to|Skip to(?: main)? content)\b)/im;

/** The fewest Markdown links that make a page by themselves, with no heading or navigation beside them. */
const LINKS_ALONE = 3;

const linkCount = (text: string): number => text.match(MARKDOWN_LINK)?.length ?? 0;

const headingCount = (text: string): number => text.match(new RegExp(HEADING_LINE.source, 'gm'))?.length ?? 0;

/** The person speaking as themselves; a spec addresses its reader as "you", so "you" is no mark of the person. */
const FIRST_PERSON = /\b(?:I|I'm|I've|I'd|me|my|we|we're|we've|our|us|let's)\b/i;

/** A document in sections (two headings or more) with a link, where nobody speaks as "I" or "we": a spec page. */
const isSpecPage = (text: string, links: number): boolean => links >= 1 && headingCount(text) >= 2 && !FIRST_PERSON.test(text);

/** Whether a text is shaped as a pasted page or document rather than typed by the person. */
function isPastedPage(text: string): boolean {
  const links = linkCount(text);
  const inline = INLINE_HEADING.exec(text);
  const headingAfterInline = inline !== null && HEADING_LINE.test(text.slice(inline.index + inline[0].length));
  const structured = HEADING_LINE.test(text) || inline !== null || NAVIGATION.test(text);
  return links >= LINKS_ALONE || (links >= 2 && structured) || headingAfterInline || isSpecPage(text, links);
}

/** Where the page starts: a heading glued after words, else the first line holding a link, a heading or navigation. */
function pageStart(text: string): number {
  const inline = INLINE_HEADING.exec(text);
  const firstLink = text.search(MARKDOWN_LINK);
  const heading = text.search(HEADING_LINE);
  const navigation = text.search(NAVIGATION);
  const starts = [inline?.index ?? -1, firstLink, heading, navigation].filter((at) => at >= 0);
  return starts.length === 0 ? text.length : Math.min(...starts);
}

/**
 * The text with a pasted page taken out: what the person typed before it stays ("do we need more metadata?"), the page
 * and everything after it go, as a page has no mark where it ends.
 */
export function beforePastedPage(text: string): string {
  return isPastedPage(text) ? text.slice(0, pageStart(text)) : text;
}

/** An address written bare. */
const BARE_URL = /\bhttps?:\/\/\S+/g;

/** A label of a word or two before its link ("Docs:", "Skill —", "API reference:"), or nothing at all. */
const LABEL_ONLY = /^[^\p{L}\p{N}]*(?:[\p{L}\p{N}][\p{L}\p{N}'’-]*(?:[ \t]+[\p{L}\p{N}][\p{L}\p{N}'’-]*)?[ \t]*[:–—-])?[^\p{L}\p{N}]*$/u;

/**
 * A link said with no sentence about it (decision 127): a Markdown link or an address alone, or after a label of a word
 * or two ("Docs: <url>"). A reference says what the link is for or what lives there ("the staging dashboard is at <url>").
 */
export function isBareLink(sentence: string): boolean {
  const withoutLinks = sentence.replace(MARKDOWN_LINK, ' ').replace(BARE_URL, ' ');
  return withoutLinks !== sentence && LABEL_ONLY.test(withoutLinks);
}
