/**
 * How the person wants to be talked to (decision 104): how long and how plain answers are ("be
 * concise", "skip the pleasantries", "just give me the code, no explanations"), whom to talk to them
 * as ("talk to me like a senior engineer"), and what to show them before acting ("show me the diff
 * before you commit"). It holds for every later answer. Written from kinds of statement with
 * invented sentences as their tests, never from a corpus sentence.
 */
const COMMUNICATION = new RegExp(
  [
    // "Be concise", "be brief in your answers"
    String.raw`^(?:please\s+)?(?:always\s+)?be\s+(?:more\s+|very\s+|extremely\s+)?(?:concise|brief|terse|succinct|direct|blunt|explicit|thorough|detailed)\b(?:\s+(?:in|with)\s+(?:your\s+)?(?:answers|replies|responses|explanations|summaries|messages|comments|commit messages))?\s*[.!]?$`,
    // "Talk to me like a senior engineer"
    String.raw`^(?:please\s+)?(?:talk|speak|write|explain things)\s+to\s+me\s+(?:like|as if I(?:'m| am)|as)\s+\S`,
    // "Skip the pleasantries"
    String.raw`^(?:please\s+)?(?:skip|drop|spare me|cut)\s+(?:the\s+)?(?:pleasantries|small talk|preamble|intros?|introductions|recaps|apologies|compliments|flattery|emojis)(?:\s+(?:in|from)\s+(?:your\s+)?(?:answers|replies|responses|messages))?\s*[.!]?$`,
    // "Just give me the code, no explanations"
    String.raw`^(?:just\s+)?(?:give|show)\s+me\s+(?:just\s+)?(?:the\s+)?(?:code|answer|commands?|diff)\s*,\s*(?:no|without)\s+(?:explanations?|commentary|comments|prose|chatter)\b`,
    // "Show me the diff before you commit"
    String.raw`^(?:please\s+)?(?:always\s+)?(?:show|send|give)\s+me\s+(?:the\s+)?(?:diff|plan|changes|patch|commands?)\s+before\s+(?:you\s+)?(?:commit|push|merg|apply|run|execut|deploy|chang|edit)\w*(?:\s+(?!anything\b)[\w-]+s)?\s*[.!]?$`,
  ].join('|'),
  'i',
);

/** Whether a sentence says how the person wants to be talked to. */
export const isCommunicationStyle = (sentence: string): boolean => COMMUNICATION.test(sentence);
