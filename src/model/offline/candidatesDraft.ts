import type { CandidatesAnswer } from '../candidatesAnswer.js';
import type { ModelMessage, ModelTask } from '../port.js';
import { statementDescription } from './memoryDescription.js';
import { bodyOf } from './memoryDraft.js';
import { titleOf } from './memoryTitle.js';
import { sessionSpelling } from './sessionSpelling.js';
import { choiceStatement } from './lastingChoice.js';
import { findMemoryStatements } from './memoryStatements.js';
import { looksSecret } from './secretLike.js';

type FindCandidatesTask = Extract<ModelTask, { kind: 'find_candidates' }>;

/**
 * The offline answer to a backfill chunk: one candidate per explicit statement a person made in
 * it (the same statements the per-turn extractor keeps), each citing the message it is in. A
 * statement already found earlier in the session (the carry-over) is not found again.
 */
export function draftCandidates(task: FindCandidatesTask): CandidatesAnswer {
  // Messages that are not a person's words are kept as empty turns: a correction must follow the assistant it corrects.
  // A person's message is read block by block, as the per-turn path reads it: a tool result or an interruption note in it is no one's words,
  // except the answers they gave through AskUserQuestion (decision 69) and what they typed outside a prompt (decision 100).
  const messages: ModelMessage[] = task.messages.map((m) => ({
    role: m.role,
    content:
      m.role === 'user' && !m.human
        ? [...(m.typed ?? []), ...(m.answers ?? [])].map((words) => ({ type: 'text' as const, text: words }))
        : m.texts === undefined
          ? m.text
          : m.texts.map((block) => ({ type: 'text' as const, text: block })),
  }));
  const known = new Set(task.known.map((k) => k.description));
  const candidates: CandidatesAnswer['candidates'] = [];
  // A choice among the options AskUserQuestion offered comes with its question, not as a sentence (decision 102).
  const choices = task.messages.flatMap((m, i) => (m.choices ?? []).flatMap((choice) => choiceStatement(choice, i) ?? []));
  // A word typed with a slip is named as the chunk spells it, as the per-turn extractor names it (decision 68, amended 2026-12-07).
  const mend = sessionSpelling(() => task.messages.map((m) => m.text));
  for (const statement of [...findMemoryStatements(messages), ...choices]) {
    const message = task.messages[statement.messageIndex];
    if (message?.human !== true && message?.answers === undefined && message?.typed === undefined && message?.choices === undefined)
      continue;
    const description = statementDescription(statement);
    if (known.has(description)) continue;
    known.add(description);
    const candidate = {
      type: statement.type,
      name: mend(titleOf(statement.title ?? statement.text)),
      description,
      body: bodyOf(statement),
      sources: [message.uuid],
    };
    if (looksSecret(`${candidate.name}\n${candidate.description}\n${candidate.body}`)) continue;
    candidates.push(candidate);
  }
  return { candidates };
}
