import { reservedIndexNameReason } from '../../memory/durable/memoryIndex.js';
import { indexLine, renderTopicFile, type TopicFile } from '../../memory/durable/topicFile.js';
import type { MemoryHeader, ModelMessage, ModelTask } from '../port.js';
import { clip } from './conversationFacts.js';
import { findMemoryStatements, type MemoryStatement } from './memoryStatements.js';
import { contentWords } from './lexicalRank.js';

type ExtractTask = Extract<ModelTask, { kind: 'extract_memories' }>;

/** A file the offline extractor writes: a name relative to the memory directory, and its content. */
export interface FileWrite {
  readonly filename: string;
  readonly content: string;
}

const HOW_TO_APPLY: Readonly<Record<string, string>> = {
  feedback: 'Follow it in later sessions without being reminded.',
  project: 'Take it into account when planning or suggesting work on this project.',
};

/** Two memories say the same thing when most of their content words are shared. */
function similar(a: string, b: string): boolean {
  const left = new Set(contentWords(a));
  const right = new Set(contentWords(b));
  if (left.size === 0 || right.size === 0) return false;
  const shared = [...left].filter((word) => right.has(word)).length;
  return shared / Math.min(left.size, right.size) >= 0.6;
}

function slug(text: string): string {
  const words = contentWords(text).slice(0, 5);
  return (words.length === 0 ? ['note'] : words).join('-').slice(0, 60);
}

export function titleOf(text: string): string {
  const words = text
    .replace(/[`*_#[\]()"]/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .join(' ')
    .replace(/[.,;:!?]+$/, '');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function bodyOf(statement: MemoryStatement): string {
  const lines = [statement.text.charAt(0).toUpperCase() + statement.text.slice(1)];
  const why =
    statement.cue === 'correction'
      ? `The user corrected the assistant, which had said: "${statement.corrected ?? ''}"`
      : `The user said so: "${statement.quote}"`;
  if (statement.type === 'feedback' || statement.type === 'project')
    lines.push('', `**Why:** ${why}`, `**How to apply:** ${HOW_TO_APPLY[statement.type] ?? ''}`);
  else lines.push('', `Source: "${statement.quote}"`);
  return lines.join('\n');
}

/**
 * What the offline extractor saves from the new part of a conversation: one topic file per
 * explicit statement, an existing memory updated (not duplicated) when it says the same thing,
 * and MEMORY.md with a line for every new file.
 */
export function draftMemories(task: ExtractTask, conversation: readonly ModelMessage[]): FileWrite[] {
  // Statements come from the new messages only, read with the message before them (a correction needs what it corrects).
  const firstNew = Math.max(0, conversation.length - task.newMessages);
  const offset = Math.max(0, firstNew - 1);
  const human = task.humanMessages === undefined ? undefined : new Set(task.humanMessages);
  const statements = findMemoryStatements(conversation.slice(offset)).filter(
    (s) => s.messageIndex + offset >= firstNew && (human === undefined || human.has(s.messageIndex + offset)),
  );
  const writes = new Map<string, FileWrite>();
  const known: Array<MemoryHeader & { readonly text?: string }> = [...task.existing];
  const newLines: string[] = [];
  for (const statement of statements) {
    const match = known.find(
      (header) =>
        similar(header.description ?? header.filename, statement.text) ||
        (header.text !== undefined && similar(header.text, statement.text)),
    );
    const filename = match?.filename ?? uniqueName(`${slug(statement.text)}.md`, known);
    if (match && writes.has(filename)) continue;
    const description = clip(statement.text, 150);
    const file: TopicFile = {
      name: filename.replace(/\.md$/, ''),
      // The new statement replaces the old one, so its description does too: a changed fact must not keep its old hook.
      description,
      type: statement.type,
      body: bodyOf(statement),
      modified: task.now,
      ...(task.sessionId === undefined ? {} : { originSessionId: task.sessionId }),
    };
    writes.set(filename, { filename, content: renderTopicFile(file, task.frontmatter) });
    if (!match) {
      known.push({ filename, description, type: statement.type, text: statement.text });
      newLines.push(indexLine(titleOf(statement.text), filename, clip(statement.text, 100)));
    }
  }
  // Every file written has its index line, even when an earlier run wrote the file and stopped before the index.
  for (const filename of writes.keys()) {
    if (task.index.includes(`](${filename})`) || newLines.some((line) => line.includes(`](${filename})`))) continue;
    const header = known.find((h) => h.filename === filename);
    newLines.push(indexLine(titleOf(header?.description ?? filename.replace(/\.md$/, '')), filename, clip(header?.description ?? '', 100)));
  }
  if (newLines.length === 0) return [...writes.values()];
  const index = task.index.trimEnd();
  return [...writes.values(), { filename: 'MEMORY.md', content: `${index === '' ? '' : `${index}\n`}${newLines.join('\n')}\n` }];
}

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
