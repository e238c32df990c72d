import { isToolResultBlock, isToolUseBlock } from '../../transcript/contentGuards.js';
import type { ContentBlock } from '../../transcript/contentSchema.js';

/** The tool through which Claude Code asks the person to choose or type an answer. */
export const ASK_TOOL = 'AskUserQuestion';

/** Where a pair `"question"="answer"` starts its answer. */
const ANSWER_START = '"="';
/** A quote that can close an answer: before the next pair, the closing sentence, a preview note, or the end. */
const ANSWER_END = /"(?=\s*(?:,\s*"|\.\s*You can now\b|\s+selected preview\b|\.?\s*$))/g;

/**
 * The answers the person gave through AskUserQuestion, as its tool result words them ("User has
 * answered your questions: "Which port?"="4000, always". You can now continue…"): their own words
 * (decision 69), unlike every other tool result. The questions are the assistant's and are left out.
 */
export function askAnswers(resultText: string): string[] {
  if (!/\b(?:answered your questions|have been answered)\b/i.test(resultText)) return [];
  // Each answer runs to the first closing quote after it. The closings are found once, so a result with many pairs that
  // never close is read in one pass, not once per pair.
  const ends = [...resultText.matchAll(ANSWER_END)].map((match) => match.index);
  const answers: string[] = [];
  let next = 0;
  for (let start = resultText.indexOf(ANSWER_START); start >= 0;) {
    const body = start + ANSWER_START.length;
    while (next < ends.length && (ends[next] ?? Infinity) < body) next++;
    const end = ends[next];
    if (end === undefined) break;
    answers.push(resultText.slice(body, end).trim());
    start = resultText.indexOf(ANSWER_START, end + 1);
  }
  return answers.filter((answer) => answer !== '');
}

/** A tool result's content as text: a string as it is, text blocks joined. */
export function toolResultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block) => (typeof (block as { text?: unknown }).text === 'string' ? (block as { text: string }).text : ''))
    .join('\n');
}

type Blocks = string | readonly ContentBlock[];

/** The ids of the AskUserQuestion calls among messages: their results hold the person's answers. */
export const askCallIds = (messages: ReadonlyArray<{ readonly content: Blocks }>): Set<string> =>
  new Set(
    messages.flatMap((m) =>
      typeof m.content === 'string' ? [] : m.content.filter(isToolUseBlock).flatMap((block) => (block.name === ASK_TOOL ? [block.id] : [])),
    ),
  );

/**
 * How Claude Code opens the result of a call the person refused, a permission prompt or a plan
 * sent back alike; the reason they typed follows its mark. A result that only quotes the wording
 * (a Read of a document, a grep of a transcript) does not open with it (decision 97).
 */
const REFUSAL_OPENING = "The user doesn't want to proceed with this tool use.";
const REFUSAL_REASON = /\bTo tell you how to proceed, the user said:\s*([\s\S]*)$/;
/** What Claude Code adds after the reason, and the canned reason of AskUserQuestion's "clarify" choice: no one's words. */
export const AFTER_REASON = /\n[ \t]*Note: The user's next message may contain\b[\s\S]*$/;
const CANNED_REASON = /^The user wants to clarify these questions\b/;

/**
 * The reason the person typed when they refused a tool call (a permission prompt, a plan they
 * sent back): their own words in a tool result, like an AskUserQuestion answer (decision 97).
 */
export function refusalReason(resultText: string): string[] {
  if (!resultText.trimStart().startsWith(REFUSAL_OPENING)) return [];
  const said = REFUSAL_REASON.exec(resultText)?.[1]?.replace(AFTER_REASON, '').trim() ?? '';
  return said === '' || CANNED_REASON.test(said) ? [] : [said];
}

/**
 * The person's words in a message's tool results: the answers to the AskUserQuestion calls
 * `asked`, and the reason they gave for refusing any call (a refusal is an error result, when
 * the block says which).
 */
export function answersIn(content: Blocks, asked: ReadonlySet<string>): string[] {
  if (typeof content === 'string') return [];
  return content.filter(isToolResultBlock).flatMap((block) => {
    const text = toolResultText(block.content);
    return [...(asked.has(block.tool_use_id) ? askAnswers(text) : []), ...(block.is_error === false ? [] : refusalReason(text))];
  });
}
