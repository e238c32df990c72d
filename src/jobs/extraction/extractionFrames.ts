import { askCallIds, personsAnswersIn } from '../../model/offline/askAnswers.js';
import type { Decision, ExtractionDue, RunStart } from '../../projections/decisions.js';
import { isPrompt } from '../../projections/turns.js';
import { typedWordsIn } from '../../projections/typedWords.js';
import type { ConversationWindow } from '../../resume/conversationWindow.js';
import { placedOnKept, withQueuedWords } from '../../resume/withQueuedWords.js';

/** What one extraction run reads: the conversation up to its start, how much of it is new since the cursor, and the time it stamps. */
export type ExtractionFrame = ReturnType<typeof buildFrame>;

/**
 * The frames of one session's runs, each built once: a batch run's record and its request both
 * need the run's view of the conversation. `forget` drops a frame once its run has it. The
 * conversation comes from the window the session streams through (decision 55).
 */
export function extractionFrames(window: ConversationWindow): {
  readonly frame: (start: RunStart, decisions: readonly Decision[]) => ExtractionFrame;
  readonly forget: (start: RunStart) => void;
} {
  const frames = new Map<RunStart, ExtractionFrame>();
  return {
    frame: (start, decisions) => {
      const known = frames.get(start);
      if (known !== undefined) return known;
      const made = buildFrame(window, start, decisions);
      frames.set(start, made);
      return made;
    },
    forget: (start) => {
      frames.delete(start);
    },
  };
}

function buildFrame(window: ConversationWindow, start: RunStart, decisions: readonly Decision[]) {
  const view = window.snapshot(start.seq);
  // Words handed over with an entry the view drops are read where it holds what that entry was (decision 100).
  const typed = placedOnKept(view, window.typedWords(start.seq));
  const snapshot = withQueuedWords(view, typed.queued);
  const cursor = (decisions[0] as ExtractionDue | undefined)?.cursor ?? null;
  const at = cursor === null ? -1 : snapshot.findIndex((m) => m.sources.includes(cursor));
  const prompt = (uuid: string): boolean => {
    const entry = window.find(uuid);
    return entry !== undefined && isPrompt(entry);
  };
  const asked = askCallIds(snapshot);
  return {
    snapshot,
    conversation: snapshot.map(({ role, content }) => ({ role, content })),
    /**
     * Which of the conversation's messages hold the person's words: what they typed, their AskUserQuestion answers
     * (decision 69), and what they queued while the agent worked (decision 100).
     */
    humanMessages: snapshot.flatMap((message, i) =>
      message.role === 'user' &&
      (message.sources.some(prompt) || typedWordsIn(message.sources, typed).length > 0 || answeredIn(message.content, asked))
        ? [i]
        : [],
    ),
    /** The words of a person's message that holds no prompt of theirs: only these are theirs, not the rest of it (decision 100). */
    typedWords: snapshot.flatMap((message, i) => {
      const texts = message.role === 'user' && !message.sources.some(prompt) ? typedWordsIn(message.sources, typed) : [];
      return texts.length === 0 ? [] : [{ message: i, texts }];
    }),
    newMessages: at === -1 ? snapshot.length : snapshot.length - at - 1,
    from: cursor,
    to: start.uuid,
    now: (window.find(start.uuid) as { timestamp?: string } | undefined)?.timestamp ?? '1970-01-01T00:00:00.000Z',
  };
}

/** Whether a message's tool results hold the person's answers: words of theirs or a choice among the options offered. */
function answeredIn(content: Parameters<typeof personsAnswersIn>[0], asked: Parameters<typeof personsAnswersIn>[1]): boolean {
  const { words, choices } = personsAnswersIn(content, asked);
  return words.length > 0 || choices.length > 0;
}
