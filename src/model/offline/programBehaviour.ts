/**
 * How the program being built treats its own users (decision 110, amended): "if the user says no, keep that for the
 * run", "when a visitor clicks the banner, close it". It specifies the work at hand; the person's own ways of working
 * are said of "we", "you" or the work's things, not of the program's user. Written from kinds of statement, never from
 * a corpus sentence.
 */
const USER_CONDITION =
  /^(?:(?:and|then|so|but)\s+)?(?:if|when(?:ever)?|once|after|unless)\s+(?:(?:the|a|an|each|every)\s+)?(?:end\s+)?(?:user|customer|visitor|player|reader|caller|subscriber|buyer)s?\s+(?:(?:says|said|chooses|chose|answers|answered|clicks|clicked|presses|pressed|declines|declined|accepts|accepted|picks|picked|selects|selected|types|typed|enters|entered|runs|ran|opens|opened|cancels|cancelled|confirms|confirmed|refuses|refused|agrees|agreed|has|had|is|was|does|did|doesn't|didn't|hasn't|wants|logs|signs)\b)/i;

/** Whether a sentence specifies what the program does when its user does something. */
export const isProgramBehaviour = (sentence: string): boolean => USER_CONDITION.test(sentence);

/**
 * "As soon as the user switched to the roster tab", "when a visitor moves to the next page": the program's user going
 * from one screen to another, which no move of the project's is (decision 137).
 */
const USER_NAVIGATES = new RegExp(
  String.raw`\b(?:user|customer|visitor|player|reader|subscriber|buyer)s?\s+(?:has\s+|have\s+)?(?:switch(?:es|ed)?|mov(?:es|ed)|navigat(?:es|ed)|go(?:es)?|went|jump(?:s|ed)?|come(?:s)?|came)\s+(?:back\s+)?(?:to|over to|between|from)\s+(?:the\s+|a\s+|another\s+)?(?:[\w-]+\s+){0,2}?(?:tab|page|screen|view|section|step|panel)s?\b`,
  'i',
);

const USER_NAVIGATES_ALL = new RegExp(USER_NAVIGATES.source, 'gi');

/** A sentence without its clauses of the program's user going to another screen, for the tests of a project's move. */
const NAMES_A_USER = /\b(?:user|customer|visitor|player|reader|subscriber|buyer)s?\b/i;
export const withoutUsersNavigation = (sentence: string): string =>
  NAMES_A_USER.test(sentence) ? sentence.replace(USER_NAVIGATES_ALL, ' ') : sentence;

/**
 * "Whenever the SVG is clicked", "every time a visitor scrolls", "whenever click on Roster": the program's event, whose
 * "whenever" tells when the program acts, not when the person's way of working applies (decision 137).
 */
const PROGRAMS_EVENT = new RegExp(
  String.raw`\b(?:whenever|every time|each time|any ?time)\s+(?:(?:the|a|an|any|this|that)\s+)?(?:(?:[\w-]+\s+){0,2}?(?:is|are|gets?|get)\s+(?:clicked|pressed|tapped|hovered|loaded|opened|closed|submitted|scrolled|selected|dragged|resized|focused|toggled|checked|visited)|(?:(?:someone|somebody|anyone|user|users|visitor|visitors|player|players|customer|customers)\s+)?(?:clicks?|press(?:es)?|taps?|hovers?|scrolls?|visits?|submits?|selects?|drags?|swipes?)\b)`,
  'gi',
);

/** A sentence without the program's events, for the test of a word of habit. */
export const withoutProgramsEvents = (sentence: string): string => sentence.replace(PROGRAMS_EVENT, ' ');
