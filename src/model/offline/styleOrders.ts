/**
 * A style order: "use X for/in <an aspect of code style, or a language or kind of file>" (decision 126): "Use tabs for
 * indentation", "Use single quotes in TypeScript", "use 2 spaces in YAML files". It is a preference over every piece
 * of code of that aspect or language, read as one of PREFERENCE's shapes. Written from kinds of statement with invented
 * sentences as their tests, never from a corpus sentence.
 *
 * The aspect is closed: "use the helper in utils.ts for this" or "use a map for the lookup" name what the work at hand
 * is to call, not how code is written. The value is named bare (no article, no pointer, no file), and nothing but a
 * contrast ("…, not tabs", "…, double quotes in JSON") follows the aspect: "use tabs for indentation in this file" is
 * the work at hand.
 */

/** Aspects of how code is written: layout, quoting, naming, line length, imports, punctuation. */
const STYLE_ASPECT = String.raw`(?:indent(?:ation|s|ing)?|quot(?:es|ing)|string(?:s| literals)|naming|(?:(?:file|variable|function|method|class|type|column|table|field|branch|test)\s+)?names|casing|line (?:length|width|endings|breaks)|imports?|import (?:order|paths)|formatting|spacing|whitespace|braces|semicolons|trailing commas|comments|docstrings|doc comments|type (?:annotations|hints)|constants|enums|identifiers)`;

/** Languages and kinds of file a style holds in: "in TypeScript", "for YAML files", "in shell scripts". */
const LANGUAGE = String.raw`(?:typescript|ts|javascript|js|jsx|tsx|python|go|golang|rust|java|kotlin|swift|ruby|php|c|c\+\+|c#|bash|shell|sql|css|scss|html|json|yaml|yml|toml|markdown|md|makefiles?|dockerfiles?|terraform|lua|elixir|scala|haskell)`;
const KIND_OF_FILE = String.raw`(?:${LANGUAGE}|test|config|source|shell)\s+(?:files|scripts|code|sources)`;

/**
 * A piece of code where a style value would stand: a member or a call ("logger.debug", "format()", "Foo::bar",
 * "obj->x"). A style value is a plain word or two ("tabs", "single quotes", "snake_case"); with an aspect after it,
 * "use logger.debug for comments" is what the code is to call (decision 126, amended by review 19).
 */
const CODE_SHAPED = String.raw`\S*(?:\w\.\w|[()]|::|->)\S*`;

/** What is to be used: one to three words, none an article, a pointer, a file name ("utils.ts") or a call. */
const VALUE_WORD = String.raw`(?:(?!::|->)[^\s.,;!?()])+`;
const VALUE = String.raw`(?!(?:the|this|that|these|those|it|them|my|your|a|an|one|some|our)\b)(?:${VALUE_WORD}\s+){0,2}?${VALUE_WORD}`;

/** After the aspect: the end, or a contrast or another value ("…, not tabs", "…, double quotes in JSON"). */
const AFTER = String.raw`(?:\s*[.!]?\s*$|\s*[,;]\s*(?:not|never|and|but|except|please|double|single|because|since|as|so|otherwise|\d)\b|\s+(?:and|but)\s+(?:not\s+)?\S)`;

/** The order as a pattern source, for PREFERENCE in statementKinds.ts to read as one of its shapes. */
export const STYLE_ORDER = String.raw`^(?:please\s+)?(?:always\s+)?use\s+${VALUE}\s+(?:for|in)\s+(?:all\s+|every\s+|our\s+)?(?:${STYLE_ASPECT}|${KIND_OF_FILE}|${LANGUAGE})${AFTER}`;

/**
 * For the other "use X for <things>" shapes of PREFERENCE (statementKinds.ts), to read after "use ": not a piece of
 * code said for an aspect of style, which is no style value whichever shape reads it.
 */
export const NO_CODE_FOR_AN_ASPECT = String.raw`(?!(?:${CODE_SHAPED}\s+)+(?:for|in)\s+(?:all\s+|every\s+|our\s+)?${STYLE_ASPECT}\b)`;

const STYLE_ORDER_PATTERN = new RegExp(STYLE_ORDER, 'i');

/** Whether a sentence is a style order over an aspect of code or a language. */
export const isStyleOrder = (sentence: string): boolean => STYLE_ORDER_PATTERN.test(sentence);
