import { isTextBlock } from '../../transcript/contentGuards.js';
import { askCallIds, personsAnswersIn, type AskQuestion } from './askAnswers.js';
import { withoutCompactionSummaries } from './compactionSummary.js';
import { choiceStatement } from './lastingChoice.js';
import { isStepLine, isTaskPrompt, personsWords } from './personsWords.js';
import { LASTING } from './lastingWords.js';
import { latestPerSubject } from './latestPerSubject.js';
import type { MemoryStatement } from './memoryStatement.js';
import { keptOnRequest } from './memoryRequest.js';
import type { ModelMessage } from '../port.js';
import { clip, humanText } from './conversationFacts.js';
import { looksSecret } from './secretLike.js';
import { withoutToolMarkers } from './toolMarkers.js';
import { describesScenario } from './scenarioFraming.js';
import { withoutSaidAgain } from '../../consolidation/sentAgain.js';
import { isSampleMessage } from './sampleMessage.js';
import { askedAbout } from './unmarkedQuestion.js';
import { pieces } from './statementPieces.js';
import { classify } from './cueFinders.js';
import { statementOf } from './statementFinders.js';
import { type Found, isOrderOfWork, make } from './foundStatement.js';
import { grouped } from './statementGroups.js';
import { withLeadsOpening, withReferents } from './pointedReferent.js';
import { withWantsAsReasons } from './requestWithItsWant.js';
import { isStepOfTaskAtHand } from './stepOfTaskAtHand.js';
import { isProcessConvention } from './processConventions.js';
import { isStyleOrder } from './styleOrders.js';
import { withConventionsAfterSteps } from './conventionsAfterSteps.js';
import { actionCheckedNext } from './actionJustTold.js';
import { isExpectedAfterSymptom } from './expectedAfterSymptom.js';
import { answersAssistantsHeading } from './planPointAnswers.js';
export type { MemoryStatement } from './memoryStatement.js';

function assistantText(message: ModelMessage): string {
  const texts = typeof message.content === 'string' ? [message.content] : message.content.filter(isTextBlock).map((b) => b.text);
  return texts.join(' ');
}

/**
 * Finds the statements worth remembering in what the person wrote — facts about themselves,
 * ways of working (rules, preferences, corrections, confirmed approaches), project facts and
 * references — by the kinds of statement in src/model/offline/statementKinds.ts. Questions,
 * tasks, fix stories, transient state and code are left alone, and so is every message holding
 * anything shaped like a credential.
 */
export function findMemoryStatements(messages: readonly ModelMessage[]): MemoryStatement[] {
  const found: MemoryStatement[] = [];
  let lastAssistant: string | undefined;
  const asked = new Map<string, AskQuestion[]>();
  messages.forEach((message, messageIndex) => {
    if (message.role === 'assistant') {
      const calls = askCallIds([message]);
      for (const [id, questions] of calls) asked.set(id, questions);
      // The questions an AskUserQuestion call put are what the person's typed answer replies to (decision 124).
      const questions = [...calls.values()].flatMap((put) => put.map((question) => question.question));
      const text = [assistantText(message), ...questions].filter((t) => t !== '').join(' ');
      if (text !== '') lastAssistant = looksSecret(text) ? undefined : text;
      return;
    }
    // A choice among the options offered is read with its question, not as a sentence (decision 102).
    const answers = personsAnswersIn(message.content, asked);
    for (const choice of answers.choices) {
      const statement = choiceStatement(choice, messageIndex);
      if (statement !== undefined && !looksSecret(statement.text)) found.push(statement);
    }
    // A compaction's summary is Claude Code's account of the work, not the person's words (decision 106).
    const text = [humanText(withoutCompactionSummaries(message)), ...answers.words].filter((t) => t !== '').join('\n\n');
    if (text === '') return;
    // A tool's marker is no one's words: the generated folder of a pasted image's path is no credential (decision 68, amended).
    if (!looksSecret(withoutToolMarkers(text))) found.push(...ownStatements(text, lastAssistant, messageIndex));
    lastAssistant = undefined;
  });
  return latestPerSubject(found);
}

/** The statements of a person's message, read without what they pasted (decision 69). */
function ownStatements(text: string, lastAssistant: string | undefined, messageIndex: number): MemoryStatement[] {
  // Pasted material (code, logs, another agent's report) is not the person's words: it goes before the text is read (decision 69).
  const own = personsWords(withoutToolMarkers(text));
  // Sample content sent to see how it is shown holds no statement (decision 106, amended).
  if (isSampleMessage(own)) return [];
  // "…add that to your CLAUDE.md": the rest of the message is what they ask to keep.
  const keep = keptOnRequest(own);
  if (keep !== undefined) {
    const kept = clip(keep, 400);
    return [{ ...make(classify(kept, 'feedback'), 'remember', kept, clip(own, 400)), messageIndex }];
  }
  // A sentence sent again, longer, in the same message is the longer one's (decision 69, amended).
  const said = withoutSaidAgain(pieces(own));
  // The steps of a numbered task prompt are a task: only a rule said among them is kept.
  const task = isTaskPrompt(text);
  const steps = own.split('\n').filter(isStepLine);
  const onStep = (i: number): boolean => steps.some((line) => line.includes(said[i]?.text ?? ''));
  // A proposal put after a question's head and a colon is asked about, not stated (decision 124).
  const asked = askedAbout(said);
  const kept = (statement: Found, i: number): Found | undefined => {
    const piece = said[i];
    if (asked[i] === true) return undefined;
    if (piece?.opensParagraph !== true && describesScenario(said[i - 1]?.text, piece?.text ?? '')) return undefined;
    // An action just done that the next sentence checks ("…moved it to vendor/. Try again.") is the moment's (decision 136).
    if (actionCheckedNext(piece?.text ?? '', said[i + 1]?.text)) return undefined;
    // What a thing should do instead, said right after a symptom of the moment, is the fix asked for now (decision 143).
    if (isExpectedAfterSymptom(said[i - 1]?.text, piece?.text ?? '')) return undefined;
    // An answer to one of the points the assistant just made, named by its words ("About the cleanup: …", decision 144).
    if (answersAssistantsHeading(piece?.text ?? '', lastAssistant)) return undefined;
    // A rule's words among the steps of one task at hand are a step of it (decision 123).
    if (AT_HAND_CUES.has(statement.cue) && isStepOfTaskAtHand(said, i, text)) return undefined;
    // An order to use a tool on a numbered line is one of the steps (decision 125).
    if (isOrderOfWork(statement) && onStep(i)) return undefined;
    // A task's numbered step said as what is done or as a style order tells the work to build (decision 126).
    if (task && onStep(i) && isSaidAsPractice(piece?.text ?? '')) return undefined;
    // A norm or a preference in a task prompt says what to build, unless a lasting word or the person's own "I / we"
    // makes it how work goes (decision 140).
    if (task && statement.cue === 'preference' && !holdsBeyondTheTask(piece?.text ?? '')) return undefined;
    return task && !LASTING_CUES.has(statement.cue) ? undefined : statement;
  };
  const read = said.map((piece, i) => {
    const statement = statementOf(piece.text, lastAssistant, i === 0);
    return statement === undefined ? undefined : kept(statement, i);
  });
  // A convention said right after the step it shapes speaks of the step's kind of artefact (decision 130).
  const statements = withConventionsAfterSteps(said, read, kept);
  // A want after a capability request is its reason, when the request passes the guards above and is no numbered step;
  // a statement that only points is led by what it points at (decision 122, amended).
  const keptRequest = (statement: Found, i: number): Found | undefined => (onStep(i) ? undefined : kept(statement, i));
  const folded = withWantsAsReasons(said, statements, keptRequest);
  const about = withReferents(folded.said, folded.statements, lastAssistant, own);
  return grouped(folded.said, about.statements).map((statement) => ({ ...withLeadsOpening(statement, about.leads), messageIndex }));
}

/**
 * A lasting word, the person speaking of their own ways ("I prefer…", "we use…", "our…"), or a convention of the
 * process's artefacts said outside the steps ("commit messages follow the angular format", decision 126).
 */
const holdsBeyondTheTask = (sentence: string): boolean =>
  LASTING.test(sentence) || /\b(?:I|we|our|my)\b/i.test(sentence) || isProcessConvention(sentence);

/** The cues of a rule or a preference, which a message's task at hand can make a step of (decision 123). */
const AT_HAND_CUES: ReadonlySet<MemoryStatement['cue']> = new Set(['always-never', 'preference']);

/** A convention said as what is done, or a style order: in a task's steps, a description of what to build (decision 126). */
const isSaidAsPractice = (sentence: string): boolean => isProcessConvention(sentence) || isStyleOrder(sentence);

/** The cues that say how work goes from now on, which a task prompt can carry among its steps. */
const LASTING_CUES: ReadonlySet<MemoryStatement['cue']> = new Set(['remember', 'always-never', 'preference', 'about-me']);
