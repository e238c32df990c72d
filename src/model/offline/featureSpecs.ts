import { LASTING } from './lastingWords.js';
import { changesCodeAtHand } from './codeChangeAtHand.js';

/**
 * What the product being built must do, said as the spec of the work at hand (decision 137): the next step of a sequence
 * ("Next we need to increase the score when…"), how one screen element behaves ("the load more button should be visible
 * only if…"), a feature that copes with what comes later ("add pagination which handles many rows in future") and a
 * change to one piece of code (codeChangeAtHand.ts). Each reads as a rule by its modal, its "instead of" or its
 * "in future", yet tells what to build now, and the code shows it once built. A lasting word of habit ("always", "from
 * now on", "every") keeps a rule. Written from kinds of statement, never from a corpus sentence.
 */

/** "Next we need to…", "Now I want to…", "Then you should…": the next step of a sequence of work. "Next time" is a rule's occasion. */
const NEXT_STEP =
  /^(?:(?:ok(?:ay)?|great|good|nice|cool|perfect|alright|so)[,.!]?\s+)*(?:next|now|then|after that|first|second|third|finally|lastly)(?!\s+time\b)[,:]?\s+(?:we|i|you)(?:'ll|\s+(?:need|have|want|should|must|will|gotta|got to|are going))\b/i;

/** One element of a screen: the product's face, not the project's ways of working. */
const SCREEN_ELEMENT = String.raw`(?:button|bubble|svg|logo|image|avatar|thumbnail|canvas|marker|page|screen|table|modal|dialog|popup|pop-up|tab|menu|sidebar|navbar|header|footer|form|field|input|dropdown|checkbox|tooltip|banner|card|panel|view|widget|icon|label|link|slider|toggle|list|grid|chart|cell|row|column|section|window|overlay|toast|spinner|loader)`;

/**
 * "<Name> button should be visible only if…", "the roster page should not redirect…", "table content should be updated":
 * one element, named or with "the", not a kind ("all buttons", "buttons", "every page"), said with a modal and a verb of
 * showing or behaving.
 */
const ONE_ELEMENT_BEHAVES = new RegExp(
  String.raw`^(?:the\s+|this\s+|that\s+)?(?!(?:all|every|each|any|no|our)\b)(?:[\w-]+\s+){0,2}${SCREEN_ELEMENT}(?:\s+(?:content|contents|text|data|title|items?))?\s+(?:should|must|needs? to|has to|have to)\s+(?:not\s+|also\s+|only\s+)?(?:be\s+(?:\w+\s+)?(?:visible|hidden|shown|displayed|updated|refreshed|disabled|enabled|clickable|highlighted|selected|open|opened|closed|collapsed|expanded|sorted|filtered|centered|aligned|loaded|rendered|scrollable|sticky|responsive)|show|hide|display|appear|disappear|redirect|open|close|load|reload|refresh|update|scroll|expand|collapse|render|navigate|link|point|change|turn)\b`,
  'i',
);

/**
 * "Open the roster page by default", "load the table content whenever someone clicks on Roster", "don't show load more
 * if there are fewer than 10 rows": an order for what the program shows on one of its screens. "Show me the diff" and
 * "don't show the full log in your answers" are about the assistant's own output, which names no screen element.
 */
const SCREEN_ORDERED = new RegExp(
  String.raw`^(?:please\s+)?(?:(?:don't|do not|dont)\s+)?(?:show|hide|display|open|load|reload|render|highlight|redirect|refresh|disable|enable|collapse|expand|fetch)\s+(?!(?:me|us|them)\b)[^.;]*\b${SCREEN_ELEMENT}s?\b`,
  'i',
);

/**
 * "Whenever the bubble is clicked, toggle the panel", "when the user taps a card, flip it": an order conditioned on an
 * event of one of the program's screens (decision 137, reviewed). "Any time a PR is opened, add the label" is an event
 * of the work, and stays a rule.
 */
const SCREEN_EVENT = new RegExp(
  String.raw`^(?:when(?:ever)?|every time|each time|any ?time|once|if)\s+(?:(?:the|a|an|any|this|that)\s+)?(?:(?:[\w-]+\s+){0,2}${SCREEN_ELEMENT}s?\s+(?:is|are|gets?)\s+(?:clicked|pressed|tapped|hovered|dragged|swiped|scrolled|focused|toggled|selected|opened|closed)|(?:user|visitor|player|customer|someone|somebody)s?\s+(?:clicks?|taps?|press(?:es)?|hovers?|scrolls?|swipes?|drags?)\b)`,
  'i',
);

/** "Add pagination or something which handles many rows in future": the program's future, not the way of working. */
const COPES_IN_FUTURE =
  /^(?:please\s+)?(?:add|implement|create|build|make|introduce|put in)\b[^.;]*?\b(?:which|that|to)\s+(?:\w+\s+){0,2}?(?:handles?|supports?|scales?|copes?|deals?|grows?|works?)\b[^.;]*\bin (?:the )?future\b/i;

/** A habit word: what would make any of the above a rule. "in future" is the program's here, so it is not one. */
const HABIT = /\b(?:always|never|from now on|going forward|every|each|whenever|by default|anymore|any more|everywhere)\b/i;

/** A word that makes a behaviour stand for all later work: "the submit button should always be disabled while…". */
const STANDING =
  /\b(?:always|never|from now on|going forward|anymore|any more|everywhere|in production)\b|\b(?:before|on|in|for|across)\s+(?:any|every|all|each)\b/i;

/**
 * "Don't show API keys on the settings page": a prohibition of what a screen shows is the product's rule, unless a
 * condition of the moment bounds it ("don't show the export button if there are fewer than 5 rows", decision 137, reviewed).
 */
const PROHIBITION_NOW = /^(?:please\s+)?(?:don't|do not|dont)\b(?![^]*\b(?:if|when|until|unless|for now|yet|while)\b)/i;

/** "Now I want you to write all commit messages in English": a next step said of how to work, not of what to build. */
const WAY_OF_WORKING =
  /\b(?:all|everything|everywhere|know|remember|before\s+\w+ing|after\s+\w+ing|in this (?:repo|project|codebase)|on this machine)\b/i;

/** Whether a sentence read as a rule or a preference specifies the product being built now (decision 137). */
export function specifiesWorkAtHand(sentence: string): boolean {
  const said = sentence.trim();
  if (COPES_IN_FUTURE.test(said)) return !HABIT.test(said);
  // "Whenever a payment arrives" is the program's event: only a word of standing makes an element's behaviour a rule.
  if (ONE_ELEMENT_BEHAVES.test(said) || SCREEN_ORDERED.test(said) || SCREEN_EVENT.test(said))
    return !STANDING.test(said) && !PROHIBITION_NOW.test(said);
  if (LASTING.test(said)) return false;
  return (NEXT_STEP.test(said) && !WAY_OF_WORKING.test(said)) || changesCodeAtHand(said);
}
