import { reservedIndexNameReason } from '../../memory/durable/memoryIndex.js';
import { distinctiveTerms } from '../../consolidation/distinctiveTerms.js';
import { memorySlug } from '../../memory/durable/memorySlug.js';
import { indexLine, renderTopicFile, type TopicFile } from '../../memory/durable/topicFile.js';
import type { MemoryHeader, ModelMessage, ModelTask } from '../port.js';
import { clip } from './conversationFacts.js';
import { findMemoryStatements, type MemoryStatement } from './memoryStatements.js';
import { contentWords } from './lexicalRank.js';
import { statementDescription } from './memoryDescription.js';
import { titleOf } from './memoryTitle.js';
import { sessionSpelling } from './sessionSpelling.js';
import { isTextBlock } from '../../transcript/contentGuards.js';
import { cutOnWords } from '../../memory/durable/cutOnWords.js';
import { looksSecret } from './secretLike.js';
import { capitalise } from './capitalise.js';
import { withoutLead } from './aboutLead.js';

type ExtractTask = Extract<ModelTask, { kind: 'extract_memories' }>;

/** A file the offline extractor writes: a name relative to the memory directory, and its content. */
export interface FileWrite {
  readonly filename: string;
  readonly content: string;
}

const HOW_TO_APPLY: Readonly<Record<string, string>> = {
  user: 'Fit explanations and suggestions to this person.',
  feedback: 'Follow it in later sessions without being reminded.',
  project: 'Take it into account when planning or suggesting work on this project.',
  reference: 'Look there first when the subject comes up.',
};

/**
 * Two memories say the same thing when most of their content words are shared; a lead names what one is about, not
 * what it says, so it is no shared word (decision 122, amended).
 */
function similar(a: string, b: string): boolean {
  const left = new Set(subjectWords(withoutLead(a)));
  const right = new Set(subjectWords(withoutLead(b)));
  if (left.size === 0 || right.size === 0) return false;
  const shared = [...left].filter((word) => right.has(word)).length;
  // A statement of one word shares all of it easily: then the word must name one thing ("pnpm"), not a kind ("simple").
  if (Math.min(left.size, right.size) < 2) return shared === 1 && sharesName(a, b);
  return shared / Math.min(left.size, right.size) >= 0.6;
}

const sharesName = (a: string, b: string): boolean => {
  const names = distinctiveTerms(b);
  return [...distinctiveTerms(a)].some((name) => names.has(name));
};

/**
 * The words that say what a statement is about: its content words without the verbs every rule and preference is said
 * with ("I hate X, keep Y" and "I hate Z, keep W" are two rules, not one said twice).
 */
const subjectWords = (text: string): string[] => contentWords(text).filter((word) => !RULE_VERBS.has(word));
const RULE_VERBS = new Set(['hate', 'love', 'like', 'prefer', 'keep', 'use', 'make', 'sure', 'want', 'need', 'always', 'never', 'please']);

/**
 * The memory's body: the statement, then **Why:** and **How to apply:** when the person gave a
 * reason (decision 68): a why is theirs or there is none, never made up from what the assistant
 * had said. What a correction or a confirmation answered is context, said as such (a "keep doing
 * it that way" means nothing without it). Otherwise the words as said follow only when the
 * statement was cleaned of a lead-in ("remember that…").
 */
export function bodyOf(statement: MemoryStatement): string {
  const lines = [capitalise(statement.text)];
  if (statement.reason !== undefined)
    lines.push('', `**Why:** ${capitalise(statement.reason)}`, `**How to apply:** ${HOW_TO_APPLY[statement.type] ?? ''}`);
  const answered = statement.cue === 'correction' || statement.cue === 'confirmation' ? statement.corrected : undefined;
  if (answered !== undefined && answered !== '')
    lines.push('', `Said ${statement.cue === 'correction' ? 'to correct' : 'to confirm'} the assistant, which had said: "${answered}"`);
  else if (statement.reason === undefined && statement.quote !== statement.text) lines.push('', `Said as: "${statement.quote}"`);
  return lines.join('\n');
}

/**
 * What the offline extractor saves from the new part of a conversation: one topic file per
 * explicit statement, an existing memory updated (not duplicated) when it says the same thing,
 * and MEMORY.md with a line for every new file.
 */
export function draftMemories(task: ExtractTask, conversation: readonly ModelMessage[]): FileWrite[] {
  const statements = newStatements(task, conversation);
  const writes = new Map<string, FileWrite>();
  const known: Array<MemoryHeader & { readonly text?: string }> = [...task.existing];
  const newLines: string[] = [];
  // A word the person typed with a slip is titled as the session spells it (decision 68, amended 2026-12-07).
  const mend = sessionSpelling(() => conversation.flatMap(messageTexts));
  for (const statement of statements) {
    const title = mend(titleOf(statement.title ?? statement.text));
    const match = known.find(
      (header) =>
        similar(header.description ?? header.filename, statement.text) ||
        (header.text !== undefined && similar(header.text, statement.text)),
    );
    const filename = match?.filename ?? uniqueName(`${memorySlug(title)}.md`, known);
    if (match && writes.has(filename)) continue;
    const description = statementDescription(statement);
    const file: TopicFile = {
      // The name is the file's name (decision 68). A rewrite is named after what the memory now says,
      // negation included: the run moves it to that file (followNames.ts, decision 93).
      name: match === undefined ? filename.replace(/\.md$/, '') : memorySlug(title),
      // The new statement replaces the old one, so its description does too: a changed fact must not keep its old hook.
      description,
      type: statement.type,
      body: bodyOf(statement),
      modified: task.now,
      ...(task.sessionId === undefined ? {} : { originSessionId: task.sessionId }),
    };
    // The statement was checked; this checks what was made of it (the corrected assistant text too).
    if (looksSecret(`${description}\n${file.body}`)) continue;
    const content = renderTopicFile(file, task.frontmatter);
    writes.set(filename, { filename, content });
    if (!match) {
      known.push({ filename, description, type: statement.type, text: statement.text });
      newLines.push(indexLine(title, filename, hookOf(statement.text)));
    }
  }
  // Every file written has its index line, even when an earlier run wrote the file and stopped before the index.
  for (const filename of writes.keys()) {
    if (task.index.includes(`](${filename})`) || newLines.some((line) => line.includes(`](${filename})`))) continue;
    const header = known.find((h) => h.filename === filename);
    newLines.push(indexLine(titleOf(header?.description ?? filename.replace(/\.md$/, '')), filename, hookOf(header?.description ?? '')));
  }
  if (newLines.length === 0) return [...writes.values()];
  const index = task.index.trimEnd();
  return [...writes.values(), { filename: 'MEMORY.md', content: `${index === '' ? '' : `${index}\n`}${newLines.join('\n')}\n` }];
}

/** The statements of the new messages, read with the message before them (a correction needs what it corrects). */
function newStatements(task: ExtractTask, conversation: readonly ModelMessage[]): MemoryStatement[] {
  const firstNew = Math.max(0, conversation.length - task.newMessages);
  const offset = Math.max(0, firstNew - 1);
  const human = task.humanMessages === undefined ? undefined : new Set(task.humanMessages);
  return findMemoryStatements(ownWordsOnly(conversation, task.typedWords).slice(offset)).filter(
    (s) => s.messageIndex + offset >= firstNew && (human === undefined || human.has(s.messageIndex + offset)),
  );
}

/** An index line's hook: the memory's words, cut after a whole word to fit (decision 68). */
const hookOf = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return cutOnWords(flat, HOOK_CHARS) || clip(flat, HOOK_CHARS);
};
const HOOK_CHARS = 100;

/** The conversation with each message that is the person's only in part read as the words that are theirs (decision 100). */
function ownWordsOnly(conversation: readonly ModelMessage[], typed: ExtractTask['typedWords']): readonly ModelMessage[] {
  if (typed === undefined || typed.length === 0) return conversation;
  const own = new Map(typed.map(({ message, texts }) => [message, texts]));
  return conversation.map((message, i) => {
    const texts = own.get(i);
    if (texts === undefined) return message;
    // Its tool results stay: an AskUserQuestion answer in one is the person's words too.
    const kept = typeof message.content === 'string' ? [] : message.content.filter((block) => block.type !== 'text');
    return { role: message.role, content: [...kept, ...texts.map((text) => ({ type: 'text' as const, text }))] };
  });
}

/** A message's words: its text, or its text blocks. */
const messageTexts = (message: ModelMessage): string[] =>
  typeof message.content === 'string' ? [message.content] : message.content.filter(isTextBlock).map((block) => block.text);

/** A name no memory has yet; never the index's in another case (`memory.md` is MEMORY.md on macOS). */
function uniqueName(wanted: string, known: readonly MemoryHeader[]): string {
  const taken = new Set(known.map((header) => header.filename));
  const free = (name: string) => !taken.has(name) && reservedIndexNameReason(name) === null;
  if (free(wanted)) return wanted;
  for (let n = 2; ; n++) {
    const candidate = wanted.replace(/\.md$/, `-${n}.md`);
    if (free(candidate)) return candidate;
  }
}
