import { joinNotes, sectionContent, splitNotes, withContent, type NotesSection } from '../../memory/session/notesSections.js';
import type { ModelMessage } from '../port.js';
import {
  clip,
  commandOf,
  splitSentences,
  conversationFacts,
  firstLine,
  firstSentences,
  isEditStep,
  isReadStep,
  type ConversationFacts,
  type ToolStep,
} from './conversationFacts.js';
import { findMemoryStatements } from './memoryStatements.js';
import { capitalise } from './capitalise.js';

/** Per-section budget in characters: the spec's 2,000 tokens at four characters a token, less room for the head. */
const SECTION_CHARS = 2_000 * 4 - 400;
/** Whole-file budget in characters: the spec's 12,000 tokens, with room for the heads. */
const TOTAL_CHARS = 12_000 * 4 - 400;
/** Bulleted sections keep at most this many lines, the newest. */
const MAX_BULLETS = 40;

type Draft = (facts: ConversationFacts, messages: readonly ModelMessage[]) => string[] | string;

/**
 * What the offline model writes under each of the default template's titles. List sections
 * are keyed bullets (`- key — detail`): a new bullet replaces the old one with the same key, so
 * drafting again from a longer conversation refines the notes rather than repeating them.
 */
const DRAFTS: Readonly<Record<string, Draft>> = {
  'Session Title': (facts) => titleOf(facts.requests[0] ?? ''),
  'Current State': (facts) => currentState(facts),
  'Task specification': (facts) => facts.requests.map((request) => `- ${clip(request, 300)}`),
  'Files and Functions': (facts) => filesTouched(facts.steps),
  Workflow: (facts) => commandsRun(facts.steps),
  'Errors & Corrections': (facts, messages) => [
    ...errorsAndFixes(facts.steps),
    ...findMemoryStatements(messages)
      .filter((s) => s.cue === 'correction')
      .map((s) => `- Correction: ${s.text}`),
  ],
  'Codebase and System Documentation': (facts) => directories(facts.steps),
  Learnings: (_facts, messages) =>
    findMemoryStatements(messages)
      .filter((s) => s.cue !== 'correction')
      .map((s) => `- ${s.text}`),
  'Key results': (facts) => keyResult(facts),
  Worklog: (facts) => worklog(facts),
};

/** Titles whose content is replaced each time rather than merged bullet by bullet. */
const REPLACED = new Set(['Current State', 'Key results']);

/**
 * The notes, brought up to date from a conversation: every section of the current notes whose
 * title the offline model knows gets its drafted content; heads, guidance lines and unknown
 * sections are left exactly as they are.
 */
export function draftSessionNotes(currentNotes: string, messages: readonly ModelMessage[]): string {
  const facts = conversationFacts(messages);
  const document = splitNotes(currentNotes);
  const sections = document.sections.map((section, index): NotesSection => {
    const draft = DRAFTS[section.title];
    if (!draft) return section;
    const drafted = draft(facts, messages);
    const before = sectionContent(section);
    // A replaced section with nothing new to say (a turn still in progress) keeps what it had.
    const content =
      typeof drafted === 'string'
        ? drafted === ''
          ? before
          : drafted
        : REPLACED.has(section.title)
          ? drafted.length === 0
            ? before
            : drafted.join('\n')
          : mergeBullets(before, drafted);
    return withContent(section, fitSection(content), index === document.sections.length - 1);
  });
  return joinNotes({ preamble: document.preamble, sections: fitTotal(sections) });
}

/** Keeps the whole file within its budget: the largest bulleted section gives up its oldest bullet first. */
function fitTotal(sections: NotesSection[]): NotesSection[] {
  const fitted = [...sections];
  const size = () => fitted.reduce((sum, section) => sum + section.head.length + section.body.length, 0);
  while (size() > TOTAL_CHARS) {
    let largest = -1;
    fitted.forEach((section, index) => {
      const lines = sectionContent(section).split('\n');
      if (lines.length > 1 && lines[0]!.startsWith('- ') && (largest === -1 || section.body.length > fitted[largest]!.body.length))
        largest = index;
    });
    if (largest === -1) break;
    const section = fitted[largest]!;
    fitted[largest] = withContent(section, sectionContent(section).split('\n').slice(1).join('\n'), largest === fitted.length - 1);
  }
  return fitted;
}

function titleOf(request: string): string {
  const words = (splitSentences(request)[0] ?? '')
    .replace(/[`*_#>[\]()"]/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 9);
  if (words.length === 0) return '';
  const title = words.join(' ').replace(/[.,;:!?]+$/, '');
  return capitalise(title);
}

function currentState(facts: ConversationFacts): string[] {
  const lines: string[] = [];
  const lastRequest = facts.requests.at(-1);
  if (lastRequest !== undefined) lines.push(`- Latest request: ${clip(lastRequest, 300)}`);
  const lastText = facts.assistantTexts.at(-1)?.text;
  if (facts.inProgress) {
    const pending = facts.steps.at(-1);
    lines.push(`- In progress: ${pending ? describeStep(pending) : 'a tool call'}${pending?.result ? '' : ' (no result yet)'}`);
  } else if (lastText !== undefined) {
    lines.push(`- Last answer: ${firstSentences(lastText, 400)}`);
  }
  const failing = facts.steps.filter((step) => step.result?.isError === true && !fixedLater(step, facts.steps));
  for (const step of failing.slice(-3)) lines.push(`- Unresolved error: ${describeStep(step)} — ${firstLine(step.result!.text, 200)}`);
  return lines;
}

function describeStep(step: ToolStep): string {
  const command = commandOf(step);
  if (command !== undefined) return `\`${command}\``;
  return step.target === undefined ? step.name : `${step.name} ${step.target}`;
}

function filesTouched(steps: readonly ToolStep[]): string[] {
  const files = new Map<string, Set<string>>();
  for (const step of steps) {
    if (step.target === undefined || !(isEditStep(step) || isReadStep(step))) continue;
    const actions = files.get(step.target) ?? new Set<string>();
    actions.add(isEditStep(step) ? (step.name === 'Write' ? 'written' : 'edited') : step.name === 'Read' ? 'read' : 'searched');
    files.set(step.target, actions);
  }
  return [...files].map(([file, actions]) => `- \`${file}\` — ${[...actions].join(', ')}`);
}

function commandsRun(steps: readonly ToolStep[]): string[] {
  const commands = new Map<string, { runs: number; failed: boolean; description?: string }>();
  for (const step of steps) {
    const command = commandOf(step);
    if (command === undefined) continue;
    const seen = commands.get(command) ?? { runs: 0, failed: false };
    const description = typeof step.input['description'] === 'string' ? step.input['description'] : seen.description;
    commands.set(command, {
      runs: seen.runs + 1,
      failed: step.result?.isError === true,
      ...(description === undefined ? {} : { description }),
    });
  }
  return [...commands].map(
    ([command, { runs, failed, description }]) =>
      `- \`${command}\` — ${description === undefined ? '' : `${clip(description, 100)}; `}run ${runs}×${failed ? ', last run failed' : ''}`,
  );
}

/** The first later call that did the same thing (same tool and target, or same command) and succeeded. */
function fixedLater(failed: ToolStep, steps: readonly ToolStep[]): ToolStep | undefined {
  const index = steps.indexOf(failed);
  return steps
    .slice(index + 1)
    .find(
      (step) =>
        step.result?.isError === false &&
        step.name === failed.name &&
        (step.target ?? commandOf(step)) === (failed.target ?? commandOf(failed)),
    );
}

function errorsAndFixes(steps: readonly ToolStep[]): string[] {
  return steps
    .filter((step) => step.result?.isError === true)
    .map((step) => {
      const fix = fixedLater(step, steps);
      const between = fix
        ? steps
            .slice(steps.indexOf(step) + 1, steps.indexOf(fix))
            .filter(isEditStep)
            .map((s) => s.target ?? s.name)
        : [];
      const resolution = fix
        ? `; later succeeded${between.length > 0 ? ` after editing ${[...new Set(between)].join(', ')}` : ''}`
        : '; not resolved yet';
      return `- ${describeStep(step)} — ${firstLine(step.result!.text, 200)}${resolution}`;
    });
}

function directories(steps: readonly ToolStep[]): string[] {
  const byDirectory = new Map<string, Set<string>>();
  for (const step of steps) {
    if (step.target === undefined || !(isEditStep(step) || step.name === 'Read')) continue;
    const slash = step.target.lastIndexOf('/');
    const directory = slash <= 0 ? '.' : step.target.slice(0, slash);
    const files = byDirectory.get(directory) ?? new Set<string>();
    files.add(step.target.slice(slash + 1));
    byDirectory.set(directory, files);
  }
  return [...byDirectory].map(([directory, files]) => `- \`${directory}/\` — ${[...files].sort().join(', ')}`);
}

function keyResult(facts: ConversationFacts): string[] {
  if (facts.inProgress) return [];
  const last = facts.assistantTexts.at(-1);
  return last === undefined ? [] : [clip(last.text, 2_000)];
}

function worklog(facts: ConversationFacts): string[] {
  return facts.requests.map((request, turn) => {
    const steps = facts.steps.filter((step) => step.turn === turn);
    const edited = [...new Set(steps.filter(isEditStep).map((s) => s.target ?? s.name))];
    const errors = steps.filter((s) => s.result?.isError === true).length;
    const parts = [`${steps.length} tool call${steps.length === 1 ? '' : 's'}`];
    if (edited.length > 0) parts.push(`edited ${edited.join(', ')}`);
    if (errors > 0) parts.push(`${errors} error${errors === 1 ? '' : 's'}`);
    return `- ${clip(request, 80)} — ${parts.join('; ')}`;
  });
}

const keyOf = (line: string): string => {
  const cut = line.indexOf(' — ');
  return cut === -1 ? line : line.slice(0, cut);
};

/** Old bullets first, each replaced in place by a new bullet with the same key; new keys appended. */
function mergeBullets(before: string, drafted: readonly string[]): string {
  const lines = before === '' ? [] : before.split('\n');
  const fresh = new Map(drafted.map((line) => [keyOf(line), line]));
  const merged = lines.map((line) => {
    const key = keyOf(line);
    const replacement = fresh.get(key);
    if (replacement === undefined) return line;
    fresh.delete(key);
    return replacement;
  });
  return [...merged, ...fresh.values()].join('\n');
}

/** Keeps a section within its budget: the newest bullets, or the start of prose. */
function fitSection(content: string): string {
  const lines = content.split('\n');
  if (lines.length > 1 && lines.every((line) => line.startsWith('- '))) {
    let kept = lines.slice(-MAX_BULLETS);
    while (kept.join('\n').length > SECTION_CHARS && kept.length > 1) kept = kept.slice(1);
    return kept.join('\n');
  }
  return content.length <= SECTION_CHARS ? content : clip(content, SECTION_CHARS);
}
