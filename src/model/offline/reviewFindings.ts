import { CODE_IDENTIFIER } from './codeIdentifier.js';

/**
 * A code review's findings pasted as a list (decision 144): "1. Unused variable retryCount at line 212 - incremented but
 * never asserted", "2. Long test function TestRetry (~120 lines) could be split into subtests". A finding names where in
 * the code (a line, a file position, a size) or what (an identifier), and gives a verdict on it ("unused", "never
 * asserted", "could be split"): a reviewer's output, a tool's or a colleague's, not the person's rule. The person's own
 * rule that names a line or an identifier speaks as them or opens with an order ("Never leave a variable like retryCount
 * unasserted", "we keep functions under 50 lines") and stays theirs.
 */

/** A list item's marker: "1.", "2)", "-", "*", "•". */
const LIST_MARKER = /^\s*(?:\d{1,2}[.)]|[-*\u2022])\s+/;

/** Where in the code: "at line 212", "line 40", "L88", "lines 10-20", "parser.go:88", "(~120 lines)". */
const POSITION = /\b(?:at\s+)?lines?\s+\d+(?:\s*[-\u2013]\s*\d+)?\b|\bL\d+\b|\b[\w-]+\.\w{1,5}:\d+\b|\(~?\d+\s+lines?\)/i;

/** A named identifier as code writes it, or any code span. */
const IDENTIFIER = new RegExp(String.raw`${CODE_IDENTIFIER}|\x60[^\x60\s]+\x60`);

/** A reviewer's verdict on one piece of code. */
const VERDICT =
  /\bunused\b|\bnever\s+(?:used|asserted|called|read|checked|awaited|closed|released|reset|tested)\b|\b(?:could|can|should|might)\s+be\s+(?:split|simplified|extracted|removed|inlined|merged|renamed|consolidated|shortened|deduplicated)\b|\b(?:is|are)\s+(?:redundant|unnecessary|dead|duplicated|unreachable|shadowed)\b|\bdead\s+code\b|\bnot\s+(?:covered|asserted|handled|checked)\b|\bmissing\s+(?:error\s+handling|assertions?|tests?|checks?|nil\s+check)\b|\bduplicates\s+(?:similar\s+|the\s+same\s+)?(?:code|logic)\b|\b(?:is|could\s+be|may\s+be|might\s+be)\s+misleading\b|\b(?:is|are)\s+(?:now\s+)?(?:outdated|out of date|stale|obsolete|inaccurate|incorrect)\b/i;

/** The person speaking as themselves, or opening with an order: their own rule, whatever it names. */
const PERSONS_OWN =
  /\b(?:I|I'd|I'm|we|we're|our|us|please|from now on|going forward)\b|^\s*(?:(?:\d{1,2}[.)]|[-*\u2022])\s+)?(?:always|never|don't|do not|avoid|prefer|make sure|keep|use|remove|delete|add)\b/i;

/** Whether a line is a finding of a review pasted as a list: a list item with a position or an identifier and a verdict. */
export function isReviewFindingLine(line: string): boolean {
  if (!VERDICT.test(line) || PERSONS_OWN.test(line)) return false;
  const where = POSITION.test(line);
  const what = IDENTIFIER.test(line);
  // A line outside a list needs all three: a position, an identifier and the verdict on them.
  return LIST_MARKER.test(line) ? where || what : where && what;
}
