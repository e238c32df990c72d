import { isToolResultBlock, isToolUseBlock } from '../../transcript/contentGuards.js';
import type { ContentBlock } from '../../transcript/contentSchema.js';

/** The tool through which Claude Code asks the person to choose or type an answer. */
export const ASK_TOOL = 'AskUserQuestion';

/** Where a pair `"question"="answer"` starts its answer. */
const ANSWER_START = '"="';
/**
 * A quote that can close an answer: before the next pair, the closing sentence, a preview, the person's notes, or the end.
 * The notes' mark follows white space, so an answer quoting it ("Put them under "user notes:"…") runs on.
 */
// No two parts of it take the same white space, so a quote before a long run of it is tried in one pass, not once per split.
const ANSWER_END = /"(?=\s*(?:,\s*"|\.\s*You can now\b|selected preview\b|(?<=\s)user notes: |(?:\.\s*)?$))/g;

/**
 * Where the notes the person typed beside an answer start: Claude Code 2.1.x writes them after the
 * answer (and after the preview of the option picked, if any), before the next pair or the closing
 * sentence: `"question"="answer" selected preview:\n… user notes: …`.
 */
const NOTES_MARK = 'user notes: ';
/** The mark right where the notes would start: after the answer, or after the preview it picked. */
const NOTES_MARK_HERE = /^\s*user notes: /;
/** What opens the preview of the option picked. */
const PREVIEW_OPENING = /^\s*selected preview:\n?/;
/** What closes the last pair's notes: Claude Code's closing sentence. */
const CLOSING = /\.\s*You can now continue with the user's answers in mind\.?\s*$/;

/**
 * Where the notes start in the text after an answer's closing quote (`after`): right after the
 * answer, or after the picked option's preview when it is one the options offered, skipped whole
 * (the assistant wrote it, "user notes:" and all). When the preview is unknown, it may hold
 * anything: the notes are after its last mark.
 */
function notesStart(after: string, questions: readonly AskQuestion[]): number | undefined {
  const opening = PREVIEW_OPENING.exec(after);
  let from = 0;
  if (opening !== null) {
    const shown = opening[0].length;
    const preview = questions
      .flatMap((q) => q.previews ?? [])
      .flatMap((text) => [text, text.trim()])
      .filter((text) => text !== '' && after.startsWith(text, shown))
      .sort((a, b) => b.length - a.length)[0];
    if (preview === undefined) {
      const mark = after.lastIndexOf(NOTES_MARK);
      return mark === -1 ? undefined : mark + NOTES_MARK.length;
    }
    from = shown + preview.length;
  }
  const mark = NOTES_MARK_HERE.exec(after.slice(from));
  return mark === null ? undefined : from + mark[0].length;
}

/**
 * Where the next pair starts in the notes before it (`rest` runs to its `"="`): at the `, "` before a
 * question the call asked that `rest` ends with, so a question holding `, "` is not cut; else at the
 * last `, "`.
 */
function nextPairStart(rest: string, questions: readonly AskQuestion[]): number {
  const asked = questions.map((q) => q.question.trim()).sort((a, b) => b.length - a.length);
  for (const question of asked) {
    if (question === '' || !rest.endsWith(question)) continue;
    const separator = /,\s*"$/.exec(rest.slice(0, rest.length - question.length));
    if (separator !== null) return separator.index;
  }
  return Math.max(0, rest.lastIndexOf(', "'));
}

/**
 * The notes in the text between an answer's closing quote and the next answer (`after`), to the
 * next pair or the closing sentence; undefined when there are none.
 */
function notesIn(after: string, last: boolean, questions: readonly AskQuestion[]): string | undefined {
  const start = notesStart(after, questions);
  if (start === undefined) return undefined;
  const rest = after.slice(start);
  const notes = (last ? rest.replace(CLOSING, '') : rest.slice(0, nextPairStart(rest, questions))).trim();
  return notes === '' ? undefined : notes;
}

/**
 * The answers the person gave through AskUserQuestion, as its tool result words them ("User has
 * answered your questions: "Which port?"="4000, always". You can now continue…"): their own words
 * (decision 69), unlike every other tool result. The questions are the assistant's and are left out.
 */
export function askAnswers(resultText: string): string[] {
  return askPairs(resultText).map((pair) => pair.answer);
}

/** One question asked through AskUserQuestion, with the labels of the options it offered and the previews they showed. */
export interface AskQuestion {
  readonly question: string;
  readonly options: readonly string[];
  readonly previews?: readonly string[];
}

/** A question and the answer the person gave to it, as the tool result words them. */
export interface AskPair {
  readonly question: string;
  readonly answer: string;
}

/** The `"question"="answer"` pairs of an AskUserQuestion result, in order; an answer never empty. */
export function askPairs(resultText: string): AskPair[] {
  return pairsWithLead(resultText).map(({ question, answer }) => ({ question, answer }));
}

/**
 * A pair, with all the text between the previous answer and its own (a question holding quotes is
 * found in it whole), and the notes the person typed beside it, if any.
 */
type PairWithLead = AskPair & { readonly lead: string; readonly notes?: string };

function pairsWithLead(resultText: string, questions: readonly AskQuestion[] = []): PairWithLead[] {
  if (!/\b(?:answered your questions|have been answered)\b/i.test(resultText)) return [];
  // Each answer runs to the first closing quote after it. The closings are found once, so a result with many pairs that
  // never close is read in one pass, not once per pair.
  const ends = [...resultText.matchAll(ANSWER_END)].map((match) => match.index);
  const pairs: PairWithLead[] = [];
  let next = 0;
  let previousEnd = -1;
  for (let start = resultText.indexOf(ANSWER_START); start >= 0;) {
    const body = start + ANSWER_START.length;
    while (next < ends.length && (ends[next] ?? Infinity) < body) next++;
    const end = ends[next];
    if (end === undefined) break;
    // The question runs back from its closing quote to the quote that opens it (after the previous pair, or the opening words).
    const opening = resultText.lastIndexOf('"', start - 1);
    const question = opening > previousEnd ? resultText.slice(opening + 1, start).trim() : '';
    const following = resultText.indexOf(ANSWER_START, end + 1);
    const notes = notesIn(resultText.slice(end + 1, following === -1 ? undefined : following), following === -1, questions);
    const pair = { question, answer: resultText.slice(body, end).trim(), lead: resultText.slice(previousEnd + 1, start) };
    pairs.push(notes === undefined ? pair : { ...pair, notes });
    previousEnd = end;
    start = following;
  }
  return pairs.filter((pair) => pair.answer !== '');
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

/** The AskUserQuestion calls the person's answers are read for: their ids, with the questions when they are known. */
export type AskedCalls = ReadonlySet<string> | ReadonlyMap<string, readonly AskQuestion[]>;

type OptionInput = { label?: unknown; markdown?: unknown; preview?: unknown } | null;

/** The preview an option shows beside it (`markdown` in Claude Code 2.1.x), the assistant's text. */
const previewOf = (o: OptionInput): string[] =>
  typeof o?.markdown === 'string' ? [o.markdown] : typeof o?.preview === 'string' ? [o.preview] : [];

/** The questions of an AskUserQuestion call's input, each with its options' labels and previews. */
function questionsOf(input: unknown): AskQuestion[] {
  const questions = (input as { questions?: unknown } | null)?.questions;
  if (!Array.isArray(questions)) return [];
  return questions.flatMap((q: { question?: unknown; options?: unknown }) => {
    if (typeof q?.question !== 'string') return [];
    const given = (Array.isArray(q.options) ? q.options : []) as OptionInput[];
    const options = given.flatMap((o) => (typeof o?.label === 'string' ? [o.label] : []));
    const previews = given.flatMap(previewOf);
    return [previews.length === 0 ? { question: q.question, options } : { question: q.question, options, previews }];
  });
}

/** The AskUserQuestion calls among messages, by id, with their questions: their results hold the person's answers. */
export const askCallIds = (messages: ReadonlyArray<{ readonly content: Blocks }>): Map<string, AskQuestion[]> =>
  new Map(
    messages.flatMap((m) =>
      typeof m.content === 'string'
        ? []
        : m.content
            .filter(isToolUseBlock)
            .flatMap((block) => (block.name === ASK_TOOL ? [[block.id, questionsOf(block.input)] as const] : [])),
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

/** A note an option's label carries that is no part of the choice: "(Recommended)", "(Recomendado)", "(recommandé)". */
const LABEL_NOTE = /\s*\((?:recommended|recomendad[oa]|recommandée?|empfohlen)\)\s*$/i;
const bareLabel = (label: string): string => label.replace(LABEL_NOTE, '').trim();

/** The question a pair answers: the one the text before its answer ends with (quotes and all), else the one in its place. */
function askedQuestion(pair: PairWithLead, index: number, questions: readonly AskQuestion[]): AskQuestion | undefined {
  const lead = pair.lead.replace(/"\s*$/, '').trimEnd();
  return questions.find((q) => q.question.trim() !== '' && lead.endsWith(q.question.trim())) ?? questions[index];
}

/**
 * The options an answer picked, when it is one of the labels the question offered or, for a question that takes several,
 * a list of them ("ESLint, Prettier"), each with its note taken off; else undefined.
 */
function pickedOptions(answer: string, asked: AskQuestion): string[] | undefined {
  const offered = new Map(asked.options.map((label) => [bareLabel(label).toLowerCase(), bareLabel(label)] as const));
  const whole = offered.get(bareLabel(answer).toLowerCase());
  if (whole !== undefined) return [whole];
  const parts = answer.split(/,\s*/).map((part) => offered.get(bareLabel(part).toLowerCase()));
  return parts.length > 1 && parts.every((part) => part !== undefined) ? parts : undefined;
}

/**
 * One answer the person gave through AskUserQuestion: a choice among the options offered, or words
 * of their own; either with the notes they typed beside it, which are their words too.
 */
export type AskAnswer = (
  { readonly kind: 'choice'; readonly question: string; readonly option: string } | { readonly kind: 'words'; readonly text: string }
) & { readonly notes?: string };

/** The answers of an AskUserQuestion call's result, each a choice among the offered options or the person's own words. */
function answersOf(text: string, questions: readonly AskQuestion[]): AskAnswer[] {
  return pairsWithLead(text, questions).map((pair, i) => {
    const asked = askedQuestion(pair, i, questions);
    const options = asked === undefined ? undefined : pickedOptions(pair.answer, asked);
    const notes = pair.notes === undefined ? {} : { notes: pair.notes };
    return asked === undefined || options === undefined
      ? { kind: 'words' as const, text: pair.answer, ...notes }
      : { kind: 'choice' as const, question: asked.question.trim(), option: options.join(', '), ...notes };
  });
}

/** The person's own words among an answer: a free-text answer, and the notes typed beside any answer. */
const wordsOfAnswer = (answer: AskAnswer): string[] => [
  ...(answer.kind === 'words' ? [answer.text] : []),
  ...(answer.notes === undefined ? [] : [answer.notes]),
];

const questionsFor = (asked: AskedCalls, id: string): readonly AskQuestion[] =>
  asked instanceof Map ? ((asked as ReadonlyMap<string, readonly AskQuestion[]>).get(id) ?? []) : [];

/** Every AskUserQuestion answer in a message's tool results, for the calls `asked`. */
export function askAnswersIn(content: Blocks, asked: AskedCalls): AskAnswer[] {
  if (typeof content === 'string') return [];
  return content
    .filter(isToolResultBlock)
    .flatMap((block) =>
      asked.has(block.tool_use_id) ? answersOf(toolResultText(block.content), questionsFor(asked, block.tool_use_id)) : [],
    );
}

/**
 * The person's words in a message's tool results: the answers to the AskUserQuestion calls
 * `asked` that are their own words (a choice among the options offered is no sentence of theirs:
 * `choicesIn`), and the reason they gave for refusing any call (a refusal is an error result,
 * when the block says which).
 */
export function answersIn(content: Blocks, asked: AskedCalls): string[] {
  return personsAnswersIn(content, asked).words;
}

/** The choices the person made among the options AskUserQuestion offered, with the question each answered (decision 102). */
export function choicesIn(content: Blocks, asked: AskedCalls): AskPair[] {
  return personsAnswersIn(content, asked).choices;
}

/** `answersIn` and `choicesIn` of one message, its tool results read once. */
export function personsAnswersIn(content: Blocks, asked: AskedCalls): { readonly words: string[]; readonly choices: AskPair[] } {
  if (typeof content === 'string') return { words: [], choices: [] };
  const answers = askAnswersIn(content, asked);
  const refusals = content
    .filter(isToolResultBlock)
    .flatMap((block) => (block.is_error === false ? [] : refusalReason(toolResultText(block.content))));
  return {
    words: [...answers.flatMap(wordsOfAnswer), ...refusals],
    choices: answers.flatMap((answer) => (answer.kind === 'choice' ? [{ question: answer.question, answer: answer.option }] : [])),
  };
}
