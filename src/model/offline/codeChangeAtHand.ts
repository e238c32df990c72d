/**
 * A change to one piece of the code at hand said in a preference's words (decisions 137 and 139): "modify the logic to use
 * `is_client` instead of `filetype`", "same thing with raw being raw- instead of -raw". Its "instead of" swaps code,
 * not the project's tools or conventions. Written from kinds of statement, never from a corpus sentence.
 */

/**
 * "Modify the logic to use is_client instead of filetype": one piece of code changed to use another identifier. The
 * identifiers are code (an underscore, a dot, inner capitals or backticks); "change the build to use pnpm instead of npm"
 * names tools, which a colleague would keep as the project's choice.
 */
const CODE_CHANGE_ORDER =
  /^(?:please\s+)?(?:modify|change|update|refactor|rewrite|adjust|alter|fix|rework)\s+(?:the|this|that|it|my)\b[^.;]*?\bto\s+use\s+([^.;]*?)\binstead\s+of\s+([^.;]+)/i;

/** A name only code has: in backticks, with an underscore, inner capitals or a call's brackets. */
const CODE_NAME = /`[^`]+`|\b\w+_\w+|\b[a-z]+[A-Z]\w*|\b\w+(?:\.\w+)*\(/;

const changesCodeToUseAnother = (said: string): boolean => {
  const order = CODE_CHANGE_ORDER.exec(said);
  return order !== null && CODE_NAME.test(`${order[1] ?? ''} ${order[2] ?? ''}`);
};

/**
 * A code literal: backticks around something with punctuation (`.mmd`, `if (x)`), or a word led or ended by a hyphen or
 * a dot ("-raw", "raw-", ".mermaid"). A bare name in backticks (`pnpm`) is a tool's or a thing's name, not a literal.
 */
const CODE_LITERAL = /`[^`\s]*[^\w\s`][^`]*`|(?<![\w-])[-.][a-z][\w-]*|\b[a-z]\w*-(?![\w-])/gi;

/** An order of preference opens a convention, whatever it names: "prefer `.tsx` files instead of `.jsx`". */
const PREFERENCE_ORDER = /^(?:please\s+)?(?:(?:we|i)\s+)?(?:prefer|use|always|never|stick)\b/i;

/** A kind or place a convention holds for: "for scripts", "test files", "in CI". */
const KIND_NAMED =
  /\b(?:for|in|name|all)\s+(?:(?:the|our|all|new)\s+)?(?:test\s+)?(?:files|scripts|configs|tests|migrations|pipelines|docs|CI)\b|^(?:scripts|configs|tests|migrations|test files)\b/i;

/** The spot at hand: "here", "on line 12", "in this function". */
const AT_HAND_SPOT = /\b(?:here|there|on line \d+|in this (?:function|file|method|class|component|query|test))\b/i;

/**
 * "Same thing with raw being raw- instead of -raw", "instead of looking for `.mmd`, look for `.mermaid` as well": one
 * literal of the code at hand swapped for another (decision 139). "Use `pnpm` instead of `npm`" names tools.
 */
const swapsCodeLiterals = (said: string): boolean =>
  /\binstead\s+of\b/i.test(said) &&
  (said.match(CODE_LITERAL) ?? []).length >= 2 &&
  (AT_HAND_SPOT.test(said) || (!PREFERENCE_ORDER.test(said) && !KIND_NAMED.test(said)));

/** Whether a sentence orders one change to the code at hand: another identifier used, or one literal swapped for another. */
export const changesCodeAtHand = (said: string): boolean => changesCodeToUseAnother(said) || swapsCodeLiterals(said);
